import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { checkAuthorization, type KeyRing } from './auth.js';
import { CursorCodec } from './cursor.js';
import { endpoints, type EndpointDef } from './endpoints.js';
import { ERRORS, errorBody, errorSchema, type ApiError } from './errors.js';
import { registerClientRoutes } from './client-routes.js';
import { registerDocs } from './docs.js';
import { VersionHistory } from './history.js';
import { openApiDocument } from './openapi.js';
import { PageCache, renderPage } from './pages.js';
import { hasCredentialParam, isApiError, paramNames, parseQueryString, readListQuery, type ParsedQuery } from './params.js';
import type { SnapshotStore } from './store.js';

export interface AppOptions {
  /** The active API keys. */
  keys: KeyRing;
  /** Secret signing the cursors; replicas behind one load balancer must share it. */
  cursorSecret: Buffer | string;
  /** false: no logs. Otherwise JSON lines (pino) at `level` (default info) to `stream` (default stdout). */
  logger?: false | { level?: string; stream?: { write(line: string): unknown } };
  /** Bytes of rendered pages kept (default 32 MiB). */
  pageCacheBytes?: number;
  /** The catalog versions the changes feed can start from (default: the versions this app serves, 64 at most). */
  history?: VersionHistory;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const REALM = 'Bearer realm="catalog"';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const serializeError = fastJson(errorSchema as any) as (body: unknown) => string;

declare module 'fastify' {
  interface FastifyRequest {
    /** The error answered, for the request's log line. */
    catalogError: string | null;
  }
}

/**
 * What the logs show of a request: method, path and the NAMES of the query parameters, never their values. On a
 * path that matches no route, long segments are masked: a client may have pasted a key there.
 */
function requestForLog(request: FastifyRequest): Record<string, unknown> {
  let pathShown = request.routeOptions?.url;
  if (pathShown === undefined) {
    const url = request.raw?.url ?? '';
    const q = url.indexOf('?');
    pathShown = (q === -1 ? url : url.slice(0, q))
      .slice(0, 200)
      .split('/')
      .map((segment) => (segment.length > 24 ? '[long segment]' : segment))
      .join('/');
  }
  return { method: request.method, path: pathShown, params: paramNames(request.query as ParsedQuery) };
}

/** One JSON line per request, when it completes, instead of fastify's two; the URL's query values are never logged. */
class CatalogLogController extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line: Record<string, unknown> = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (request.catalogError) line.error = request.catalogError;
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Answers an error of the table: status, body, Cache-Control: no-store. */
export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  const def = ERRORS[error.id];
  reply.request.catalogError = error.id;
  reply.code(def.status).header('cache-control', 'no-store').header('content-type', JSON_TYPE);
  if (error.id === 'method_not_allowed') reply.header('allow', 'GET, HEAD');
  if (error.id === 'post_only') reply.header('allow', 'POST');
  return reply.send(serializeError(errorBody(error)));
}

/** True when If-None-Match names the ETag (weak comparison, RFC 9110 13.1.2) or is "*". */
export function notModified(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  for (const part of header.split(',')) {
    let tag = part.trim();
    if (tag === '*') return true;
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === etag) return true;
  }
  return false;
}

/**
 * The API over a snapshot store, ready to inject or listen. Listening, signals and reloads belong to the caller
 * (src/service/server.ts).
 */
