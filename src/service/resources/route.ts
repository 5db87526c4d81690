import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../edge/answers.js';
import type { ApiError, ErrorId } from '../edge/errors.js';
import type { ParsedQuery } from '../edge/params.js';
import type { ServiceMetrics } from '../operations/metrics.js';
import type { SnapshotStore } from '../operations/store.js';
import type { CursorCodec } from '../representation/cursor.js';
import type { ResponseCache } from '../representation/response-cache.js';
import type { VersionHistory } from './history.js';

/** What a route's handler may use. */
export interface RouteContext {
  store: SnapshotStore;
  cursors: CursorCodec;
  /** The cache of rendered responses, with negotiated compression and one ETag per coding. */
  responses: ResponseCache;
  /** The catalog versions of the changes feed. */
  history: VersionHistory;
  /** The OpenAPI document, rendered once, and its ETag. */
  openApi: { bytes: Buffer; tag: string };
  /** Why the service should not get traffic now, or null when it should (GET /readyz). */
  readiness?: () => string | null;
  /** Prometheus metrics, served at GET /metrics to the metrics token only. */
  metrics?: ServiceMetrics;
}

/** What answers a request of a route. */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * A GET row of the router (HEAD comes with it). Every other method on its path is answered 405 with Allow: GET, HEAD,
 * after the key check when the route needs a key. `params` are the query parameter names it knows: the only ones logged.
 */
export interface RouteDef {
  path: string;
  auth: boolean;
  params: readonly string[];
  handler: Handler;
}

/** The hooks the app gives a route that registers itself: the key check, and the methods it must refuse. */
export interface Registration {
  authenticate: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;
  otherMethods: string[];
}

/**
 * One route, declared once in its room: the router (app.ts), the log vocabulary, the OpenAPI document's `paths`
 * (document/openapi.ts) and the errors by route of docs/service.md (scripts/docs-errors.ts) are all made from it.
 */
export interface RouteDeclaration {
  /** GET (HEAD comes with it, the other methods are 405) or POST (the other methods are 405 post_only). */
  method: 'GET' | 'POST';
  /** The path as the document writes it: /api/v1/rails/{id}; the router's pattern is /api/v1/rails/:id. */
  path: string;
  /** Whether it needs an API key. */
  auth: boolean;
  /** The query parameter names it knows: the only ones logged. */
  params: readonly string[];
  /** Whether its answers go through the response cache: Accept-Encoding is negotiated (a parameter of its path). */
  negotiated: boolean;
  /** The errors of the table it answers of its own, besides those of sharedErrors (key, rate limit, method, an unreadable request). */
  errors: readonly ErrorId[];
  /** Its operations in the OpenAPI document (completed there: 401, 405, 429, HEAD...). */
  document: () => Record<string, unknown>;
  /** The GET rows it serves, made with the app's context: one, at its path, unless it serves several files. */
  serve: (context: RouteContext) => RouteDef[];
  /** A POST route registers itself, with its own body rules. */
  register?: (app: FastifyInstance, context: RouteContext, hooks: Registration) => void;
}

/** What every route answers: a request the HTTP layer cannot read, too slow or too large, and a bug. */
const EVERY_ROUTE: readonly ErrorId[] = ['bad_request', 'request_timeout', 'headers_too_large', 'internal_error'];
/** What a route with a key answers besides: the key's errors, then the rate limit. */
const KEYED: readonly ErrorId[] = ['missing_credential', 'wrong_scheme', 'invalid_credential', 'key_in_query', 'rate_limited'];

/**
 * The errors a route answers besides its own, made by the app around every route (app.ts, edge/, access/): another
 * method (405, post_only on the POST route), what is refused before routing, and with a key the key's errors.
 */
export function sharedErrors(route: Pick<RouteDeclaration, 'method' | 'auth'>): ErrorId[] {
  return [route.method === 'POST' ? 'post_only' : 'method_not_allowed', ...EVERY_ROUTE, ...(route.auth ? KEYED : [])];
}

/** The router's pattern of a documented path: {id} becomes :id. */
export function routerPath(path: string): string {
  return path.replace(/\{([A-Za-z]+)\}/g, ':$1');
}

/** A GET route answered by one handler at its path, made with the app's context. */
export function defineRoute(
  route: Omit<RouteDeclaration, 'method' | 'serve' | 'register'> & { handler: (context: RouteContext) => Handler },
): RouteDeclaration {
  const { handler, ...declared } = route;
  return {
    method: 'GET',
    ...declared,
    serve: (context) => [{ path: routerPath(route.path), auth: route.auth, params: route.params, handler: handler(context) }],
  };
}

/** A short digest of a cache key, for ETags. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** Refuses any query parameter (item, catalog and check endpoints take none). */
export function noQuery(request: FastifyRequest, reply: FastifyReply): boolean {
  const query = request.query as ParsedQuery;
  if (query.length === 0) return true;
  const name = query[0].name.slice(0, 64);
  sendError(reply, { id: 'unknown_param', param: name, vars: { param: JSON.stringify(name), allowed: 'no parameter' } });
  return false;
}

/** Whether a query read is an error of the table. */
export function isError<T extends object>(value: T | ApiError): value is ApiError {
  return (value as ApiError).id !== undefined;
}
