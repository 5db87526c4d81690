import { createHash } from 'node:crypto';
import { METHODS, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { keyChecks } from './access/key-checks.js';
import { registerRateLimit } from './access/rate-limit.js';
import type { AppOptions } from './app-options.js';
import { ALLOW, sendError } from './edge/answers.js';
import type { ApiError } from './edge/errors.js';
import { fastifyOptions } from './edge/fastify-options.js';
import { CREDENTIAL_NAMES } from './edge/params.js';
import { lacksHost, rawError } from './edge/raw-requests.js';
import { logVocabulary } from './operations/log.js';
import type { SnapshotStore } from './operations/store.js';
import { CursorCodec } from './representation/cursor.js';
import { ResponseCache } from './representation/response-cache.js';
import { openApiDocument } from './document/openapi.js';
import { bodyErrorOf, CHECK_PATH } from './resources/beneficiary-checks.js';
import { VersionHistory } from './resources/history.js';
import { routerPath, type RouteContext } from './resources/route.js';
import { pathMatcher, routeDeclarations } from './routes.js';

export type { AppOptions } from './app-options.js';

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
 * What the routes' handlers use: the store, the cursors, the response cache, the changes feed's versions (the current
 * one remembered), the OpenAPI document rendered once, readiness and metrics.
 */
function routeContext(store: SnapshotStore, options: AppOptions): RouteContext {
  const responses = new ResponseCache({
    maxBytes: options.pageCacheBytes,
    maxEntries: options.pageCacheBytes === 0 ? 0 : options.pageCacheEntries,
    compress: options.compression ?? true,
  });
  const history = options.history ?? new VersionHistory();
  history.remember(store.current);
  const bytes = Buffer.from(JSON.stringify(openApiDocument()), 'utf8');
  const tag = `"openapi-${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"`;
  const { readiness, metrics } = options;
  return { store, cursors: new CursorCodec(options.cursorSecret), responses, history, openApi: { bytes, tag }, readiness, metrics };
}

/**
 * The API over a snapshot store, ready to inject or listen. Listening, signals and reloads belong to the caller
 * (operations/server.ts).
 */
export async function buildApp(store: SnapshotStore, options: AppOptions): Promise<FastifyInstance> {
  const keys = options.keys;
  const context = routeContext(store, options);
  const declarations = routeDeclarations();
  const routes = declarations.flatMap((declaration) => declaration.serve(context));
  const posts = declarations.filter((declaration) => declaration.method === 'POST');
  options.metrics?.observe(store, context.responses);
  const postPaths = posts.map((post) => routerPath(post.path));
  const isRoutePath = pathMatcher([...routes.map((r) => r.path), ...postPaths]);
  const isKeyedPath = pathMatcher([...routes.filter((r) => r.auth).map((r) => r.path), ...posts.filter((p) => p.auth).map((p) => routerPath(p.path))]);
  const vocabulary = logVocabulary([...routes.map((r) => r.path), ...postPaths], [...routes.flatMap((r) => r.params), ...CREDENTIAL_NAMES]);

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
  const otherMethods = ['GET', ...refused.filter((m) => m !== 'POST')];
  for (const post of posts) post.register?.(app, context, { authenticate: identifyAndAuthenticate, otherMethods });

  await app.ready();
  return app;
}
