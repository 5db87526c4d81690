import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuseKey, sendError } from '../edge/answers.js';
import { hasCredentialParam, type ParsedQuery } from '../edge/params.js';
import { lacksHost } from '../edge/raw-requests.js';
import type { RouteDef } from '../resources/route.js';
import { checkAuthorization, type AuthFailure, type KeyRing } from './auth.js';

/**
 * The key check and X-Request-Id, first on every route: `identify` (routes without a key) and
 * `identifyAndAuthenticate` as their first onRequest hook, or `guarded` around a GET handler that has no hook.
 * `authenticated` holds the requests whose key was accepted (only with rate limits: the limit counts only those).
 */
export function keyChecks(keys: KeyRing, rateLimited: boolean) {
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
