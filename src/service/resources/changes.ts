import { JSON_TYPE } from '../edge/answers.js';
import { limitWasReduced, parseLimit, type ParsedQuery } from '../edge/params.js';
import type { ApiError } from '../edge/errors.js';
import { Representation } from '../representation/representation.js';
import { LIMIT } from './endpoints.js';
import { digest, isError, type ClientRoute, type ClientRouteContext } from './route.js';

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
    if (p.name !== 'since' && p.name !== 'limit' && p.name !== 'cursor')
      return { id: 'unknown_param', param: name, vars: { param: JSON.stringify(name), allowed: 'since, limit and cursor' } };
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

/** The changes feed: entry by entry, from a held version to the current one, cursor-paginated like the lists. */
export function changesRoute(ctx: ClientRouteContext): ClientRoute {
  const { store, history, responses, sendError } = ctx;
  return {
    path: '/api/v1/changes',
    auth: true,
    params: ['since', 'limit', 'cursor'],
    handler(request, reply) {
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
    },
  };
}
