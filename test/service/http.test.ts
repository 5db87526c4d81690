import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { endpoints } from '../../src/service/resources/endpoints.js';
import { ERRORS } from '../../src/service/edge/errors.js';
import { itemSerializers } from '../../src/service/representation/snapshot.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { AUTH, fixtureSeed, get, makeApp } from './helpers.js';

const Ajv2020 = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as any).default ?? addFormatsModule;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let seed: Seed;
let app: FastifyInstance;
beforeAll(async () => {
  seed = growSeed(await fixtureSeed(), 60);
  ({ app } = await makeApp(seed));
});

describe('caching', () => {
  it('a 200 has Cache-Control: private and an ETag made of the snapshot version and the query', async () => {
    const res = await get(app, '/api/v1/rails?limit=5');
    expect(res.headers['cache-control']).toBe('private');
    expect(res.headers.etag).toMatch(new RegExp(`^"${seed.meta.version}-[A-Za-z0-9_-]{16}"$`));
    expect(res.headers['catalog-version']).toBe(seed.meta.version);
  });

  it('the ETag changes with the query and stays with the same normalised query', async () => {
    const tags = new Set<string>();
    for (const url of [
      '/api/v1/rails',
      '/api/v1/rails?limit=5',
      '/api/v1/rails?limit=6',
      '/api/v1/rails?country=FR',
      '/api/v1/rails?phase=live',
      '/api/v1/assets',
      '/api/v1/countries',
    ]) {
      tags.add((await get(app, url)).headers.etag as string);
    }
    expect(tags.size).toBe(7);
    const a = await get(app, '/api/v1/rails?country=fr&phase=live&limit=2');
    const b = await get(app, '/api/v1/rails?phase=live&limit=02&country=FR');
    expect(a.headers.etag).toBe(b.headers.etag);
    expect((await get(app, '/api/v1/rails?limit=50')).headers.etag).toBe((await get(app, '/api/v1/rails')).headers.etag);
    const cursor = a.json().next_cursor;
    expect((await get(app, `/api/v1/rails?country=FR&phase=live&limit=2&cursor=${cursor}`)).headers.etag).not.toBe(a.headers.etag);
  });

  it.each([(tag: string) => tag, (tag: string) => `W/${tag}`, (tag: string) => `"other", ${tag}`, () => '*'])(
    'If-None-Match (%#) gives 304 without a body',
    async (header) => {
      const first = await get(app, '/api/v1/assets?limit=2');
      const res = await get(app, '/api/v1/assets?limit=2', { 'if-none-match': header(first.headers.etag as string) });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.headers['cache-control']).toBe('private');
    },
  );

  it('If-None-Match with another ETag gives 200; without a key, 401', async () => {
    const first = await get(app, '/api/v1/assets?limit=2');
    expect((await get(app, '/api/v1/assets?limit=3', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(200);
    const anonymous = await app.inject({ url: '/api/v1/assets?limit=2', headers: { 'if-none-match': first.headers.etag as string } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('errors carry Cache-Control: no-store and no ETag', async () => {
    for (const [url, status] of [
      ['/api/v1/rails?limit=0', 400],
      ['/api/v1/nothing', 404],
    ] as const) {
      const res = await get(app, url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });
});

describe('HEAD', () => {
  it.each(['/api/v1/rails?limit=3', '/api/v1/assets', '/api/v1/countries?status=open', '/api/v1/openapi.json', '/healthz'])(
    'HEAD %s has the headers of GET and no body',
    async (url) => {
      const full = await get(app, url);
      const head = await app.inject({ method: 'HEAD', url, headers: AUTH });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(full.body)));
      for (const name of ['etag', 'cache-control', 'content-type', 'catalog-version']) expect(head.headers[name]).toBe(full.headers[name]);
    },
  );

  it('HEAD checks auth and parameters like GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/api/v1/rails' })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'HEAD', url: '/api/v1/rails?limit=x', headers: AUTH });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('');
  });
});

describe('other requests', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('%s on an endpoint is 405 with Allow: GET, HEAD', async (method) => {
    const res = await app.inject({ method, url: '/api/v1/rails', headers: { ...AUTH, 'content-type': 'application/json' }, payload: '{"not": json' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json().error.code).toBe('method_not_allowed');
  });

  it.each(['/', '/api', '/api/v1', '/api/v1/rails/', '/api/v2/rails', '/api/v1/rails/BR-pix/fields', '/API/V1/RAILS'])('%s is 404 not_found', async (url) => {
    const res = await get(app, url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: ERRORS.not_found.message, request_id: res.headers['x-request-id'] } });
  });

  // A broken percent-encoding in the path is read with its "%" taken literally: the request reaches its route, whose
  // answers come in their order (key first), with the rules of every answer; never the router's own early 400.
  it.each([
    ['/api/v1/%E0%A4%A', AUTH, 404, 'not_found', undefined],
    ['/api/v1/rails/%zz', {}, 401, 'unauthorized', undefined],
    ['/api/v1/rails/%zz', AUTH, 400, 'invalid_request', 'id'],
    ['/api/v1/countries/%E0%A4%A', {}, 401, 'unauthorized', undefined],
    ['/api/v1/countries/%E0%A4%A', AUTH, 400, 'invalid_request', 'code'],
    ['/api/v1/rails/%zz?limit=%zz', AUTH, 400, 'invalid_request', 'limit'],
    ['/api/v1/rails%zz', AUTH, 404, 'not_found', undefined],
    [`/api/v1/rails/${'A'.repeat(300)}`, {}, 401, 'unauthorized', undefined],
    [`/api/v1/rails/${'A'.repeat(300)}`, AUTH, 400, 'invalid_request', 'id'],
  ] as const)('GET %s (%o) is %i %s, with X-Request-Id and Cache-Control: no-store', async (url, headers, status, code, param) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.param).toBe(param);
    expect(res.headers['x-request-id']).toBe(res.json().error.request_id);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a body on a GET is ignored', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/countries?limit=1',
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: '{"x":',
    });
    expect(res.statusCode).toBe(200);
  });

  it('/healthz answers the seed version without auth, never cached', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: seed.meta.version });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('responses hold exactly the seed fields', () => {
  it.each(['rails', 'assets', 'countries'] as const)('%s: every item equals its seed entry', async (name) => {
    const res = await get(app, `/api/v1/${name}?limit=100`);
    const data = res.json().data;
    expect(data).toEqual((seed[name] as any[]).slice(0, 100));
    // Same bytes as the seed's own serialization: same properties in the same order.
    expect(data.map((item: unknown) => JSON.stringify(item))).toEqual((seed[name] as any[]).slice(0, 100).map((item) => JSON.stringify(item)));
  });

  it('the serializers drop what the schema does not describe', () => {
    const rail = { ...seed.rails[0], internalNote: 'do not publish', fields: [{ ...seed.rails[0].fields[0], examples: ['x'], counterexamples: ['y'] }] };
    const json = itemSerializers().rail(rail);
    expect(json).not.toContain('internalNote');
    expect(json).not.toContain('counterexamples');
    expect(JSON.parse(json)).toEqual({ ...seed.rails[0], fields: [seed.rails[0].fields[0]] });
    const country = itemSerializers().country({ ...seed.countries[0], population: 1 });
    expect(JSON.parse(country)).toEqual(seed.countries[0]);
  });
});

