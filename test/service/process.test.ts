/** `catalog serve` as a real process: keys file reloads on SIGHUP, a port already in use. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeSeed } from '../../src/seed/build.js';
import { digestOf } from '../../src/service/access/auth.js';
import { fixtureSeed, KEY, OTHER_KEY, SECRET } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'bin/catalog.js');

let dir: string;
let seedFile: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'service-process-'));
  seedFile = path.join(dir, 'seed.json');
  await writeFile(seedFile, serializeSeed(await fixtureSeed()));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Running {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function serve(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, [CLI, 'serve', '--seed', seedFile, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH, CATALOG_CURSOR_SECRET: SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

async function status(url: string, key: string): Promise<number> {
  return (await fetch(`${url}/api/v1/rails?limit=1`, { headers: { authorization: `Bearer ${key}` } })).status;
}

describe('SIGHUP with a broken keys file: logged, rejected, the keys in use stay active', () => {
  const keysFile = () => path.join(dir, 'keys.txt');
  /** Each row breaks the keys file one way. */
  const BROKEN: Array<[string, () => Promise<void>, RegExp]> = [
    ['empty', () => writeFile(keysFile(), ''), /holds no key \(it is empty\)/],
    ['only comments and blank lines', () => writeFile(keysFile(), '# rotated\n\n   \n# nothing yet\n'), /holds no key \(only blank lines and comments\)/],
    ['no valid key (too short)', () => writeFile(keysFile(), 'short\n'), /line 1: a key needs at least 16 characters/],
    ['no valid key (a broken digest)', () => writeFile(keysFile(), 'sha256:1234\n'), /line 1: sha256: must be followed by 64 hexadecimal digits/],
    [
      'unreadable (a folder)',
      async () => {
        await rm(keysFile(), { force: true });
        await mkdir(keysFile());
      },
      /cannot be read: EISDIR/,
    ],
    [
      'gone',
      async () => {
        await rm(keysFile(), { recursive: true, force: true });
      },
      /cannot be read: ENOENT/,
    ],
  ];

  it('every broken file is rejected in turn, then a good one replaces the keys', async () => {
    await writeFile(keysFile(), `# the keys\n${KEY}\n`);
    const run = serve(['--port', '0'], { CATALOG_API_KEYS_FILE: 'keys.txt' });
    try {
      await until(() => /at (http:\/\/\S+)/.test(run.err()), 'the banner');
      const url = /at (http:\/\/\S+)/.exec(run.err())![1];
      expect(await status(url, KEY)).toBe(200);
      let rejected = 0;
      for (const [name, breakIt, reason] of BROKEN) {
        await breakIt();
        run.child.kill('SIGHUP');
        rejected++;
        await until(() => (run.out().match(/"event":"keys-rejected"/g) ?? []).length === rejected, `the rejection of the ${name} file`);
        const line = run
          .out()
          .trim()
          .split('\n')
          .filter((l) => l.includes('"keys-rejected"'))
          .pop()!;
        expect(JSON.parse(line).reason, name).toMatch(reason);
        expect(await status(url, KEY), `after the ${name} file`).toBe(200);
      }
      // A good file is taken: the new key works, the old one no longer does.
      await rm(keysFile(), { recursive: true, force: true });
      await writeFile(keysFile(), `sha256:${digestOf(OTHER_KEY).toString('hex')}\n`);
      run.child.kill('SIGHUP');
      await until(() => run.out().includes('"event":"keys-reloaded"'), 'the reload');
      expect(await status(url, OTHER_KEY)).toBe(200);
      expect(await status(url, KEY)).toBe(401);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.out()).not.toContain(KEY);
      expect(run.out()).not.toContain(OTHER_KEY);
    } finally {
      run.child.kill('SIGKILL');
    }
  });

  it('an empty keys file at start is refused (exit 2), even with CATALOG_API_KEYS set', async () => {
    await rm(keysFile(), { recursive: true, force: true });
    await writeFile(keysFile(), '\n');
    const run = serve(['--port', '0'], { CATALOG_API_KEYS: KEY, CATALOG_API_KEYS_FILE: 'keys.txt' });
    expect(await run.exited).toBe(2);
    expect(run.err()).toMatch(/keys.txt holds no key/);
  });
});

