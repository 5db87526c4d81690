import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERRORS, errorJson, type ErrorId } from './errors.js';
import { newRequestId } from '../operations/log.js';

/**
 * What the service answers at its edge: before routing (a path it cannot decode) and before a request exists at all
 * (bytes node's HTTP parser refuses). Every such answer keeps the rules of every other one: X-Request-Id,
 * Cache-Control: no-store and the error body of the table.
 */

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The URL as the router should see it: a path whose percent-encoding is broken (%zz, a cut UTF-8 sequence) has its
 * "%" taken literally (escaped as %25), so that the request is routed like any other and gets the answers of its
 * route in their order (key first, then the rate limit, then the path's own check: an id with a "%" is not a valid
 * id) instead of the router's own early 400. The query string is left as it is: the service reads it itself.
 */
export function readableUrl(url: string): string {
  const percent = url.indexOf('%');
  if (percent === -1) return url;
  const q = url.indexOf('?');
  if (q !== -1 && percent > q) return url;
  const path = q === -1 ? url : url.slice(0, q);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replace(/%/g, '%25') + (q === -1 ? '' : url.slice(q));
  }
}

/** An error of the table as raw HTTP/1.1 bytes, for answers written on the socket (no request object exists). */
export function rawError(id: ErrorId, allow?: string): string {
  const def = ERRORS[id];
  const requestId = newRequestId();
  const body = errorJson({ id }, requestId);
  const allowLine = allow ? `Allow: ${allow}\r\n` : '';
  return (
    `HTTP/1.1 ${def.status} ${STATUS_CODES[def.status]}\r\n${allowLine}X-Request-Id: ${requestId}\r\nContent-Type: ${JSON_TYPE}\r\n` +
    `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Whether a path (without its query) is one of the service's routes. */
export type RouteTest = (path: string) => boolean;

/**
 * The answer to bytes node's HTTP parser refuses (they never become requests): an unknown method token (FOO,
 * lowercase get) is 405 on a route's path, 404 elsewhere; a request too slow 408; headers too large 431; anything else
 * unreadable 400. Undefined: nothing to answer (the client is gone).
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, isRoutePath: RouteTest, allow: string): string | undefined {
  if (err.code === 'ECONNRESET') return undefined;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawError('request_timeout');
  if (err.code === 'HPE_HEADER_OVERFLOW') return rawError('headers_too_large');
  if (err.code === 'HPE_INVALID_METHOD') {
    const line = (err.rawPacket ?? Buffer.alloc(0)).subarray(0, 8192).toString('latin1').split('\r\n', 1)[0];
    const target = line.split(' ')[1] ?? '';
    const q = target.indexOf('?');
    return isRoutePath(q === -1 ? target : target.slice(0, q)) ? rawError('method_not_allowed', allow) : rawError('not_found');
  }
  return rawError('bad_request');
}

/** Writes the answer to a refused request on its socket, then closes it. */
export function answerOnSocket(socket: Duplex, answer: string | undefined): void {
  if (answer === undefined || socket.destroyed) return;
  if (socket.writable) socket.end(answer);
  else socket.destroy();
}

/** HTTP/1.1 requires Host (RFC 9112 3.2: a request without it is answered 400); HTTP/1.0 may leave it out. */
export function lacksHost(raw: IncomingMessage): boolean {
  return raw.headers.host === undefined && raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1;
}
