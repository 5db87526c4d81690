import { bundledExamples } from '../document/examples.js';
import { DATA_NOT_MODIFIED, errorResponse, LIST_HEADERS, ref, whenOf } from '../document/parts.js';
import { JSON_TYPE, sendError } from '../edge/answers.js';
import { limitWasReduced, parseLimit, type ParsedQuery } from '../edge/params.js';
import type { ApiError } from '../edge/errors.js';
import { Representation } from '../representation/representation.js';
import { LIMIT } from './endpoints.js';
import { defineRoute, digest, isError, type Handler, type RouteContext } from './route.js';

/** The query parameters of /api/v1/changes: the route's declaration and its query check both read them here. */
const CHANGES_PARAMS: readonly string[] = ['since', 'limit', 'cursor'];

/** Reads the query of /api/v1/changes: since (required), limit, cursor; strict like the lists. */
function readChangesQuery(query: ParsedQuery): { since: string; limit: number; cursor?: string; limitReduced: boolean } | ApiError {
  let since: string | undefined;
  let limit: number = LIMIT.default;
  let limitReduced = false;
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (const p of query) {
    const name = p.name.slice(0, 64);
    if (p.malformed) return { id: 'malformed_param', param: name, vars: { param: JSON.stringify(name) } };
    if (!CHANGES_PARAMS.includes(p.name)) {
      const allowed = `${CHANGES_PARAMS.slice(0, -1).join(', ')} and ${CHANGES_PARAMS[CHANGES_PARAMS.length - 1]}`;
      return { id: 'unknown_param', param: name, vars: { param: JSON.stringify(name), allowed } };
    }
    if (seen.has(p.name)) return { id: 'repeated_param', param: p.name };
    seen.add(p.name);
    if (p.value === null || p.value === '') return { id: 'empty_param', param: p.name };
    if (p.name === 'since') {
      if (!/^[0-9a-f]{16}$/.test(p.value)) return { id: 'invalid_version', param: 'since' };
      since = p.value;
    } else if (p.name === 'limit') {
      const n = parseLimit(p.value);
      if (n === undefined) return { id: 'invalid_limit', param: 'limit' };
      limit = n;
      limitReduced = limitWasReduced(p.value);
    } else cursor = p.value;
  }
  if (since === undefined)
    return {
      id: 'missing_param',
      param: 'since',
      vars: { hint: 'give the seed version your copy of the catalog has (its meta.version, or the Catalog-Version header you got it with)' },
    };
  return { since, limit, cursor, limitReduced };
}

/** The GET operation of the changes feed. */
function changesOperation(): Record<string, unknown> {
  const ex = bundledExamples();
  return {
    operationId: 'listChanges',
    tags: ['Changes'],
    summary: 'What changed between a catalog version and the current one',
    description:
      'Entry by entry, each change classified as breaking or not. The service keeps the versions it has served since it started, plus the seeds of its history folder (catalog serve --history), 64 at most. An unknown or too old version is 410 unknown_version: do a full refresh with GET /api/v1/catalog. Cursor-paginated like the lists; a run finishes on the version it started on (Catalog-Version).',
    parameters: [
      {
        name: 'since',
        in: 'query',
        required: true,
        description: 'The seed version the client has (meta.version of GET /api/v1/catalog).',
        schema: { type: 'string', pattern: '^[0-9a-f]{16}$' },
        example: '0123456789abcdef',
      },
      { $ref: '#/components/parameters/limit' },
      { $ref: '#/components/parameters/cursor' },
    ],
    responses: {
      '200': {
        description: 'A page of changes; empty when since is the current version.',
        headers: LIST_HEADERS,
        content: {
          'application/json': ex?.changes === undefined ? { schema: ref.schema('ChangeList') } : { schema: ref.schema('ChangeList'), example: ex.changes },
        },
      },
      '304': { ...DATA_NOT_MODIFIED, headers: { ...DATA_NOT_MODIFIED.headers, 'Catalog-Limit-Reduced': ref.header('CatalogLimitReduced') } },
      '400': errorResponse(
        "invalid_request: since missing or malformed, or another parameter or the cursor not valid, or the cursor's version no longer held.",
      ),
      '410': errorResponse(`${whenOf('unknown_version')}.`),
    },
  };
}

/** The handler of the changes feed: entry by entry, from a held version to the current one, cursor-paginated like the lists. */
function changesHandler(ctx: RouteContext): Handler {
  const { store, history, responses } = ctx;
  return function changes(request, reply) {
    const query = readChangesQuery(request.query as ParsedQuery);
    if (isError(query)) return sendError(reply, query);
    history.remember(store.current);
    let toVersion = store.current.version;
    let after = -1;
    const filterKey = `since=${query.since}`;
    if (query.cursor !== undefined) {
      const state = ctx.cursors.decode(query.cursor);
      if (state?.endpoint !== 'changes' || state.filterKey !== filterKey || !/^[0-9]+$/.test(state.after))
        return sendError(reply, { id: 'invalid_cursor', param: 'cursor' });
      if (!history.get(state.version)) return sendError(reply, { id: 'expired_cursor', param: 'cursor' });
      toVersion = state.version;
      after = Number(state.after);
    }
    const from = history.get(query.since);
    if (!from) return sendError(reply, { id: 'unknown_version', param: 'since', vars: { version: query.since } });
    const to = history.get(toVersion)!;
    reply.header('cache-control', 'private').header('catalog-version', toVersion);
    if (query.limitReduced) reply.header('catalog-limit-reduced', String(query.limit));
    const etag = `"${toVersion}-${digest(`${ctx.cursors.fingerprint}\nchanges\n${query.since}\n${query.limit}\n${after}`)}"`;
    return responses.send(
      request,
      reply,
      `${toVersion}\nchanges\n${query.since}\n${query.limit}\n${after}`,
      () => {
        const list = history.changes(from, to);
        const page = list.slice(after + 1, after + 1 + query.limit);
        const last = after + page.length;
        const next = last < list.length - 1 ? ctx.cursors.encode({ endpoint: 'changes', filterKey, version: toVersion, after: String(last) }) : null;
        return new Representation(Buffer.from(JSON.stringify({ data: page, next_cursor: next }), 'utf8'), etag);
      },
      JSON_TYPE,
    );
  };
}

/** The changes feed (behind the key). */
export const changesRoute = defineRoute({
  path: '/api/v1/changes',
  auth: true,
  params: CHANGES_PARAMS,
  negotiated: true,
  errors: [
    'missing_param',
    'invalid_version',
    'unknown_param',
    'repeated_param',
    'empty_param',
    'malformed_param',
    'invalid_limit',
    'invalid_cursor',
    'expired_cursor',
    'unknown_version',
  ],
  document: () => ({ get: changesOperation() }),
  handler: changesHandler,
});
