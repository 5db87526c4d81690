/**
 * The service tested against its own OpenAPI document with the tool clients use: Prism (@stoplight/prism-cli) in
 * proxy mode in front of the real service (`catalog serve` on the bundled catalog's seed, a free port), driven by
 * requests covering every operation with valid and invalid inputs. Two proxies of the same document:
 *
 * - `prism proxy <document> <service> --errors`: a request the document accepts is forwarded and its answer checked;
 *   a response that breaks the document becomes Prism's own error. A request the document refuses is answered by
 *   Prism itself (422, 401...), never forwarded: its violations must all be about the request.
 * - `prism proxy <document> <service>` (no --errors): every request is forwarded and Prism lists what it finds in
 *   the sl-violations header: never a violation about the response; none at all for a request the document accepts.
 *
 * Three kinds of request cannot go through Prism 5.14.2 and are checked on the service directly with the same
 * document (test/helpers/api-conformance.ts, Ajv): HEAD on a JSON answer (Prism parses the empty body of any
 * application/json answer as JSON and fails with a FetchError), a body that is not JSON (Prism parses it itself and
 * answers its own error), a path with a broken percent-encoding (Prism's URI template matching throws URIError).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiContract } from '../helpers/api-conformance.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEY = 'prism-key-0123456789abcdef';
const LIMITED_KEY = 'prism-limited-key-0123456789';
const METRICS_TOKEN = 'prism-metrics-token-0123456789';
const AUTH = { authorization: `Bearer ${KEY}` };

let dir: string;
let service: { child: ChildProcess; url: string };
const proxies: Record<'strict' | 'lenient', { child: ChildProcess; url: string; log: () => string }> = {} as any;
let contract: ApiContract;
let version: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function startService(seed: string, keys: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/catalog.js'), 'serve', '--seed', seed, '--port', '0'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      CATALOG_API_KEYS_FILE: keys,
      CATALOG_CURSOR_SECRET: 'prism-cursor-secret-0123456789abcdef0123',
      CATALOG_METRICS_TOKEN: METRICS_TOKEN,
      CATALOG_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let url = '';
  await until('catalog serve to listen', async () => {
    url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1] ?? /(http:\/\/127\.0\.0\.1:[0-9]+)/.exec(out)?.[1] ?? '';
    return url !== '' && (await fetch(`${url}/readyz`)).status === 200;
  });
  return { child, url };
}

async function startPrism(document: string, strict: boolean) {
  const port = await freePort();
  const args = ['proxy', document, service.url, '--port', String(port), '--host', '127.0.0.1', ...(strict ? ['--errors'] : [])];
  const child = spawn(path.join(ROOT, 'node_modules/.bin/prism'), args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  await until(`prism proxy on ${port}`, async () => (await fetch(`${url}/healthz`)).status === 200);
  return { child, url, log: () => log };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'prism-'));
  const seed = path.join(dir, 'seed.json');
  const built = spawnSync(process.execPath, [path.join(ROOT, 'bin/catalog.js'), 'build', '--today', BUNDLED_TODAY, '--out', seed], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`catalog build: ${built.stderr}`);
  await writeFile(path.join(dir, 'keys'), `${KEY} limit=off\n${LIMITED_KEY} limit=3/min\n`);
  service = await startService(seed, path.join(dir, 'keys'));
  // The document the clients get, from the running service.
  const document = path.join(dir, 'openapi.json');
  const text = await (await fetch(`${service.url}/openapi.json`)).text();
  await writeFile(document, text);
  contract = new ApiContract(JSON.parse(text));
  version = ((await (await fetch(`${service.url}/healthz`)).json()) as { version: string }).version;
  [proxies.strict, proxies.lenient] = await Promise.all([startPrism(document, true), startPrism(document, false)]);
}, 90_000);

afterAll(async () => {
  for (const p of [proxies.strict, proxies.lenient, service]) p?.child.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

interface Case {
  name: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The document refuses this request (a parameter, a body or a credential it does not allow). */
  refused?: boolean;
}

interface Seen {
  status: number;
  headers: Headers;
  body: string;
}

