/**
 * The OpenAPI document validates with a maintained validator (@apidevtools/swagger-parser), and real responses of every
 * endpoint, errors included, validate against it (Ajv 2020-12, the dialect of OpenAPI 3.1).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateCatalog } from '../../src/pipeline/validate.js';
import type { Seed } from '../../src/generated/types.js';
import { buildSeed } from '../../src/seed/build.js';
import { snapshotOf } from '../../src/service/representation/snapshot.js';
import type { SnapshotStore } from '../../src/service/operations/store.js';
import { AUTH, fixtureSeed, get, makeApp, withExtraRail } from '../service/helpers.js';
import { ROOT } from './bundle.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const Ajv2020 = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

let app: FastifyInstance;
let store: SnapshotStore;
let seed: Seed;
let doc: any;
let ajv: any;

beforeAll(async () => {
  seed = await fixtureSeed();
  ({ app, store } = await makeApp(seed));
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
});

const pointer = (...segments: string[]) => `openapi.json#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('describes every route of the service', () => {
    for (const path of [
      '/api/v1/rails',
      '/api/v1/rails/{id}',
      '/api/v1/assets/{id}',
      '/api/v1/countries/{code}',
      '/api/v1/rails/{id}/beneficiary-checks',
      '/api/v1/catalog',
      '/api/v1/changes',
      '/openapi.json',
      '/docs',
      '/healthz',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/catalog'].get.security).toBeUndefined();
  });

  it('has examples taken from the bundled catalog, valid against their schemas', () => {
    const check = doc.paths['/api/v1/rails/{id}/beneficiary-checks'].post;
    expect(check.requestBody.content['application/json'].examples.valid.value.values.pixKey).toBe('52998224725');
    const examples: Array<[string[], unknown]> = [
      [
        ['paths', '/api/v1/rails/{id}', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        doc.paths['/api/v1/rails/{id}'].get.responses['200'].content['application/json'].example,
      ],
      [
        ['paths', '/api/v1/catalog', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        doc.paths['/api/v1/catalog'].get.responses['200'].content['application/json'].example,
      ],
      [
        ['paths', '/api/v1/changes', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
        doc.paths['/api/v1/changes'].get.responses['200'].content['application/json'].example,
      ],
      [['components', 'schemas', 'BeneficiaryCheck'], check.responses['200'].content['application/json'].examples.valid.value],
      [['components', 'schemas', 'BeneficiaryCheck'], check.responses['200'].content['application/json'].examples.invalid.value],
    ];
    for (const [at, example] of examples) {
      expect(example, at.join('/')).toBeDefined();
      const validate = ajv.compile({ $ref: pointer(...at) });
      expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    }
    expect((doc.paths['/api/v1/rails/{id}'].get.responses['200'].content['application/json'].example as any).id).toBe('BR-pix');
  });
});

describe('real responses validate against the document', () => {
  async function expectValid(method: 'GET' | 'POST', path: string, url: string, status: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method,
      url,
      headers: { ...AUTH, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    expect(String(res.statusCode), `${url}: ${res.body}`).toBe(status);
    const op = doc.paths[path][method.toLowerCase()];
    const response = op.responses[status];
    expect(response, `${method} ${path} documents ${status}`).toBeDefined();
    // A shared error answer is a reference to a component response.
    const at = response.$ref ? response.$ref.slice(2).split('/') : ['paths', path, method.toLowerCase(), 'responses', status];
    const validate = ajv.compile({ $ref: pointer(...at, 'content', 'application/json', 'schema') });
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
  }

  it.each([
    ['GET', '/api/v1/rails/{id}', '/api/v1/rails/BR-pix', '200'],
    ['GET', '/api/v1/rails/{id}', '/api/v1/rails/BR-doc', '200'],
    ['GET', '/api/v1/rails/{id}', '/api/v1/rails/XX-nope', '404'],
    ['GET', '/api/v1/rails/{id}', '/api/v1/rails/bad', '400'],
    ['GET', '/api/v1/assets/{id}', '/api/v1/assets/usdc', '200'],
    ['GET', '/api/v1/assets/{id}', '/api/v1/assets/nope', '404'],
    ['GET', '/api/v1/countries/{code}', '/api/v1/countries/KP', '200'],
    ['GET', '/api/v1/countries/{code}', '/api/v1/countries/BRA', '400'],
    ['GET', '/api/v1/catalog', '/api/v1/catalog', '200'],
    ['GET', '/api/v1/catalog', '/api/v1/catalog?x=1', '400'],
    ['GET', '/api/v1/changes', '/api/v1/changes?since=0123456789abcdef', '410'],
    ['GET', '/api/v1/changes', '/api/v1/changes', '400'],
    ['GET', '/api/v1/rails', '/api/v1/rails?country=BR', '200'],
    ['GET', '/api/v1/rails', '/api/v1/rails', '401', undefined, { authorization: 'Bearer nope-nope-nope-nope-nope' }],
  ] as Array<[string, string, string, string, unknown?, Record<string, string>?]>)('%s %s (%s) %s', async (method, path, url, status, payload, headers) => {
    await expectValid(method as 'GET', path, url, status, payload, headers);
  });

  it.each([
    ['/api/v1/rails/BR-pix/beneficiary-checks', '200', { values: { pixKey: '+5511987654321' } }],
    ['/api/v1/rails/BR-pix/beneficiary-checks', '200', { values: { pixKey: 'bad key', other: 'x' } }],
    ['/api/v1/rails/BR-pix/beneficiary-checks', '400', { nope: {} }],
    ['/api/v1/rails/BR-doc/beneficiary-checks', '409', { values: {} }],
    ['/api/v1/rails/XX-nope/beneficiary-checks', '404', { values: {} }],
    ['/api/v1/rails/BR-pix/beneficiary-checks', '413', { values: { pixKey: 'x'.repeat(20_000) } }],
  ] as const)('POST %s %s', async (url, status, payload) => {
    await expectValid('POST', '/api/v1/rails/{id}/beneficiary-checks', url, status, payload);
  });

  it('changes after a reload', async () => {
    store.replace(snapshotOf(await fixtureSeed(withExtraRail('BR-extra'))));
    await expectValid('GET', '/api/v1/changes', `/api/v1/changes?since=${seed.meta.version}`, '200');
    const body = (await get(app, `/api/v1/changes?since=${seed.meta.version}`)).json();
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('415 on a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/rails/BR-pix/beneficiary-checks',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    const validate = ajv.compile({
      $ref: pointer('paths', '/api/v1/rails/{id}/beneficiary-checks', 'post', 'responses', '415', 'content', 'application/json', 'schema'),
    });
    expect(validate(res.json())).toBe(true);
  });
});

describe('dependent fields in the document and in real responses (the bundled catalog)', () => {
  let bundled: FastifyInstance;
  beforeAll(async () => {
    const validation = await validateCatalog({ dir: path.join(ROOT, 'catalog'), cwd: ROOT, today: BUNDLED_TODAY });
    ({ app: bundled } = await makeApp(buildSeed(validation.catalog)));
  }, 60_000);

  const validate = (schemaPointer: string, body: unknown) => {
    const check = ajv.compile({ $ref: schemaPointer });
    expect(check(body), JSON.stringify(check.errors)).toBe(true);
  };

  it('describes dependsOn, its variants and its fallback as components', () => {
    expect(doc.components.schemas.field.properties.dependsOn.$ref).toBe('#/components/schemas/fieldDependency');
    expect(Object.keys(doc.components.schemas.fieldVariant.properties)).toEqual(['when', 'type', 'required', 'applies', 'pattern', 'maxLength', 'help']);
    expect(doc.components.schemas.BeneficiaryCheckError.properties.code.enum).toContain('not_applicable');
  });

  it.each(['BR-pix', 'MX-spei', 'IN-imps'])('serves %s with its dependent fields, valid against the document', async (id) => {
    const res = await get(bundled, `/api/v1/rails/${id}`);
    expect(res.statusCode).toBe(200);
    const rail = res.json();
    expect(rail.fields.some((f: any) => f.dependsOn?.variants.length > 0)).toBe(true);
    // Published without the toolkit's test vectors.
    expect(JSON.stringify(rail)).not.toMatch(/"(counter)?examples"/);
    validate(pointer('paths', '/api/v1/rails/{id}', 'get', 'responses', '200', 'content', 'application/json', 'schema'), rail);
  });

  it('answers a value for a field that does not apply with not_applicable, valid against the document', async () => {
    const res = await bundled.inject({
      method: 'POST',
      url: '/api/v1/rails/MX-spei/beneficiary-checks',
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: JSON.stringify({ values: { accountType: 'clabe', clabe: '002010077777777771', bankCode: '40012', beneficiaryName: 'Ana' } }),
    });
    expect(res.json().errors.map((e: any) => [e.field, e.code])).toEqual([['bankCode', 'not_applicable']]);
    validate(pointer('paths', '/api/v1/rails/{id}/beneficiary-checks', 'post', 'responses', '200', 'content', 'application/json', 'schema'), res.json());
  });
});
