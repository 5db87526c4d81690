/**
 * The rate limits per key in process (fastify's inject): the 429 and its headers, each key's own limit and window,
 * null for no limit, only accepted keys counted, one count per key whatever the header's spelling, the metric of
 * refusals, and a shared store (Redis) under its own key prefix, failing open. Each case fails when the part of the
 * limiter's configuration it names changes (npm run test:mutation).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { digestOf, KeyRing, type RateLimit } from '../../src/service/access/auth.js';
import { ERRORS } from '../../src/service/edge/errors.js';
import { ServiceMetrics } from '../../src/service/operations/metrics.js';
import { fixtureSeed, KEY, makeApp, OTHER_KEY } from './helpers.js';

const URL = '/api/v1/rails?limit=1';
const hex = (key: string) => digestOf(key).toString('hex');

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

/** An app whose keys are KEY and OTHER_KEY, with `own` limits by key and `fallback` for the others. */
async function appWith(fallback: RateLimit | null, own: Array<[string, RateLimit | null]> = [], extra: object = {}) {
  const keys = new KeyRing([digestOf(KEY), digestOf(OTHER_KEY)]);
  keys.limits = new Map(own.map(([key, limit]) => [hex(key), limit]));
  const { app } = await makeApp(await fixtureSeed(), { keys, rateLimit: { default: fallback }, ...extra });
  apps.push(app);
  return app;
}

const send = (app: FastifyInstance, authorization = `Bearer ${KEY}`) => app.inject({ method: 'GET', url: URL, headers: { authorization } });

/** The statuses of `n` requests in a row with the same header. */
async function statuses(app: FastifyInstance, n: number, authorization = `Bearer ${KEY}`): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(app, authorization)).statusCode);
  return out;
}

