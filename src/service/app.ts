import { createHash } from 'node:crypto';
import { METHODS, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { checkAuthorization, digestOf, type AuthFailure, type KeyRing, type RateLimit } from './auth.js';
import { answerOnSocket, clientErrorAnswer, lacksHost, rawError, readableUrl, type RouteTest } from './edge.js';
import type { ServiceMetrics } from './metrics.js';
import { CursorCodec } from './cursor.js';
import { endpoints, type EndpointDef } from './endpoints.js';
import { ERRORS, errorJson, type ApiError } from './errors.js';
import { acceptableRequestId, logVocabulary, newRequestId, requestForLog } from './log.js';
import { bodyErrorOf, CHECK_PATH, clientRoutes, registerBeneficiaryChecks } from './client-routes.js';
import { docsRoutes } from './docs.js';
import { VersionHistory } from './history.js';
import { openApiDocument } from './openapi.js';
import { pageKey, renderPage } from './pages.js';
import {
  acceptedNames,
  CREDENTIAL_NAMES,
  hasCredentialParam,
  isApiError,
  listQueryOf,
  parseQueryString,
  readListQuery,
  type ListQuery,
  type ParsedQuery,
} from './params.js';
import { Representation, ResponseCache } from './representation.js';
import { STORE_RETRY_AFTER_S, type SnapshotStore } from './store.js';
import type { Snapshot } from './snapshot.js';

export interface AppOptions {
  /** The active API keys. */
  keys: KeyRing;
  /** Secret signing the cursors; replicas behind one load balancer must share it. */
  cursorSecret: Buffer | string;
  /** false: no logs. Otherwise JSON lines (pino) at `level` (default info) to `stream` (default stdout). */
  logger?: false | { level?: string; stream?: { write(line: string): unknown }; replica?: string };
  /** Bytes of rendered responses kept, counting keys and bookkeeping (default 32 MiB); 0 turns the cache off. */
  pageCacheBytes?: number;
  /** Rendered responses kept at most (default 10,000). */
  pageCacheEntries?: number;
  /** false: cached responses are never compressed (default true: br and gzip, negotiated, made once per response). */
  compression?: boolean;
  /** The catalog versions the changes feed can start from (default: the versions this app serves, 64 at most). */
  history?: VersionHistory;
  /** Why the service should not get traffic now (GET /readyz: 503 with it), or null when it should (200); default always ready. */
  readiness?: () => string | null;
  /** Prometheus metrics, served at GET /metrics to the metrics token only (src/service/metrics.ts, loaded by serve). */
  metrics?: ServiceMetrics;
  /**
   * Rate limits per API key (the keys file may give a key its own, KeyRing.limits): `default` for the others (null:
   * none). With `redis` (an ioredis client) the counts are shared by every replica using it; when Redis fails,
   * requests are let through (fail open; server.ts counts and logs the failures).
   */
  rateLimit?: { default: RateLimit | null; redis?: unknown };
  /** Runs before the routes are registered (plugins whose hooks must see every route, such as @fastify/compress in the benchmark). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void> | void;
}

/** What a route's handler may use. */
interface RouteContext {
  store: SnapshotStore;
  cursors: CursorCodec;
  /** The cache of rendered responses, with negotiated compression and one ETag per coding. */
  responses: ResponseCache;
  /** The catalog versions of the changes feed. */
  history: VersionHistory;
}

/**
 * A GET route (HEAD comes with it). Every other method on its path is answered 405 with Allow: GET, HEAD, after the
 * key check when the route needs a key. `params` are the query parameter names it knows: the only ones logged.
 */
interface RouteDef {
  path: string;
  auth: boolean;
  params: readonly string[];
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const REALM = 'Bearer realm="catalog"';
const ALLOW = 'GET, HEAD';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error answered, for the request's log line. */
    catalogError: string | null;
  }
}

/** One JSON line per request, when it completes, instead of fastify's two; the URL's query values are never logged. */
class CatalogLogController extends LogController {
  /** false: the app has no logger (logger: false), so no line is made at all (fastify's null logger would drop it). */
  constructor(private readonly logging: boolean) {
    super();
  }
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!this.logging) return;
    const line: Record<string, unknown> = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (request.catalogError) line.error = request.catalogError;
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Answers an error of the table: status, body, Cache-Control: no-store, X-Request-Id (set here too: every answer has it). */
function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  const def = ERRORS[error.id];
  reply.request.catalogError = error.id;
  reply.header('x-request-id', reply.request.id).code(def.status).header('cache-control', 'no-store').header('content-type', JSON_TYPE);
  if (error.id === 'method_not_allowed') reply.header('allow', ALLOW);
  else if (error.id === 'post_only') reply.header('allow', 'POST');
  else if (error.id === 'store_unavailable') reply.header('retry-after', String(STORE_RETRY_AFTER_S));
  return reply.send(errorJson(error, reply.request.id));
}

