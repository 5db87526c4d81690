import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE, sendError } from '../edge/answers.js';
import type { ApiError } from '../edge/errors.js';
import { isApiError, listQueryOf, readListQuery, type ListQuery, type ParsedQuery } from '../edge/params.js';
import { pageKey, renderPage } from '../representation/pages.js';
import type { Snapshot } from '../representation/snapshot.js';
import type { EndpointDef } from './endpoints.js';
import type { RouteContext } from './route.js';

/** The handler of a list endpoint: a first page, or the page a cursor names (loaded from the store when another replica made it). */
export function listHandler(endpoint: EndpointDef, { store, cursors, responses }: RouteContext) {
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
