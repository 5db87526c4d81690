import { spawn, execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { run as serve } from '../../src/cli/commands/serve.js';
import type { Seed } from '../../src/generated/types.js';
import { serializeSeed } from '../../src/seed/build.js';
import { digestOf, KeyRing } from '../../src/service/access/auth.js';
import { drainGracefully, startService, type RunningService } from '../../src/service/operations/server.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { fixtureSeed, KEY, SECRET, withExtraRail } from './helpers.js';

/** A fetch body as JSON, typed loosely for the assertions. */
const jsonOf = (res: Response): Promise<any> => res.json();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const auth = { authorization: `Bearer ${KEY}` };

let seedA: Seed;
let seedB: Seed;
let dir: string;
beforeAll(async () => {
  seedA = growSeed(await fixtureSeed(), 300);
  seedB = growSeed(await fixtureSeed(withExtraRail('AA-extra')), 310);
  dir = await mkdtemp(path.join(tmpdir(), 'service-server-'));
});

const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(seed: Seed, extra: { logs?: string[] } = {}) {
  const file = path.join(dir, `seed-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, serializeSeed(seed));
  const signals = new EventEmitter();
  const service = await startService({
    seedPath: file,
    host: '127.0.0.1',
    port: 0,
    keys: new KeyRing([digestOf(KEY)]),
    cursorSecret: SECRET,
    logStream: { write: (line: string) => extra.logs?.push(line) },
    signals,
  });
  running.push(service);
  return { service, file, signals };
}

/** Waits for a condition; the deadline is generous because a loaded 2-core machine starts a process slowly. */
async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a listening service', () => {
  it('answers over HTTP on 127.0.0.1 with real headers', async () => {
    const { service } = await start(seedA);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${service.url}/api/v1/rails?limit=2`, { headers: { authorization: `Bearer  ${KEY}  ` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await jsonOf(res);
    expect(body.data).toHaveLength(2);
    const again = await fetch(`${service.url}/api/v1/rails?limit=2`, { headers: { ...auth, 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const health = await fetch(`${service.url}/healthz`);
    expect(await jsonOf(health)).toEqual({ status: 'ok', version: seedA.meta.version });
    const head = await fetch(`${service.url}/api/v1/rails?limit=2`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('SIGHUP reloads: a broken seed is rejected and logged, a good one is served to new runs while old runs finish', async () => {
    const logs: string[] = [];
    const { service, file, signals } = await start(seedA, { logs });
    const first = await jsonOf(await fetch(`${service.url}/api/v1/rails?limit=100`, { headers: auth }));

    await writeFile(file, serializeSeed(seedB).slice(0, 1000));
    signals.emit('SIGHUP');
    await until(() => logs.some((l) => l.includes('"reload-rejected"')), 'the rejection log');
    const rejected = JSON.parse(logs.find((l) => l.includes('"reload-rejected"'))!);
    expect(rejected.reason).toMatch(/not valid JSON/);
    expect((await jsonOf(await fetch(`${service.url}/healthz`))).version).toBe(seedA.meta.version);

    await writeFile(file, serializeSeed(seedB));
    signals.emit('SIGHUP');
    await until(async () => (await jsonOf(await fetch(`${service.url}/healthz`))).version === seedB.meta.version, 'the new version');

    let cursor = first.next_cursor;
    const ids = first.data.map((r: any) => r.id);
    while (cursor) {
      const res = await fetch(`${service.url}/api/v1/rails?limit=100&cursor=${cursor}`, { headers: auth });
      expect(res.headers.get('catalog-version')).toBe(seedA.meta.version);
      const page = await jsonOf(res);
      ids.push(...page.data.map((r: any) => r.id));
      cursor = page.next_cursor;
    }
    expect(ids).toEqual(seedA.rails.map((r) => r.id));
  });

  it('concurrent requests over sockets while reloading: no 5xx, every page from one snapshot', async () => {
    const { service, file, signals } = await start(seedA);
    const sets = new Map([
      [seedA.meta.version, new Set(seedA.rails.map((r) => r.id))],
      [seedB.meta.version, new Set(seedB.rails.map((r) => r.id))],
    ]);
    const texts = [serializeSeed(seedB), serializeSeed(seedA)];
    const seen = new Set<string>();
    const requests: Array<Promise<void>> = [];
    for (let wave = 0; wave < 8; wave++) {
      await writeFile(file, texts[wave % 2]);
      signals.emit('SIGHUP');
      for (let i = 0; i < 12; i++) {
        requests.push(
          fetch(`${service.url}/api/v1/rails?limit=${20 + i}`, { headers: auth }).then(async (res) => {
            expect(res.status).toBe(200);
            const version = res.headers.get('catalog-version')!;
            seen.add(version);
            for (const rail of (await jsonOf(res)).data) expect(sets.get(version)!.has(rail.id)).toBe(true);
          }),
        );
      }
      // Requests raced the reload above; let it land before the next wave, so that both versions are served (on a
      // loaded machine a reload can take longer than a fixed pause).
      const expected = (wave % 2 === 0 ? seedB : seedA).meta.version;
      await until(() => service.store.current.version === expected, 'the reload');
    }
    await Promise.all(requests);
    expect(seen.size).toBe(2);
  });

  it('SIGTERM lets the requests in flight finish, then stops listening', async () => {
    const logs: string[] = [];
    const { service, signals } = await start(seedA, { logs });
    let received = 0;
    service.app.server.on('request', () => received++);
    // Bodies are read at once, as a client does: a 200 must come with its whole body.
    const inFlight = Array.from({ length: 30 }, (_, i) =>
      fetch(`${service.url}/api/v1/rails?limit=100&phase=${['live', 'beta', 'planned'][i % 3]}`, { headers: auth }).then(async (res) => ({
        status: res.status,
        body: await jsonOf(res),
      })),
    );
    await until(() => received >= 10, 'requests to reach the service');
    const receivedBeforeSignal = received;
    signals.emit('SIGTERM');
    const results = await Promise.allSettled(inFlight);
    await service.closed;
    const ok = results.filter((r) => r.status === 'fulfilled');
    // Every request the service had received is answered in full; later ones may be refused; none gets a 5xx.
    expect(ok.length).toBeGreaterThanOrEqual(receivedBeforeSignal);
    for (const r of ok) {
      const { status, body } = (r as PromiseFulfilledResult<{ status: number; body: any }>).value;
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
    }
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
    expect(logs.some((l) => l.includes('"stopping"'))).toBe(true);
  });
});

describe('drainGracefully', () => {
  /** Serves a 16 MiB body to a client that reads it only after server.close(); returns the bytes it got. */
  async function bytesAfterClose(graceful: boolean): Promise<number> {
    const { createServer } = await import('node:http');
    const { connect } = await import('node:net');
    const body = Buffer.alloc(16 * 1024 * 1024, 120);
    const server = createServer((_req, res) => res.end(body));
    if (graceful) drainGracefully(server).closing();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.close();
    let got = 0;
    socket.on('data', (chunk) => (got += chunk.length));
    socket.resume();
    await new Promise((resolve) => socket.on('close', resolve));
    return got;
  }

  it('lets a slow reader get the whole body (node alone cuts it)', async () => {
    expect(await bytesAfterClose(true)).toBeGreaterThan(16 * 1024 * 1024);
    expect(await bytesAfterClose(false)).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('catalog serve', () => {
  function io(env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: { cwd: dir, env, stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) }, now: () => new Date(0) },
    };
  }

  it('refuses to start without a key (exit 2, says what to set)', async () => {
    const { io: cli, err } = io();
    expect(await serve(['--seed', 'nowhere.json'], cli)).toBe(2);
    expect(err.join('')).toMatch(/no API key configured.*CATALOG_API_KEYS.*CATALOG_API_KEYS_FILE.*--dev-key/s);
  });

  it.each([
    [{ CATALOG_API_KEYS: 'short' }, /at least 16 characters/],
    [{ CATALOG_API_KEYS_FILE: 'missing-keys.txt' }, /missing-keys.txt cannot be read/],
    [{ CATALOG_API_KEYS: KEY, CATALOG_CURSOR_SECRET: 'too-short' }, /CATALOG_CURSOR_SECRET needs at least 32 characters/],
  ])('refuses a bad configuration %j (exit 2)', async (env, message) => {
    const { io: cli, err } = io(env as Record<string, string>);
    expect(await serve([], cli)).toBe(2);
    expect(err.join('')).toMatch(message);
  });

  it('refuses a seed it cannot serve (exit 2, says why)', async () => {
    const file = path.join(dir, 'bad-seed.json');
    await writeFile(file, '{"meta":');
    const { io: cli, err } = io({ CATALOG_API_KEYS: KEY });
    expect(await serve(['--seed', file, '--port', '0'], cli)).toBe(2);
    expect(err.join('')).toMatch(/cannot serve .*not valid JSON/);
    const missing = io({ CATALOG_API_KEYS: KEY });
    expect(await serve(['--seed', 'nowhere.json', '--port', '0'], missing.io)).toBe(2);
    expect(missing.err.join('')).toMatch(/does not exist: build it with "node bin\/catalog.js build"/);
  });

  it.each([
    ['--port', 'http'],
    ['--port', '70000'],
    ['--retention', '0h'],
    ['--retention', '1d'],
  ])('%s %s is a usage error', async (flag, value) => {
    const { io: cli } = io({ CATALOG_API_KEYS: KEY });
    await expect(serve([flag, value], cli)).rejects.toThrow(new RegExp(flag));
  });

  it('a real process: prints the URL, the dev key and a curl command that works; SIGHUP reloads; SIGTERM exits 0', async () => {
    const file = path.join(dir, 'cli-seed.json');
    await writeFile(file, serializeSeed(seedA));
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/catalog.js'), 'serve', '--seed', file, '--port', '0', '--dev-key'], {
      cwd: dir,
      env: { PATH: process.env.PATH, CATALOG_CURSOR_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until(() => stderr.includes('Try: curl'), 'the banner');
      const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)![1];
      const key = /API key \(dev only[^)]*\): (\S+)/.exec(stderr)![1];
      const curl = /Try: (curl .*)/.exec(stderr)![1];
      expect(curl).toContain(key);
      const { stdout: curlOut } = await promisify(execFile)('sh', ['-c', `${curl} --silent --show-error --fail`]);
      expect(JSON.parse(curlOut).data).toHaveLength(2);
      expect(stderr).not.toMatch(/CATALOG_CURSOR_SECRET is not set/);
      // Every address the banner offers without a key answers 200 without one; none needs a key.
      const keyless = /Without a key: (.*)/.exec(stderr)![1].match(/http:\/\/\S+/g)!;
      expect(keyless.map((u) => new URL(u).pathname)).toEqual(['/docs', '/openapi.json', '/healthz']);
      for (const address of keyless) expect((await fetch(address)).status, address).toBe(200);
      expect(stderr).not.toContain('/api/v1/openapi.json');
      expect(stderr).toContain(`kill -HUP ${child.pid}`);

      await writeFile(file, serializeSeed(seedB));
      child.kill('SIGHUP');
      await until(async () => (await jsonOf(await fetch(`${url}/healthz`))).version === seedB.meta.version, 'the reload');

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toContain('catalog serve: stopped');
      // Logs: JSON lines only, with request ids, and never the key.
      const lines = stdout.trim().split('\n');
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.some((l) => JSON.parse(l).reqId && JSON.parse(l).msg === 'request completed')).toBe(true);
      expect(stdout).not.toContain(key);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