/** Answers a refused key: 401 with the Bearer challenge (error="invalid_token" when a token was sent, RFC 6750 3.1). */
function refuseKey(reply: FastifyReply, failure: AuthFailure): FastifyReply {
  reply.header('www-authenticate', failure.tokenSent ? `${REALM}, error="invalid_token"` : REALM);
  return sendError(reply, { id: failure.id });
}

/** Refuses a query parameter on an endpoint that takes none (400 unknown_param); undefined when there is none. */
function refuseQuery(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const query = request.query as ParsedQuery;
  if (query.length === 0) return undefined;
  const name = query[0].name.slice(0, 64);
  return sendError(reply, { id: 'unknown_param', param: name, vars: { param: JSON.stringify(name), allowed: 'no parameter' } });
}

/** A matcher of concrete paths against route patterns (/api/v1/rails/:id matches /api/v1/rails/BR-pix). */
function pathMatcher(patterns: readonly string[]): (path: string) => boolean {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const res = patterns.map(
    (p) =>
      new RegExp(
        `^${p
          .split('/')
          .map((s) => (s.startsWith(':') ? '[^/]+' : literal(s)))
          .join('/')}$`,
      ),
  );
  return (path) => res.some((re) => re.test(path));
}

/**
 * The routes of the service, in ONE place: the list endpoints, the OpenAPI document, /healthz. A new endpoint is a row
 * here; cached responses go through `context.responses` (compression, ETags and memory bounds come with it).
 */
function routeTable(context: RouteContext, options: Pick<AppOptions, 'readiness' | 'metrics'> = {}): RouteDef[] {
  const { store, cursors, responses, history } = context;

  const openApi = Buffer.from(JSON.stringify(openApiDocument()), 'utf8');
  const openApiTag = `"openapi-${createHash('sha256').update(openApi).digest('base64url').slice(0, 16)}"`;
  const openApiKey = `openapi\n${openApiTag}`;

  return [
    ...Object.values(endpoints()).map(
      (endpoint): RouteDef => ({ path: endpoint.path, auth: true, params: acceptedNames(endpoint), handler: listHandler(endpoint, context) }),
    ),
    {
      path: '/api/v1/openapi.json',
      auth: true,
      params: [],
      handler(request, reply) {
        const refused = refuseQuery(request, reply);
        if (refused) return refused;
        reply.header('cache-control', 'private');
        return responses.send(request, reply, openApiKey, () => new Representation(openApi, openApiTag), JSON_TYPE);
      },
    },
    ...clientRoutes({ store, cursors, responses, history, sendError }),
    ...docsRoutes(responses, new Representation(openApi, openApiTag), refuseQuery),
    ...operatorRoutes(context, options),
  ];
}

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

/** The operators' routes, outside the API: readiness, metrics (with their own token), health. */
function operatorRoutes({ store }: RouteContext, options: Pick<AppOptions, 'readiness' | 'metrics'>): RouteDef[] {
  const metrics = options.metrics;
  return [
    {
      path: '/readyz',
      auth: false,
      params: [],
      handler(_request, reply) {
        const reason = options.readiness?.() ?? null;
        const version = store.current.version;
        const body = reason === null ? { status: 'ready', version } : { status: 'not-ready', version, reason };
        return reply
          .code(reason === null ? 200 : 503)
          .header('cache-control', 'no-store')
          .header('content-type', JSON_TYPE)
          .send(JSON.stringify(body));
      },
    },
    {
      path: '/metrics',
      auth: false,
      params: [],
      async handler(request, reply) {
        // Without a metrics token configured there are no metrics; the clients' keys never open them.
        if (!metrics) return sendError(reply, { id: 'metrics_off' });
        if (!metrics.authorized(request.headers.authorization)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          return sendError(reply, { id: 'invalid_metrics_token' });
        }
        const text = await metrics.render();
        return reply.header('cache-control', 'no-store').header('content-type', metrics.contentType).send(text);
      },
    },
    {
      path: '/healthz',
      auth: false,
      params: [],
      handler(_request, reply) {
        const snapshot = store.current;
        const body: Record<string, string> = { status: 'ok', version: snapshot.version };
        if (snapshot.commit) body.commit = snapshot.commit;
        return reply.header('cache-control', 'no-store').header('content-type', JSON_TYPE).send(JSON.stringify(body));
      },
    },
  ];
}

