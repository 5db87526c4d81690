/**
 * npm run test:cluster: the service as a fleet, started for real on loopback: a seed store, three `catalog serve`
 * replicas sharing the cursor secret, Redis for shared rate limits, and nginx balancing round-robin without
 * stickiness. Then six checks, each printing its figures. Every process started is recorded in a pid file and
 * stopped at the end, whatever happens. Exit 0 when every check passes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentVersion } from '../src/seed/version.js';
import { BUNDLED_TODAY } from '../test/helpers/bundled.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? 18100);
const LB = `http://127.0.0.1:${BASE_PORT}`;
const REPLICA_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
const REDIS_PORT = BASE_PORT + 9;
const SECRET = 'cluster-cursor-secret-0123456789abcdef0123';
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const KEY = 'cluster-main-key-0123456789abcdef';
const LIMITED_KEY = 'cluster-limited-key-0123456789abc';
const SECOND_KEY = 'cluster-second-key-0123456789abcd';
const LIMIT_PER_MIN = 30;
const TODAY = BUNDLED_TODAY;

const work = mkdtempSync(path.join(tmpdir(), 'catalog-cluster-'));
const pids = path.join(work, 'pids');
const storeDir = path.join(work, 'store');
/** Each replica reads the store through a path of its own, as through a mount: one view can be taken away alone. */
const viewOf = (i: number) => path.join(work, 'views', `replica-${i + 1}`);
mkdirSync(pids);
const children = new Map<string, ChildProcess>();

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

// ---------------------------------------------------------------- processes

