/** The service as a fleet: the seed store, cursors across replicas, readiness, metrics, rate limits per key. */
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { serializeSeed } from '../../src/seed/build.js';
import { publishSeed, PublishError } from '../../src/seed/store.js';
import { digestOf, KeyConfigError, KeyRing, parseRateLimit, readKeysFile } from '../../src/service/access/auth.js';
import { HttpSource, DirSource } from '../../src/service/operations/seed-source.js';
import { startService, type RunningService, type ServiceOptions } from '../../src/service/operations/server.js';
import { buildApp } from '../../src/service/app.js';
import { SnapshotStore } from '../../src/service/operations/store.js';
import { snapshotOf } from '../../src/service/representation/snapshot.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { fixtureSeed, KEY, OTHER_KEY, SECRET, withExtraRail } from '../service/helpers.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const auth = (key = KEY) => ({ authorization: `Bearer ${key}` });
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

let seedA: Seed;
let seedB: Seed;
let dir: string;
beforeAll(async () => {
  seedA = growSeed(await fixtureSeed(), 120);
  seedB = growSeed(await fixtureSeed(withExtraRail('AA-extra')), 130);
  dir = await mkdtemp(path.join(tmpdir(), 'fleet-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function newStore(): Promise<string> {
  return mkdtemp(path.join(dir, 'store-'));
}

async function replica(options: Partial<ServiceOptions>) {
  const signals = new EventEmitter();
  const logs: string[] = [];
  const service = await startService({
    host: '127.0.0.1',
    port: 0,
    keys: new KeyRing([digestOf(KEY), digestOf(OTHER_KEY)]),
    cursorSecret: SECRET,
    logStream: { write: (line: string) => logs.push(line) },
    signals,
    pollMs: 0,
    ...options,
  });
  running.push(service);
  return { service, signals, logs };
}

async function page(url: string, key = KEY) {
  const res = await fetch(url, { headers: auth(key) });
  return { res, body: (await res.json()) as any };
}

describe('catalog publish into a seed store', () => {
  it('writes the version file then the pointer, and publishing the same content again changes nothing', async () => {
    const store = await newStore();
    const first = await publishSeed(store, serializeSeed(seedA));
    expect(first).toEqual({ version: seedA.meta.version, wroteVersion: true, movedPointer: true });
    const again = await publishSeed(store, serializeSeed(seedA));
    expect(again).toEqual({ version: seedA.meta.version, wroteVersion: false, movedPointer: false, previous: seedA.meta.version });
    const next = await publishSeed(store, serializeSeed(seedB));
    expect(next).toMatchObject({ version: seedB.meta.version, movedPointer: true, previous: seedA.meta.version });
    expect((await readdir(store)).sort()).toEqual([`${seedA.meta.version}.json`, `${seedB.meta.version}.json`, 'current'].sort());
    expect((await readFile(path.join(store, 'current'), 'utf8')).trim()).toBe(seedB.meta.version);
    // Going back to an older version moves the pointer only.
    expect(await publishSeed(store, serializeSeed(seedA))).toMatchObject({ wroteVersion: false, movedPointer: true });
  });

  it.each([
    ['not JSON', '{"rails": ['],
    ['not a seed', '{"a": 1}'],
    ['a hand-edited seed', () => serializeSeed({ ...seedA, rails: seedA.rails.slice(1) })],
  ])('refuses %s and writes nothing', async (_what, text) => {
    const store = await newStore();
    await expect(publishSeed(store, typeof text === 'function' ? text() : text)).rejects.toBeInstanceOf(PublishError);
    expect(await readdir(store)).toEqual([]);
  });
});

describe('replicas serving a seed store', () => {
  it('serve the current version, follow the pointer on SIGHUP, and load the version a cursor of another replica names', async () => {
    const store = await newStore();
    await publishSeed(store, serializeSeed(seedA));
    const a = await replica({ source: new DirSource(store) });
    const b = await replica({ source: new DirSource(store) });
    const onA = await page(`${a.service.url}/api/v1/rails?limit=3`);
    expect(onA.res.headers.get('catalog-version')).toBe(seedA.meta.version);

    await publishSeed(store, serializeSeed(seedB));
    a.signals.emit('SIGHUP');
    await expect.poll(async () => ((await fetch(`${a.service.url}/healthz`).then((r) => r.json())) as any).version).toBe(seedB.meta.version);

    // A run started on A's new version continues on B, which has not moved yet: B loads that version from the store.
    const newRun = await page(`${a.service.url}/api/v1/rails?limit=3`);
    expect(newRun.res.headers.get('catalog-version')).toBe(seedB.meta.version);
    const onB = await page(`${b.service.url}/api/v1/rails?limit=3&cursor=${encodeURIComponent(cursorOf(newRun.body))}`);
    expect(onB.res.status).toBe(200);
    expect(onB.res.headers.get('catalog-version')).toBe(seedB.meta.version);
    expect(((await fetch(`${b.service.url}/healthz`).then((r) => r.json())) as any).version).toBe(seedA.meta.version);

    // A replica started after the pointer moved holds only the new version; an old run's cursor still works there.
    const c = await replica({ source: new DirSource(store) });
    const oldCursor = cursorOf(onA.body);
    const onC = await page(`${c.service.url}/api/v1/rails?limit=3&cursor=${encodeURIComponent(oldCursor)}`);
    expect(onC.res.status).toBe(200);
    expect(onC.res.headers.get('catalog-version')).toBe(seedA.meta.version);
    expect(c.logs.join('')).toContain('"event":"version-loaded"');
  });

  it('keeps serving what it has when the store cannot be read, and says so in the logs', async () => {
    const store = await newStore();
    await publishSeed(store, serializeSeed(seedA));
    const a = await replica({ source: new DirSource(store) });
    await writeFile(path.join(store, 'current'), 'garbage\n');
    expect(await a.service.reload()).toMatchObject({ status: 'rejected', version: seedA.meta.version });
    await writeFile(path.join(store, 'current'), `${seedB.meta.version}\n`); // a version whose file is missing
    expect(await a.service.reload()).toMatchObject({ status: 'rejected', version: seedA.meta.version });
    expect((await page(`${a.service.url}/api/v1/rails?limit=1`)).res.status).toBe(200);
    expect(a.logs.filter((l) => l.includes('"event":"reload-rejected"'))).toHaveLength(2);
  });

  it('follows the pointer by polling', async () => {
    const store = await newStore();
    await publishSeed(store, serializeSeed(seedA));
    const a = await replica({ source: new DirSource(store), pollMs: 50 });
    await publishSeed(store, serializeSeed(seedB));
    await expect
      .poll(async () => ((await fetch(`${a.service.url}/healthz`).then((r) => r.json())) as any).version, { timeout: 10_000 })
      .toBe(seedB.meta.version);
  });
});

/** The cursor of a page (the contract's next_cursor). */
function cursorOf(body: any): string {
  if (typeof body.next_cursor !== 'string') throw new Error(`no cursor in ${JSON.stringify(body).slice(0, 300)}`);
  return body.next_cursor;
}

describe('a seed store over HTTP', () => {
  let server: Server;
  let base: string;
  let storeDir: string;
  const requests: Array<{ path: string; status: number }> = [];
  beforeAll(async () => {
    storeDir = await newStore();
    // A tiny static server with strong ETags, as object storage or a CDN answers.
    server = createServer(async (req, res) => {
      const name = path.basename(req.url ?? '');
      try {
        const body = await readFile(path.join(storeDir, name));
        const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 20)}"`;
        const status = req.headers['if-none-match'] === etag ? 304 : 200;
        requests.push({ path: name, status });
        res.writeHead(status, { etag });
        res.end(status === 304 ? undefined : body);
      } catch {
        requests.push({ path: name, status: 404 });
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/store/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the current version, revalidates the pointer with its ETag, and follows it', async () => {
    await publishSeed(storeDir, serializeSeed(seedA));
    const a = await replica({ source: new HttpSource(base) });
    expect((await page(`${a.service.url}/api/v1/rails?limit=1`)).res.headers.get('catalog-version')).toBe(seedA.meta.version);
    requests.length = 0;
    expect(await a.service.reload()).toMatchObject({ status: 'unchanged' });
    expect(requests).toEqual([{ path: 'current', status: 304 }]);
    await publishSeed(storeDir, serializeSeed(seedB));
    expect(await a.service.reload()).toMatchObject({ status: 'replaced', version: seedB.meta.version });
    expect(requests.slice(1)).toEqual([
      { path: 'current', status: 200 },
      { path: `${seedB.meta.version}.json`, status: 200 },
    ]);
  });

  it('keeps what it has when the store answers 404 or is away', async () => {
    await publishSeed(storeDir, serializeSeed(seedA));
    const a = await replica({ source: new HttpSource(base) });
    const away = new HttpSource('http://127.0.0.1:1/store/');
    await expect(away.pointer()).rejects.toThrow(/cannot be fetched/);
    await rm(path.join(storeDir, 'current'));
    expect(await a.service.reload()).toMatchObject({ status: 'rejected', version: seedA.meta.version });
    expect((await page(`${a.service.url}/api/v1/rails?limit=1`)).res.status).toBe(200);
  });
});

describe('readiness and metrics', () => {
  it('GET /readyz answers 200 when ready and 503 with the reason when not; /healthz stays 200', async () => {
    let reason: string | null = 'starting: the seed is not served yet';
    const app = await buildApp(new SnapshotStore(snapshotOf(seedA)), {
      keys: new KeyRing([digestOf(KEY)]),
      cursorSecret: SECRET,
      logger: false,
      readiness: () => reason,
    });
    const notReady = await app.inject({ url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'not-ready', version: seedA.meta.version, reason: 'starting: the seed is not served yet' });
    expect(notReady.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    reason = null;
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', version: seedA.meta.version });
    await app.close();
  });

  it('GET /metrics answers the metrics token only, in the Prometheus text format, with the traffic served', async () => {
    const file = path.join(dir, 'seed-metrics.json');
    await writeFile(file, serializeSeed(seedA));
    const a = await replica({ seedPath: file, metricsToken: METRICS_TOKEN, replica: 'r1' });
    for (let i = 0; i < 3; i++) await page(`${a.service.url}/api/v1/rails?limit=2`);
    await fetch(`${a.service.url}/api/v1/rails?limit=abc`, { headers: auth() });
    expect((await fetch(`${a.service.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${a.service.url}/metrics`, { headers: auth() })).status).toBe(401);
    const res = await fetch(`${a.service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('catalog_http_requests_total{route="/api/v1/rails",method="GET",status="200",replica="r1"} 3');
    expect(text).toContain('catalog_http_requests_total{route="/api/v1/rails",method="GET",status="400",replica="r1"} 1');
    expect(text).toContain(`catalog_seed_info{version="${seedA.meta.version}",replica="r1"} 1`);
    expect(text).toContain('catalog_snapshots_held{replica="r1"} 1');
    expect(text).toMatch(/catalog_page_cache_hits\{replica="r1"\} 2/);
    expect(text).toMatch(/catalog_http_request_duration_seconds_count\{replica="r1",route="\/api\/v1\/rails",method="GET"\} 4/);
  });

  it('without a metrics token there is no /metrics', async () => {
    const file = path.join(dir, 'seed-nometrics.json');
    await writeFile(file, serializeSeed(seedA));
    const a = await replica({ seedPath: file });
    expect((await fetch(`${a.service.url}/metrics`, { headers: auth() })).status).toBe(404);
  });

  it('log lines carry the request id, the replica and the seed version', async () => {
    const file = path.join(dir, 'seed-logs.json');
    await writeFile(file, serializeSeed(seedA));
    const a = await replica({ seedPath: file, replica: 'r7' });
    const res = await fetch(`${a.service.url}/api/v1/rails?limit=1`, { headers: { ...auth(), 'x-request-id': 'trace-42' } });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
    await expect.poll(() => a.logs.some((l) => l.includes('"reqId":"trace-42"'))).toBe(true);
    const line = JSON.parse(a.logs.find((l) => l.includes('"reqId":"trace-42"'))!);
    expect(line).toMatchObject({ reqId: 'trace-42', replica: 'r7', version: seedA.meta.version, res: { statusCode: 200 } });
  });
});

describe('rate limits per API key', () => {
  it('answers 429 rate_limited with RateLimit headers and Retry-After past the limit; another key is not affected', async () => {
    const app = await buildApp(new SnapshotStore(snapshotOf(seedA)), {
      keys: new KeyRing([digestOf(KEY), digestOf(OTHER_KEY)]),
      cursorSecret: SECRET,
      logger: false,
      rateLimit: { default: { max: 3, windowMs: 60_000 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.inject({ url: '/api/v1/rails?limit=1', headers: auth() })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await app.inject({ url: '/api/v1/rails?limit=1', headers: auth() });
    expect(limited.headers['ratelimit-limit']).toBe('3');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-request-id']).toBeTruthy();
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', request_id: limited.headers['x-request-id'] });
    const other = await app.inject({ url: '/api/v1/rails?limit=1', headers: auth(OTHER_KEY) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
    // Unauthenticated requests and /healthz are not counted against anything.
    expect((await app.inject({ url: '/healthz' })).headers['ratelimit-limit']).toBeUndefined();
    expect((await app.inject({ url: '/api/v1/rails' })).statusCode).toBe(401);
    await app.close();
  });

  it('a key of the keys file may have its own limit, or none', async () => {
    const keys = new KeyRing([digestOf(KEY), digestOf(OTHER_KEY)]);
    keys.limits = readKeysFile(`${KEY} limit=1/min\n${OTHER_KEY} limit=off\n`, 'keys').limits;
    const app = await buildApp(new SnapshotStore(snapshotOf(seedA)), {
      keys,
      cursorSecret: SECRET,
      logger: false,
      rateLimit: { default: { max: 3, windowMs: 60_000 } },
    });
    const mine = [];
    for (let i = 0; i < 2; i++) mine.push((await app.inject({ url: '/api/v1/rails?limit=1', headers: auth() })).statusCode);
    expect(mine).toEqual([200, 429]);
    for (let i = 0; i < 6; i++) expect((await app.inject({ url: '/api/v1/rails?limit=1', headers: auth(OTHER_KEY) })).statusCode).toBe(200);
    await app.close();
  });

  it('fails open when Redis cannot be reached: requests are served, the error is logged and counted', async () => {
    const file = path.join(dir, 'seed-redis.json');
    await writeFile(file, serializeSeed(seedA));
    const a = await replica({
      seedPath: file,
      metricsToken: METRICS_TOKEN,
      rateLimit: { default: { max: 2, windowMs: 60_000 }, redisUrl: 'redis://127.0.0.1:1' },
    });
    for (let i = 0; i < 4; i++) expect((await page(`${a.service.url}/api/v1/rails?limit=1`)).res.status).toBe(200);
    await expect.poll(() => a.logs.some((l) => l.includes('"event":"rate-limit-store-error"')), { timeout: 10_000 }).toBe(true);
    const text = await (await fetch(`${a.service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(text).toMatch(/catalog_rate_limit_store_errors_total\{replica="[^"]+"\} [1-9]/);
  });
});

describe('keys file limits', () => {
  it.each([
    ['600/min', { max: 600, windowMs: 60_000 }],
    ['10/s', { max: 10, windowMs: 1000 }],
    ['5000/h', { max: 5000, windowMs: 3_600_000 }],
    ['off', null],
    ['0', null],
    ['0/min', undefined],
    ['ten/min', undefined],
    ['600', undefined],
  ])('parseRateLimit(%j)', (text, expected) => {
    expect(parseRateLimit(text)).toEqual(expected);
  });

  it('reads old files as before, and refuses an unknown option after a key, naming the line', () => {
    expect(readKeysFile(`# keys\n${KEY}\nsha256:${'a'.repeat(64)}\n`, 'keys').digests).toHaveLength(2);
    expect(() => readKeysFile(`${KEY}\n${OTHER_KEY} rate=5\n`, 'keys')).toThrow(KeyConfigError);
    expect(() => readKeysFile(`${KEY}\n${OTHER_KEY} rate=5\n`, 'keys')).toThrow(/keys line 2: after the key, only limit=/);
  });
});

describe('the CLI', () => {
  async function cli(argv: string[], cwd = dir) {
    const { main } = await import('../../src/cli/main.js');
    let out = '';
    let err = '';
    const code = await main(argv, {
      cwd,
      env: {},
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (err += t) },
      now: () => new Date('2026-11-23T00:00:00Z'),
    });
    return { code, out, err };
  }

  it('catalog publish --seed publishes once, then says nothing changed', async () => {
    const store = await newStore();
    const seedFile = path.join(dir, 'cli-seed.json');
    await writeFile(seedFile, serializeSeed(seedA));
    const first = await cli(['publish', '--store', store, '--seed', seedFile]);
    expect(first).toMatchObject({ code: 0, out: `published to ${store}: current now ${seedA.meta.version}\n` });
    const again = await cli(['publish', '--store', store, '--seed', seedFile]);
    expect(again).toMatchObject({ code: 0, out: `published to ${store}: current already ${seedA.meta.version}: nothing changed\n` });
  });

  it('catalog publish builds the catalog when no --seed is given', async () => {
    const { writeCatalog, VALID } = await import('../helpers/catalog.js');
    const catalogDir = await writeCatalog(VALID);
    const store = await newStore();
    const res = await cli(['publish', '--store', store, '--dir', catalogDir, '--today', BUNDLED_TODAY]);
    expect(res.code, res.err).toBe(0);
    const version = (await readFile(path.join(store, 'current'), 'utf8')).trim();
    expect(res.out).toContain(`current now ${version}`);
    expect(await readdir(store)).toContain(`${version}.json`);
  });

  it('catalog serve --store of an empty store refuses to start, saying how to publish', async () => {
    const store = await newStore();
    const res = await cli(['serve', '--store', store, '--dev-key', '--port', '0']);
    expect(res.code).toBe(2);
    expect(res.err).toContain(`${path.join(store, 'current')} does not exist: publish a seed with "catalog publish --store ${store}"`);
  });

  it.each([
    [['publish'], /--store <dir> is required/],
    [['publish', '--store', 'x', '--seed', 'missing.json'], /cannot read missing\.json: ENOENT/],
    [['publish', '--store', 'x', '--seed', 's.json', '--today', '2026-01-01'], /--dir and --today only apply when publish builds/],
    [['serve', '--store', 'x', '--seed', 'y'], /--seed and --store exclude each other/],
    [['serve', '--poll', '5s'], /--poll only applies with --store/],
    [['serve', '--store', 'x', '--poll', 'soon'], /--poll must be a duration such as 30s/],
  ])('%j is refused: exit 2 with what to write', async (argv, message) => {
    const res = await cli(argv as string[]);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(message);
  });
});