describe('a port already in use', () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('one line saying so and how to pick another port, exit 2, nothing on stdout', async () => {
    const run = serve(['--port', String(port)], { CATALOG_API_KEYS: KEY });
    expect(await run.exited).toBe(2);
    const lines = run.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*--port`));
    expect(lines[0]).not.toMatch(/\bat \w+ \(|Error:/);
    expect(run.out()).toBe('');
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a launcher that dies', () => {
  it('a server whose parent is killed (SIGKILL: it forwards nothing) stops by itself: no orphan holds the port', async () => {
    // A shell as the launcher, as npx or a supervisor would be: it prints the server's pid, then waits on it.
    const quoted = [process.execPath, CLI, 'serve', '--seed', seedFile, '--port', '0'].map((a) => `'${a}'`).join(' ');
    const launcher = spawn('sh', ['-c', `${quoted} 2>"$0" >/dev/null & echo $!; wait`, path.join(dir, 'launcher.err')], {
      cwd: dir,
      env: { PATH: process.env.PATH, CATALOG_CURSOR_SECRET: SECRET, CATALOG_API_KEYS: KEY },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    launcher.stdout!.on('data', (d) => (out += d));
    await until(() => /^\d+\n/.test(out), "the server's pid");
    const pid = Number(out.trim());
    try {
      const { readFile } = await import('node:fs/promises');
      const errFile = path.join(dir, 'launcher.err');
      await until(async () => (await readFile(errFile, 'utf8').catch(() => '')).includes('Stop: kill'), 'the server to start');
      const url = / at (http:\/\/\S+)/.exec(await readFile(errFile, 'utf8'))![1];
      expect(await status(url, KEY)).toBe(200);
      launcher.kill('SIGKILL');
      await until(() => !alive(pid), 'the orphaned server to stop');
      expect(await readFile(errFile, 'utf8')).toContain('catalog serve: stopped');
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 30_000);
});

describe('draining after SIGTERM, as a load balancer sees it', () => {
  it('--drain-delay 2s: /readyz is 503 on new connections while the API is still served; then the port closes and the process exits 0', async () => {
    const run = serve(['--port', '0', '--drain-delay', '2s'], { CATALOG_API_KEYS: KEY });
    try {
      await until(() => run.err().includes('Stop: kill'), 'the server to start');
      const url = / at (http:\/\/\S+)/.exec(run.err())![1];
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const sent = Date.now();
      run.child.kill('SIGTERM');
      await until(async () => (await fetch(`${url}/readyz`)).status === 503, '/readyz to answer 503');
      // New connections, still served: each fetch below opens its own.
      const ready = await fetch(`${url}/readyz`, { headers: { connection: 'close' } });
      expect((await ready.json()).status).toBe('not-ready');
      expect(await status(url, KEY)).toBe(200);
      expect(await run.exited).toBe(0);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(2000);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      expect(run.out()).toContain('"event":"drain-delay"');
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 30_000);

  it.each([
    ['--drain-delay 0s and SIGTERM', ['--drain-delay', '0s'], 'SIGTERM'],
    ['the default delay and SIGINT (Ctrl-C)', [], 'SIGINT'],
  ] as const)(
    '%s: the port closes at once',
    async (_what, args, signal) => {
      const run = serve(['--port', '0', ...args], { CATALOG_API_KEYS: KEY });
      try {
        await until(() => run.err().includes('Stop: kill'), 'the server to start');
        const sent = Date.now();
        run.child.kill(signal);
        expect(await run.exited).toBe(0);
        expect(Date.now() - sent).toBeLessThan(1500);
        expect(run.out()).not.toContain('"event":"drain-delay"');
      } finally {
        run.child.kill('SIGKILL');
      }
    },
    30_000,
  );

  it('a second SIGTERM during the delay stops waiting for the load balancer', async () => {
    const run = serve(['--port', '0', '--drain-delay', '60s'], { CATALOG_API_KEYS: KEY });
    try {
      await until(() => run.err().includes('Stop: kill'), 'the server to start');
      run.child.kill('SIGTERM');
      await until(() => run.out().includes('"event":"drain-delay"'), 'the delay to start');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 30_000);

  it.each(['1d', '1.5s', 'soon'])('--drain-delay %s is a usage error naming the flag', async (value) => {
    const run = serve(['--port', '0', '--drain-delay', value], { CATALOG_API_KEYS: KEY });
    expect(await run.exited).toBe(2);
    expect(run.err()).toContain('--drain-delay must be a duration such as 5s or 0s');
  });
});
