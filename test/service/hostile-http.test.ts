/**
 * Hostile HTTP, over real sockets: one row a request a client could send, with the answer it must get. Nothing a
 * client sends gets a 5xx; every method token other than GET and HEAD on a route's path is 405 with Allow. Add a row
 * to add a case.
 */
import { METHODS } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeed, KEY, makeApp } from './helpers.js';
import { rawRequest } from './socket.js';

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  ({ app } = await makeApp(await fixtureSeed()));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

const AUTH_LINE = `Authorization: Bearer ${KEY}\r\n`;

/** A request as bytes: method, target, optional extra header lines; HTTP/1.1, Host, Connection: close. */
function req(method: string, target: string, { auth = true, extra = '' }: { auth?: boolean; extra?: string } = {}): string {
  return `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${auth ? AUTH_LINE : ''}${extra}Connection: close\r\n\r\n`;
}

interface Row {
  name: string;
  request: string | Buffer;
  status: number;
  /** The error code of the JSON body, when the answer has one. */
  code?: string;
  allow?: boolean;
}

const ROUTES = ['/api/v1/rails', '/api/v1/assets', '/api/v1/countries', '/api/v1/openapi.json', '/healthz'];
/** Every method node's parser knows, except GET, HEAD (served) and CONNECT (a row of its own). */
const KNOWN_METHODS = METHODS.filter((m) => !['GET', 'HEAD', 'CONNECT'].includes(m));
/** Tokens node's parser does not know: they never become requests, and are answered from the socket. */
const UNKNOWN_TOKENS = ['FOO', 'BREW', 'get', 'Delete', 'X-CUSTOM', 'TRACEX', 'WHATEVER!'];