function ensurePackages() {
  const missing = [['nginx', 'nginx'], ['redis-server', 'redis-server']].filter(([bin]) => {
    try {
      execFileSync('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  log(`installing ${missing.map(([, pkg]) => pkg).join(', ')} with apt-get`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing.map(([, pkg]) => pkg)], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function binary(name: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  return name;
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  // Straight to a file: the logs survive whatever happens to this script.
  const out = openSync(path.join(work, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  closeSync(out);
  writeFileSync(path.join(pids, `${name}.pid`), String(child.pid));
  children.set(name, child);
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The pids this run started, from its pid files (nginx's master also from the pid file nginx writes). */
function startedPids(): number[] {
  const files = existsSync(pids) ? readdirSync(pids).map((f) => path.join(pids, f)) : [];
  if (existsSync(path.join(work, 'nginx.pid'))) files.push(path.join(work, 'nginx.pid'));
  return [...new Set(files.map((f) => Number(readFileSync(f, 'utf8').trim())).filter((pid) => pid > 0))];
}

function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

/** Stops every process this run started, by the pid files it wrote: SIGTERM (nginx stops its workers), then SIGKILL. */
async function cleanup() {
  const list = startedPids();
  for (const pid of list) signal(pid, 'SIGTERM');
  for (let i = 0; i < 30 && list.some((pid) => signal(pid, 0)); i++) await sleep(100);
  for (const pid of list) signal(pid, 'SIGKILL');
}

async function until(what: string, condition: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * True once nginx sends requests to the replica on `port`: one of a few requests through it is answered there (the
 * last address of X-Upstream, which lists every replica tried). nginx takes a replica whose requests failed out of its
 * rotation for fail_timeout, whatever its /readyz says.
 */
async function inRotation(port: number): Promise<boolean> {
  for (let i = 0; i < 2 * REPLICA_PORTS.length; i++) {
    const res = await fetch(`${LB}/healthz`);
    await res.arrayBuffer();
    if (res.headers.get('x-upstream')?.split(', ').at(-1) === `127.0.0.1:${port}`) return true;
  }
  return false;
}

function startReplica(i: number): ChildProcess {
  const name = `replica-${i + 1}`;
  return start(name, process.execPath, ['bin/catalog.js', 'serve', '--store', viewOf(i), '--poll', '1s', '--port', String(REPLICA_PORTS[i])], {
    CATALOG_CURSOR_SECRET: SECRET,
    CATALOG_API_KEYS_FILE: path.join(work, 'keys'),
    CATALOG_METRICS_TOKEN: METRICS_TOKEN,
    CATALOG_REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    CATALOG_REPLICA: name,
    CATALOG_LOG_LEVEL: 'warn',
  });
}

async function ready(port: number): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`);
  await res.arrayBuffer();
  return res.status === 200;
}

function nginxConfig(): string {
  const servers = REPLICA_PORTS.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=2s;`).join('\n');
  return `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  upstream catalog {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${BASE_PORT};
    location / {
      proxy_pass http://catalog;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_connect_timeout 1s;
      proxy_read_timeout 10s;
      # Passive health checks (max_fails above) and retry of idempotent requests on the next replica: a replica that
      # cannot read its store answers 503 (with Retry-After) to a cursor it cannot serve, and the next replica serves it.
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

// ---------------------------------------------------------------- seeds

function publish(seedFile: string): string {
  return execFileSync(process.execPath, ['bin/catalog.js', 'publish', '--store', storeDir, '--seed', seedFile], { cwd: ROOT, encoding: 'utf8' }).trim();
}

/** The next version: one rail added, one renamed, one closed. */
function nextSeed(seed: any): any {
  const rails = seed.rails.map((r: any) => ({ ...r }));
  const open = rails.filter((r: any) => r.phase !== 'never');
  open[0].name = `${open[0].name} (renamed)`;
  open[1].phase = 'never';
  open[1].reason = 'scheme_retired';
  rails.push({ ...open[2], id: `${open[2].id.slice(0, 3)}zz_cluster_added`, slug: 'zz-cluster-added' });
  rails.sort((a: any, b: any) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const next = { ...seed, rails, meta: { ...seed.meta, counts: { ...seed.meta.counts, rails: rails.length } } };
  next.meta.version = contentVersion(next);
  return next;
}

/** Another version: every rail renamed (a change every page shows). */
function renamedSeed(seed: any, mark: string): any {
  const next = { ...seed, rails: seed.rails.map((r: any) => ({ ...r, name: `${r.name} ${mark}` })) };
  next.meta = { ...seed.meta };
  next.meta.version = contentVersion(next);
  return next;
}

// ---------------------------------------------------------------- clients

const ENDPOINTS = ['rails', 'assets', 'countries'] as const;
type Endpoint = (typeof ENDPOINTS)[number];
const KEY_FIELD: Record<Endpoint, string> = { rails: 'id', assets: 'id', countries: 'code' };

interface RunResult {
  ok: boolean;
  problem?: string;
  version?: string;
  pages: number;
  upstreams: Set<string>;
  startedAt: number;
}

const expected = new Map<string, Record<Endpoint, string[]>>();
function remember(seed: any) {
  const keys = (list: any[], field: string) => list.map((x) => x[field]).sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0));
  expected.set(seed.meta.version, { rails: keys(seed.rails, 'id'), assets: keys(seed.assets, 'id'), countries: keys(seed.countries, 'code') });
}

/** One full run of an endpoint through nginx: complete, ordered, without duplicates, on one version. */
async function paginate(endpoint: Endpoint, limit: number, key = KEY): Promise<RunResult> {
  try {
    return await paginateOnce(endpoint, limit, key);
  } catch (err) {
    return { ok: false, problem: `client error: ${(err as Error).message}`, pages: 0, upstreams: new Set(), startedAt: Date.now() };
  }
}

async function paginateOnce(endpoint: Endpoint, limit: number, key: string): Promise<RunResult> {
  const result: RunResult = { ok: false, pages: 0, upstreams: new Set(), startedAt: Date.now() };
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const url = `${LB}/api/v1/${endpoint}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    } catch (err) {
      return { ...result, problem: `connection error: ${(err as Error).message} ${(err as { cause?: Error }).cause?.message ?? ''}` };
    }
    const text = await res.text().catch(() => '');
    if (res.status !== 200) return { ...result, problem: `HTTP ${res.status} from ${res.headers.get('x-upstream')}: ${text.slice(0, 120)}` };
    const body = JSON.parse(text);
    result.pages++;
    result.upstreams.add(res.headers.get('x-upstream') ?? '?');
    const version = res.headers.get('catalog-version')!;
    if (result.version && version !== result.version) return { ...result, problem: `run mixes versions ${result.version} and ${version}` };
    result.version = version;
    for (const item of body.data) seen.push(item[KEY_FIELD[endpoint]]);
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  const want = expected.get(result.version!)?.[endpoint];
  if (!want) return { ...result, problem: `unknown version ${result.version}` };
  if (new Set(seen).size !== seen.length) return { ...result, problem: 'duplicates' };
  for (let i = 1; i < seen.length; i++) if (!(seen[i - 1] < seen[i])) return { ...result, problem: 'out of order' };
  if (seen.join('\n') !== want.join('\n')) return { ...result, problem: `incomplete: ${seen.length} of ${want.length}` };
  return { ...result, ok: true };
}

// ---------------------------------------------------------------- checks

const outcomes: Array<{ name: string; ok: boolean; figures: string }> = [];

async function check(name: string, body: () => Promise<string>) {
  const t0 = Date.now();
  try {
    const figures = await body();
    outcomes.push({ name, ok: true, figures });
    log(`PASS ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${figures}`);
  } catch (err) {
    outcomes.push({ name, ok: false, figures: (err as Error).message });
    log(`FAIL ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${(err as Error).message}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function metricsOf(port: number): Promise<Map<string, number>> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  assert(res.status === 200, `/metrics of ${port} answered ${res.status}`);
  const out = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    const m = /^(catalog_[a-z_]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (m) out.set(`${m[1]}${(m[2] ?? '').replace(/,?replica="[^"]*"/, '').replace('{,', '{').replace('{}', '')}`, Number(m[3]));
  }
  return out;
}

/** Lines of a replica's log with this event. */
function logLines(name: string, event: string): Array<Record<string, unknown>> {
  const file = path.join(work, `${name}.log`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes(`"event":"${event}"`))
    .map((l) => JSON.parse(l));
}

/** 503 answers of a replica's list routes, from its /metrics. */
async function unavailableAnswers(port: number): Promise<number> {
  const metrics = await metricsOf(port);
  return ENDPOINTS.reduce((sum, e) => sum + (metrics.get(`catalog_http_requests_total{route="/api/v1/${e}",method="GET",status="503"}`) ?? 0), 0);
}

/**
 * Check 6: replica-2's view of the store is taken away (a mount gone) just before a new version is published, under
 * 20 paginating clients; it cannot load the new version its neighbours serve, answers 503 to the cursors naming it,
 * nginx retries them on another replica (proxy_next_upstream http_503); its /readyz says why it is not ready; it logs
 * the repeated error once; the view comes back and it catches up. No walk breaks.
 */
async function storeHiccupCheck(next: { file: string; version: string }): Promise<string> {
  let stop = false;
  const results: RunResult[] = [];
  const clients = Array.from({ length: 20 }, async (_, c) => {
    for (let n = 0; !stop && n < 10_000; n++) results.push(await paginate(ENDPOINTS[(c + n) % 3], 1 + ((c * 7 + n * 3) % 12)));
  });
  const victim = 1;
  const before503 = await unavailableAnswers(REPLICA_PORTS[victim]);
  await sleep(1500);
  rmSync(viewOf(victim));
  await until('replica-2 not ready (its store unreadable)', async () => !(await ready(REPLICA_PORTS[victim])), 10_000);
  const readyz = (await (await fetch(`http://127.0.0.1:${REPLICA_PORTS[victim]}/readyz`)).json()) as { reason: string };
  log(`  ${publish(next.file)}`);
  for (const name of ['replica-1', 'replica-2', 'replica-3']) children.get(name)!.kill('SIGHUP');
  const versionOf = async (port: number) => ((await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { version: string }).version;
  await until('replicas 1 and 3 on the new version', async () => (await versionOf(REPLICA_PORTS[0])) === next.version && (await versionOf(REPLICA_PORTS[2])) === next.version);
  const lagging = await versionOf(REPLICA_PORTS[victim]);
  // Cursors of the new version reach replica-2 while it cannot read the store.
  await sleep(4000);
  const during503 = (await unavailableAnswers(REPLICA_PORTS[victim])) - before503;
  symlinkSync(storeDir, viewOf(victim));
  await until('replica-2 caught up and ready', async () => (await ready(REPLICA_PORTS[victim])) && (await versionOf(REPLICA_PORTS[victim])) === next.version);
  await sleep(1500);
  stop = true;
  await Promise.all(clients);
  const failed = results.filter((r) => !r.ok);
  const onNew = results.filter((r) => r.ok && r.version === next.version).length;
  const loadLines = logLines('replica-2', 'version-load-failed');
  assert(failed.length === 0, `${failed.length} of ${results.length} runs failed: ${[...new Set(failed.map((f) => f.problem))].slice(0, 3).join('; ')}`);
  assert(lagging !== next.version, 'replica-2 moved to the new version although its store was unreadable');
  assert(/seed store cannot be read/.test(readyz.reason), `replica-2's /readyz said: ${JSON.stringify(readyz)}`);
  assert(during503 > 0, 'no cursor of the new version reached replica-2 while its store was unreadable: the fault was not exercised');
  assert(loadLines.length <= 3, `replica-2 logged version-load-failed ${loadLines.length} times for ${during503} answers (at most one line per error and 10 s)`);
  const pages = results.reduce((s, r) => s + r.pages, 0);
  return `${results.length} runs (${pages} pages), ${onNew} on the new version; replica-2 not ready ("${readyz.reason.slice(0, 90)}..."), answered ${during503} x 503 to cursors of the new version, all retried by nginx on another replica; ${loadLines.length} version-load-failed log line(s); caught up once its view came back; 0 broken walks`;
}

/** The three seeds the checks publish, their files, and the fleet started on the first: Redis, three replicas, nginx. */
interface Seeds {
  seed1: any;
  seed2: any;
  seed2File: string;
  seed3: any;
  seed3File: string;
}

async function startFleet(t0: number): Promise<Seeds> {
  // The store and its first version.
  const seed1File = path.join(work, 'seed-1.json');
  execFileSync(process.execPath, ['bin/catalog.js', 'build', '--today', TODAY, '--out', seed1File], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const seed1 = JSON.parse(readFileSync(seed1File, 'utf8'));
  const seed2 = nextSeed(seed1);
  const seed2File = path.join(work, 'seed-2.json');
  writeFileSync(seed2File, JSON.stringify(seed2, null, 2) + '\n');
  const seed3 = renamedSeed(seed2, '(v3)');
  const seed3File = path.join(work, 'seed-3.json');
  writeFileSync(seed3File, JSON.stringify(seed3, null, 2) + '\n');
  remember(seed1);
  remember(seed2);
  remember(seed3);
  log(publish(seed1File));
  writeFileSync(path.join(work, 'keys'), `${KEY} limit=off\n${LIMITED_KEY} limit=${LIMIT_PER_MIN}/min\n${SECOND_KEY}\n`);
  mkdirSync(path.join(work, 'views'));
  REPLICA_PORTS.forEach((_p, i) => symlinkSync(storeDir, viewOf(i)));

  start('redis', binary('redis-server'), ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no']);
  REPLICA_PORTS.forEach((_p, i) => startReplica(i));
  for (const p of REPLICA_PORTS) await until(`replica on ${p} ready`, () => ready(p));
  writeFileSync(path.join(work, 'nginx.conf'), nginxConfig());
  start('nginx', binary('nginx'), ['-p', work, '-c', path.join(work, 'nginx.conf')]);
  await until('nginx', async () => (await fetch(`${LB}/healthz`)).status === 200);
  log(`fleet up in ${((Date.now() - t0) / 1000).toFixed(1)} s: nginx ${LB}, replicas ${REPLICA_PORTS.join(', ')}, redis ${REDIS_PORT}, store ${storeDir}`);

  return { seed1, seed2, seed2File, seed3, seed3File };
}

/** Check 1: pagination crosses replicas. */
async function paginationCheck(): Promise<string> {
  let pages = 0;
  let multi = 0;
  let multiPage = 0;
  const failures: string[] = [];
  // 200 runs of each endpoint, limits 1 to 100 (each twice), 10 at a time.
  const runs = 200 * ENDPOINTS.length;
  for (let i = 0; i < runs; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, runs - i) }, (_, j) => {
        const n = i + j;
        return paginate(ENDPOINTS[n % 3], 1 + ((Math.floor(n / 3) * 37) % 100));
      }),
    );
    for (const r of batch) {
      pages += r.pages;
      if (r.upstreams.size > 1) multi++;
      if (r.pages > 1) multiPage++;
      if (!r.ok) failures.push(r.problem!);
    }
  }
  assert(failures.length === 0, `${failures.length} runs failed: ${failures.slice(0, 3).join('; ')}`);
  // Round robin across concurrent clients: a run of two pages lands twice on one replica about a third of the time.
  assert(multi >= multiPage / 2, `only ${multi} of ${multiPage} runs of several pages crossed replicas`);
  return `${runs} runs (200 per endpoint, limits 1-100), ${pages} pages; ${multi} of the ${multiPage} runs of several pages were served by more than one replica; all complete, ordered, no duplicates`;
}

/** Check 2: rolling deployment under 20 paginating clients. */
async function rollingCheck(seeds: Seeds): Promise<string> {
  const { seed1, seed2, seed2File } = seeds;
  let stop = false;
  let movedAt = Infinity;
  const results: RunResult[] = [];
  const clients = Array.from({ length: 20 }, async (_, c) => {
    for (let n = 0; !stop && n < 10_000; n++) results.push(await paginate(ENDPOINTS[(c + n) % 3], 1 + ((c * 13 + n * 7) % 25)));
  });
  await sleep(1500);
  log(`  ${publish(seed2File)}`);
  // The replicas poll every second; SIGHUP makes them read the pointer now.
  for (const name of ['replica-1', 'replica-2', 'replica-3']) children.get(name)!.kill('SIGHUP');
  await until('every replica on the new version', async () => {
    const versions = await Promise.all(REPLICA_PORTS.map(async (p) => ((await (await fetch(`http://127.0.0.1:${p}/healthz`)).json()) as any).version));
    return versions.every((v) => v === seed2.meta.version);
  });
  movedAt = Date.now();
  for (let i = 0; i < 3; i++) {
    const child = children.get(`replica-${i + 1}`)!;
    child.kill('SIGTERM');
    await exited(child);
    startReplica(i);
    await until(`replica-${i + 1} ready again`, () => ready(REPLICA_PORTS[i]));
    // As an operator rolls out: the next replica stops only once nginx sends this one requests again (its passive
    // checks took it out when it stopped, for fail_timeout); stopping it sooner leaves nginx one replica or none.
    await until(`replica-${i + 1} back in nginx's rotation`, () => inRotation(REPLICA_PORTS[i]));
  }
  await sleep(1500);
  stop = true;
  await Promise.all(clients);
  const failed = results.filter((r) => !r.ok);
  const after = results.filter((r) => r.startedAt > movedAt);
  const stale = after.filter((r) => r.ok && r.version !== seed2.meta.version);
  const v1 = results.filter((r) => r.ok && r.version === seed1.meta.version).length;
  const pages = results.reduce((s, r) => s + r.pages, 0);
  assert(failed.length === 0, `${failed.length} of ${results.length} runs failed: ${[...new Set(failed.map((f) => f.problem))].slice(0, 3).join('; ')}`);
  assert(stale.length === 0, `${stale.length} runs started after the pointer moved saw the old version`);
  assert(after.length > 0, 'no run started after the pointer moved');
  return `${results.length} runs (${pages} pages): ${v1} on the old version, ${results.length - v1} on the new; ${after.length} started after every replica moved, all on the new; 0 errors, 0 mixed runs; 3 replicas restarted one by one`;
}

/** Check 3: shared rate limit through nginx. */
async function rateLimitCheck(): Promise<string> {
  const statuses = { limited: [] as number[], second: [] as number[] };
  const hit = async (key: string) => {
    const res = await fetch(`${LB}/api/v1/countries?limit=1`, { headers: { authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    return res.status;
  };
  for (let i = 0; i < LIMIT_PER_MIN * 3; i++) {
    statuses.limited.push(await hit(LIMITED_KEY));
    if (i % 3 === 0) statuses.second.push(await hit(SECOND_KEY));
  }
  const ok = statuses.limited.filter((s) => s === 200).length;
  const limited = statuses.limited.filter((s) => s === 429).length;
  assert(ok >= LIMIT_PER_MIN && ok <= LIMIT_PER_MIN + 2, `${ok} successes for a key limited to ${LIMIT_PER_MIN}/min (3 replicas: ${LIMIT_PER_MIN * 3} if not shared)`);
  assert(statuses.second.every((s) => s === 200), `the second key got ${statuses.second.filter((s) => s !== 200).length} refusals`);
  // Redis stopped mid-run: fail open.
  const redis = children.get('redis')!;
  redis.kill('SIGKILL');
  await exited(redis);
  const during: number[] = [];
  for (let i = 0; i < 30; i++) during.push(await hit(SECOND_KEY));
  assert(during.every((s) => s === 200), `with Redis stopped: ${during.filter((s) => s !== 200).length} of 30 requests refused`);
  const errors = (await Promise.all(REPLICA_PORTS.map(metricsOf))).map((m) => m.get('catalog_rate_limit_store_errors_total') ?? 0);
  assert(errors.reduce((a, b) => a + b, 0) >= 30, `Redis errors counted ${errors.join('/')}, fewer than the 30 requests let through`);
  return `limited key: ${ok} successes and ${limited} x 429 of ${statuses.limited.length} requests (limit ${LIMIT_PER_MIN}/min, 3 replicas); second key: ${statuses.second.length}/${statuses.second.length} ok; Redis stopped: 30/30 ok, Redis errors counted per replica ${errors.join('/')}`;
}

/** Check 4: a replica killed with SIGKILL under load. */
async function killCheck(): Promise<string> {
  let stop = false;
  const results: RunResult[] = [];
  const clients = Array.from({ length: 10 }, async (_, c) => {
    for (let n = 0; !stop && n < 10_000; n++) results.push(await paginate(ENDPOINTS[(c + n) % 3], 1 + ((c * 11 + n) % 20)));
  });
  await sleep(1500);
  const victim = children.get('replica-2')!;
  victim.kill('SIGKILL');
  await exited(victim);
  await sleep(3000);
  stop = true;
  await Promise.all(clients);
  const failed = results.filter((r) => !r.ok);
  startReplica(1);
  await until('replica-2 back', () => ready(REPLICA_PORTS[1]));
  assert(failed.length === 0, `${failed.length} of ${results.length} runs failed: ${[...new Set(failed.map((f) => f.problem))].slice(0, 3).join('; ')}`);
  return `${results.length} runs (${results.reduce((s, r) => s + r.pages, 0)} pages) by 10 clients across the kill of replica-2: 0 errors`;
}

/** Check 5: /metrics of each replica reflects its traffic. */
async function metricsCheck(seeds: Seeds): Promise<string> {
  const { seed2 } = seeds;
  // nginx takes a failed replica back after fail_timeout (2 s).
  for (const port of REPLICA_PORTS) await until(`the replica on ${port} in nginx's rotation`, () => inRotation(port));
  const before = await Promise.all(REPLICA_PORTS.map(metricsOf));
  const served = new Map<string, number>();
  for (let i = 0; i < 90; i++) {
    const res = await fetch(`${LB}/api/v1/assets?limit=2`, { headers: { authorization: `Bearer ${KEY}` } });
    await res.arrayBuffer();
    assert(res.status === 200, `HTTP ${res.status}`);
    const upstream = res.headers.get('x-upstream')!;
    served.set(upstream, (served.get(upstream) ?? 0) + 1);
  }
  const after = await Promise.all(REPLICA_PORTS.map(metricsOf));
  const name = 'catalog_http_requests_total{route="/api/v1/assets",method="GET",status="200"}';
  const figures = REPLICA_PORTS.map((p, i) => {
    const counted = (after[i].get(name) ?? 0) - (before[i].get(name) ?? 0);
    const seen = served.get(`127.0.0.1:${p}`) ?? 0;
    assert(counted === seen, `replica on ${p}: nginx sent it ${seen} requests, its metrics count ${counted}`);
    assert(seen > 0, `replica on ${p} served nothing`);
    assert(after[i].get(`catalog_seed_info{version="${seed2.meta.version}"}`) === 1, `replica on ${p} does not report version ${seed2.meta.version}`);
    return `${p}: ${seen}`;
  });
  return `90 requests through nginx, per replica (seen by clients = counted by /metrics): ${figures.join(', ')}`;
}

async function main() {
  ensurePackages();
  const t0 = Date.now();
  const seeds = await startFleet(t0);
  await check('1. pagination crosses replicas', () => paginationCheck());
  await check('2. rolling deployment under 20 paginating clients', () => rollingCheck(seeds));
  await check('3. shared rate limit through nginx', () => rateLimitCheck());
  await check('4. a replica killed with SIGKILL under load', () => killCheck());
  await check('5. /metrics of each replica reflects its traffic', () => metricsCheck(seeds));
  await check('6. a replica loses its store during a publish, under 20 paginating clients', () => storeHiccupCheck({ file: seeds.seed3File, version: seeds.seed3.meta.version }));

  log(`\n${outcomes.filter((o) => o.ok).length} of ${outcomes.length} checks passed in ${((Date.now() - t0) / 1000).toFixed(1)} s (logs in ${work})`);
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

process.on('SIGINT', () => {
  void cleanup().then(() => process.exit(130));
});
process.on('unhandledRejection', (err) => {
  log(`unexpected: ${(err as Error).stack ?? err}`);
});

let code = 1;
try {
  code = await main();
} catch (err) {
  log(`cluster run aborted: ${(err as Error).stack ?? err}`);
} finally {
  await cleanup();
  if (code === 0 && !process.env.CLUSTER_KEEP) rmSync(work, { recursive: true, force: true });
}
process.exit(code);
