/** The client developer's endpoints: items by id, beneficiary checks, the whole catalog, the changes feed, public docs. */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import type { Catalog } from '../../src/model/catalog.js';
import { buildSeed } from '../../src/seed/build.js';
import { snapshotOf } from '../../src/service/representation/snapshot.js';
import { AUTH, fixtureCatalog, fixtureSeed, get, makeApp, walk } from './helpers.js';

let seed: Seed;
let app: FastifyInstance;
let logs: string[];
beforeAll(async () => {
  seed = await fixtureSeed();
  logs = [];
  ({ app } = await makeApp(seed, { logger: { stream: { write: (line: string) => logs.push(line) } } }));
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...AUTH, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('one item by id', () => {
  it.each([
    ['/api/v1/rails/', 'rails', 'id'],
    ['/api/v1/assets/', 'assets', 'id'],
    ['/api/v1/countries/', 'countries', 'code'],
  ] as const)('%s{key} answers the same JSON as the list, for every item, closed and refused ones included', async (prefix, name, key) => {
    const pages = await walk(app, `/api/v1/${name}`);
    const items = pages.flatMap((p) => p.data);
    expect(items.some((i) => i.phase === 'never' || i.status === 'restricted')).toBe(true);
    for (const item of items) {
      const res = await get(app, prefix + item[key]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(item);
      expect(res.headers['catalog-version']).toBe(seed.meta.version);
    }
  });

  it("an id as long as the seed's allows is served, and checked: the routes take the seed schema's ids", async () => {
    const long = `BR-${'a'.repeat(70)}`;
    const withLong = (c: Catalog): Catalog => {
      const pix = c.rails.find((r) => r.data.id === 'BR-pix')!;
      return { ...c, rails: [...c.rails, { ...pix, data: { ...pix.data, id: long, slug: 'long' } }] };
    };
    const { app: local } = await makeApp(await fixtureSeed(withLong));
    expect((await get(local, `/api/v1/rails/${long}`)).json().id).toBe(long);
    const check = await local.inject({
      method: 'POST',
      url: `/api/v1/rails/${long}/beneficiary-checks`,
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: '{"values":{}}',
    });
    expect([check.statusCode, check.json().error?.code]).toEqual([200, undefined]);
    await local.close();
  });

  it('ETag and 304, auth first', async () => {
    const res = await get(app, '/api/v1/rails/BR-pix');
    expect(res.headers.etag).toMatch(new RegExp(`^"${seed.meta.version}-`));
    const again = await get(app, '/api/v1/rails/BR-pix', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/api/v1/rails/BR-pix' })).statusCode).toBe(401);
    expect((await get(app, '/api/v1/rails/BR-ted')).headers.etag).not.toBe(res.headers.etag);
  });

  it.each([
    ['/api/v1/rails/XX-nope', 404, 'not_found', 'id'],
    ['/api/v1/assets/nope', 404, 'not_found', 'id'],
    ['/api/v1/countries/ZZ', 404, 'not_found', 'code'],
    ['/api/v1/rails/br-pix', 400, 'invalid_request', 'id'],
    ['/api/v1/rails/BR-Pix', 400, 'invalid_request', 'id'],
    ['/api/v1/assets/USDC', 400, 'invalid_request', 'id'],
    ['/api/v1/countries/FRA', 400, 'invalid_request', 'code'],
    ['/api/v1/countries/%C3%A9%C3%A9', 400, 'invalid_request', 'code'],
    ['/api/v1/rails/BR-pix?limit=1', 400, 'invalid_request', 'limit'],
  ])('%s is %i %s (param %s)', async (url, status, code, param) => {
    const res = await get(app, url);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatchObject({ code, param });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a country code in lowercase is the same country', async () => {
    expect((await get(app, '/api/v1/countries/br')).json()).toEqual((await get(app, '/api/v1/countries/BR')).json());
  });

  it('other methods are 405 with Allow: GET, HEAD', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/rails/BR-pix', headers: AUTH });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('POST /api/v1/rails/{id}/beneficiary-checks', () => {
  const URL = '/api/v1/rails/BR-pix/beneficiary-checks';

  it('a valid beneficiary: valid, normalized values, no error, no-store', async () => {
    const res = await post(URL, { values: { pixKey: '+5511987654321' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ valid: true, normalized: { pixKey: '+5511987654321' }, errors: [] });
  });

  it('refused values: codes, French and English messages, the help, unknown fields', async () => {
    const res = await post(URL, { values: { pixKey: 'not a key!', pixkey: 'x' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.valid).toBe(false);
    expect(body.errors.map((e: any) => [e.field, e.code])).toEqual([
      ['pixKey', 'pattern'],
      ['pixkey', 'unknown_field'],
    ]);
    expect(body.errors[0].message.fr).toMatch(/format inattendu/);
    expect(body.errors[0].message.en).toMatch(/not in the expected format/);
    expect(body.errors[0].help).toEqual({ fr: 'Clé Pix du bénéficiaire', en: "The beneficiary's Pix key" });
    expect(body.errors[1].message.en).toMatch(/did you mean "pixKey"/i);
    expect((await post(URL, { values: {} })).json().errors).toMatchObject([{ field: 'pixKey', code: 'required' }]);
  });

  it.each([
    ['not JSON', 'abc', {}, 400, 'invalid_request'],
    ['an empty body', '', {}, 400, 'invalid_request'],
    ['a list', '[]', {}, 400, 'invalid_request'],
    ['another member', { values: {}, extra: 1 }, {}, 400, 'invalid_request'],
    ['values missing', {}, {}, 400, 'invalid_request'],
    ['values a list', { values: ['a'] }, {}, 400, 'invalid_request'],
    ['text/plain', '{"values":{}}', { 'content-type': 'text/plain' }, 415, 'unsupported_media_type'],
    ['form data', 'values=1', { 'content-type': 'application/x-www-form-urlencoded' }, 415, 'unsupported_media_type'],
    ['17 KB', { values: { pixKey: 'x'.repeat(17 * 1024) } }, {}, 413, 'payload_too_large'],
    ['charset utf-16', '{"values":{}}', { 'content-type': 'application/json; charset=utf-16' }, 415, 'unsupported_media_type', /not charset="utf-16"/],
    ['charset latin1, quoted', '{"values":{}}', { 'content-type': 'application/json;charset="ISO-8859-1"' }, 415, 'unsupported_media_type', /UTF-8/],
    ['__proto__ in values', '{"values":{"__proto__":"x"}}', {}, 400, 'invalid_request', /"__proto__".*is refused.*remove it/],
    ['__proto__ deep in a list', '{"values":{"a":[1,{"b":{"__proto__":{}}}]}}', {}, 400, 'invalid_request', /"__proto__".*is refused/],
    ['constructor.prototype', '{"values":{"constructor":{"prototype":{}}}}', {}, 400, 'invalid_request', /"__proto__".*is refused/],
  ] as const)('%s: %i %s', async (_what, payload, headers, status, code, message?: RegExp) => {
    const res = await post(URL, payload, headers as Record<string, string>);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toMatch(message);
    if (message) expect(res.json().error.message).not.toMatch(/not valid JSON/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a body nested 8,000 deep is looked through for such keys without overflowing', async () => {
    const res = await post(URL, `{"values":{"a":${'['.repeat(8000)}{"__proto__":1}${']'.repeat(8000)}}}`);
    expect(res.json().error.message).toMatch(/"__proto__".*is refused/);
  });

  it.each(['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json;CHARSET=utf-8', 'application/json'])(
    '%s is read',
    async (type) => {
      expect((await post(URL, { values: {} }, { 'content-type': type })).statusCode).toBe(200);
    },
  );

  it('a body just under 16 KB is checked', async () => {
    const res = await post(URL, { values: { pixKey: 'x'.repeat(15 * 1024) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors[0].code).toBe('max_length');
  });

  it('a closed rail is 409 rail_closed; an unknown rail 404; a malformed id 400; auth first', async () => {
    expect((await post('/api/v1/rails/BR-doc/beneficiary-checks', { values: {} })).json().error.code).toBe('rail_closed');
    expect((await post('/api/v1/rails/BR-doc/beneficiary-checks', { values: {} })).statusCode).toBe(409);
    expect((await post('/api/v1/rails/XX-nope/beneficiary-checks', { values: {} })).statusCode).toBe(404);
    expect((await post('/api/v1/rails/nope/beneficiary-checks', { values: {} })).statusCode).toBe(400);
    expect((await post(URL, 'abc', { authorization: 'Bearer wrong-key-0123456789' })).statusCode).toBe(401);
  });

  it('GET is 405 with Allow: POST', async () => {
    const res = await get(app, URL);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('values are never logged, valid or not, parsed or not', async () => {
    const secret = 'SECRETVALUE4242';
    await post(URL, { values: { pixKey: secret } });
    await post(URL, `{"values":{"pixKey":"${secret}"`);
    await post(URL, { values: { [secret]: secret } });
    await post(URL, { [secret]: 1 });
    expect(logs.length).toBeGreaterThan(3);
    expect(logs.join('\n')).not.toContain(secret);
  });
});

describe('GET /api/v1/catalog', () => {
  it('the whole catalog with the seed version; strong ETag = the version; 304', async () => {
    const res = await get(app, '/api/v1/catalog');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${seed.meta.version}"`);
    const body = res.json();
    expect(body).toEqual(JSON.parse(JSON.stringify({ meta: seed.meta, rails: seed.rails, assets: seed.assets, countries: seed.countries })));
    const again = await get(app, '/api/v1/catalog', { 'if-none-match': `"${seed.meta.version}"` });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['gzip', (b: Buffer) => gunzipSync(b)],
    ['br', (b: Buffer) => brotliDecompressSync(b)],
  ] as const)('compressed with %s when accepted, and smaller', async (coding, decode) => {
    const plain = await get(app, '/api/v1/catalog');
    const res = await get(app, '/api/v1/catalog', { 'accept-encoding': coding });
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toBe(`"${seed.meta.version}-${coding === 'gzip' ? 'gz' : 'br'}"`);
    expect((await get(app, '/api/v1/catalog', { 'accept-encoding': coding, 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('GET /api/v1/changes', () => {
  function change(c: Catalog): Catalog {
    const rails = c.rails.map((r) => {
      if (r.data.id === 'BR-pix') return { ...r, data: { ...r.data, limits: { ...r.data.limits, maxMinor: 1000 } } };
      if (r.data.id === 'BR-ted') return { ...r, data: { ...r.data, phase: 'never', reason: 'scheme_retired' } };
      if (r.data.id === 'US-rtp') return { ...r, data: { ...r.data, phase: 'live' } };
      return r;
    });
    const extra = { ...c.rails[0], data: { ...c.rails[0].data, id: 'BR-new', slug: 'new' } };
    return { ...c, rails: [...rails, extra] as Catalog['rails'] };
  }

  it('entry by entry, classified as catalog diff classifies them; paginated; unknown version 410', async () => {
    const { app: a, store } = await makeApp(seed);
    const next = buildSeed(change(await fixtureCatalog()));
    store.replace(snapshotOf(next));
    const pages = await walk(a, `/api/v1/changes?since=${seed.meta.version}`, [1]);
    const entries = pages.flatMap((p) => p.data);
    expect(pages.length).toBe(entries.length);
    const byId = Object.fromEntries(entries.map((e: any) => [e.id, e]));
    expect(Object.keys(byId).sort()).toEqual(['BR-new', 'BR-pix', 'BR-ted', 'US-rtp', 'BR'].sort());
    expect(byId['BR-new']).toMatchObject({ catalog: 'rails', change: 'added', breaking: false });
    expect(byId['BR-pix']).toMatchObject({
      change: 'changed',
      breaking: true,
      closed: false,
      changes: [{ pointer: '/limits/maxMinor', before: 100000000, after: 1000 }],
    });
    expect(byId['BR-ted']).toMatchObject({ breaking: true, closed: true, transition: { property: 'phase', from: 'beta', to: 'never' } });
    expect(byId['US-rtp']).toMatchObject({ breaking: false, closed: false, transition: { property: 'phase', from: 'beta', to: 'live' } });
    expect(byId.BR).toMatchObject({ catalog: 'countries', change: 'changed', breaking: false });
    const res = await get(a, `/api/v1/changes?since=${next.meta.version}`);
    expect(res.json()).toEqual({ data: [], next_cursor: null });
    const gone = await get(a, '/api/v1/changes?since=0123456789abcdef');
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toMatch(/full refresh with GET \/api\/v1\/catalog/);
  });

  it('a run finishes on the version it started on, even after a reload', async () => {
    const { app: a, store } = await makeApp(seed);
    const mid = buildSeed(change(await fixtureCatalog()));
    store.replace(snapshotOf(mid));
    const first = (await get(a, `/api/v1/changes?since=${seed.meta.version}&limit=2`)).json();
    store.replace(snapshotOf(buildSeed(withMoreRails(change(await fixtureCatalog())))));
    const rest = await walk(a, `/api/v1/changes?since=${seed.meta.version}&cursor=${first.next_cursor}`);
    const ids = [...first.data, ...rest.flatMap((p) => p.data)].map((e: any) => e.id);
    expect(ids).not.toContain('ZZ-later');
    expect(ids).toHaveLength(5);
    const fresh = await walk(a, `/api/v1/changes?since=${seed.meta.version}`);
    expect(fresh.flatMap((p) => p.data).map((e: any) => e.id)).toContain('ZZ-later');
  });

  it.each([
    ['', 400, 'since'],
    ['?since=abc', 400, 'since'],
    ['?since=0123456789ABCDEF', 400, 'since'],
    ['?since=0123456789abcdef&since=0123456789abcdef', 400, 'since'],
    ['?since=0123456789abcdef&country=FR', 400, 'country'],
    ['?since=0123456789abcdef&cursor=garbage', 400, 'cursor'],
  ])('%s is %i (param %s)', async (query, status, param) => {
    const res = await get(app, `/api/v1/changes${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.param).toBe(param);
  });
});

function withMoreRails(c: Catalog): Catalog {
  const extra = { ...c.rails[0], data: { ...c.rails[0].data, id: 'ZZ-later', slug: 'later', countries: ['ZZ'] } };
  return { ...c, rails: [...c.rails, extra] as Catalog['rails'] };
}

describe('public documentation', () => {
  it('/openapi.json and /docs need no key; /api/v1/openapi.json still does', async () => {
    const doc = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toEqual((await get(app, '/api/v1/openapi.json')).json());
    expect((await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(401);
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    // Every script and style the page loads comes from the service itself.
    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(1);
    for (const ref of refs) {
      expect(ref.startsWith('/')).toBe(true);
      const asset = await app.inject({ method: 'GET', url: ref });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).not.toMatch(/validator\.swagger\.io\/validator"?\s*\)/);
    }
    const init = await app.inject({ method: 'GET', url: '/docs/init.js' });
    expect(init.body).toContain("url: '/openapi.json'");
    expect(init.body).toContain('validatorUrl: null');
  });

  it('data paths still need the key', async () => {
    for (const url of ['/api/v1/catalog', '/api/v1/changes?since=0123456789abcdef', '/api/v1/countries/BR'])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
