import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { compressions, negotiate, type Coding } from '../../src/service/representation/representation.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { AUTH, fixtureSeed, get, makeApp } from './helpers.js';

let seed: Seed;
let app: FastifyInstance;
beforeAll(async () => {
  seed = growSeed(await fixtureSeed(), 60);
  ({ app } = await makeApp(seed));
});

describe('negotiate: Accept-Encoding (RFC 9110 12.5.3)', () => {
  const rows: Array<[string | undefined, Coding]> = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['zstd', 'identity'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br; q=0.9, gzip; q=1.0', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['identity, gzip;q=0.5', 'identity'],
    ['identity;q=0, gzip', 'gzip'],
    ['identity;q=0', 'identity'],
    ['*;q=0, identity;q=0', 'identity'],
    ['gzip;q=0.001, identity;q=0.002', 'identity'],
    ['gzip;q=1.5, br;q=abc', 'identity'],
    ['gzip;q=1.5, br', 'br'],
    [' , ;q=1, br ', 'br'],
    ['gzip, gzip;q=0', 'gzip'],
  ];
  it.each(rows)('%j -> %s', (header, coding) => {
    expect(negotiate(header)).toBe(coding);
  });
});

const PAGE = '/api/v1/rails?limit=50';
const decode: Record<Coding, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b) => b };

describe('compressed responses', () => {
  it.each([
    ['br', 'br', '-br'],
    ['gzip', 'gzip', '-gz'],
    ['br;q=0, gzip', 'gzip', '-gz'],
    ['identity', undefined, ''],
    ['*;q=0', undefined, ''],
  ] as const)('Accept-Encoding %j: Content-Encoding %s, ETag suffix %j, the same JSON', async (accept, encoding, suffix) => {
    const plain = await get(app, PAGE);
    const res = await get(app, PAGE, { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}${suffix}"`);
    expect(decode[(encoding ?? 'identity') as Coding](res.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('plain responses say Vary: Accept-Encoding too (a cache must not hand them to a client wanting br)', async () => {
    const res = await get(app, PAGE);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('each cached page is compressed once per coding, not per request', async () => {
    const url = '/api/v1/rails?limit=49';
    const before = { ...compressions };
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) {
      bodies.add((await get(app, url, { 'accept-encoding': 'br' })).rawPayload.toString('base64'));
      await get(app, url, { 'accept-encoding': 'gzip' });
    }
    // Concurrent first requests share one compression too.
    await Promise.all(Array.from({ length: 5 }, () => get(app, '/api/v1/rails?limit=48', { 'accept-encoding': 'br' })));
    expect(bodies.size).toBe(1);
    expect(compressions.br - before.br).toBe(2);
    expect(compressions.gzip - before.gzip).toBe(1);
  });

  it('If-None-Match with the ETag of any coding gives 304, carrying the ETag matched', async () => {
    const tags = await Promise.all(['br', 'gzip', 'identity'].map(async (a) => (await get(app, PAGE, { 'accept-encoding': a })).headers.etag as string));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags)
      for (const accept of ['br', 'gzip', 'identity', '']) {
        for (const header of [tag, `W/${tag}`, `"nope", ${tag}`]) {
          const res = await get(app, PAGE, { 'accept-encoding': accept, 'if-none-match': header });
          expect(res.statusCode).toBe(304);
          expect(res.body).toBe('');
          expect(res.headers.etag).toBe(tag);
          expect(res.headers.vary).toBe('Accept-Encoding');
        }
      }
    const star = await get(app, PAGE, { 'accept-encoding': 'gzip', 'if-none-match': '*' });
    expect(star.statusCode).toBe(304);
    expect(star.headers.etag).toBe(tags[1]);
    const other = await get(app, '/api/v1/rails?limit=7', { 'accept-encoding': 'br', 'if-none-match': tags.join(', ') });
    expect(other.statusCode).toBe(200);
  });

  it('a small body (an empty page) is sent as it is, with one ETag', async () => {
    const res = await get(app, '/api/v1/rails?country=AQ', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ data: [], next_cursor: null });
    expect(res.headers.etag).not.toMatch(/-(br|gz)"$/);
  });

  it('HEAD gives the headers of the compressed GET', async () => {
    const full = await get(app, PAGE, { 'accept-encoding': 'gzip' });
    const head = await app.inject({ method: 'HEAD', url: PAGE, headers: { ...AUTH, 'accept-encoding': 'gzip' } });
    expect(head.body).toBe('');
    for (const name of ['etag', 'content-encoding', 'content-length', 'vary']) expect(head.headers[name]).toBe(full.headers[name]);
  });

  it('the OpenAPI document is compressed the same way', async () => {
    const plain = await get(app, '/api/v1/openapi.json');
    const res = await get(app, '/api/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await get(app, '/api/v1/openapi.json', { 'accept-encoding': 'gzip', 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('errors are not compressed', async () => {
    for (const url of ['/api/v1/rails?limit=x', '/api/v1/nothing']) {
      const res = await get(app, url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().error.code).toBeTypeOf('string');
    }
  });

  it('with compression off, responses are plain whatever the client accepts', async () => {
    const { app: plain } = await makeApp(seed, { compression: false });
    const res = await get(plain, PAGE, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data).toHaveLength(50);
  });
});
