/**
 * A property-based fuzz of every operation of the service (fast-check): arbitrary methods, paths (documented
 * templates with arbitrary parameters, and anything else), query strings, headers and bodies, sent to the real app
 * (app.inject) over the bundled catalog's seed, with rate limits and metrics on. Each answer is checked against the
 * OpenAPI document (ApiContract: status listed, required headers, header and body schemas) and the rules of every
 * answer; a 5xx fails. test/service/api-fuzz.test.ts runs it briefly; `npm run fuzz:api -- --runs N --seed S` at length.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { validateCatalog } from '../../src/pipeline/validate.js';
import { buildSeed } from '../../src/seed/build.js';
import { buildApp } from '../../src/service/app.js';
import { digestOf, KeyRing } from '../../src/service/access/auth.js';
import { ServiceMetrics } from '../../src/service/operations/metrics.js';
import { snapshotOf } from '../../src/service/representation/snapshot.js';
import { SnapshotStore } from '../../src/service/operations/store.js';
import { ApiContract } from './api-conformance.js';
import { BUNDLED_TODAY } from './bundled.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FUZZ_KEY = 'fuzz-key-0123456789abcdef';
const FUZZ_LIMITED_KEY = 'fuzz-limited-key-0123456789';
const METRICS_TOKEN = 'fuzz-metrics-token-0123456789';
const TODAY = BUNDLED_TODAY;

/** A request the fuzz sends. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The app under test, its document, and values taken from real answers (cursors, ETags, a rail's valid values). */
export interface FuzzTarget {
  app: FastifyInstance;
  contract: ApiContract;
  cursors: string[];
  etags: string[];
  version: string;
  railValues: Record<string, string>;
  /** Ids of the seed worth asking for: a closed rail (409 on a check), a refused country, an asset not offered. */
  ids: string[];
}

/** Builds the bundled catalog's seed and an app over it: the limited key may make 5 requests a minute. */
export async function fuzzTarget(): Promise<FuzzTarget> {
  const { catalog } = await validateCatalog({ dir: 'catalog', cwd: ROOT, today: TODAY });
  const seed = buildSeed(catalog);
  const keys = new KeyRing([digestOf(FUZZ_KEY), digestOf(FUZZ_LIMITED_KEY)]);
  keys.limits.set(digestOf(FUZZ_KEY).toString('hex'), null);
  const app = await buildApp(new SnapshotStore(snapshotOf(seed)), {
    keys,
    cursorSecret: 'fuzz-cursor-secret-0123456789abcdef0123',
    logger: false,
    rateLimit: { default: { max: 5, windowMs: 60_000 } },
    metrics: new ServiceMetrics(METRICS_TOKEN, { replica: 'fuzz' }),
  });
  const contract = new ApiContract((await app.inject({ url: '/openapi.json' })).json());
  const auth = { authorization: `Bearer ${FUZZ_KEY}` };
  const cursors: string[] = [];
  const etags: string[] = [];
  for (const url of [
    '/api/v1/rails?limit=2',
    '/api/v1/assets?limit=1',
    '/api/v1/countries?status=open&limit=3',
    `/api/v1/changes?since=${seed.meta.version}`,
    '/api/v1/rails/BR-pix',
    '/api/v1/catalog',
  ]) {
    const res = await app.inject({ url, headers: auth });
    const compressed = await app.inject({ url, headers: { ...auth, 'accept-encoding': 'br' } });
    for (const tag of [res.headers.etag, compressed.headers.etag]) if (tag) etags.push(String(tag));
    const next = res.statusCode === 200 && url.includes('?') ? res.json().next_cursor : null;
    if (typeof next === 'string') cursors.push(next);
  }
  const pix = seed.rails.find((r) => r.id === 'BR-pix')!;
  const railValues = Object.fromEntries(pix.fields.map((f: any) => [f.name, f.examples?.[0] ?? f.options?.[0]?.value ?? 'x']));
  const ids = [
    seed.rails.find((r) => r.phase === 'never')!.id,
    seed.countries.find((c) => c.status === 'restricted')!.code,
    seed.assets.find((a) => a.phase === 'never')?.id ?? 'usdc',
  ];
  return { app, contract, cursors, etags, version: seed.meta.version, railValues, ids };
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
/** Characters a request target may hold as they are (no space, no #; no backslash, which app.inject's WHATWG URL reads as a slash). */
const targetText = fc.string({
  unit: fc
    .integer({ min: 0x21, max: 0x7e })
    .filter((c) => c !== 0x23 && c !== 0x5c)
    .map((c) => String.fromCharCode(c)),
  maxLength: 30,
});
const JUNK = ['%zz', '%', '%C3', '%E0%A4%A', '%2F', '%00', '..', '.', '%25', 'A'.repeat(300), '%F0%9F%98%80', '~', ';x', '*'];

/** A path segment: a known id, a near miss, text percent-encoded or not, a broken escape. */
function segment(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'BR-pix',
        'FR-sepa',
        'usdc',
        'btc',
        'BR',
        'br',
        ...ids,
        'XX-nope',
        'nope',
        'ZZ',
        'BR-PIX',
        'init.js',
        'swagger-ui.css',
        'swagger-ui-bundle.js',
        'x.js',
      ),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: targetText.map((t) => t.replace(/[/?]/g, '')) },
    { weight: 1, arbitrary: fc.constantFrom(...JUNK) },
  );
}

