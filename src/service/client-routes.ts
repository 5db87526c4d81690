import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkBeneficiary } from '../beneficiary/check.js';
import type { SeedField } from '../generated/types.js';
import type { CursorCodec } from './cursor.js';
import { endpoints, type EndpointDef, type EndpointName } from './endpoints.js';
import type { ApiError } from './errors.js';
import type { VersionHistory } from './history.js';
import { limitWasReduced, parseLimit, type ParsedQuery } from './params.js';
import { Representation, type ResponseCache } from './representation.js';
import type { Snapshot } from './snapshot.js';
import type { SnapshotStore } from './store.js';
import { LIMIT } from './endpoints.js';

/** Largest body a beneficiary check accepts. */
export const CHECK_BODY_LIMIT = 16 * 1024;

type Hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/** A GET route of the app's route table (src/service/app.ts RouteDef). */
export interface ClientRoute {
  path: string;
  auth: boolean;
  params: readonly string[];
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** What the client-kit routes need from the app (src/service/app.ts). */
export interface ClientRouteContext {
  store: SnapshotStore;
  cursors: CursorCodec;
  history: VersionHistory;
  responses: ResponseCache;
  sendError(reply: FastifyReply, error: ApiError): FastifyReply;
}

/** Path of the beneficiary check, the one POST route. */
export const CHECK_PATH = '/api/v1/rails/:id/beneficiary-checks';

const JSON_TYPE = 'application/json; charset=utf-8';

/** How a path parameter of an item endpoint is checked and shown in messages. */
const ITEM_IDS: Record<EndpointName, { param: 'id' | 'code'; pattern: RegExp; what: string; example: string; noun: string; upper: boolean }> = {
  rails: {
    param: 'id',
    pattern: /^[A-Z]{2}-[a-z0-9_]{1,60}$/,
    what: 'a rail id: two capital letters, a hyphen, then lowercase letters, digits and underscores',
    example: 'BR-pix',
    noun: 'rail',
    upper: false,
  },
  assets: {
    param: 'id',
    pattern: /^[a-z0-9_]{1,64}$/,
    what: 'an asset id: lowercase letters, digits and underscores',
    example: 'usdc',
    noun: 'asset',
    upper: false,
  },
  countries: {
    param: 'code',
    pattern: /^[A-Z]{2}$/,
    what: 'an ISO 3166-1 alpha-2 country code (two letters, any case)',
    example: 'BR',
    noun: 'country',
    upper: true,
  },
};

/** Position of a key in a view's sorted keys, or -1. */
function indexOfKey(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid];
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** Refuses any query parameter (item, catalog and check endpoints take none). */
function noQuery(ctx: ClientRouteContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const query = request.query as ParsedQuery;
  if (query.length === 0) return true;
  const name = query[0].name.slice(0, 64);
  ctx.sendError(reply, { id: 'unknown_param', param: name, vars: { param: JSON.stringify(name), allowed: 'no parameter' } });
  return false;
}

/** Parsed rails of a snapshot, for the beneficiary checks (parsed once per snapshot from the JSON it serves). */
const railsOf = new WeakMap<Snapshot, Map<string, { phase: string; reason?: string; fields: SeedField[] }>>();
function railOf(snapshot: Snapshot, id: string) {
  let rails = railsOf.get(snapshot);
  if (!rails) railsOf.set(snapshot, (rails = new Map()));
  let rail = rails.get(id);
  if (!rail) {
    const view = snapshot.views.rails;
    const i = indexOfKey(view.keys, id);
    if (i === -1) return undefined;
    rail = JSON.parse(view.items[i].toString('utf8')) as { phase: string; reason?: string; fields: SeedField[] };
    rails.set(id, rail);
  }
  return rail;
}

/** The whole catalog of a snapshot as one JSON document: the seed's shape (meta, rails, assets, countries). */
function catalogBody(snapshot: Snapshot): Buffer {
  const meta: Record<string, unknown> = { version: snapshot.version };
  if (snapshot.commit) meta.commit = snapshot.commit;
  meta.counts = snapshot.counts;
  const parts: Buffer[] = [Buffer.from(`{"meta":${JSON.stringify(meta)}`)];
  for (const name of ['rails', 'assets', 'countries'] as const) {
    parts.push(Buffer.from(`,"${name}":[`));
    snapshot.views[name].items.forEach((item, i) => {
      if (i > 0) parts.push(Buffer.from(','));
      parts.push(item);
    });
    parts.push(Buffer.from(']'));
  }
  parts.push(Buffer.from('}'));
  return Buffer.concat(parts);
}

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

function isError<T extends object>(value: T | ApiError): value is ApiError {
  return (value as ApiError).id !== undefined;
}

/**
 * The client developer's GET routes, rows of the app's route table: one item by id, the whole catalog and the changes
 * feed (behind the key, cached and compressed by the app's response cache).
 */
export function clientRoutes(ctx: ClientRouteContext): ClientRoute[] {
  const { store, history, responses, sendError } = ctx;
  history.remember(store.current);
  const routes: ClientRoute[] = [];

  for (const endpoint of Object.values(endpoints()) as EndpointDef[]) {
    const spec = ITEM_IDS[endpoint.name];
    routes.push({
      path: `${endpoint.path}/:${spec.param}`,
      auth: true,
      params: [],
      handler(request, reply) {
        if (!noQuery(ctx, request, reply)) return reply;
        const raw = (request.params as Record<string, string>)[spec.param];
        if (raw === '') return sendError(reply, { id: 'not_found' });
        const key = spec.upper && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : raw;
        if (!spec.pattern.test(key)) return sendError(reply, { id: 'invalid_id', param: spec.param, vars: { what: spec.what, example: spec.example } });
        const snapshot = store.current;
        const view = snapshot.views[endpoint.name];
        const i = indexOfKey(view.keys, key);
        if (i === -1)
          return sendError(reply, {
            id: 'item_not_found',
            param: spec.param,
            vars: { what: spec.noun, key: spec.param, id: JSON.stringify(key), list: endpoint.path },
          });
        reply.header('cache-control', 'private').header('catalog-version', snapshot.version);
        const etag = `"${snapshot.version}-${digest(`${endpoint.name}/${key}`)}"`;
        return responses.send(request, reply, `${snapshot.version}\nitem\n${endpoint.name}\n${key}`, () => new Representation(view.items[i], etag), JSON_TYPE);
      },
    });
  }

  // The whole catalog, for the daily refresh: ETag "<seed version>" (a compressed variant adds -br or -gz).
  routes.push({
    path: '/api/v1/catalog',
    auth: true,
    params: [],
    handler(request, reply) {
      if (!noQuery(ctx, request, reply)) return reply;
      const snapshot = store.current;
      history.remember(snapshot);
      reply.header('cache-control', 'private').header('catalog-version', snapshot.version);
      return responses.send(
        request,
        reply,
        `${snapshot.version}\ncatalog`,
        () => new Representation(catalogBody(snapshot), `"${snapshot.version}"`),
        JSON_TYPE,
      );
    },
  });

  // The changes feed: entry by entry, from a held version to the current one, cursor-paginated like the lists.
  routes.push({
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
  });
  return routes;
}

/** What a parsed body must never hold: keys that reach an object's prototype once copied with assignment. */
const POISONED = 'a member named "__proto__", or a "constructor" holding "prototype", is refused (no rail field has that name); remove it';

/** Whether a parsed JSON value holds a "__proto__" member or a "constructor" object with "prototype", at any depth. */
function holdsPrototypeKey(value: unknown): boolean {
  // A walk with a list, not recursion: 16 KB of "[" nests 16,000 deep.
  const next: unknown[] = [value];
  while (next.length > 0) {
    const node = next.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const ctor = Object.hasOwn(node, 'constructor') ? (node as { constructor: unknown }).constructor : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    next.push(...Object.values(node));
  }
  return false;
}

/** The charset parameter of a Content-Type, lowercased and unquoted; undefined when there is none. */
function charsetOf(contentType: string): string | undefined {
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    return part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

/**
 * What a beneficiary check answers when its body cannot be read (the app's error handler asks): too large, not
 * JSON, or empty. The parser's own message is never shown: it may quote the body, which holds personal data.
 */
export function bodyErrorOf(err: { statusCode?: number; code?: string }): ApiError {
  if (err.statusCode === 413) return { id: 'body_too_large' };
  if (err.statusCode === 415) return { id: 'unsupported_media_type' };
  const problem = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'the body is empty' : 'the body is not valid JSON';
  return { id: 'invalid_body', vars: { problem } };
}

/**
 * The beneficiary check, the one POST route. Personal data in the body: never cached, never logged (the request log
 * holds the method, the route pattern and known parameter names only; body errors never carry the parser's message).
 * Every other method on its path is 405 with Allow: POST.
 */
export function registerBeneficiaryChecks(app: FastifyInstance, ctx: ClientRouteContext, authenticate: Hook, otherMethods: string[]): void {
  const { store, sendError } = ctx;
  app.post(
    CHECK_PATH,
    {
      // A function, not an array: the rate limit's hook is added after it (src/service/app.ts registerRateLimit).
      onRequest: authenticate,
      // After the key check and the rate limit, before the body is read: a body of another type is never read.
      preParsing: (request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: () => void) => {
        reply.header('cache-control', 'no-store');
        const type = request.headers['content-type'];
        const mediaType = typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() : '';
        if (mediaType !== 'application/json') return void sendError(reply, { id: 'unsupported_media_type' });
        // The parser reads UTF-8 whatever the header says: a body declared in another charset would be misread.
        const charset = charsetOf(type as string);
        if (charset !== undefined && charset !== 'utf-8')
          return void sendError(reply, { id: 'unsupported_charset', vars: { charset: JSON.stringify(charset.slice(0, 40)) } });
        done();
      },
      bodyLimit: CHECK_BODY_LIMIT,
      // No errorHandler of its own: a body that cannot be read goes to the app's one error path (bodyErrorOf).
    } as any,
    (request, reply) => {
      if (!noQuery(ctx, request, reply)) return reply;
      const id = (request.params as { id: string }).id;
      const spec = ITEM_IDS.rails;
      if (!spec.pattern.test(id)) return sendError(reply, { id: 'invalid_id', param: 'id', vars: { what: spec.what, example: spec.example } });
      const body = request.body as unknown;
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        return sendError(reply, { id: 'invalid_body', vars: { problem: 'the body is not a JSON object' } });
      if (holdsPrototypeKey(body)) return sendError(reply, { id: 'invalid_body', vars: { problem: POISONED } });
      const extra = Object.keys(body).find((k) => k !== 'values');
      if (extra !== undefined) {
        const shown = extra.slice(0, 64);
        return sendError(reply, {
          id: 'invalid_body',
          param: shown,
          vars: { problem: `${JSON.stringify(shown)} is not a member of the body; send the values inside "values"` },
        });
      }
      const values = (body as { values?: unknown }).values;
      if (values === undefined) return sendError(reply, { id: 'invalid_body', param: 'values', vars: { problem: '"values" is missing' } });
      if (values === null || typeof values !== 'object' || Array.isArray(values))
        return sendError(reply, { id: 'invalid_body', param: 'values', vars: { problem: '"values" must be an object of field name to text' } });
      const snapshot = store.current;
      const rail = railOf(snapshot, id);
      if (!rail)
        return sendError(reply, { id: 'item_not_found', param: 'id', vars: { what: 'rail', key: 'id', id: JSON.stringify(id), list: '/api/v1/rails' } });
      if (rail.phase === 'never') return sendError(reply, { id: 'rail_closed', param: 'id', vars: { id, reason: rail.reason ?? 'not given' } });
      const result = checkBeneficiary(rail, values as Record<string, unknown>);
      return reply.header('catalog-version', snapshot.version).header('content-type', JSON_TYPE).send(JSON.stringify(result));
    },
  );
  const refuse = (_request: FastifyRequest, reply: FastifyReply) => {
    sendError(reply, { id: 'post_only' });
  };
  app.route({ method: otherMethods, url: CHECK_PATH, onRequest: authenticate, preParsing: refuse as any, handler: () => {} });
}
