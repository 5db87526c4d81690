import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthFailure } from '../access/auth.js';
import type { ParsedQuery } from './params.js';
import { STORE_RETRY_AFTER_S } from '../operations/store.js';
import { ERRORS, errorJson, type ApiError } from './errors.js';

/** The media type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';
const REALM = 'Bearer realm="catalog"';
/** The methods of a GET route: the Allow header of its 405. */
export const ALLOW = 'GET, HEAD';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error answered, for the request's log line. */
    catalogError: string | null;
  }
}

/** Answers an error of the table: status, body, Cache-Control: no-store, X-Request-Id (set here too: every answer has it). */
export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  const def = ERRORS[error.id];
  reply.request.catalogError = error.id;
  reply.header('x-request-id', reply.request.id).code(def.status).header('cache-control', 'no-store').header('content-type', JSON_TYPE);
  if (error.id === 'method_not_allowed') reply.header('allow', ALLOW);
  else if (error.id === 'post_only') reply.header('allow', 'POST');
  else if (error.id === 'store_unavailable') reply.header('retry-after', String(STORE_RETRY_AFTER_S));
  return reply.send(errorJson(error, reply.request.id));
}

/** Answers a refused key: 401 with the Bearer challenge (error="invalid_token" when a token was sent, RFC 6750 3.1). */
export function refuseKey(reply: FastifyReply, failure: AuthFailure): FastifyReply {
  reply.header('www-authenticate', failure.tokenSent ? `${REALM}, error="invalid_token"` : REALM);
  return sendError(reply, { id: failure.id });
}

/** Refuses a query parameter on an endpoint that takes none (400 unknown_param); undefined when there is none. */
export function refuseQuery(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const query = request.query as ParsedQuery;
  if (query.length === 0) return undefined;
  const name = query[0].name.slice(0, 64);
  return sendError(reply, { id: 'unknown_param', param: name, vars: { param: JSON.stringify(name), allowed: 'no parameter' } });
}