/** Longest request line and headers node reads (its --max-http-header-size default): no path parameter is longer. */
const MAX_URL_BYTES = 16 * 1024;

/** The path of a request target: its own path for the origin form, the path after the authority for the absolute form. */
function pathOfTarget(target: string): string {
  if (target.startsWith('/')) return target;
  const scheme = target.indexOf('://');
  const slash = scheme === -1 ? -1 : target.indexOf('/', scheme + 3);
  return slash === -1 ? target : target.slice(slash);
}

/**
 * The error of the table for what was thrown: the rate limit's 429, a body the beneficiary check cannot read, any
 * other body on a path nobody serves (404, as without a body), else a request the HTTP layer refused (4xx) or a bug.
 */
function errorOf(err: Error & { statusCode?: number; rateLimited?: boolean; code?: string }, request: FastifyRequest): ApiError {
  if (err.rateLimited) return { id: 'rate_limited' };
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) return { id: 'internal_error' };
  if (request.is404) return { id: 'not_found' };
  if (request.method === 'POST' && request.routeOptions?.url === CHECK_PATH) return bodyErrorOf(err);
  return { id: 'bad_request' };
}

/**
 * Rate limits per API key (@fastify/rate-limit): counted in the onRequest phase, right after the key check, so that
 * a request over its limit is 429 whatever else is wrong with it (its method, its parameters, its body, which is
 * never read then). Only requests whose key was accepted count.
 */
async function registerRateLimit(
  app: FastifyInstance,
  rateLimit: NonNullable<AppOptions['rateLimit']>,
  keys: KeyRing,
  authenticated: WeakSet<FastifyRequest>,
  metrics?: ServiceMetrics,
): Promise<void> {
  const { default: rateLimitPlugin } = await import('@fastify/rate-limit');
  /** The key of a request that passed authentication: the hex SHA-256 of its Bearer token (never the token). */
  const keyOf = (request: FastifyRequest) => {
    const header = request.headers.authorization?.trim() ?? '';
    return digestOf(header.slice(header.indexOf(' ')).trim()).toString('hex');
  };
  const limitOf = (key: string) => (keys.limits.has(key) ? keys.limits.get(key)! : rateLimit.default);
  await app.register(rateLimitPlugin, {
    global: true,
    hook: 'onRequest',
    enableDraftSpec: true,
    keyGenerator: keyOf,
    allowList: (request: FastifyRequest, key: string) => !authenticated.has(request) || limitOf(key) === null,
    max: (_request: FastifyRequest, key: string) => limitOf(key)?.max ?? 1,
    timeWindow: (_request: FastifyRequest, key: string) => limitOf(key)?.windowMs ?? 60_000,
    nameSpace: 'catalog-rl:',
    skipOnError: true,
    ...(rateLimit.redis ? { redis: rateLimit.redis as any } : {}),
    onExceeded: () => metrics?.rateLimited.inc(),
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode, rateLimited: true }),
  } as any);
}

/**
 * The key check and X-Request-Id, first on every route: `identify` (routes without a key) and
 * `identifyAndAuthenticate` as their first onRequest hook, or `guarded` around a GET handler that has no hook.
 * `authenticated` holds the requests whose key was accepted (only with rate limits: the limit counts only those).
 */
