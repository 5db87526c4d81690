import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE, sendError } from '../edge/answers.js';
import { pageKey, renderPage } from '../representation/pages.js';
import type { Snapshot } from '../representation/snapshot.js';
import { DATA_NOT_MODIFIED, errorResponse, LIST_HEADERS, LIST_TITLES, ref, whenOf } from '../document/parts.js';
import type { ApiError, ErrorId } from '../edge/errors.js';
import { acceptedNames, isApiError, listQueryOf, readListQuery, type ListQuery, type ParsedQuery } from '../edge/params.js';
import { endpoints, type EndpointDef } from './endpoints.js';
import { defineRoute, type RouteContext, type RouteDeclaration } from './route.js';

/** The handler of a list endpoint: a first page, or the page a cursor names (loaded from the store when another replica made it). */
function listHandler(endpoint: EndpointDef, { store, cursors, responses }: RouteContext) {
  const list = function list(request: FastifyRequest, reply: FastifyReply) {
    const query = listQueryOf(endpoint, request.query as ParsedQuery);
    if (isApiError(query)) return sendError(reply, query);
    let snapshot = store.current;
    let after: string | undefined;
    if (query.cursor !== undefined) {
      const state = cursors.decode(query.cursor);
      if (!state || state.endpoint !== endpoint.name || state.filterKey !== query.filterKey) return sendError(reply, { id: 'invalid_cursor', param: 'cursor' });
      const held = store.byVersion(state.version);
      if (!held) return resolveThenAnswer(request, reply, state.version, state.after);
      snapshot = held;
      after = state.after;
    }
    return answer(request, reply, snapshot, after, query);
  };

  /**
   * A cursor naming a version this replica does not hold: another replica issued it; load it from the store. A
   * version gone from the store ends the run (expired_cursor); a store that cannot be read right now is 503 with
   * Retry-After, which a load balancer retries on another replica, and the cursor stays good.
   */
  async function resolveThenAnswer(request: FastifyRequest, reply: FastifyReply, version: string, after: string) {
    const found = await store.resolve(version);
    if ('failure' in found) return sendError(reply, { id: found.failure === 'unavailable' ? 'store_unavailable' : 'expired_cursor', param: 'cursor' });
    const query = readListQuery(endpoint, request.query as ParsedQuery);
    if (isApiError(query)) return sendError(reply, query);
    return answer(request, reply, found.snapshot, after, query);
  }

  /** The page key of a query's first page, made once per query read (listQueryOf) and snapshot version. */
  const firstPageKeys = new WeakMap<ListQuery, { version: string; key: string }>();
  function firstPageKey(version: string, query: ListQuery): string {
    const known = firstPageKeys.get(query);
    if (known !== undefined && known.version === version) return known.key;
    const key = pageKey(version, endpoint.name, query.filterKey, query.limit, undefined);
    firstPageKeys.set(query, { version, key });
    return key;
  }

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    snapshot: Snapshot,
    after: string | undefined,
    query: Exclude<ReturnType<typeof readListQuery>, ApiError>,
  ) {
    const key = after === undefined ? firstPageKey(snapshot.version, query) : pageKey(snapshot.version, endpoint.name, query.filterKey, query.limit, after);
    reply.header('cache-control', 'private').header('catalog-version', snapshot.version);
    if (query.limitReduced) reply.header('catalog-limit-reduced', String(query.limit));
    return responses.send(request, reply, key, () => renderPage(snapshot, endpoint, query, after, cursors), JSON_TYPE);
  }
  return list;
}

const TITLE_OF = { rails: 'Rails', assets: 'Assets', countries: 'Countries' } as const;

/** The GET operation of a list. */
function listOperation(endpoint: EndpointDef): Record<string, unknown> {
  const parameters = [
    ...endpoint.filters.map((f) => ({
      name: f.name,
      in: 'query',
      required: false,
      description:
        f.kind === 'code'
          ? `${f.description} An assigned code of any case, normalised to uppercase (an unassigned one, such as XX, is 400 unassigned_code); an assigned code no item has gives an empty page.`
          : f.description,
      schema: f.kind === 'code' ? { type: 'string', pattern: f.pattern!.source.replace(/A-Z/g, 'A-Za-z') } : { type: 'string', enum: f.allowed },
      example: f.example,
    })),
    { $ref: '#/components/parameters/limit' },
    { $ref: '#/components/parameters/cursor' },
  ];
  return {
    get: {
      operationId: `list${TITLE_OF[endpoint.name]}`,
      tags: ['Catalog'],
      summary: endpoint.summary,
      description: `Cursor-paginated, ordered by ${endpoint.key}. Unknown, repeated or empty parameters are refused (400). A cursor from any replica works on every replica while its catalog version is in the seed store.`,
      parameters,
      responses: {
        '200': { description: 'A page.', headers: LIST_HEADERS, content: { 'application/json': { schema: ref.schema(LIST_TITLES[endpoint.name]) } } },
        '304': { ...DATA_NOT_MODIFIED, headers: { ...DATA_NOT_MODIFIED.headers, 'Catalog-Limit-Reduced': ref.header('CatalogLimitReduced') } },
        '400': errorResponse(
          `invalid_request: a parameter or the cursor is not valid, or the cursor's catalog version is no longer held (expired_cursor); param names it. ${whenOf('expired_cursor')}.`,
        ),
        '503': ref.response('StoreUnavailable'),
      },
    },
  };
}

/** The errors a list answers: its parameters, its filters' values, the cursor, the seed store. */
function listErrors(endpoint: EndpointDef): ErrorId[] {
  const kinds = new Set(endpoint.filters.map((f) => f.kind));
  return [
    'unknown_param',
    'repeated_param',
    'empty_param',
    'malformed_param',
    'invalid_limit',
    ...(kinds.has('code') ? (['invalid_code', 'unassigned_code'] as const) : []),
    ...(kinds.has('enum') ? (['invalid_enum'] as const) : []),
    'invalid_cursor',
    'expired_cursor',
    'store_unavailable',
  ];
}

/** The three lists: rails, assets, countries (cursor-paginated, filtered, behind the key). */
export function listRoutes(): RouteDeclaration[] {
  return Object.values(endpoints()).map((endpoint) =>
    defineRoute({
      path: endpoint.path,
      auth: true,
      params: acceptedNames(endpoint),
      negotiated: true,
      errors: listErrors(endpoint),
      document: () => listOperation(endpoint),
      handler: (context) => listHandler(endpoint, context),
    }),
  );
}
