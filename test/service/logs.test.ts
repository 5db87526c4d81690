/**
 * No key in a log, ever: the keys are sent every way a client could send them (over real sockets, so that node's
 * parser and fastify's connection-level handlers are exercised too), the logs are captured at the most verbose level,
 * and grepped for the keys in every spelling.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/app.js';
import { digestOf, KeyRing } from '../../src/service/access/auth.js';
import { snapshotOf } from '../../src/service/representation/snapshot.js';
import { SnapshotStore } from '../../src/service/operations/store.js';
import { fixtureSeed, SECRET } from './helpers.js';
import { rawRequest } from './socket.js';

/** An active key, a key holding slashes (token68 allows them: it splits into path segments), and a revoked one. */
const KEY = 'logkey-0123456789abcdefXYZ';
const SLASH_KEY = 'abcdefgh/ijklmnop/qrstuvwx';
const UUID_KEY = '6f1c2b7e-3d4a-4b5c-9e8f-0a1b2c3d4e5f';
const SENT = [KEY, SLASH_KEY, UUID_KEY];

const lines: string[] = [];
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  const store = new SnapshotStore(snapshotOf(await fixtureSeed()));
  app = await buildApp(store, {
    keys: new KeyRing(SENT.map(digestOf)),
    cursorSecret: SECRET,
    logger: { level: 'trace', stream: { write: (l: string) => lines.push(l) } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

function http(method: string, target: string, headers: Record<string, string> = {}): string {
  const head = Object.entries({ Host: 'localhost', ...headers, Connection: 'close' })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `${method} ${target} HTTP/1.1\r\n${head}\r\n`;
}

const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** Every way of sending `key` that we could think of; the request answers whatever it answers. */
function waysToSend(key: string): string[] {
  const bearer = { Authorization: `Bearer ${key}` };
  const enc = encodeURIComponent(key);
  return [
    // As a query parameter name, bare, with a value, on every route, with and without a valid header.
    http('GET', `/api/v1/rails?${enc}=1`),
    http('GET', `/api/v1/rails?${enc}`, bearer),
    http('GET', `/api/v1/rails?limit=1&${enc}=x`, bearer),
    http('GET', `/healthz?${enc}=1`),
    http('GET', `/api/v1/openapi.json?${enc}`, bearer),
    // As a query value, under known and unknown names, and as a cursor.
    http('GET', `/api/v1/rails?api_key=${enc}`),
    http('GET', `/api/v1/rails?token=${enc}`, bearer),
    http('GET', `/api/v1/rails?country=${enc}`, bearer),
    http('GET', `/api/v1/rails?cursor=${enc}`, bearer),
    http('GET', `/api/v1/assets?cursor=${enc}&limit=2`, bearer),
    // As a path segment, whole, percent-encoded, inside a longer segment, cut in pieces, under every prefix.
    http('GET', `/${enc}`),
    http('GET', `/api/v1/${enc}`, bearer),
    http('GET', `/api/v1/rails/${enc}`, bearer),
    http('GET', `/api/v1/${pct(key)}`, bearer),
    http('GET', `/api/v1/rails-${enc}`),
    http('GET', `/api/v1/rails;${enc}`),
    http('GET', `/api/${key.slice(0, 8)}/${key.slice(8)}`),
    http('GET', `/${key}/rails`),
    http('GET', `/api/v1/%E0%A4%A/${enc}`),
    http('DELETE', `/api/v1/${enc}`, bearer),
    // In headers other than Authorization.
    http('GET', '/api/v1/rails?limit=1', { ...bearer, Referer: key }),
    http('GET', '/api/v1/rails?limit=1', { Referer: `https://example.com/page?api_key=${enc}` }),
    http('GET', '/api/v1/rails?limit=1', { 'X-Api-Key': key }),
    http('GET', '/api/v1/rails?limit=1', { 'Api-Key': key, Cookie: `key=${key}` }),
    http('GET', '/api/v1/rails?limit=1', { ...bearer, 'X-Request-Id': key }),
    http('GET', '/healthz', { 'X-Request-Id': `req-${key}`.slice(0, 64) }),
    http('GET', '/healthz', { 'User-Agent': key, 'X-Forwarded-For': key, Origin: key, 'If-None-Match': `"${key}"` }),
    http('GET', '/api/v1/rails?limit=1', { Authorization: `Basic ${Buffer.from(`user:${key}`).toString('base64')}` }),
    http('GET', '/api/v1/rails?limit=1', { Authorization: `Bearer ${key}x` }),
    http('GET', '/api/v1/rails?limit=1', { Authorization: `Token ${key}` }),
    // With methods that never reach a handler, and requests node's parser refuses (the raw bytes hold the key).
    http('TRACE', `/api/v1/rails?${enc}=1`, { ...bearer, 'X-Key': key }),
    http('PROPFIND', `/api/v1/${enc}`, bearer),
    http('FOO', `/api/v1/rails?${enc}`, { ...bearer, Referer: key }),
    http('CONNECT', `/${enc}`, bearer),
    http('GET', `/api/v1/rails`, { ...bearer, 'Bad Header': key }),
    `GET /api/v1/${enc} HTTP/1.1\r\nAuthorization: Bearer ${key}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    http('GET', `/api/v1/rails?limit=1`, { ...bearer, 'Content-Length': '3', 'Transfer-Encoding': 'chunked' }),
  ];
}

/** The spellings of a key a log line could hold. */
function spellings(key: string): string[] {
  const s = [key, encodeURIComponent(key), pct(key), Buffer.from(key).toString('base64'), JSON.stringify(key).slice(1, -1)];
  // The pieces of a key that holds slashes.
  for (const piece of key.split('/')) if (piece.length >= 8) s.push(piece);
  return s;
}

describe('logs', () => {
  it('hold no key, however the keys are sent', async () => {
    for (const key of SENT) for (const request of waysToSend(key)) await rawRequest(port, request);
    // A real cursor and its run, to check that cursor values are not logged either.
    const first = await rawRequest(port, http('GET', '/api/v1/rails?limit=2', { Authorization: `Bearer ${KEY}` }));
    const cursor = JSON.parse(first.body).next_cursor as string;
    await rawRequest(port, http('GET', `/api/v1/rails?limit=2&cursor=${cursor}`, { Authorization: `Bearer ${KEY}` }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(100);
    for (const key of SENT) for (const spelling of spellings(key)) expect(log, `the log holds ${spelling}`).not.toContain(spelling);
    expect(log).not.toContain(cursor);
    // Still useful: method, the route or the known segments, known parameter names, statuses.
    const parsed = lines.map((l) => JSON.parse(l));
    const requests = parsed.filter((l) => l.msg === 'request completed');
    expect(requests.some((l) => l.req.path === '/api/v1/rails' && l.req.params.includes('cursor') && l.res.statusCode === 200)).toBe(true);
    expect(requests.some((l) => l.req.path === '/api/v1/[hidden]' && l.res.statusCode === 404)).toBe(true);
    expect(requests.some((l) => l.req.params.includes('[unknown]'))).toBe(true);
    expect(requests.some((l) => l.req.method === 'TRACE' && l.res.statusCode === 405)).toBe(true);
  });

  it('a client X-Request-Id is kept when it cannot be a key (short, or a UUID that is not one)', async () => {
    const short = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(short.headers['x-request-id']).toBe('abc-123');
    const uuid = 'a7f0c8e2-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
    expect((await app.inject({ url: '/healthz', headers: { 'x-request-id': uuid } })).headers['x-request-id']).toBe(uuid);
    for (const sent of [UUID_KEY, KEY, 'trace-0123456789abcdef']) {
      const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).not.toBe(sent);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