function keyChecks(keys: KeyRing, rateLimited: boolean) {
  // Every answer carries X-Request-Id, set first: by the first onRequest hook of every route (one hook with the key
  // check on the routes that need a key, rather than a global hook plus the key check: one hook less per request),
  // or, on a GET route when there are no rate limits, by its handler before the key check (`guarded` below: no hook);
  // by the not-found handler, and by sendError for every error.
  const identify = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header('x-request-id', request.id);
    if (lacksHost(request.raw)) return void sendError(reply, { id: 'bad_request' });
    done();
  };
  const identifyAndAuthenticate = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.header('x-request-id', request.id);
    authenticate(request, reply, done);
  };

  /** Requests whose key was accepted: the only ones rate-limited (by key); kept only when there are rate limits. */
  const authenticated = new WeakSet<FastifyRequest>();

  /** Why the request's key is refused (a missing, unknown or misplaced key), or null when it is accepted. */
  function keyFailure(request: FastifyRequest): AuthFailure | null {
    return checkAuthorization(request.headers.authorization, keys, () => hasCredentialParam(request.query as ParsedQuery));
  }

  /** Auth comes first: a bad key with bad parameters is 401, not 400. */
  function authenticate(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const failure = keyFailure(request);
    if (failure !== null) return void refuseKey(reply, failure);
    if (lacksHost(request.raw)) return void sendError(reply, { id: 'bad_request' });
    if (rateLimited) authenticated.add(request);
    done();
  }

  /**
   * A GET route without rate limits needs no hook at all: its handler sets X-Request-Id and checks the key first, as
   * the hook would (nothing runs between a GET's onRequest hooks and its handler then: no body is parsed, no preHandler
   * is registered), and fastify skips its hook runner. With rate limits, the hook stays: the limit's hook must
   * know whether the key was accepted, and a 429 must carry X-Request-Id.
   */
  function guarded(route: RouteDef): RouteDef['handler'] {
    const handler = route.handler;
    if (!route.auth)
      return function identified(request, reply) {
        reply.header('x-request-id', request.id);
        if (lacksHost(request.raw)) return sendError(reply, { id: 'bad_request' });
        return handler(request, reply);
      };
    return function keyChecked(request, reply) {
      reply.header('x-request-id', request.id);
      const failure = keyFailure(request);
      if (failure !== null) return refuseKey(reply, failure);
      if (lacksHost(request.raw)) return sendError(reply, { id: 'bad_request' });
      return handler(request, reply);
    };
  }

  return { identify, identifyAndAuthenticate, authenticated, guarded };
}

/**
 * The fastify options of the app: one JSON log line per request (allow-listed), request ids, the query string read by
 * the service, and the answers made before a request reaches a route (edge.ts).
 */
function fastifyOptions(
  store: SnapshotStore,
  options: AppOptions,
  paths: { vocabulary: ReturnType<typeof logVocabulary>; isRoutePath: RouteTest; isKeyedPath: RouteTest },
): any {
  const { vocabulary, isRoutePath, isKeyedPath } = paths;
  const keys = options.keys;
  /** Requests node's HTTP parser refuses (src/service/edge.ts). Nothing of the raw bytes is logged: they hold the Authorization header. */
  function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
    if (socket.destroyed) return;
    this.log.debug({ event: 'client-error', code: err.code }, 'unreadable request');
    answerOnSocket(socket, clientErrorAnswer(err, isRoutePath, ALLOW));
  }

  return {
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? 'info',
            ...(options.logger?.stream ? { stream: options.logger.stream as any } : {}),
            // In a fleet every line says which replica wrote it and which seed version it served.
            ...(options.logger?.replica !== undefined
              ? { base: { pid: process.pid, replica: options.logger.replica }, mixin: () => ({ version: store.current.version }) }
              : {}),
            redact: { paths: ['req.headers', 'req.url', 'req.query', 'headers', 'err.rawPacket'], censor: '[redacted]' },
            serializers: {
              req: (request: FastifyRequest) => requestForLog(request, vocabulary),
              res: (reply: any) => ({ statusCode: reply.statusCode }),
            },
          },
    logController: new CatalogLogController(options.logger !== false),
    genReqId: (req: IncomingMessage) => {
      const sent = req.headers['x-request-id'];
      return acceptableRequestId(sent, keys) ? sent : newRequestId();
    },
    // A path with a broken percent-encoding is routed like any other (edge.ts, readableUrl), and an id of any length
    // reaches its route (which refuses it after the key check) rather than the router's early 414.
    rewriteUrl: (req: IncomingMessage) => readableUrl(req.url ?? '/'),
    routerOptions: { querystringParser: parseQueryString as any, maxParamLength: MAX_URL_BYTES },
    // HTTP/1.1 without Host is answered 400 by the app (lacksHost), with the rules of every answer, not by node.
    http: { requireHostHeader: false },
    return503OnClosing: false,
    bodyLimit: 1024,
    // Read as plain JSON.parse does (such keys become own properties, never a prototype): the beneficiary check looks
    // for them before using the body and says why it refuses them, which a parser's "not valid JSON" would not.
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    // What the router still cannot read (a request target that is not a path): 400, after the key check on a route that needs one.
    frameworkErrors: (_err: Error, request: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-request-id', request.id);
      const url = request.raw.url ?? '';
      const q = url.indexOf('?');
      if (isKeyedPath(pathOfTarget(q === -1 ? url : url.slice(0, q)))) {
        const failure = checkAuthorization(request.headers.authorization, keys, () => hasCredentialParam(parseQueryString(q === -1 ? '' : url.slice(q + 1))));
        if (failure !== null) return refuseKey(reply, failure);
      }
      sendError(reply, { id: 'bad_request' });
    },
    clientErrorHandler: clientErrorHandler as any,
  } as any;
}