describe('OpenAPI document', () => {
  let doc: any;
  let ajv: any;
  beforeAll(async () => {
    const res = await get(app, '/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
  });

  const pointer = (...segments: string[]) => `openapi.json#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  function validatorAt(...segments: string[]) {
    return ajv.compile({ $ref: pointer(...segments) });
  }

  it('needs the API key, has an ETag and answers 304', async () => {
    expect((await app.inject({ url: '/api/v1/openapi.json' })).statusCode).toBe(401);
    const res = await get(app, '/api/v1/openapi.json');
    expect(res.headers['cache-control']).toBe('private');
    expect((await get(app, '/api/v1/openapi.json', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });

  it('is OpenAPI 3.1 and describes every endpoint with its parameters, read from the seed schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const endpoint of Object.values(endpoints())) {
      const op = doc.paths[endpoint.path].get;
      const names = op.parameters.map((p: any) => p.name ?? p.$ref.split('/').pop());
      expect(names).toEqual([...endpoint.filters.map((f) => f.name), 'limit', 'cursor']);
      for (const f of endpoint.filters) if (f.kind === 'enum') expect(op.parameters.find((p: any) => p.name === f.name).schema.enum).toEqual(f.allowed);
    }
    expect(doc.components.schemas.rail.properties.kind.enum).toContain('instant_bank');
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/healthz'].get.security).toEqual([]);
  });

  it.each([
    ['/api/v1/rails', '/api/v1/rails?limit=100'],
    ['/api/v1/rails', '/api/v1/rails?country=FR&limit=2'],
    ['/api/v1/rails', '/api/v1/rails?country=AQ'],
    ['/api/v1/assets', '/api/v1/assets'],
    ['/api/v1/countries', '/api/v1/countries?limit=100'],
    ['/api/v1/countries', '/api/v1/countries?status=restricted'],
  ])('real %s responses validate against the document (%s)', async (path, url) => {
    const validate = validatorAt('paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema');
    const body = (await get(app, url)).json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // The document is strict: an extra property or a missing one is refused.
    if (body.data.length) {
      expect(validate({ ...body, data: [{ ...body.data[0], extra: 1 }] })).toBe(false);
      const { name: _name, ...withoutName } = body.data[0];
      expect(validate({ ...body, data: [withoutName] })).toBe(false);
    }
    expect(validate({ data: [], next_cursor: null, more: true })).toBe(false);
  });

  it('real error and health responses validate against the document', async () => {
    const cases: Array<[string, string, Record<string, string>]> = [
      ['400', '/api/v1/rails?limit=0', AUTH],
      ['400', '/api/v1/rails?cursor=x', AUTH],
      ['401', '/api/v1/rails', {}],
      ['401', '/api/v1/assets', { authorization: 'Bearer wrong-key-0123456789' }],
    ];
    for (const [status, url, headers] of cases) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode).toBe(Number(status));
      // A shared error answer is a reference to a component response.
      const answer = doc.paths[new URL(url, 'http://x').pathname].get.responses[status];
      const at = answer.$ref ? answer.$ref.slice(2).split('/') : ['paths', new URL(url, 'http://x').pathname, 'get', 'responses', status];
      const validate = validatorAt(...at, 'content', 'application/json', 'schema');
      expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    }
    const health = validatorAt('paths', '/healthz', 'get', 'responses', '200', 'content', 'application/json', 'schema');
    expect(health((await app.inject({ url: '/healthz' })).json())).toBe(true);
  });
});

describe('the error table', () => {
  /** Rows of the error table in a markdown file: | `id` | status | `code` | when | message |. */
  function rows(file: string): Map<string, string[]> {
    const text = readFileSync(file, 'utf8');
    const found = new Map<string, string[]>();
    for (const line of text.split('\n')) {
      const m = /^\| `([a-z_]+)` \| (\d{3}) \| `([a-z_]+)` \| (.*) \| (.*) \|$/.exec(line);
      if (m) found.set(m[1], [m[2], m[3], m[4], m[5].replace(/^`|`$/g, '')]);
    }
    return found;
  }

  const readmes = [path.join(ROOT, 'docs/service.md')];

  it.each(readmes)('%s documents every error exactly as src/service/errors.ts has it', (file) => {
    const documented = rows(file);
    expect([...documented.keys()].sort()).toEqual(Object.keys(ERRORS).sort());
    for (const [id, def] of Object.entries(ERRORS)) expect(documented.get(id), id).toEqual([String(def.status), def.code, def.when, def.message]);
  });
});
