/**
 * The per-request path of cached responses is made cheap by remembering: accepted keys and the exact
 * Authorization values that carried them, parsed query strings and the list queries read from them, first-page keys,
 * the ETag of each coding, the LRU position of the newest entry. None of it may change an answer: these tables check
 * what is remembered, when it is forgotten, and that answers are the same the first time and every time after.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// Counts the digest comparisons KeyRing makes.
vi.mock('node:crypto', async (original) => (await import('../helpers/counting-crypto.js')).countingCrypto(original));
const { comparisons: calls } = await import('../helpers/counting-crypto.js');

const { checkAuthorization, digestOf, KeyRing } = await import('../../src/service/access/auth.js');
const { BoundedCache } = await import('../../src/service/representation/bounded-cache.js');
const { endpoints } = await import('../../src/service/resources/endpoints.js');
const { newRequestId } = await import('../../src/service/operations/log.js');
const { listQueryOf, parseQueryString, readListQuery } = await import('../../src/service/edge/params.js');
const { negotiate } = await import('../../src/service/representation/representation.js');
const { growSeed } = await import('../../src/service/operations/synthetic.js');
const { AUTH, fixtureSeed, KEY, makeApp, OTHER_KEY } = await import('./helpers.js');

describe('KeyRing: accepted keys are remembered, refused ones never', () => {
  it('a key accepted once is accepted again without a comparison; a refused one is compared with every key, every time', () => {
    const ring = new KeyRing([digestOf(KEY), digestOf(OTHER_KEY)]);
    calls.count = 0;
    expect(ring.verify(KEY)).toBe(true);
    expect(calls.count).toBe(2);
    expect(ring.verify(KEY)).toBe(true);
    expect(calls.count).toBe(2);
    for (let i = 0; i < 3; i++) expect(ring.verify('wrong-key-0123456789abcdef')).toBe(false);
    expect(calls.count).toBe(2 + 3 * 2);
  });

  it('replacing the keys forgets the accepted ones: a removed key is refused at once', () => {
    const ring = new KeyRing([digestOf(KEY), digestOf(OTHER_KEY)]);
    expect(ring.verify(KEY)).toBe(true);
    expect(checkAuthorization(`Bearer ${KEY}`, ring, false)).toBeNull();
    ring.replace([digestOf(OTHER_KEY)]);
    expect(ring.verify(KEY)).toBe(false);
    expect(checkAuthorization(`Bearer ${KEY}`, ring, false)).toEqual({ id: 'invalid_credential', tokenSent: true });
    expect(checkAuthorization(`Bearer ${OTHER_KEY}`, ring, false)).toBeNull();
  });

  it('holds at most one key per active digest, and a few header spellings per key', () => {
    const ring = new KeyRing([digestOf(KEY)]);
    for (let i = 0; i < 20; i++) expect(checkAuthorization(`Bearer${' '.repeat(i + 1)}${KEY}`, ring, false)).toBeNull();
    expect((ring as any).accepted.size).toBe(1);
    expect((ring as any).headers.size).toBe(4);
    // Still accepted, spelling remembered or not.
    expect(checkAuthorization(`Bearer${' '.repeat(30)}${KEY}`, ring, false)).toBeNull();
  });

  // Each row twice: the answer is the same whether the header was seen before or not.
  it.each([
    [`Bearer ${KEY}`, false, null],
    [`bearer   ${KEY}`, true, null],
    [` Bearer ${KEY} `, false, null],
    [undefined, false, 'missing_credential'],
    [undefined, true, 'key_in_query'],
    ['', true, 'key_in_query'],
    ['Bearer', false, 'missing_credential'],
    ['Bearer ', true, 'key_in_query'],
    [`Basic ${KEY}`, false, 'wrong_scheme'],
    [`Basic ${KEY}`, true, 'key_in_query'],
    ['Bearer wrong-key-0123456789abcdef', false, 'invalid_credential'],
    ['Bearer wrong-key-0123456789abcdef', true, 'invalid_credential'],
    [`Bearer ${KEY}!`, true, 'invalid_credential'],
  ] as const)('checkAuthorization(%j, key in query: %s) -> %s, the first time and after', (header, inQuery, id) => {
    const ring = new KeyRing([digestOf(KEY)]);
    for (const keyInQuery of [inQuery, () => inQuery]) {
      for (let i = 0; i < 2; i++) {
        const failure = checkAuthorization(header, ring, keyInQuery);
        expect(failure?.id ?? null).toBe(id);
      }
    }
  });

  it('the query is looked at only when the credential is refused', () => {
    const ring = new KeyRing([digestOf(KEY)]);
    const inQuery = vi.fn(() => true);
    expect(checkAuthorization(`Bearer ${KEY}`, ring, inQuery)).toBeNull();
    expect(checkAuthorization(`Bearer ${KEY}`, ring, inQuery)).toBeNull();
    expect(inQuery).not.toHaveBeenCalled();
    expect(checkAuthorization(undefined, ring, inQuery)?.id).toBe('key_in_query');
    expect(inQuery).toHaveBeenCalledTimes(1);
  });
});

describe('query strings: parsed once, shared, frozen', () => {
  it.each(['limit=50', 'country=fr&phase=live', 'a=b+c&d=%C3%A9&e', 'limit=%zz', 'x=1&&y=2&'])(
    '%j: the same frozen list each time, equal to a fresh parse',
    (text) => {
      const first = parseQueryString(text);
      const again = parseQueryString(text);
      expect(again).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      for (const p of first) expect(Object.isFrozen(p)).toBe(true);
      expect(() => (first as any).push({ name: 'x', value: 'y', malformed: false })).toThrow();
      expect(JSON.parse(JSON.stringify(first))).toEqual(JSON.parse(JSON.stringify(parseQueryString(`${text}&`).slice(0, first.length))));
    },
  );

  it('a query string longer than 512 characters is parsed anew each time (and still right)', () => {
    const text = `country=${'A'.repeat(600)}`;
    const first = parseQueryString(text);
    expect(parseQueryString(text)).not.toBe(first);
    expect(first).toEqual([{ name: 'country', value: 'A'.repeat(600), malformed: false }]);
  });

  it('at most 256 query strings are remembered: past that, they are forgotten, answers unchanged', () => {
    const kept = parseQueryString('limit=7');
    for (let i = 0; i < 300; i++) expect(parseQueryString(`limit=${i + 1000}`)[0].value).toBe(String(i + 1000));
    const again = parseQueryString('limit=7');
    expect(again).not.toBe(kept);
    expect(again).toEqual(kept);
  });

  it('listQueryOf reads a shared query once per endpoint, the same as readListQuery; errors are read anew', () => {
    const { rails, countries } = endpoints();
    const query = parseQueryString('limit=5&country=fr');
    const read = listQueryOf(rails, query);
    expect(read).toEqual(readListQuery(rails, query));
    expect(listQueryOf(rails, query)).toBe(read);
    // The same text on another endpoint: that endpoint's own reading (country is not a filter of countries).
    expect(listQueryOf(countries, query)).toEqual(readListQuery(countries, query));
    expect(listQueryOf(rails, query)).toEqual(read);
    const bad = parseQueryString('limit=x');
    expect(listQueryOf(rails, bad)).toEqual({ id: 'invalid_limit', param: 'limit' });
    expect(listQueryOf(rails, bad)).not.toBe(listQueryOf(rails, bad));
    // A list not made by parseQueryString (not frozen) is read, never remembered.
    const own = [{ name: 'limit', value: '3', malformed: false }];
    expect(listQueryOf(rails, own)).not.toBe(listQueryOf(rails, own));
  });
});

describe('BoundedCache keeps exact LRU order with the newest entry left in place', () => {
  class Value {
    constructor(public cost: number) {}
  }
  /** A plain LRU (array of keys, most recent last), the reference. */
  function reference(maxEntries: number) {
    const order: string[] = [];
    return {
      get(key: string) {
        const i = order.indexOf(key);
        if (i === -1) return false;
        order.splice(i, 1);
        order.push(key);
        return true;
      },
      set(key: string) {
        const i = order.indexOf(key);
        if (i !== -1) order.splice(i, 1);
        order.push(key);
        while (order.length > maxEntries) order.shift();
      },
      delete(key: string) {
        const i = order.indexOf(key);
        if (i !== -1) order.splice(i, 1);
      },
      order,
    };
  }

  it.each([1, 2, 3, 5, 8])('%i entries: 5,000 seeded random get/set/delete give the same hits and order as a plain LRU', (maxEntries) => {
    let seed = maxEntries * 7919;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const cache = new BoundedCache<Value>({ maxEntries });
    const ref = reference(maxEntries);
    for (let i = 0; i < 5000; i++) {
      const key = `k${Math.floor(random() * (maxEntries + 3))}`;
      const op = random();
      if (op < 0.55) expect(cache.get(key) !== undefined).toBe(ref.get(key));
      else if (op < 0.9) {
        cache.set(key, new Value(1));
        ref.set(key);
      } else {
        cache.delete(key);
        ref.delete(key);
      }
      expect([...(cache as any).entries.keys()]).toEqual(ref.order);
    }
  });
});

