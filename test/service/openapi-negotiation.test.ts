/**
 * The OpenAPI document describes what every route does alike: Accept-Encoding (request header) on the cached GETs,
 * Content-Encoding and Vary on their answers (and Vary on their 304s), and the 405 given to any other method, with
 * Allow. Checked against real answers: every header a real answer carries is documented, and every documented 405 is
 * what the path answers.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { AUTH, fixtureSeed, makeApp } from './helpers.js';

const Ajv2020 = (Ajv2020Module as any).default ?? Ajv2020Module;

let app: FastifyInstance;
let seed: Seed;
let doc: any;
let ajv: any;
beforeAll(async () => {
  seed = growSeed(await fixtureSeed(), 60);
  ({ app } = await makeApp(seed));
  doc = (await app.inject({ url: '/openapi.json' })).json();
  ajv = new Ajv2020({ strict: false });
  ajv.addSchema(doc, 'openapi.json');
});

/** A node of the document with its reference followed (component headers and responses). */
function resolved(node: any): any {
  if (!node?.$ref) return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce((at: any, key: string) => at[key], doc);
}

/** Paths whose GET is not a cached representation: no Accept-Encoding, no ETag. */
const NOT_CACHED = ['/healthz', '/readyz', '/metrics'];

/** A concrete URL of each documented path. */
function urlOf(path: string): string {
  const urls: Record<string, string> = {
    '/api/v1/rails/{id}': '/api/v1/rails/BR-pix',
    '/api/v1/assets/{id}': '/api/v1/assets/usdc',
    '/api/v1/countries/{code}': '/api/v1/countries/BR',
    '/api/v1/rails/{id}/beneficiary-checks': '/api/v1/rails/BR-pix/beneficiary-checks',
    '/api/v1/changes': `/api/v1/changes?since=${seed.meta.version}`,
    '/docs/{file}': '/docs/init.js',
  };
  return urls[path] ?? path;
}

/** Headers every HTTP answer may carry that an OpenAPI document does not describe (transport, content type and size). */
const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

describe('OpenAPI: Accept-Encoding, Content-Encoding, Vary', () => {
  it('every GET but the probes and /metrics takes Accept-Encoding (a parameter of its path item) and documents Content-Encoding and Vary on 200, Vary and ETag on 304', () => {
    const parameter = doc.components.parameters.acceptEncoding;
    expect(parameter).toMatchObject({ name: 'Accept-Encoding', in: 'header', required: false });
    let gets = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!item.get) continue;
      const op = item.get;
      const takes = (item.parameters ?? []).some((p: any) => p.$ref === '#/components/parameters/acceptEncoding');
      expect(takes, path).toBe(!NOT_CACHED.includes(path));
      if (NOT_CACHED.includes(path)) continue;
      gets++;
      expect(Object.keys(op.responses['200'].headers), path).toEqual(expect.arrayContaining(['Content-Encoding', 'Vary', 'ETag']));
      expect(Object.keys(op.responses['304'].headers), path).toEqual(expect.arrayContaining(['Vary', 'ETag']));
    }
    expect(gets).toBeGreaterThanOrEqual(10);
  });

  // Compressed where the body is large enough (lists, catalog, documents), as it is where it is not (an item).
  it.each(['br', 'gzip', 'identity'])('Accept-Encoding %s: every header of every real 200 and 304 of a GET is documented', async (coding) => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!item.get || NOT_CACHED.includes(path)) continue;
      const url = urlOf(path);
      const res = await app.inject({ url, headers: { ...AUTH, 'accept-encoding': coding } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.vary, url).toBe('Accept-Encoding');
      const documented = new Set(Object.keys(item.get.responses['200'].headers).map((h) => h.toLowerCase()));
      // The API's answers: every header. The public documents (/openapi.json, /docs) carry browser headers besides
      // (CORS, CSP, nosniff) that the document leaves out: there, the negotiated ones.
      const checked = path.startsWith('/api/') ? Object.keys(res.headers) : ['content-encoding', 'vary', 'etag', 'x-request-id'];
      for (const name of checked) if (!TRANSPORT.has(name) && name in res.headers) expect(documented.has(name), `${url} ${name}`).toBe(true);
      // Compressed exactly when negotiated and the body has 1024 bytes or more.
      const plain = await app.inject({ url, headers: AUTH });
      expect(res.headers['content-encoding'], url).toBe(coding !== 'identity' && plain.rawPayload.length >= 1024 ? coding : undefined);
      const again = await app.inject({ url, headers: { ...AUTH, 'accept-encoding': coding, 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode, url).toBe(304);
      const documented304 = new Set(Object.keys(item.get.responses['304'].headers).map((h) => h.toLowerCase()));
      for (const name of ['etag', 'vary', 'x-request-id']) expect(documented304.has(name), `${url} 304 ${name}`).toBe(true);
      // Headers every 200 and 304 carries are required in the document.
      for (const name of ['ETag', 'Vary', 'X-Request-Id', 'Cache-Control']) {
        expect(resolved(item.get.responses['200'].headers[name]).required, `${path} 200 ${name}`).toBe(true);
        expect(resolved(item.get.responses['304'].headers[name]).required, `${path} 304 ${name}`).toBe(true);
      }
    }
  });
});

describe('OpenAPI: 405 on every path', () => {
  it('every operation documents 405 with Allow (required) and the error body (but HEAD, which has no body)', () => {
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === 'parameters') continue;
        const answer = op.responses['405'];
        expect(answer, `${method} ${path}`).toBeDefined();
        const allow = resolved(answer.headers.Allow);
        expect(allow.schema.const, `${method} ${path}`).toBe(method === 'post' ? 'POST' : 'GET, HEAD');
        expect(allow.required).toBe(true);
        if (method === 'head') expect(answer.content).toBeUndefined();
        else expect(answer.content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
      }
  });

  it.each(['DELETE', 'PUT', 'PATCH', 'OPTIONS'])('%s on every documented path is the documented 405: Allow and a valid error body', async (method) => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const op = item.get ?? item.post;
      const res = await app.inject({ method: method as 'DELETE', url: urlOf(path), headers: AUTH });
      expect(res.statusCode, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe(resolved(op.responses['405'].headers.Allow).schema.const);
      const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/Error' });
      expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
      expect(res.json().error.code).toBe('method_not_allowed');
    }
  });

  it('GET on the beneficiary checks is the documented 405 with Allow: POST', async () => {
    const res = await app.inject({ method: 'GET', url: urlOf('/api/v1/rails/{id}/beneficiary-checks'), headers: AUTH });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(resolved(doc.paths['/api/v1/rails/{id}/beneficiary-checks'].post.responses['405'].headers.Allow).schema.const);
  });
});