/** A path: a documented template with arbitrary parameters, a template with something more, or anything. */
function pathOf(templates: string[], ids: string[]): fc.Arbitrary<string> {
  const filled = fc
    .tuple(fc.constantFrom(...templates), fc.array(segment(ids), { minLength: 2, maxLength: 2 }))
    .map(([t, [a, b]]) => t.replace(/\{[^}]+\}/, a).replace(/\{[^}]+\}/, b));
  return fc.oneof(
    { weight: 8, arbitrary: filled },
    { weight: 1, arbitrary: fc.tuple(filled, segment(ids)).map(([p, s]) => `${p}/${s}`) },
    { weight: 1, arbitrary: fc.array(segment(ids), { maxLength: 4 }).map((s) => `/${s.join('/')}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('/', '/api', '/api/v1', '/api/v2/rails', '//api/v1/rails', '/api/v1/rails/', '/API/V1/RAILS', '/docs/', '/openapi.JSON'),
    },
  );
}

const NAMES = ['limit', 'cursor', 'country', 'currency', 'phase', 'status', 'network', 'since', 'api_key', 'token', 'x', 'Limit', ''];

function queryOf(target: FuzzTarget): fc.Arbitrary<string> {
  const value = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '1',
        '2',
        '50',
        '100',
        '101',
        '007',
        '0',
        '-1',
        '1.5',
        '1e2',
        'abc',
        'FR',
        'fr',
        'EUR',
        'eur',
        'live',
        'LIVE',
        'open',
        'restricted',
        'ethereum',
        'solana',
        target.version,
        '0123456789abcdef',
        '',
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...target.cursors, `${target.cursors[0]}x`, target.cursors[0].slice(0, -3), 'garbage') },
    { weight: 2, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom(...JUNK) },
  );
  const param = fc.tuple(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent) }),
    fc.option(value, { nil: null }),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(param, { minLength: 1, maxLength: 4 }).map((ps) => `?${ps.map(([n, v]) => (v === null ? n : `${n}=${v}`)).join('&')}`) },
    { weight: 1, arbitrary: targetText.map((t) => `?${t}`) },
  );
}

function headersOf(target: FuzzTarget): fc.Arbitrary<Record<string, string>> {
  const optional = (values: fc.Arbitrary<string>) => fc.option(values, { nil: undefined });
  return fc
    .record({
      authorization: optional(
        fc.oneof(
          { weight: 6, arbitrary: fc.constant(`Bearer ${FUZZ_KEY}`) },
          {
            weight: 2,
            arbitrary: fc.constantFrom(
              `Bearer ${FUZZ_LIMITED_KEY}`,
              `bearer  ${FUZZ_KEY}`,
              `Bearer ${METRICS_TOKEN}`,
              'Bearer wrong-key-0123456789abc',
              'Basic dXNlcjpwYXNz',
              'Bearer',
              'Bearer a b',
              `Bearer ${FUZZ_KEY}x`,
            ),
          },
          { weight: 1, arbitrary: printable },
        ),
      ),
      'accept-encoding': optional(
        fc.oneof(fc.constantFrom('br', 'gzip', 'identity', 'br, gzip', '*', '*;q=0', 'identity;q=0', 'gzip;q=0.5, br;q=0.4', 'x-gzip', 'deflate'), printable),
      ),
      'if-none-match': optional(fc.oneof(fc.constantFrom(...target.etags, '*', 'W/"x"', `"${target.version}"`), printable)),
      'x-request-id': optional(fc.oneof(fc.constantFrom('req-1', 'a'.repeat(15), 'a'.repeat(16), '123e4567-e89b-42d3-a456-426614174000', FUZZ_KEY), printable)),
      'content-type': optional(
        fc.oneof(
          fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'text/plain', 'application/x-www-form-urlencoded'),
          printable,
        ),
      ),
    })
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);
}

function bodyOf(target: FuzzTarget): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: fc.constant(JSON.stringify({ values: target.railValues })) },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.constantFrom(...Object.keys(target.railValues), 'x'), fc.oneof(fc.string({ maxLength: 30 }), fc.jsonValue()))
        .map((values) => JSON.stringify({ values })),
    },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"values":', 'null', `{"values":{"x":"${'a'.repeat(17_000)}"}}`) },
  );
}

/** The arbitrary of one request. */
function requestArbitrary(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const templates = Object.keys(target.contract.doc.paths);
  const method = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom('GET', 'HEAD') },
    { weight: 3, arbitrary: fc.constant('POST') },
    { weight: 2, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'TRACE', 'SEARCH') },
  );
  return fc
    .record({ method, path: pathOf(templates, target.ids), query: queryOf(target), headers: headersOf(target), body: bodyOf(target) })
    .map(({ method, path, query, headers, body }) => ({
      method,
      url: `${path}${query}`,
      headers,
      ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
    }));
}

/**
 * The URL the app receives from app.inject: light-my-request reads it with WHATWG URL (dot segments resolved, a few
 * characters escaped), where a socket would pass it as sent (test/service/hostile-http.test.ts covers that).
 */
function asInjected(url: string): string {
  const parsed = new URL(url.startsWith('//') ? `http://localhost${url}` : url, 'http://localhost');
  return parsed.pathname + parsed.search;
}

/** What a run answered: how many answers of each status, and of each documented operation. */
export interface FuzzStats {
  statuses: Map<number, number>;
  operations: Map<string, number>;
}

/** Sends one request and returns what is wrong with the answer (nothing: an empty list). */
export async function probe(target: FuzzTarget, request: FuzzRequest, stats?: FuzzStats): Promise<string[]> {
  const res = await target.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.body });
  const url = asInjected(request.url);
  if (stats) {
    stats.statuses.set(res.statusCode, (stats.statuses.get(res.statusCode) ?? 0) + 1);
    const at = target.contract.operationOf(request.method, url.split('?')[0]);
    if (at && at.method === request.method.toLowerCase()) {
      const name = `${request.method} ${at.template}`;
      stats.operations.set(name, (stats.operations.get(name) ?? 0) + 1);
    }
  }
  return target.contract.check(request.method, url, { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload });
}

/** Runs the fuzz: `runs` requests from `seed`; the first failure is shrunk to a minimal request. */
export async function runApiFuzz(
  target: FuzzTarget,
  runs: number,
  seed: number,
): Promise<{ runs: number; stats: FuzzStats; failure?: { request: FuzzRequest; problems: string[]; seed: number; path?: string } }> {
  const stats: FuzzStats = { statuses: new Map(), operations: new Map() };
  const result = await fc.check(
    fc.asyncProperty(requestArbitrary(target), async (request) => (await probe(target, request, stats)).length === 0),
    { numRuns: runs, seed, endOnFailure: false },
  );
  if (!result.failed) return { runs: result.numRuns, stats };
  const request = result.counterexample![0];
  return { runs: result.numRuns, stats, failure: { request, problems: await probe(target, request), seed, path: result.counterexamplePath ?? undefined } };
}
