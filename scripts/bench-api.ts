/**
 * npm run bench:api [-- --duration 3 --rounds 2 --connections 10 --distinct 200000 --only pages|distinct|client-kit
 *                       --seeds bundled,10k --pages first,cursor,br,gzip --profile --no-variants --control]
 *
 * Loads GET /api/v1/rails?limit=50 (with auth, without and with a cursor) on the service, beside a bare fastify route
 * returning the same precomputed body (the ceiling), on the bundled seed (dist/seed.json, built if missing) and on a
 * generated seed of 10,000 rails. Each server runs in its own process; autocannon runs here; loopback only. Prints
 * requests/s, p50, p99, the ratio to the ceiling, p99 at half the measured peak, and the service's memory before and
 * after the load; on the 10,000 rails, also the service with its JSON request logs and without its page cache.
 * Compressed: the same page with Accept-Encoding br and gzip, beside a bare fastify route answering the very same
 * precompressed bytes with the service's Content-Type, Vary, Content-Encoding and ETag (the ceiling), and beside @fastify/compress (compression per request, for comparison); bytes
 * per page in each coding. Memory as an operator sees it: `catalog serve` (the compiled CLI, its own process, no
 * forced garbage collection) sent --distinct distinct queries, on the bundled seed (country x currency filters, almost
 * all empty) and on the 10,000 rails (one query in four a page of 2 to 100 rails, br or gzip: the byte bound at work);
 * RSS and peak RSS from /proc and the /metrics gauges, before and after (target: RSS growth under 64 MB).
 * Runs against the ceiling alternate in ABBA rounds; each row gives the best run (the ratio judged) and the median of
 * the per-round ratios, and the server's CPU time per request (less disturbed by other work on the machine).
 * --profile writes a CPU profile of each server process (node --cpu-prof) to $TMPDIR/bench-api-profiles/<mode>/.
 * --control adds, for the compressed pages, a second ceiling process against the first (same rounds): the ratio the
 * machine's noise alone gives, to read the service's ratio against.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import type { Seed } from '../src/generated/types.js';
import { buildApp } from '../src/service/app.js';
import { COUNTRY_CODES, CURRENCY_CODES } from '../src/domain/iso.js';
import { digestOf, KeyRing } from '../src/service/access/auth.js';
import { SnapshotStore } from '../src/service/operations/store.js';
import { growSeed } from '../src/service/operations/synthetic.js';

// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<any>;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-key-0123456789abcdef';
const SECRET = 'bench-cursor-secret-0123456789abcdef0123';
const FIRST = '/api/v1/rails?limit=50';
/** Where --profile writes the service's CPU profiles (open them in Chrome DevTools, Performance tab). */
const PROFILES = path.join(tmpdir(), 'bench-api-profiles');
const HOST = '127.0.0.1';

type Mode = 'service' | 'service-logged' | 'service-uncached' | 'service-fastify-compress' | 'ceiling';
interface Ready {
  port: number;
  cursorPath: string;
  /** Bytes of the first page in each coding. */
  sizes: Record<string, number>;
}
interface Memory {
  rss: number;
  heapUsed: number;
}

// ---------------------------------------------------------------- worker side: one server per process