describe('a key over its limit', () => {
  it.each([
    ['2 in 30 seconds', { max: 2, windowMs: 30_000 }, '30'],
    ['2 a minute', { max: 2, windowMs: 60_000 }, '60'],
    ['2 an hour', { max: 2, windowMs: 3_600_000 }, '3600'],
  ])('%s: 200, 200, then 429 rate_limited with Retry-After the window and the draft RateLimit headers', async (_name, limit, seconds) => {
    const app = await appWith(limit);
    const first = await send(app);
    expect(first.statusCode).toBe(200);
    expect([first.headers['ratelimit-limit'], first.headers['ratelimit-remaining'], first.headers['ratelimit-reset']]).toEqual(['2', '1', seconds]);
    expect((await send(app)).statusCode).toBe(200);
    const refused = await send(app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: ERRORS.rate_limited.message, request_id: refused.headers['x-request-id'] },
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['retry-after']).toBe(seconds);
    expect([refused.headers['ratelimit-limit'], refused.headers['ratelimit-remaining'], refused.headers['ratelimit-reset']]).toEqual(['2', '0', seconds]);
    // The draft spec's names only: not the X-RateLimit-* ones.
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('whose limit', () => {
  it.each<[string, RateLimit | null, Array<[string, RateLimit | null]>, number, number]>([
    ['the default for every key', { max: 3, windowMs: 60_000 }, [], 3, 3],
    ["a key's own limit, the default for the other", { max: 3, windowMs: 60_000 }, [[KEY, { max: 1, windowMs: 60_000 }]], 1, 3],
    ["a key's own limit above the default", { max: 1, windowMs: 60_000 }, [[KEY, { max: 4, windowMs: 60_000 }]], 4, 1],
    ['no default (null): only the key with its own limit is limited', null, [[KEY, { max: 2, windowMs: 60_000 }]], 2, Infinity],
    ["a key's own null: unlimited, the other has the default", { max: 2, windowMs: 60_000 }, [[KEY, null]], Infinity, 2],
    ['no limit at all', null, [], Infinity, Infinity],
  ])('%s', async (_name, fallback, own, keyAllows, otherAllows) => {
    const app = await appWith(fallback, own);
    const expected = (allows: number) => Array.from({ length: 6 }, (_, i) => (i < allows ? 200 : 429));
    expect(await statuses(app, 6)).toEqual(expected(keyAllows));
    expect(await statuses(app, 6, `Bearer ${OTHER_KEY}`)).toEqual(expected(otherAllows));
  });

  it('an unlimited key gets no RateLimit headers', async () => {
    const res = await send(await appWith(null));
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });

  it("a key's own window: Retry-After is its window, not the default's", async () => {
    const app = await appWith({ max: 1, windowMs: 60_000 }, [[KEY, { max: 1, windowMs: 3_600_000 }]]);
    await send(app);
    expect((await send(app)).headers['retry-after']).toBe('3600');
  });
});

describe('what counts', () => {
  it('refused keys do not count: 401s leave the limit of a valid key whole', async () => {
    const app = await appWith({ max: 2, windowMs: 60_000 });
    for (const header of ['Bearer not-a-key-0123456789abc', 'Basic abc', '', `Bearer ${KEY}x`]) expect((await send(app, header)).statusCode).toBe(401);
    expect(await statuses(app, 3)).toEqual([200, 200, 429]);
  });

  it('a refused key is 401, not 429, when the valid key is over its limit', async () => {
    const app = await appWith({ max: 1, windowMs: 60_000 });
    await statuses(app, 2);
    expect((await send(app, 'Bearer not-a-key-0123456789abc')).statusCode).toBe(401);
  });

  it('the same key counts once whatever the spelling of its header; another key has its own count', async () => {
    const app = await appWith({ max: 2, windowMs: 60_000 });
    expect((await send(app, `Bearer ${KEY}`)).statusCode).toBe(200);
    expect((await send(app, `bearer   ${KEY}`)).statusCode).toBe(200);
    expect((await send(app, `  BEARER ${KEY}  `)).statusCode).toBe(429);
    expect((await send(app, `Bearer ${OTHER_KEY}`)).statusCode).toBe(200);
  });

  it('a route without a key is never limited, a key sent or not', async () => {
    const app = await appWith({ max: 1, windowMs: 60_000 });
    const health = [];
    for (const headers of [{}, {}, { authorization: `Bearer ${KEY}` }, { authorization: `Bearer ${KEY}` }])
      health.push((await app.inject({ url: '/healthz', headers })).statusCode);
    expect(health).toEqual([200, 200, 200, 200]);
  });

  it('every route shares the count of a key', async () => {
    const app = await appWith({ max: 2, windowMs: 60_000 });
    const auth = { authorization: `Bearer ${KEY}` };
    expect((await app.inject({ url: '/api/v1/assets', headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/countries/FR', headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/catalog', headers: auth })).statusCode).toBe(429);
  });

  it('each 429 counts in catalog_rate_limited_total', async () => {
    const metrics = new ServiceMetrics('metrics-token-0123456789abcdef', { replica: 'test' });
    const app = await appWith({ max: 1, windowMs: 60_000 }, [], { metrics });
    expect(await statuses(app, 4)).toEqual([200, 429, 429, 429]);
    expect((await metrics.rateLimited.get()).values[0].value).toBe(3);
  });
});

/**
 * A stand-in for an ioredis client, as @fastify/rate-limit's Redis store uses it: the counting script, defined once
 * and called with the key, the window and the maximum. `fail` makes every call answer an error (Redis down).
 */
function fakeRedis(fail = false) {
  const counts = new Map<string, number>();
  return {
    keys: [] as string[],
    defineCommand() {},
    rateLimit(key: string, windowMs: number, _max: number, _cont: boolean, _backoff: boolean, cb: (err: Error | null, result?: [number, number]) => void) {
      this.keys.push(key);
      if (fail) return cb(new Error('redis is down'));
      counts.set(key, (counts.get(key) ?? 0) + 1);
      cb(null, [counts.get(key)!, windowMs]);
    },
  };
}

describe('a shared store (Redis)', () => {
  it('counts under catalog-rl: and the hex SHA-256 of the key (never the key)', async () => {
    const redis = fakeRedis();
    const { app } = await makeApp(await fixtureSeed(), { rateLimit: { default: { max: 1, windowMs: 60_000 }, redis } });
    apps.push(app);
    expect(await statuses(app, 2)).toEqual([200, 429]);
    expect(redis.keys).toEqual([`catalog-rl:${hex(KEY)}`, `catalog-rl:${hex(KEY)}`]);
  });

  it('lets requests through when the store fails (fail open)', async () => {
    const redis = fakeRedis(true);
    const { app } = await makeApp(await fixtureSeed(), { rateLimit: { default: { max: 1, windowMs: 60_000 }, redis } });
    apps.push(app);
    expect(await statuses(app, 3)).toEqual([200, 200, 200]);
    expect(redis.keys).toHaveLength(3);
  });
});