export async function buildApp(store: SnapshotStore, options: AppOptions): Promise<FastifyInstance> {
  const cursors = new CursorCodec(options.cursorSecret);
  const pages = new PageCache(options.pageCacheBytes);
  const keys = options.keys;

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? 'info',
            ...(options.logger?.stream ? { stream: options.logger.stream as any } : {}),
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.url', 'req.query', 'headers.authorization'], censor: '[redacted]' },
            serializers: {
              req: requestForLog as any,
              res: (reply: any) => ({ statusCode: reply.statusCode }),
            },
          },
    logController: new CatalogLogController(),
    genReqId: (req: IncomingMessage) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    routerOptions: { querystringParser: parseQueryString as any },
    return503OnClosing: false,
    bodyLimit: 1024,
    frameworkErrors: (_err, _request, reply) => {
      sendError(reply, { id: 'bad_request' });
    },
  }) as unknown as FastifyInstance;

  app.decorateRequest('catalogError', null);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  /** Auth comes first: a bad key with bad parameters is 401, not 400. */
  function authenticate(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const failure = checkAuthorization(request.headers.authorization, keys, hasCredentialParam(request.query as ParsedQuery));
    if (failure === null) return done();
    reply.header('www-authenticate', failure.tokenSent ? `${REALM}, error="invalid_token"` : REALM);
    sendError(reply, { id: failure.id });
  }

  app.setNotFoundHandler((_request, reply) => {
    sendError(reply, { id: 'not_found' });
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      sendError(reply, { id: 'bad_request' });
      return;
    }
    request.log.error({ err }, 'unexpected error');
    sendError(reply, { id: 'internal_error' });
  });

  function listHandler(endpoint: EndpointDef) {
    return function list(request: FastifyRequest, reply: FastifyReply) {
      const query = readListQuery(endpoint, request.query as ParsedQuery);
      if (isApiError(query)) return sendError(reply, query);
      let snapshot = store.current;
      let after: string | undefined;
      if (query.cursor !== undefined) {
        const state = cursors.decode(query.cursor);
        if (!state || state.endpoint !== endpoint.name || state.filterKey !== query.filterKey) return sendError(reply, { id: 'invalid_cursor', param: 'cursor' });
        const held = store.byVersion(state.version);
        if (!held) return sendError(reply, { id: 'expired_cursor', param: 'cursor' });
        snapshot = held;
        after = state.after;
      }
      const key = `${snapshot.version}\n${endpoint.name}\n${query.filterKey}\n${query.limit}\n${after ?? ''}`;
      let page = pages.get(key);
      if (!page) {
        page = renderPage(snapshot, endpoint, query, after, cursors);
        pages.set(key, page);
      }
      reply.header('etag', page.etag).header('cache-control', 'private').header('catalog-version', snapshot.version);
      if (notModified(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.header('content-type', JSON_TYPE).send(page.body);
    };
  }

  const readOnly = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  function refuseMethod(_request: FastifyRequest, reply: FastifyReply) {
    sendError(reply, { id: 'method_not_allowed' });
  }

  for (const endpoint of Object.values(endpoints())) {
    app.get(endpoint.path, { onRequest: authenticate }, listHandler(endpoint));
    app.route({ method: [...readOnly], url: endpoint.path, onRequest: [authenticate, refuseMethod], handler: () => {} });
  }

  const openApi = Buffer.from(JSON.stringify(openApiDocument()), 'utf8');
  const openApiTag = `"openapi-${createHash('sha256').update(openApi).digest('base64url').slice(0, 16)}"`;
  app.get('/api/v1/openapi.json', { onRequest: authenticate }, (request, reply) => {
    const query = request.query as ParsedQuery;
    if (query.length > 0) {
      const p = query[0];
      return sendError(reply, { id: 'unknown_param', param: p.name.slice(0, 64), vars: { param: JSON.stringify(p.name.slice(0, 64)), allowed: 'no parameter' } });
    }
    reply.header('etag', openApiTag).header('cache-control', 'private');
    if (notModified(request.headers['if-none-match'], openApiTag)) return reply.code(304).send();
    return reply.header('content-type', JSON_TYPE).send(openApi);
  });
  app.route({ method: [...readOnly], url: '/api/v1/openapi.json', onRequest: [authenticate, refuseMethod], handler: () => {} });

  registerClientRoutes(app, { store, cursors, history: options.history ?? new VersionHistory(), authenticate, sendError, notModified });
  registerDocs(app, { body: openApi, etag: openApiTag }, notModified);

  app.get('/healthz', (_request, reply) => {
    const snapshot = store.current;
    const body: Record<string, string> = { status: 'ok', version: snapshot.version };
    if (snapshot.commit) body.commit = snapshot.commit;
    return reply.header('cache-control', 'no-store').header('content-type', JSON_TYPE).send(JSON.stringify(body));
  });

  await app.ready();
  return app;
}