async function worker(mode: Mode, seedPath: string): Promise<void> {
  const store = await SnapshotStore.fromFile(seedPath);
  const service = await buildApp(store, {
    keys: new KeyRing([digestOf(KEY)]),
    cursorSecret: SECRET,
    // The logged variant writes the production JSON lines to /dev/null: the cost of logging without the cost of a pipe.
    logger: mode === 'service-logged' ? { level: 'info', stream: { write: () => true } } : false,
    // The uncached variant renders every page from the snapshot's precomputed items (no page cache).
    ...(mode === 'service-uncached' ? { pageCacheBytes: 0 } : {}),
    // @fastify/compress instead of the cache's precompressed variants: it compresses every response as it is sent.
    ...(mode === 'service-fastify-compress'
      ? {
          compression: false,
          beforeRoutes: async (instance: any) => {
            const { default: compress } = await import('@fastify/compress');
            await instance.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
          },
        }
      : {}),
  });
  const auth = { authorization: `Bearer ${KEY}` };
  const first = await service.inject({ url: FIRST, headers: auth });
  // The next page of 50; when 50 is the whole list (the bundled seed), the 50 after the first item.
  const cursor = (first.json().next_cursor ?? (await service.inject({ url: '/api/v1/rails?limit=1', headers: auth })).json().next_cursor) as string;
  const cursorPath = `${FIRST}&cursor=${cursor}`;
  const coded: Record<string, Buffer> = { identity: first.rawPayload };
  for (const coding of ['br', 'gzip']) coded[coding] = (await service.inject({ url: FIRST, headers: { ...auth, 'accept-encoding': coding } })).rawPayload;
  const sizes = Object.fromEntries(Object.entries(coded).map(([k, v]) => [k, v.length]));
  let app = service;
  if (mode === 'ceiling') {
    // The ceiling: fastify answering the very same bytes with no work at all (precompressed ones when asked).
    const bodies = new Map([
      [FIRST, first.rawPayload],
      [cursorPath, (await service.inject({ url: cursorPath, headers: auth })).rawPayload],
    ]);
    // The headers that matter to a client or a cache are the service's own: Content-Type, Vary, ETag, Content-Encoding.
    const tags: Record<string, string> = { identity: first.headers.etag as string };
    for (const coding of ['br', 'gzip'])
      tags[coding] = (await service.inject({ url: FIRST, headers: { ...auth, 'accept-encoding': coding } })).headers.etag as string;
    const cursorTag = (await service.inject({ url: cursorPath, headers: auth })).headers.etag as string;
    app = Fastify({ logger: false });
    app.get('/api/v1/rails', (request, reply) => {
      const accept = request.headers['accept-encoding'];
      const coding = accept === 'br' || accept === 'gzip' ? accept : undefined;
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding');
      if (coding) return reply.header('etag', tags[coding]).header('content-encoding', coding).send(coded[coding]);
      const page = bodies.get(request.url);
      return reply.header('etag', page ? (request.url === FIRST ? tags.identity : cursorTag) : tags.identity).send(page ?? bodies.get(FIRST));
    });
  }
  await app.listen({ host: HOST, port: 0 });
  const port = (app.server.address() as { port: number }).port;
  process.on('message', (message: string) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpu: user + system });
    } else if (message === 'memory') {
      globalThis.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      process.send!({ memory: { rss, heapUsed } });
    } else if (message === 'stop') {
      void app.close().then(() => process.exit(0));
    }
  });
  process.send!({ ready: { port, cursorPath, sizes } satisfies Ready });
}

// ---------------------------------------------------------------- driver side

function request<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench worker exited with ${code}`));
    const onMessage = (reply: any) => {
      if (reply && key in reply) {
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply[key]);
      }
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}

async function startWorker(mode: Mode, seedPath: string, profile: boolean): Promise<{ child: ChildProcess; ready: Ready }> {
  const execArgv = ['--import', 'tsx', '--expose-gc'];
  if (profile) execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.join(PROFILES, mode)}`);
  const child = fork(SELF, ['--worker', mode, seedPath], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await request<Ready>(child, '', 'ready');
  return { child, ready };
}

async function stopWorker(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
}