const ROWS: Row[] = [
  ...KNOWN_METHODS.map((m): Row => ({ name: `${m} with a key`, request: req(m, '/api/v1/rails'), status: 405, code: 'method_not_allowed', allow: true })),
  ...ROUTES.map((r): Row => ({ name: `TRACE ${r}`, request: req('TRACE', r), status: 405, code: 'method_not_allowed', allow: true })),
  ...ROUTES.map((r): Row => ({ name: `PROPFIND ${r}?x=1`, request: req('PROPFIND', `${r}?x=1`), status: 405, code: 'method_not_allowed', allow: true })),
  { name: 'TRACE without a key: auth first, like DELETE', request: req('TRACE', '/api/v1/rails', { auth: false }), status: 401, code: 'unauthorized' },
  { name: 'SEARCH without a key', request: req('SEARCH', '/api/v1/assets', { auth: false }), status: 401, code: 'unauthorized' },
  { name: 'SEARCH on /healthz needs no key', request: req('SEARCH', '/healthz', { auth: false }), status: 405, code: 'method_not_allowed', allow: true },
  {
    name: 'PROPFIND with an XML body',
    request: req('PROPFIND', '/api/v1/rails', { extra: 'Content-Type: application/xml\r\nContent-Length: 12\r\n' }).replace(
      /\r\n\r\n$/,
      '\r\n\r\n<propfind/>\n',
    ),
    status: 405,
    code: 'method_not_allowed',
    allow: true,
  },
  { name: 'TRACE on an unknown path', request: req('TRACE', '/api/v1/nothing'), status: 404, code: 'not_found' },
  ...UNKNOWN_TOKENS.map(
    (m): Row => ({ name: `unknown token ${m} on a route`, request: req(m, '/api/v1/rails?limit=1'), status: 405, code: 'method_not_allowed', allow: true }),
  ),
  ...UNKNOWN_TOKENS.map((m): Row => ({ name: `unknown token ${m} elsewhere`, request: req(m, '/nowhere'), status: 404, code: 'not_found' })),
  { name: 'CONNECT to a route path', request: req('CONNECT', '/api/v1/rails'), status: 405, code: 'method_not_allowed', allow: true },
  { name: 'CONNECT to a host (a proxy request)', request: req('CONNECT', 'example.com:443'), status: 404, code: 'not_found' },
  { name: 'absolute-form target (served as its path)', request: req('GET', 'http://localhost/api/v1/rails?limit=1'), status: 200 },
  { name: 'asterisk-form target', request: req('OPTIONS', '*'), status: 404, code: 'not_found' },
  { name: 'a request target that is not a path', request: req('GET', 'x'), status: 400, code: 'invalid_request' },
  { name: 'an absolute-form target without a host', request: req('GET', 'http:/x'), status: 400, code: 'invalid_request' },
  { name: 'dot segments', request: req('GET', '/api/v1/../v1/rails'), status: 404, code: 'not_found' },
  { name: 'a NUL in the path', request: req('GET', '/api/v1/ra\u0000ils'), status: 400, code: 'invalid_request' },
  { name: 'garbage instead of a request line', request: Buffer.from([0, 1, 2, 3, 13, 10, 13, 10]), status: 404, code: 'not_found' },
  // HTTP/1.1 requires Host (RFC 9112 3.2): 400, answered by the app (node would answer an empty 400), after the key check.
  { name: 'no Host header', request: `GET /api/v1/rails HTTP/1.1\r\n${AUTH_LINE}Connection: close\r\n\r\n`, status: 400, code: 'invalid_request' },
  { name: 'no Host header and no key', request: 'GET /api/v1/rails HTTP/1.1\r\nConnection: close\r\n\r\n', status: 401, code: 'unauthorized' },
  { name: 'no Host header on /healthz', request: 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', status: 400, code: 'invalid_request' },
  { name: 'no Host header on an unknown path', request: 'GET /nowhere HTTP/1.1\r\nConnection: close\r\n\r\n', status: 400, code: 'invalid_request' },
  { name: 'a broken percent-encoding in an item path, no key', request: req('GET', '/api/v1/rails/%zz', { auth: false }), status: 401, code: 'unauthorized' },
  { name: 'a broken percent-encoding in an item path', request: req('GET', '/api/v1/rails/%zz'), status: 400, code: 'invalid_request' },
  {
    name: 'a broken percent-encoding in an absolute-form target, no key',
    request: req('GET', 'http://localhost/api/v1/rails/%zz', { auth: false }),
    status: 401,
    code: 'unauthorized',
  },
  {
    name: 'Content-Length and Transfer-Encoding together',
    request: req('GET', '/api/v1/rails', { extra: 'Content-Length: 3\r\nTransfer-Encoding: chunked\r\n' }),
    status: 400,
    code: 'invalid_request',
  },
  { name: 'a header name with a space', request: req('GET', '/api/v1/rails', { extra: 'Bad Header: x\r\n' }), status: 400, code: 'invalid_request' },
  { name: 'headers over 16 KB', request: req('GET', '/api/v1/rails', { extra: `X-Big: ${'a'.repeat(20_000)}\r\n` }), status: 431, code: 'headers_too_large' },
  { name: 'a URL over 16 KB', request: req('GET', `/api/v1/rails?country=${'F'.repeat(20_000)}`), status: 431, code: 'headers_too_large' },
  { name: 'HTTP/1.0 without Host', request: `GET /api/v1/rails?limit=1 HTTP/1.0\r\n${AUTH_LINE}\r\n`, status: 200 },
  { name: 'HTTP/2.0 in a HTTP/1 request line, no key', request: 'GET /api/v1/rails HTTP/2.0\r\nHost: x\r\n\r\n', status: 401, code: 'unauthorized' },
  { name: 'an HTTP/2 preface on a HTTP/1 port', request: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', status: 400, code: 'invalid_request' },
  {
    name: 'a body over the limit on a POST',
    request: req('POST', '/api/v1/rails', { extra: 'Content-Type: application/json\r\nContent-Length: 5000\r\n' }) + 'x'.repeat(5000),
    status: 405,
    code: 'method_not_allowed',
    allow: true,
  },
  {
    name: 'Accept-Encoding with bad q-values',
    request: req('GET', '/api/v1/rails?limit=1', { extra: 'Accept-Encoding: br;q=abc, gzip;q=2, ;q=, *;q\r\n' }),
    status: 200,
  },
  { name: 'a 10,000-entry If-None-Match', request: req('GET', '/api/v1/rails?limit=1', { extra: `If-None-Match: ${'"x",'.repeat(2500)}\r\n` }), status: 200 },
  { name: 'X-Request-Id with CR', request: req('GET', '/healthz', { extra: 'X-Request-Id: a\rb\r\n' }), status: 400, code: 'invalid_request' },
];

describe('hostile HTTP over a socket: no 5xx, 405 with Allow for any method token on a route', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const res = await rawRequest(port, row.request);
    expect(res.status, res.raw.slice(0, 300)).toBe(row.status);
    expect(res.status).toBeLessThan(500);
    if (row.allow) expect(res.headers.allow).toBe('GET, HEAD');
    else expect(res.headers.allow).toBeUndefined();
    if (row.code) expect(JSON.parse(res.body).error.code).toBe(row.code);
    // The rules of every answer, early ones included: X-Request-Id, Cache-Control, and an error body naming the id.
    expect(res.headers['x-request-id'], res.raw.slice(0, 300)).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe(res.status === 200 ? 'private' : 'no-store');
    if (res.status !== 200) expect(JSON.parse(res.body).error.request_id).toBe(res.headers['x-request-id']);
  });

  it('the server still answers after all of them', async () => {
    const res = await rawRequest(port, req('GET', '/api/v1/rails?limit=1'));
    expect(res.status).toBe(200);
  });
});
