import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { buildApp } from '../../src/service/app.js';
import { checkAuthorization, digestOf, KeyConfigError, KeyRing, keysFromFileText, keysFromList } from '../../src/service/access/auth.js';
import { ERRORS } from '../../src/service/edge/errors.js';
import { snapshotOf } from '../../src/service/representation/snapshot.js';
import { SnapshotStore } from '../../src/service/operations/store.js';
import { fixtureSeed, KEY, makeApp, OTHER_KEY, SECRET } from './helpers.js';

const REALM = 'Bearer realm="catalog"';
const INVALID_TOKEN = 'Bearer realm="catalog", error="invalid_token"';
const offByOne = KEY.slice(0, -1) + (KEY.endsWith('f') ? 'e' : 'f');

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await makeApp(await fixtureSeed()));
});

describe('Authorization header shapes', () => {
  // [case, header (undefined: none), expected status, expected error id, expected WWW-Authenticate]
  const cases: Array<[string, string | undefined, number, keyof typeof ERRORS | null, string | null]> = [
    ['no header', undefined, 401, 'missing_credential', REALM],
    ['empty header', '', 401, 'missing_credential', REALM],
    ['Bearer alone', 'Bearer', 401, 'missing_credential', REALM],
    ['empty Bearer (trailing space)', 'Bearer ', 401, 'missing_credential', REALM],
    ['Basic credentials', 'Basic dXNlcjpwYXNzd29yZA==', 401, 'wrong_scheme', REALM],
    ['Basic with the key', `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`, 401, 'wrong_scheme', REALM],
    ['the key without a scheme', KEY, 401, 'wrong_scheme', REALM],
    ['Token scheme', `Token ${KEY}`, 401, 'wrong_scheme', REALM],
    ['tab instead of a space', `Bearer\t${KEY}`, 401, 'wrong_scheme', REALM],
    ['valid key', `Bearer ${KEY}`, 200, null, null],
    ['second active key', `Bearer ${OTHER_KEY}`, 200, null, null],
    ['two spaces (RFC 6750 1*SP)', `Bearer  ${KEY}`, 200, null, null],
    ['scheme in lowercase', `bearer ${KEY}`, 200, null, null],
    ['scheme in uppercase', `BEARER ${KEY}`, 200, null, null],
    ['surrounding white space', `  Bearer ${KEY}  `, 200, null, null],
    ['key one character off', `Bearer ${offByOne}`, 401, 'invalid_credential', INVALID_TOKEN],
    ['key missing its last character', `Bearer ${KEY.slice(0, -1)}`, 401, 'invalid_credential', INVALID_TOKEN],
    ['key with one more character', `Bearer ${KEY}x`, 401, 'invalid_credential', INVALID_TOKEN],
    ['key in another case', `Bearer ${KEY.toUpperCase()}`, 401, 'invalid_credential', INVALID_TOKEN],
    ['two tokens', `Bearer ${KEY} ${KEY}`, 401, 'invalid_credential', INVALID_TOKEN],
    ['a 10 KB key', `Bearer ${'k'.repeat(10 * 1024)}`, 401, 'invalid_credential', INVALID_TOKEN],
    ['a 10 KB key starting with the key', `Bearer ${KEY}${'k'.repeat(10 * 1024)}`, 401, 'invalid_credential', INVALID_TOKEN],
    ['a token with a quote', 'Bearer "abc"', 401, 'invalid_credential', INVALID_TOKEN],
    ['the SHA-256 of the key', `Bearer ${createHash('sha256').update(KEY).digest('hex')}`, 401, 'invalid_credential', INVALID_TOKEN],
    ['sha256: form of the key', `Bearer sha256:${createHash('sha256').update(KEY).digest('hex')}`, 401, 'invalid_credential', INVALID_TOKEN],
  ];

  it.each(cases)('%s', async (_name, header, status, errorId, challenge) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/rails?limit=1', headers: header === undefined ? {} : { authorization: header } });
    expect(res.statusCode).toBe(status);
    if (errorId === null) {
      expect(res.headers['www-authenticate']).toBeUndefined();
      return;
    }
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: ERRORS[errorId].message, request_id: res.headers['x-request-id'] } });
    expect(res.headers['www-authenticate']).toBe(challenge);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('keys in the query string', () => {
  it.each(['api_key', 'access_token', 'key', 'token', 'apikey', 'API_KEY'])('?%s=<key> is not a credential (401, no invalid_token)', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/rails?${name}=${KEY}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(ERRORS.key_in_query.message);
    expect(res.headers['www-authenticate']).toBe(REALM);
  });

  it('a key in the query with a valid header is an unknown parameter', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/rails?api_key=${KEY}`, headers: { authorization: `Bearer ${KEY}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', param: 'api_key' });
    expect(res.body).not.toContain(KEY);
  });

  it('a key in the query and a wrong header is still 401', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/rails?access_token=${KEY}`, headers: { authorization: `Bearer ${offByOne}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('auth comes first', () => {
  it.each([
    '/api/v1/rails?limit=abc',
    '/api/v1/rails?foo=1',
    '/api/v1/rails?cursor=garbage',
    '/api/v1/assets?network=nope',
    '/api/v1/countries?status=closed&status=open',
    '/api/v1/openapi.json',
  ])('%s without a valid key is 401, not 400', async (url) => {
    for (const headers of [{}, { authorization: `Bearer ${offByOne}` }]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('write methods without a key are 401, with a key 405', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/rails' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/rails', headers: { authorization: `Bearer ${KEY}` } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('/healthz needs no key', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('checkAuthorization', () => {
  const ring = new KeyRing([digestOf(KEY)]);
  it('accepts only the Bearer scheme with an active key', () => {
    expect(checkAuthorization(`Bearer ${KEY}`, ring, false)).toBeNull();
    expect(checkAuthorization(`Bearer ${KEY}`, new KeyRing([]), false)).toEqual({ id: 'invalid_credential', tokenSent: true });
    expect(checkAuthorization(undefined, ring, true)).toEqual({ id: 'key_in_query', tokenSent: false });
  });
});

describe('key configuration', () => {
  it('reads CATALOG_API_KEYS, comma-separated, trimmed', () => {
    const digests = keysFromList(` ${KEY} , ${OTHER_KEY}`);
    expect(digests).toEqual([digestOf(KEY), digestOf(OTHER_KEY)]);
    expect(keysFromList(undefined)).toEqual([]);
    expect(keysFromList('  ')).toEqual([]);
  });

  it.each([
    [`${KEY},,${OTHER_KEY}`, /key 2 is empty/],
    ['short', /at least 16 characters/],
    ['a key with spaces in it!!', /may only hold/],
  ])('refuses CATALOG_API_KEYS=%j', (list, message) => {
    expect(() => keysFromList(list)).toThrow(KeyConfigError);
    expect(() => keysFromList(list)).toThrow(message);
  });

  it('reads a keys file: raw keys, sha256:<hex>, comments and blank lines', () => {
    const hex = createHash('sha256').update(OTHER_KEY).digest('hex');
    const digests = keysFromFileText(`# production keys\n\n${KEY}\r\nSHA256:${hex.toUpperCase()}\n   \n`, 'keys.txt');
    const ring = new KeyRing(digests);
    expect(ring.size).toBe(2);
    expect(ring.verify(KEY)).toBe(true);
    expect(ring.verify(OTHER_KEY)).toBe(true);
    expect(ring.verify(`sha256:${hex}`)).toBe(false);
  });

  it('says which line of the keys file is wrong, never the key', () => {
    const secret = 'this-is-a-secret key';
    const attempt = () => keysFromFileText(`${KEY}\n${secret}\n`, 'keys.txt');
    expect(attempt).toThrow(/keys.txt line 2/);
    try {
      attempt();
    } catch (err) {
      expect((err as Error).message).not.toContain(secret);
    }
    expect(() => keysFromFileText('sha256:abc\n', 'keys.txt')).toThrow(/line 1: sha256: must be followed by 64 hexadecimal digits/);
  });

  it('replacing the keys takes effect at once (SIGHUP re-reads the keys file)', async () => {
    const keys = new KeyRing([digestOf(KEY)]);
    const store = new SnapshotStore(snapshotOf(await fixtureSeed()));
    const local = await buildApp(store, { keys, cursorSecret: SECRET, logger: false });
    const call = (key: string) => local.inject({ url: '/api/v1/countries?limit=1', headers: { authorization: `Bearer ${key}` } });
    expect((await call(KEY)).statusCode).toBe(200);
    keys.replace([digestOf(OTHER_KEY)]);
    expect((await call(KEY)).statusCode).toBe(401);
    expect((await call(OTHER_KEY)).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never hold a key, the Authorization header or query values; one JSON line per request with its id', async () => {
    const lines: string[] = [];
    const { app: logged } = await makeApp(await fixtureSeed(), { logger: { stream: { write: (l: string) => lines.push(l) } } });
    const secretValue = 'Zq9secretvalue';
    await logged.inject({ url: `/api/v1/rails?limit=1`, headers: { authorization: `Bearer ${KEY}`, 'x-request-id': 'req-abc.1' } });
    await logged.inject({ url: `/api/v1/rails?api_key=${KEY}` });
    await logged.inject({ url: `/api/v1/rails?token=${KEY}`, headers: { authorization: `Bearer ${KEY}` } });
    await logged.inject({ url: `/api/v1/rails?country=${secretValue}`, headers: { authorization: `Bearer ${KEY}` } });
    await logged.inject({ url: `/api/v1/rails`, headers: { authorization: `Bearer ${offByOne}` } });
    await logged.inject({ url: `/api/v1/${KEY}`, headers: { authorization: `Basic ${KEY}` } });
    const text = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const needle of [KEY, offByOne, 'Bearer', 'authorization', secretValue]) expect(text).not.toContain(needle);
    const parsed = lines.map((l) => JSON.parse(l));
    const requests = parsed.filter((l) => l.msg === 'request completed');
    expect(requests).toHaveLength(6);
    for (const r of requests) expect(typeof r.reqId).toBe('string');
    expect(requests[0]).toMatchObject({ reqId: 'req-abc.1', req: { method: 'GET', path: '/api/v1/rails', params: ['limit'] }, res: { statusCode: 200 } });
    expect(requests[1]).toMatchObject({ req: { params: ['api_key'] }, res: { statusCode: 401 }, error: 'key_in_query' });
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const ok = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b\u00e9'.repeat(30) } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