interface Load {
  rps: number;
  /** CPU time of the server process per request answered, in microseconds (when measured). */
  cpu?: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(port: number, urlPath: string, duration: number, connections: number, overallRate?: number, encoding?: string): Promise<Load> {
  const result = await autocannon({
    url: `http://${HOST}:${port}${urlPath}`,
    headers: { authorization: `Bearer ${KEY}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

/** The server's CPU time per request of a run, in microseconds. */
function cpuOf(run: Load): string {
  return run.cpu === undefined ? '' : run.cpu.toFixed(0);
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * `rounds` runs of each server, alternated (ABBA: the ceiling first in even rounds, the service first in odd ones) so
 * that a burst of other work on the machine hits both alike. Returns the best run of each, and the median over the
 * rounds of the ratio of the service's run to the ceiling's run of the same round (less sensitive to one lucky run).
 */
async function alternate(
  servers: [ChildProcess, ChildProcess],
  ports: [number, number],
  paths: [string, string],
  duration: number,
  connections: number,
  rounds: number,
  encoding?: string,
): Promise<{ top: Load; peak: Load; medianRatio: number }> {
  const best: [Load | undefined, Load | undefined] = [undefined, undefined];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const runs: Load[] = [];
    for (const i of round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
      const cpuBefore = await request<number>(servers[i], 'cpu', 'cpu');
      const run = await load(ports[i], paths[i], duration, connections, undefined, encoding);
      run.cpu = (await request<number>(servers[i], 'cpu', 'cpu')) - cpuBefore;
      run.cpu /= run.rps * duration;
      runs[i] = run;
      if (!best[i] || run.rps > best[i]!.rps) best[i] = run;
    }
    ratios.push(runs[1].rps / runs[0].rps);
  }
  ratios.sort((a, b) => a - b);
  const mid = ratios.length >> 1;
  const medianRatio = ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
  return { top: best[0]!, peak: best[1]!, medianRatio };
}

async function benchSeed(
  label: string,
  seedPath: string,
  options: { duration: number; connections: number; rounds: number; profile: boolean; variants: boolean; control: boolean; pages: Set<string> },
) {
  const { duration, connections, rounds, profile, pages } = options;
  const rows: string[] = [];
  const row = (cells: string[]) => rows.push(cells.map((c, i) => (i === 0 ? c.padEnd(22) : i === 1 ? c.padEnd(8) : c.padStart(i >= 7 ? 12 : 10))).join(''));
  row(['', 'page', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'p99@half', 'cpu us/req', 'med. ratio']);

  const ceiling = await startWorker('ceiling', seedPath, profile);
  const service = await startWorker('service', seedPath, profile);
  const ports: [number, number] = [ceiling.ready.port, service.ready.port];
  const verdicts: string[] = [];
  const memory: string[] = [];
  let before: Memory | undefined;
  let requests = 0;
  for (const [name, paths] of [
    ['first', [FIRST, FIRST]],
    ['cursor', [ceiling.ready.cursorPath, service.ready.cursorPath]],
  ] as const) {
    if (!pages.has(name)) continue;
    for (const i of [0, 1]) await load(ports[i], paths[i], 1, connections);
    before ??= await request<Memory>(service.child, 'memory', 'memory');
    const { top, peak, medianRatio } = await alternate(
      [ceiling.child, service.child],
      ports,
      paths as unknown as [string, string],
      duration,
      connections,
      rounds,
    );
    const half = await load(ports[1], paths[1], duration, connections, Math.max(1, Math.round(peak.rps / 2)));
    requests += (rounds * peak.rps + half.rps) * duration;
    const ratio = peak.rps / top.rps;
    row([`${label}`, name, top.rps.toFixed(0), String(top.p50), String(top.p99), 'ceiling', '', cpuOf(top)]);
    row(['', '', peak.rps.toFixed(0), String(peak.p50), String(peak.p99), ratio.toFixed(2), String(half.p99), cpuOf(peak), medianRatio.toFixed(2)]);
    if (top.errors || peak.errors || half.errors)
      verdicts.push(`  ${name}: ${top.errors} ceiling and ${peak.errors + half.errors} service errors or non-2xx answers`);
    verdicts.push(
      `  ${name}: ratio ${ratio.toFixed(2)} ${ratio >= 0.7 ? 'meets' : 'MISSES'} the 0.7 target; p99 at half peak ${half.p99} ms ${half.p99 < 10 ? 'meets' : 'MISSES'} the 10 ms target`,
    );
  }
  const after = await request<Memory>(service.child, 'memory', 'memory');
  if (!before) memory.push(`service: before the compressed runs RSS ${mb(after.rss)}, heap ${mb(after.heapUsed)}`);
  else
    memory.push(
      `service: before RSS ${mb(before!.rss)}, heap ${mb(before!.heapUsed)}; after ~${Math.round(requests).toLocaleString('en')} more requests RSS ${mb(after.rss)}, heap ${mb(after.heapUsed)}`,
    );

  // Compressed: the service's precompressed variants against the ceiling serving the same bytes.
  const { sizes } = service.ready;
  for (const encoding of ['br', 'gzip']) {
    if (!pages.has(encoding)) continue;
    for (const i of [0, 1]) await load(ports[i], FIRST, 1, connections, undefined, encoding);
    const { top, peak, medianRatio } = await alternate([ceiling.child, service.child], ports, [FIRST, FIRST], duration, connections, rounds, encoding);
    const ratio = peak.rps / top.rps;
    row(['', `${encoding}`, top.rps.toFixed(0), String(top.p50), String(top.p99), 'ceiling', '', cpuOf(top)]);
    row(['', '', peak.rps.toFixed(0), String(peak.p50), String(peak.p99), ratio.toFixed(2), '', cpuOf(peak), medianRatio.toFixed(2)]);
    if (top.errors || peak.errors) verdicts.push(`  ${encoding}: ${top.errors} ceiling and ${peak.errors} service errors or non-2xx answers`);
    verdicts.push(
      `  ${encoding}: ratio ${ratio.toFixed(2)} (best against best; median of the ${rounds} rounds ${medianRatio.toFixed(2)}) ${ratio >= 0.9 ? 'meets' : 'MISSES'} the 0.9 target; server CPU per request ${cpuOf(peak)} us against ${cpuOf(top)} us (${((top.cpu ?? 0) / (peak.cpu ?? 1)).toFixed(2)})`,
    );
  }
  if (options.control) await controlRows({ seedPath, ceiling, ports, pages, row, verdicts, duration, connections, rounds });
  const compressedAfter = await request<Memory>(service.child, 'memory', 'memory');
  memory.push(`  after the compressed runs RSS ${mb(compressedAfter.rss)}, heap ${mb(compressedAfter.heapUsed)}`);
  memory.push(
    `  bytes of the first page: ${Object.entries(sizes)
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ')}`,
  );
  await stopWorker(service.child);
  await stopWorker(ceiling.child);

  if (options.variants) await variantRows(seedPath, row, duration, connections);
  console.log(rows.join('\n'));
  console.log(verdicts.join('\n'));
  console.log(`  memory (after a gc): ${memory.join('\n')}\n`);
}

/** What the operator sees of a process: its RSS now and its peak RSS (VmHWM), from /proc, in bytes. */
function procMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The gauges of GET /metrics (Prometheus text) whose names are asked, by name. */
async function metrics(url: string, names: string[]): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Object.fromEntries(names.map((name) => [name, Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)]));
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const MEMORY_GAUGES = [
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_external_memory_bytes',
  'catalog_page_cache_entries',
  'catalog_page_cache_bytes',
];

/** The i-th query of a memory run: its path and the coding it asks for. */
type DistinctQuery = (n: number) => { path: string; encoding: string };

/**
 * Distinct filters (country x currency x limit), almost all matching nothing: a page of its own each, under 1 KB.
 * Assigned codes only: the filters refuse the others (400), which would measure the error path instead.
 */
const emptyFilters: DistinctQuery = (n) => ({
  path: `/api/v1/rails?country=${COUNTRY_CODES[n % COUNTRY_CODES.length]}&currency=${CURRENCY_CODES[Math.floor(n / COUNTRY_CODES.length) % CURRENCY_CODES.length]}&limit=${1 + (Math.floor(n / (COUNTRY_CODES.length * CURRENCY_CODES.length)) % 100)}`,
  encoding: ['identity', 'br', 'gzip', 'identity'][n % 4],
});

/** Three of four queries as emptyFilters, the fourth a page of 2 to 100 rails of one country, in br or gzip. */
function mixedPages(countries: string[]): DistinctQuery {
  return (n) => {
    if (n % 4 !== 1) return emptyFilters(n);
    const m = n >> 2;
    return { path: `/api/v1/rails?limit=${2 + (m % 99)}&country=${countries[Math.floor(m / 99) % countries.length]}`, encoding: ['br', 'gzip'][m % 2] };
  };
}

/**
 * Memory under distinct queries, as an operator sees it: `catalog serve` itself (the compiled CLI, no tsx, no
 * --expose-gc, request logs on, rate limit off) sent `count` distinct queries, each a page of its own in the cache.
 * Its RSS and peak RSS from /proc and its /metrics gauges, before and after; no garbage collection is forced.
 */
async function benchDistinct(label: string, seedPath: string, count: number, connections: number, query: DistinctQuery): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/catalog.js'), 'serve', '--seed', seedPath, '--host', HOST, '--port', '0'], {
    env: { PATH: process.env.PATH, CATALOG_API_KEYS: KEY, CATALOG_CURSOR_SECRET: SECRET, CATALOG_RATE_LIMIT: 'off', CATALOG_METRICS_TOKEN: METRICS_TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const started = performance.now();
  while (!/ at (http:\/\/\S+)/.test(stderr)) {
    if (child.exitCode !== null || performance.now() - started > 30_000) throw new Error(`catalog serve did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = / at (http:\/\/\S+)/.exec(stderr)![1];
  const port = Number(new URL(url).port);
  try {
    await load(port, FIRST, 1, connections);
    const before = { ...procMemory(child.pid!), gauges: await metrics(url, MEMORY_GAUGES) };
    let i = 0;
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(procMemory(child.pid!).rss), 1000);
    const t0 = performance.now();
    const result = await autocannon({
      url,
      headers: { authorization: `Bearer ${KEY}` },
      connections,
      amount: count,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            const { path: at, encoding } = query(i++);
            return { ...req, headers: { ...(req.headers as object), 'accept-encoding': encoding }, path: at };
          },
        },
      ],
    });
    clearInterval(sampler);
    const seconds = (performance.now() - t0) / 1000;
    const after = { ...procMemory(child.pid!), gauges: await metrics(url, MEMORY_GAUGES) };
    const growth = after.rss - before.rss;
    const peakGrowth = after.peak - before.rss;
    const errors = result.errors + result.non2xx + result.timeouts;
    const gauges = (g: Record<string, number>) =>
      `heap ${mb(g.nodejs_heap_size_used_bytes)}, external ${mb(g.nodejs_external_memory_bytes)}, page cache ${g.catalog_page_cache_entries.toLocaleString('en')} entries / ${mb(g.catalog_page_cache_bytes)} counted`;
    console.log(
      `memory, ${label} (catalog serve, no forced gc): ${count.toLocaleString('en')} distinct queries in ${seconds.toFixed(0)} s (${(count / seconds).toFixed(0)} req/s, ${errors} errors or non-2xx)\n` +
        `  before: RSS ${mb(before.rss)}; ${gauges(before.gauges)}\n` +
        `  after:  RSS ${mb(after.rss)}, peak ${mb(after.peak)}; ${gauges(after.gauges)}\n` +
        `  RSS every 10 s: ${samples
          .filter((_, k) => k % 10 === 9)
          .map((r) => (r / 1024 / 1024).toFixed(0))
          .join(' ')} MB\n` +
        `  growth ${mb(growth)} (peak ${mb(peakGrowth)}) ${growth < 64 * 1024 * 1024 ? 'meets' : 'MISSES'} the < 64 MB target\n`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/**
 * The client developer's endpoints on the bundled seed: GET /api/v1/catalog compressed (br, gzip), revalidated
 * (If-None-Match: 304), and POST /api/v1/rails/BR-pix/beneficiary-checks (a valid and a refused beneficiary).
 */
async function benchClientKit(seedPath: string, version: string, duration: number, connections: number): Promise<void> {
  const { child, ready } = await startWorker('service', seedPath, false);
  const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 1 ? c.padEnd(34) : i === 0 ? c.padEnd(2) : c.padStart(10))).join(''));
  try {
    const run = async (label: string, options: Record<string, unknown>) => {
      const result = await autocannon({
        url: `http://${HOST}:${ready.port}${options.path}`,
        connections,
        duration,
        ...options,
        headers: { authorization: `Bearer ${KEY}`, ...(options.headers as object) },
      });
      const errors = result.errors + result.timeouts + (result.non2xx - (options.expect304 ? result.non2xx : 0));
      row(['', label, result.requests.average.toFixed(0), String(result.latency.p50), String(result.latency.p99), errors ? `${errors} errors` : '', '']);
    };
    console.log('client kit (bundled seed)');
    row(['', 'request', 'req/s', 'p50 ms', 'p99 ms', '', '']);
    await run('GET /api/v1/catalog br', { path: '/api/v1/catalog', headers: { 'accept-encoding': 'br' } });
    await run('GET /api/v1/catalog gzip', { path: '/api/v1/catalog', headers: { 'accept-encoding': 'gzip' } });
    await run('GET /api/v1/catalog br, 304', {
      path: '/api/v1/catalog',
      headers: { 'accept-encoding': 'br', 'if-none-match': `"${version}-br"` },
      expect304: true,
    });
    const check = (values: Record<string, string>) => ({
      path: '/api/v1/rails/BR-pix/beneficiary-checks',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values }),
    });
    await run('POST beneficiary-checks valid', check({ pixKeyType: 'cpf', pixKey: '52998224725' }));
    await run('POST beneficiary-checks refused', check({ pixKeyType: 'cpf', pixKey: '529.982.247-25', extra: 'x' }));
    console.log('');
  } finally {
    await stopWorker(child);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      distinct: { type: 'string', default: '200000' },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'no-variants': { type: 'boolean', default: false },
      control: { type: 'boolean', default: false },
      'client-kit-only': { type: 'boolean', default: false },
      seeds: { type: 'string', default: 'bundled,10k' },
      pages: { type: 'string', default: 'first,cursor,br,gzip' },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const bundled = path.join(ROOT, 'dist/seed.json');
  if (!existsSync(bundled)) {
    console.log('dist/seed.json is missing: building the bundled catalog');
    const build = spawnSync(process.execPath, [path.join(ROOT, 'bin/catalog.js'), 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('catalog build failed: fix the catalog, then run the bench again');
  }
  const seed: Seed = JSON.parse(readFileSync(bundled, 'utf8'));
  if (values['client-kit-only']) return benchClientKit(bundled, seed.meta.version, duration, connections);
  const big = growSeed(seed, 10_000);
  const bigPath = path.join(mkdtempSync(path.join(tmpdir(), 'bench-api-')), 'seed-10k.json');
  writeFileSync(bigPath, JSON.stringify(big));
  console.log(
    `bench:api  ${duration} s per run, best of ${values.rounds} alternated runs (ABBA) against the ceiling (and the median of the per-round ratios), ${connections} connections, loopback, node ${process.version}, GET ${FIRST} with auth\n` +
      `  bundled seed ${seed.meta.version}: ${seed.meta.counts.rails} rails; generated seed ${big.meta.version}: ${big.meta.counts.rails} rails (${mb(readFileSync(bigPath).length)})\n`,
  );
  const pages = new Set(values.pages!.split(','));
  const seeds = new Set(values.seeds!.split(','));
  const options = {
    duration,
    connections,
    rounds: Number(values.rounds),
    profile: values.profile!,
    variants: !values['no-variants'],
    control: values.control!,
    pages,
  };
  if (values.only === undefined || values.only === 'pages') {
    if (seeds.has('bundled')) await benchSeed(`bundled (${seed.meta.counts.rails} rails)`, bundled, { ...options, variants: false });
    if (seeds.has('10k')) await benchSeed('10,000 rails', bigPath, options);
  }
  if (values.only === undefined || values.only === 'distinct') {
    await benchDistinct(`bundled seed, distinct filters`, bundled, Number(values.distinct), connections, emptyFilters);
    const countries = [...new Set(big.rails.flatMap((r) => r.countries))].sort();
    await benchDistinct(
      '10,000 rails, one query in four a page of 2 to 100 rails in br or gzip',
      bigPath,
      Number(values.distinct),
      connections,
      mixedPages(countries),
    );
  }
  if (values.only === undefined || values.only === 'client-kit') await benchClientKit(bundled, seed.meta.version, duration, connections);
  if (options.profile) console.log(`CPU profiles of the service: ${PROFILES}`);
}

/** The control: a second ceiling process against the first, alternated the same way (the machine's noise). */
async function controlRows(c: {
  seedPath: string;
  ceiling: Awaited<ReturnType<typeof startWorker>>;
  ports: [number, number];
  pages: Set<string>;
  row: (cells: string[]) => void;
  verdicts: string[];
  duration: number;
  connections: number;
  rounds: number;
}): Promise<void> {
  const { seedPath, ceiling, ports, pages, row, verdicts, duration, connections, rounds } = c;
  // The control: a second ceiling process against the first, alternated the same way. Both serve the same bytes
  // the same way, so any ratio but 1.00 is the machine's noise: a service ratio within this band of the target
  // says nothing either way.
  const twin = await startWorker('ceiling', seedPath, false);
  for (const encoding of ['br', 'gzip']) {
    if (!pages.has(encoding)) continue;
    await load(twin.ready.port, FIRST, 1, connections, undefined, encoding);
    const { top, peak, medianRatio } = await alternate(
      [ceiling.child, twin.child],
      [ports[0], twin.ready.port],
      [FIRST, FIRST],
      duration,
      connections,
      rounds,
      encoding,
    );
    row([
      '  control: ceiling x2',
      encoding,
      peak.rps.toFixed(0),
      String(peak.p50),
      String(peak.p99),
      (peak.rps / top.rps).toFixed(2),
      '',
      cpuOf(peak),
      medianRatio.toFixed(2),
    ]);
    verdicts.push(
      `  control (${encoding}): a second ceiling against the first, ratio ${(peak.rps / top.rps).toFixed(2)} (median of the ${rounds} rounds ${medianRatio.toFixed(2)}): the noise of this run`,
    );
  }
  await stopWorker(twin.child);
}

/** The variants: @fastify/compress, the production request log, and every page rendered (page cache off). */
async function variantRows(seedPath: string, row: (cells: string[]) => void, duration: number, connections: number): Promise<void> {
  // The same compressed page through @fastify/compress (compressing each response), for the comparison.
  const plugin = await startWorker('service-fastify-compress', seedPath, false);
  for (const encoding of ['br', 'gzip']) {
    await load(plugin.ready.port, FIRST, 1, connections, undefined, encoding);
    const run = await load(plugin.ready.port, FIRST, duration, connections, undefined, encoding);
    row(['  @fastify/compress', encoding, run.rps.toFixed(0), String(run.p50), String(run.p99), '', '']);
  }
  await stopWorker(plugin.child);

  // The cost of the production request log (one JSON line per request, written to /dev/null here), and of
  // rendering every page (page cache off).
  for (const [mode, title] of [
    ['service-logged', '  + JSON request logs'],
    ['service-uncached', '  no page cache'],
  ] as const) {
    const variant = await startWorker(mode, seedPath, false);
    await load(variant.ready.port, FIRST, 1, connections);
    const run = await load(variant.ready.port, FIRST, duration, connections);
    row([title, 'first', run.rps.toFixed(0), String(run.p50), String(run.p99), '', '']);
    await stopWorker(variant.child);
  }
}

const workerAt = process.argv.indexOf('--worker');
if (workerAt !== -1) await worker(process.argv[workerAt + 1] as Mode, process.argv[workerAt + 2]);
else await main();