describe('negotiation edge cases, and the same answer the first time and every time after', () => {
  it.each([
    ['BR', 'br'],
    ['Gzip', 'gzip'],
    ['BR;Q=0, gzip', 'gzip'],
    ['br;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, gzip;q=0.6', 'gzip'],
    ['identity;q=0', 'identity'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=0, identity;q=0', 'identity'],
    // identity not named is acceptable but comes after every named coding: name it to weigh it.
    ['  gzip  ;  q=0.5 ,  br ; q=0.4 , identity ; q=0.1 ', 'gzip'],
    ['gzip;q=0.5', 'gzip'],
    ['gzip;q=0.001', 'gzip'],
    ['gzip;q=0.5, identity;q=0.6', 'identity'],
    ['gzip;q=0', 'identity'],
    ['\tbr\t', 'br'],
    ['gzip;level=1, br', 'br'],
    ['gzip;q=0.5;level=1, br;q=0.5, identity;q=0', 'br'],
    ['gzip;q=1.0001', 'identity'],
    [',,,', 'identity'],
  ])('negotiate(%j) -> %s', (header, coding) => {
    for (let i = 0; i < 3; i++) expect(negotiate(header)).toBe(coding);
  });

  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await makeApp(growSeed(await fixtureSeed(), 60)));
  });
  const decode: Record<string, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };
  const stable = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'x-request-id' && name !== 'date'));

  it.each([
    ['/api/v1/rails?limit=50', 'br', 'br', '-br'],
    ['/api/v1/rails?limit=50', 'gzip', 'gzip', '-gz'],
    ['/api/v1/rails?limit=50', 'BR;Q=0, GZIP', 'gzip', '-gz'],
    ['/api/v1/rails?limit=50', '*', 'br', '-br'],
    ['/api/v1/rails?limit=50', 'identity;q=0', undefined, ''],
    ['/api/v1/rails?limit=50', undefined, undefined, ''],
    ['/api/v1/rails?limit=50&country=fr', ' gzip ; q=0.9 , br ; q=0.8 , identity;q=0', 'gzip', '-gz'],
    ['/api/v1/countries?limit=20', 'br', 'br', '-br'],
  ])('GET %s with Accept-Encoding %j: %s, ETag suffix %j, the same headers and bytes three times, 304 for it', async (url, accept, encoding, suffix) => {
    const headers = accept === undefined ? { ...AUTH } : { ...AUTH, 'accept-encoding': accept };
    const plain = await app.inject({ url, headers: AUTH });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await app.inject({ url, headers }));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}${suffix}"`);
      expect(stable(res.headers)).toEqual(stable(answers[0].headers));
      expect(res.rawPayload.equals(answers[0].rawPayload)).toBe(true);
      expect((encoding ? decode[encoding](res.rawPayload) : res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    for (let i = 0; i < 2; i++) {
      const revalidated = await app.inject({ url, headers: { ...headers, 'if-none-match': answers[0].headers.etag as string } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers.etag).toBe(answers[0].headers.etag);
      expect(revalidated.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('a key removed by a reload of the keys is refused on its next request, though it was accepted before', async () => {
    const keys = new KeyRing([digestOf(KEY)]);
    const { app: withRing } = await makeApp(await fixtureSeed(), { keys });
    expect((await withRing.inject({ url: '/api/v1/rails', headers: AUTH })).statusCode).toBe(200);
    expect((await withRing.inject({ url: '/api/v1/rails', headers: AUTH })).statusCode).toBe(200);
    keys.replace([digestOf(OTHER_KEY)]);
    const refused = await withRing.inject({ url: '/api/v1/rails', headers: AUTH });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="catalog", error="invalid_token"');
    expect((await withRing.inject({ url: '/api/v1/rails', headers: { authorization: `Bearer ${OTHER_KEY}` } })).statusCode).toBe(200);
  });
});

describe('X-Request-Id: set first on every answer, by the first hook of each route or the not-found handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await makeApp(await fixtureSeed()));
  });
  it.each([
    ['GET', '/api/v1/rails?limit=2', AUTH, 200],
    ['HEAD', '/api/v1/rails?limit=2', AUTH, 200],
    ['GET', '/api/v1/rails', {}, 401],
    ['GET', '/api/v1/rails?limit=x', AUTH, 400],
    ['DELETE', '/api/v1/rails', AUTH, 405],
    ['DELETE', '/api/v1/rails', {}, 401],
    ['GET', '/api/v1/nothing', AUTH, 404],
    ['GET', '/nothing', {}, 404],
    ['PROPFIND', '/nothing', {}, 404],
    ['GET', '/healthz', {}, 200],
    ['PUT', '/healthz', {}, 405],
    ['GET', '/openapi.json', {}, 200],
    ['GET', '/api/v1/rails/BR-pix', AUTH, 200],
    ['GET', '/api/v1/rails/BR-pix/beneficiary-checks', AUTH, 405],
    ['POST', '/api/v1/rails/BR-pix/beneficiary-checks', { ...AUTH, 'content-type': 'text/plain' }, 415],
    ['POST', '/api/v1/rails/BR-pix/beneficiary-checks', { ...AUTH, 'content-type': 'application/json' }, 400],
  ] as const)('%s %s -> %i with X-Request-Id first', async (method, url, headers, status) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, 'x-request-id': 'req-1' },
      ...(method === 'POST' ? { payload: '{' } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-request-id']).toBe('req-1');
    expect(Object.keys(res.headers)[0]).toBe('x-request-id');
    const fresh = await app.inject({ method: method as 'GET', url, headers, ...(method === 'POST' ? { payload: '{' } : {}) });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

// Without rate limits a GET route has no hook (its handler sets X-Request-Id, then checks the key); with them, its
// onRequest hook does both (the limit's preHandler must know the key was accepted): the same answers either way.
describe.each([
  ['without rate limits (no hook on GET routes)', {}],
  ['with rate limits (the hook)', { rateLimit: { default: { max: 10_000, windowMs: 60_000 } } }],
] as const)('GET routes %s: X-Request-Id first, the key checked before the parameters', (_title, options) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await makeApp(await fixtureSeed(), options));
  });

  it.each([
    ['/api/v1/rails?limit=2', AUTH, 200, undefined],
    ['/api/v1/rails?limit=2', {}, 401, 'Bearer realm="catalog"'],
    ['/api/v1/rails?limit=2&api_key=x', {}, 401, 'Bearer realm="catalog"'],
    ['/api/v1/rails?limit=2', { authorization: 'Bearer wrong-key-0123456789abcdef' }, 401, 'Bearer realm="catalog", error="invalid_token"'],
    ['/api/v1/rails?limit=2', { authorization: `Basic ${KEY}` }, 401, 'Bearer realm="catalog"'],
    ['/api/v1/rails?limit=0', AUTH, 400, undefined],
    ['/api/v1/rails?limit=0', {}, 401, 'Bearer realm="catalog"'],
    ['/api/v1/openapi.json', {}, 401, 'Bearer realm="catalog"'],
    ['/healthz', {}, 200, undefined],
  ] as const)('GET %s %j -> %i, WWW-Authenticate %j, the error body naming the request id', async (url, headers, status, challenge) => {
    const res = await app.inject({ url, headers: { ...headers, 'x-request-id': 'req-2' } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['www-authenticate']).toBe(challenge);
    expect(Object.keys(res.headers)[0]).toBe('x-request-id');
    if (status >= 400) expect(res.json().error.request_id).toBe('req-2');
  });
});

describe('newRequestId: random UUIDs (version 4), made 256 at a time', () => {
  it.each([1, 255, 256, 257, 1000])('%i ids in a row are distinct UUIDs of version 4 and variant 10', (count) => {
    const ids = Array.from({ length: count }, () => newRequestId());
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(id.length).toBe(36);
    }
    expect(new Set(ids).size).toBe(count);
  });

  it('every hexadecimal digit is random: each position outside the version and variant takes many values', () => {
    const ids = Array.from({ length: 2048 }, () => newRequestId());
    for (let i = 0; i < 36; i++) {
      const values = new Set(ids.map((id) => id[i]));
      if ([8, 13, 18, 23].includes(i)) expect(values).toEqual(new Set(['-']));
      else if (i === 14) expect(values).toEqual(new Set(['4']));
      else if (i === 19) expect(values).toEqual(new Set(['8', '9', 'a', 'b']));
      else expect(values.size).toBe(16);
    }
  });
});