/**
 * The API over a snapshot store, ready to inject or listen. Listening, signals and reloads belong to the caller
 * (src/service/server.ts).
 */
export async function buildApp(store: SnapshotStore, options: AppOptions): Promise<FastifyInstance> {
  const cursors = new CursorCodec(options.cursorSecret);
  const responses = new ResponseCache({
    maxBytes: options.pageCacheBytes,
    maxEntries: options.pageCacheBytes === 0 ? 0 : options.pageCacheEntries,
    compress: options.compression ?? true,
  });
  const keys = options.keys;
  const history = options.history ?? new VersionHistory();
  const routes = routeTable({ store, cursors, responses, history }, options);
  options.metrics?.observe(store, responses);
  const isRoutePath = pathMatcher([...routes.map((r) => r.path), CHECK_PATH]);
  const isKeyedPath = pathMatcher([...routes.filter((r) => r.auth).map((r) => r.path), CHECK_PATH]);
  const vocabulary = logVocabulary([...routes.map((r) => r.path), CHECK_PATH], [...routes.flatMap((r) => r.params), ...CREDENTIAL_NAMES]);

  const app = Fastify(fastifyOptions(store, options, { vocabulary, isRoutePath, isKeyedPath })) as unknown as FastifyInstance;

  // Every method node's parser knows can reach a route, to be answered 405 (fastify knows nine of them by default).
  // CONNECT never reaches the router: node emits it as an event, answered below.
  for (const method of METHODS) if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  const refused = app.supportedMethods.filter((m) => m !== 'GET' && m !== 'HEAD');
  app.server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(isRoutePath((req.url ?? '').split('?')[0]) ? rawError('method_not_allowed', ALLOW) : rawError('not_found'));
  });

  app.decorateRequest('catalogError', null);

  const rateLimited = Boolean(options.rateLimit);
  const { identify, identifyAndAuthenticate, authenticated, guarded } = keyChecks(keys, rateLimited);

  app.setNotFoundHandler((request, reply) => {
    sendError(reply, { id: lacksHost(request.raw) ? 'bad_request' : 'not_found' });
  });

  // The one error path of the app: whatever a hook, the body parser or a handler throws ends here (no route has an
  // error handler of its own, so that a rate-limited request is 429 on every route).
  app.setErrorHandler((err: Error & { statusCode?: number; rateLimited?: boolean }, request, reply) => {
    const error = errorOf(err, request);
    if (error.id === 'internal_error') request.log.error({ err }, 'unexpected error');
    sendError(reply, error);
  });

  // After the key check and the rate limit (preParsing comes after every onRequest hook), before any body is read.
  function refuseMethod(_request: FastifyRequest, reply: FastifyReply) {
    sendError(reply, { id: 'method_not_allowed' });
  }

  if (options.metrics) {
    const metrics = options.metrics;
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions?.url ?? 'unmatched';
      metrics.requests.inc({ route, method: request.method, status: String(reply.statusCode) });
      metrics.latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
      done();
    });
  }

  if (options.rateLimit) await registerRateLimit(app, options.rateLimit, keys, authenticated, options.metrics);

  await options.beforeRoutes?.(app);
  // onRequest is given as a function, not an array: the rate limit's hook is added to it route by route, and fastify
  // shares the array of a GET route with the HEAD route it makes (the hook would then run twice).
  for (const route of routes) {
    const first = route.auth ? identifyAndAuthenticate : identify;
    if (rateLimited || options.beforeRoutes) app.get(route.path, { onRequest: first }, route.handler as any);
    else app.get(route.path, guarded(route) as any);
    app.route({ method: refused, url: route.path, onRequest: first, preParsing: refuseMethod as any, handler: () => {} });
  }
  registerBeneficiaryChecks(app, { store, cursors, responses, history, sendError }, identifyAndAuthenticate, ['GET', ...refused.filter((m) => m !== 'POST')]);

  await app.ready();
  return app;
}
