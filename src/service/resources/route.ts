import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../edge/errors.js';
import type { ParsedQuery } from '../edge/params.js';
import type { VersionHistory } from './history.js';
import type { CursorCodec } from '../representation/cursor.js';
import type { ResponseCache } from '../representation/response-cache.js';
import type { SnapshotStore } from '../operations/store.js';

/** What a route's handler may use. */
export interface RouteContext {
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
export interface RouteDef {
  path: string;
  auth: boolean;
  params: readonly string[];
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** A GET route of the client kit: a row of the app's route table. */
export type ClientRoute = RouteDef;

/** What the client-kit routes need from the app (src/service/app.ts). */
export interface ClientRouteContext {
  store: SnapshotStore;
  cursors: CursorCodec;
  history: VersionHistory;
  responses: ResponseCache;
  sendError(reply: FastifyReply, error: ApiError): FastifyReply;
}

/** A short digest of a cache key, for ETags. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** Refuses any query parameter (item, catalog and check endpoints take none). */
export function noQuery(ctx: ClientRouteContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const query = request.query as ParsedQuery;
  if (query.length === 0) return true;
  const name = query[0].name.slice(0, 64);
  ctx.sendError(reply, { id: 'unknown_param', param: name, vars: { param: JSON.stringify(name), allowed: 'no parameter' } });
  return false;
}

/** Whether a query read is an error of the table. */
export function isError<T extends object>(value: T | ApiError): value is ApiError {
  return (value as ApiError).id !== undefined;
}