async function send(base: string, c: Case): Promise<Seen> {
  const res = await fetch(`${base}${c.url}`, { method: c.method, headers: { 'accept-encoding': 'identity', ...c.headers }, body: c.body });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Prism's violations in the sl-violations header, by where they are: the request or the response. */
function violations(seen: Seen): { request: unknown[]; response: unknown[] } {
  const header = seen.headers.get('sl-violations');
  if (!header) return { request: [], response: [] };
  const all = JSON.parse(header.replace(/^Too many violations! /, '')) as Array<{ location?: string[] }>;
  return { request: all.filter((v) => v.location?.[0] !== 'response'), response: all.filter((v) => v.location?.[0] === 'response') };
}

const figures = { sent: 0, responseViolations: 0, requestViolations: 0, refusedByPrism: 0, operations: new Set<string>() };

/** Sends a case through both proxies and checks what Prism says of it; returns the answer the service gave. */
async function throughPrism(c: Case): Promise<Seen> {
  const [strict, lenient] = [await send(proxies.strict.url, c), await send(proxies.lenient.url, c)];
  figures.sent += 2;
  const found = violations(lenient);
  figures.responseViolations += found.response.length;
  figures.requestViolations += found.request.length;
  expect(found.response, `${c.name}: Prism finds the service's answer breaks the document`).toEqual([]);
  const at = contract.operationOf(c.method, c.url.split('?')[0]);
  if (at && at.method === c.method.toLowerCase()) figures.operations.add(`${c.method} ${at.template}`);
  if (c.refused) {
    expect(found.request.length, `${c.name}: the document refuses it too`).toBeGreaterThan(0);
    // --errors: Prism answers a refused request itself, for a reason about the request only.
    expect(strict.headers.get('content-type'), `${c.name}: ${strict.body}`).toBe('application/problem+json');
    expect([401, 404, 405, 422], strict.body).toContain(strict.status);
    const listed = (JSON.parse(strict.body).validation ?? []) as Array<{ location?: string[] }>;
    expect(
      listed.filter((v) => v.location?.[0] === 'response'),
      strict.body,
    ).toEqual([]);
    figures.refusedByPrism++;
  } else {
    expect(found.request, `${c.name}: the document accepts this request`).toEqual([]);
    expect(strict.headers.get('sl-violations'), c.name).toBeNull();
    expect(strict.headers.get('content-type') ?? '', `${c.name}: Prism answered itself: ${strict.body}`).not.toContain('problem+json');
    expect(strict.status, c.name).toBeLessThan(500);
    if (c.headers?.authorization !== `Bearer ${LIMITED_KEY}`) expect(strict.status, c.name).toBe(lenient.status);
  }
  return lenient;
}

/** A request checked on the service directly, against the same document (what Prism cannot forward). */
async function direct(c: Case): Promise<void> {
  const res = await fetch(`${service.url}${c.url}`, { method: c.method, headers: { 'accept-encoding': 'identity', ...c.headers }, body: c.body });
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  expect(contract.check(c.method, c.url, { status: res.status, headers, body }), c.name).toEqual([]);
}

const json = { 'content-type': 'application/json' };

/** Requests on every operation, valid and invalid: `refused` where the document refuses them too. */
function casesOf(cursor: string, etag: string, catalogEtag: string): Case[] {
  return [
    { name: 'conditional page: 304', method: 'GET', url: `/api/v1/rails?limit=5&cursor=${cursor}`, headers: { ...AUTH, 'if-none-match': etag } },
    { name: 'conditional catalog: 304', method: 'GET', url: '/api/v1/catalog', headers: { ...AUTH, 'if-none-match': catalogEtag } },
    { name: 'rails with every filter', method: 'GET', url: '/api/v1/rails?country=br&currency=BRL&phase=live&limit=100', headers: AUTH },
    { name: 'a code no item has', method: 'GET', url: '/api/v1/rails?country=AQ', headers: AUTH },
    { name: 'limit above 100', method: 'GET', url: '/api/v1/assets?limit=1000', headers: AUTH },
    { name: 'assets by network', method: 'GET', url: '/api/v1/assets?network=ethereum', headers: AUTH },
    { name: 'countries by status', method: 'GET', url: '/api/v1/countries?status=restricted&limit=3', headers: AUTH },
    { name: 'a cursor of another endpoint', method: 'GET', url: `/api/v1/assets?cursor=${cursor}`, headers: AUTH },
    { name: 'an altered cursor', method: 'GET', url: `/api/v1/rails?cursor=${cursor.slice(0, -4)}AAAA`, headers: AUTH },
    { name: 'a cursor with other filters', method: 'GET', url: `/api/v1/rails?phase=live&cursor=${cursor}`, headers: AUTH },
    { name: 'a wrong key', method: 'GET', url: '/api/v1/rails', headers: { authorization: 'Bearer wrong-key-0123456789abcdef' } },
    { name: 'another scheme', method: 'GET', url: '/api/v1/countries', headers: { authorization: 'Basic dXNlcjpwYXNz' }, refused: true },
    { name: 'no key', method: 'GET', url: '/api/v1/assets', refused: true },
    { name: 'no key, with a key in the query', method: 'GET', url: '/api/v1/assets?api_key=abc', refused: true },
    { name: 'limit=abc', method: 'GET', url: '/api/v1/rails?limit=abc', headers: AUTH, refused: true },
    { name: 'limit=0', method: 'GET', url: '/api/v1/rails?limit=0', headers: AUTH, refused: true },
    { name: 'a phase that does not exist', method: 'GET', url: '/api/v1/rails?phase=dead', headers: AUTH, refused: true },
    { name: 'a malformed country', method: 'GET', url: '/api/v1/rails?country=FRA', headers: AUTH, refused: true },
    { name: 'a cursor with characters a cursor never has', method: 'GET', url: '/api/v1/rails?cursor=%24%24', headers: AUTH, refused: true },
    { name: 'one rail', method: 'GET', url: '/api/v1/rails/BR-pix', headers: AUTH },
    { name: 'a closed rail', method: 'GET', url: '/api/v1/rails/BR-doc', headers: AUTH },
    { name: 'an unknown rail', method: 'GET', url: '/api/v1/rails/XX-nope', headers: AUTH },
    { name: 'a malformed rail id', method: 'GET', url: '/api/v1/rails/nope', headers: AUTH, refused: true },
    { name: 'a rail with a query', method: 'GET', url: '/api/v1/rails/BR-pix?x=1', headers: AUTH },
    { name: 'one asset', method: 'GET', url: '/api/v1/assets/usdc', headers: AUTH },
    { name: 'an unknown asset', method: 'GET', url: '/api/v1/assets/nope', headers: AUTH },
    { name: 'one country, lowercase', method: 'GET', url: '/api/v1/countries/br', headers: AUTH },
    { name: 'a refused country', method: 'GET', url: '/api/v1/countries/KP', headers: AUTH },
    { name: 'a malformed country code', method: 'GET', url: '/api/v1/countries/BRA', headers: AUTH, refused: true },
    { name: 'the catalog with a query', method: 'GET', url: '/api/v1/catalog?x=1', headers: AUTH },
    { name: 'changes since the current version', method: 'GET', url: `/api/v1/changes?since=${version}`, headers: AUTH },
    { name: 'changes since an unknown version', method: 'GET', url: '/api/v1/changes?since=0123456789abcdef', headers: AUTH },
    { name: 'changes without since', method: 'GET', url: '/api/v1/changes', headers: AUTH, refused: true },
    { name: 'changes since a malformed version', method: 'GET', url: '/api/v1/changes?since=abc', headers: AUTH, refused: true },
    { name: 'the document behind the key', method: 'GET', url: '/api/v1/openapi.json', headers: AUTH },
    { name: 'the document behind the key, with a query', method: 'GET', url: '/api/v1/openapi.json?x=1', headers: AUTH },
    { name: 'the public document', method: 'GET', url: '/openapi.json' },
    { name: 'the public document, with a query', method: 'GET', url: '/openapi.json?x=1' },
    { name: 'the docs page', method: 'GET', url: '/docs' },
    { name: 'a file of the docs page', method: 'GET', url: '/docs/init.js' },
    { name: 'the renderer', method: 'GET', url: '/docs/swagger-ui.css' },
    { name: 'a file the docs page does not have', method: 'GET', url: '/docs/nope.js', refused: true },
    { name: 'health', method: 'GET', url: '/healthz' },
    { name: 'readiness', method: 'GET', url: '/readyz' },
    { name: 'metrics', method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
    { name: 'metrics with a client key', method: 'GET', url: '/metrics', headers: AUTH },
    { name: 'metrics without a token', method: 'GET', url: '/metrics', refused: true },
    { name: 'HEAD of the docs page', method: 'HEAD', url: '/docs' },
    { name: 'HEAD of a docs file', method: 'HEAD', url: '/docs/init.js' },
    { name: 'HEAD of the metrics', method: 'HEAD', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
    {
      name: 'a valid beneficiary',
      method: 'POST',
      url: '/api/v1/rails/BR-pix/beneficiary-checks',
      headers: { ...AUTH, ...json },
      body: JSON.stringify({ values: { pixKeyType: 'cpf', pixKey: '52998224725' } }),
    },
    {
      name: 'an invalid beneficiary',
      method: 'POST',
      url: '/api/v1/rails/BR-pix/beneficiary-checks',
      headers: { ...AUTH, ...json },
      body: JSON.stringify({ values: { pixKey: 'x', other: 'y' } }),
    },
    { name: 'a check on a closed rail', method: 'POST', url: '/api/v1/rails/BR-doc/beneficiary-checks', headers: { ...AUTH, ...json }, body: '{"values":{}}' },
    {
      name: 'a check on an unknown rail',
      method: 'POST',
      url: '/api/v1/rails/XX-nope/beneficiary-checks',
      headers: { ...AUTH, ...json },
      body: '{"values":{}}',
    },
    {
      name: 'a body without values',
      method: 'POST',
      url: '/api/v1/rails/BR-pix/beneficiary-checks',
      headers: { ...AUTH, ...json },
      body: '{"value":{}}',
      refused: true,
    },
    {
      name: 'a body over 16 KB',
      method: 'POST',
      url: '/api/v1/rails/BR-pix/beneficiary-checks',
      headers: { ...AUTH, ...json },
      body: JSON.stringify({ values: { pixKey: 'x'.repeat(17_000) } }),
    },
    { name: 'a check without a key', method: 'POST', url: '/api/v1/rails/BR-pix/beneficiary-checks', headers: json, body: '{"values":{}}', refused: true },
    {
      name: 'a check sent as text',
      method: 'POST',
      url: '/api/v1/rails/BR-pix/beneficiary-checks',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      body: 'x',
      refused: true,
    },
  ];
}

describe('Prism in front of the real service', () => {
  it('every operation, valid and invalid inputs: no violation in any answer', async () => {
    const first = JSON.parse((await throughPrism({ name: 'first page', method: 'GET', url: '/api/v1/rails?limit=5', headers: AUTH })).body);
    const cursor = encodeURIComponent(first.next_cursor);
    const page = await throughPrism({ name: 'next page', method: 'GET', url: `/api/v1/rails?limit=5&cursor=${cursor}`, headers: AUTH });
    const etag = page.headers.get('etag')!;
    const catalog = await throughPrism({ name: 'the catalog', method: 'GET', url: '/api/v1/catalog', headers: AUTH });
    const cases = casesOf(cursor, etag, catalog.headers.get('etag')!);
    for (const c of cases) await throughPrism(c);

    // Over the limit: the limited key makes 3 requests a minute, every method counts.
    const limited: Case = {
      name: 'a key over its limit',
      method: 'GET',
      url: '/api/v1/countries?limit=1',
      headers: { authorization: `Bearer ${LIMITED_KEY}` },
    };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await throughPrism(limited)).status);
    expect(statuses.slice(-1)).toEqual([429]);
    expect(
      (
        await throughPrism({
          ...limited,
          name: 'a POST over the limit',
          method: 'POST',
          url: '/api/v1/rails/BR-pix/beneficiary-checks',
          headers: { ...limited.headers!, ...json },
          body: '{"values":{}}',
        })
      ).status,
    ).toBe(429);

    // What Prism cannot forward, checked directly against the same document.
    for (const url of [
      '/api/v1/rails?limit=2',
      '/api/v1/rails/BR-pix',
      '/api/v1/assets/usdc',
      '/api/v1/countries/BR',
      '/api/v1/catalog',
      `/api/v1/changes?since=${version}`,
      '/api/v1/openapi.json',
      '/api/v1/assets',
      '/api/v1/countries',
      '/api/v1/rails?limit=abc',
    ])
      await direct({ name: `HEAD ${url}`, method: 'HEAD', url, headers: AUTH });
    for (const url of ['/openapi.json', '/healthz', '/readyz', '/api/v1/rails']) await direct({ name: `HEAD ${url} without a key`, method: 'HEAD', url });
    await direct({
      name: 'a body that is not JSON',
      method: 'POST',
      url: '/api/v1/rails/BR-pix/beneficiary-checks',
      headers: { ...AUTH, ...json },
      body: '{"values":',
    });
    await direct({ name: 'a broken percent-encoding', method: 'GET', url: '/api/v1/rails/%zz', headers: AUTH });
    await direct({ name: 'a broken percent-encoding, no key', method: 'GET', url: '/api/v1/rails/%zz' });

    // Every GET and POST operation of the document went through Prism; HEAD through Prism where it can.
    const missed = contract.operations().filter((op) => !op.startsWith('HEAD') && !figures.operations.has(op));
    expect(missed).toEqual([]);
    expect(figures.responseViolations).toBe(0);
    console.log(
      `prism: ${figures.sent} requests through the two proxies, ${figures.operations.size} operations, ${figures.responseViolations} response violations, ${figures.requestViolations} request violations (on the ${figures.refusedByPrism} requests the document refuses, each answered by Prism --errors itself)`,
    );
  }, 120_000);
});
