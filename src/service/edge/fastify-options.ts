import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { checkAuthorization } from '../access/auth.js';
import type { AppOptions } from '../app-options.js';
import { acceptableRequestId, newRequestId, requestForLog, type logVocabulary } from '../operations/log.js';
import type { SnapshotStore } from '../operations/store.js';
import { ALLOW, refuseKey, sendError } from './answers.js';
import { hasCredentialParam, parseQueryString } from './params.js';
import { answerOnSocket, clientErrorAnswer, readableUrl, type RouteTest } from './raw-requests.js';

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
 * The fastify options of the app: one JSON log line per request (allow-listed), request ids, the query string read by
 * the service, and the answers made before a request reaches a route (raw-requests.ts).
 */
export function fastifyOptions(
  store: SnapshotStore,
  options: AppOptions,
  paths: { vocabulary: ReturnType<typeof logVocabulary>; isRoutePath: RouteTest; isKeyedPath: RouteTest },
): any {
  const { vocabulary, isRoutePath, isKeyedPath } = paths;
  const keys = options.keys;
  /** Requests node's HTTP parser refuses (raw-requests.ts). Nothing of the raw bytes is logged: they hold the Authorization header. */
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
    // A path with a broken percent-encoding is routed like any other (raw-requests.ts, readableUrl), and an id of any length
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
