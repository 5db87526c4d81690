/**
 * `npm start` as a user runs it: a SIGTERM sent to npm stops the server (port freed, no process left behind), the
 * banner's `kill -HUP <pid>` reloads it, and a SIGHUP sent to npm (the terminal hanging up) stops it too; and
 * `catalog serve --dev-key` says when the seed it serves is older than the catalog. Both run in a temporary project
 * holding a copy of the bundled catalog, this repository's bin/ and the start script of its package.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'bin/catalog.js');
const START = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string;
const SECRET = 'cursor-secret-for-tests-0123456789abcdef';

let dir: string;
/** Every process a test started, with all its descendants: killed after the tests whatever happened. */
const started: number[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'npm-start-'));
  await cp(path.join(ROOT, 'catalog'), path.join(dir, 'catalog'), { recursive: true });
  await symlink(path.join(ROOT, 'bin'), path.join(dir, 'bin'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'start-test', private: true, scripts: { start: START } }));
});

afterAll(async () => {
  for (const pid of started.flatMap((p) => [...descendants(p), p]).filter(alive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await rm(dir, { recursive: true, force: true });
});

/** The processes below `pid` (children, grandchildren...), read from /proc. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((c) => [c, ...descendants(c)]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie is dead, waiting for its parent to read its status.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** True when nothing listens on the port any more: it can be bound again. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

interface Run {
  child: ChildProcess;
  err: () => string;
  /** What it wrote on stdout: the server's JSON log lines. */
  out: () => string;
  exited: Promise<number | null>;
}

function launch(command: string, args: string[]): Run {
  const child = spawn(command, args, {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CATALOG_CURSOR_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child.pid!);
  let err = '';
  let out = '';
  child.stderr!.on('data', (d) => (err += d));
  child.stdout!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, err: () => err, out: () => out, exited };
}

/** The URL the server printed, once it serves (the last line of its banner is out). */
async function served(run: Run): Promise<string> {
  await until(() => run.err().includes('Stop: kill') || run.child.exitCode !== null, 'the server to start');
  const url = / at (http:\/\/\S+)/.exec(run.err())?.[1];
  if (!url) throw new Error(`the server did not start:\n${run.err()}`);
  return url;
}

describe('npm start', () => {
  it('builds, serves, and a SIGTERM sent to npm stops the server: port free, no process left', async () => {
    const run = launch('npm', ['start', '--', '--port', '0']);
    const url = await served(run);
    // It built the seed it serves.
    const version = JSON.parse(await readFile(path.join(dir, 'dist/seed.json'), 'utf8')).meta.version;
    expect(run.err()).toContain(`serving dist/seed.json (version ${version}:`);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const below = descendants(run.child.pid!);
    expect(below.length).toBeGreaterThan(0);
    // Killed after the tests if they outlive npm (once npm is gone they are no longer found below it).
    started.push(...below);
    run.child.kill('SIGTERM');
    await stopped(run, below, url);
  }, 90_000);

  it("reloads on the banner's kill -HUP <pid>, and stops when npm gets the SIGHUP (a terminal hanging up)", async () => {
    const run = launch('npm', ['start', '--', '--port', '0']);
    const url = await served(run);
    const below = descendants(run.child.pid!);
    started.push(...below);
    const pid = Number(/Reload the seed: kill -HUP (\d+)/.exec(run.err())?.[1]);
    expect(below).toContain(pid);
    process.kill(pid, 'SIGHUP');
    await until(() => run.out().includes('"event":"reload"'), 'the server to reload');
    expect(alive(pid)).toBe(true);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    run.child.kill('SIGHUP');
    await stopped(run, below, url);
  }, 90_000);
});

/** npm has exited, the server drained and stopped (it said so), no process is left and the port is free. */
async function stopped(run: Run, below: number[], url: string): Promise<void> {
  await run.exited;
  const port = Number(new URL(url).port);
  await until(async () => below.every((pid) => !alive(pid)) && (await portFree(port)), 'the server to stop', 10_000).catch(() => undefined);
  expect(below.filter(alive).map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))).toEqual([]);
  expect(await portFree(port)).toBe(true);
  expect(run.err()).toContain('catalog serve: stopped');
}

describe('catalog serve --dev-key says when the seed is older than the catalog', () => {
  const PIX = path.join('catalog', 'rails', 'BR-pix.yaml');
  let original: string;

  beforeAll(async () => {
    original = await readFile(path.join(dir, PIX), 'utf8');
    // The seed of the catalog as copied: what npm start (and catalog build) write.
    const build = launch(process.execPath, [CLI, 'build', '--today', BUNDLED_TODAY]);
    expect(await build.exited).toBe(0);
  }, 60_000);

  /** Each row edits the catalog after the seed was built: [what, edit, the line expected on stderr, or null]. */
  const CASES: Array<[string, (text: string) => string, RegExp | null]> = [
    ['nothing changed', (text) => text, null],
    ['a comment added (the seed would be the same)', (text) => `# checked again\n${text}`, null],
    [
      'a rail renamed',
      (text) => text.replace(/^name: Pix$/m, 'name: Pix instant'),
      /^catalog serve: dist\/seed\.json is older than the catalog: it holds version [0-9a-f]{16}, catalog now builds [0-9a-f]{16}; run npm start \(build, then serve\), or catalog build then kill -HUP \d+/m,
    ],
    [
      'an error in the catalog',
      (text) => text.replace(/^phase: \w+$/m, 'phase: someday'),
      /^catalog serve: dist\/seed\.json may be out of date: catalog has \d+ error\(s\) now, so it cannot be built; run catalog validate, fix them, then run npm start/m,
    ],
  ];

  it.each(CASES)(
    '%s',
    async (_what, edit, expected) => {
      await writeFile(path.join(dir, PIX), edit(original));
      try {
        const run = launch(process.execPath, [CLI, 'serve', '--dev-key', '--port', '0']);
        await served(run);
        const notices = run
          .err()
          .split('\n')
          .filter((line) => /out of date|older than/.test(line));
        if (expected === null) expect(notices).toEqual([]);
        else {
          expect(notices).toHaveLength(1);
          expect(notices[0]).toMatch(expected);
        }
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
      } finally {
        await writeFile(path.join(dir, PIX), original);
      }
    },
    60_000,
  );

  it("says nothing about a seed that is not the catalog's build (--seed elsewhere)", async () => {
    await cp(path.join(dir, 'dist/seed.json'), path.join(dir, 'other.json'));
    await writeFile(path.join(dir, PIX), original.replace(/^name: Pix$/m, 'name: Pix instant'));
    try {
      const run = launch(process.execPath, [CLI, 'serve', '--dev-key', '--port', '0', '--seed', 'other.json']);
      await served(run);
      expect(run.err()).not.toMatch(/out of date|older than/);
      run.child.kill('SIGTERM');
      await run.exited;
    } finally {
      await writeFile(path.join(dir, PIX), original);
    }
  }, 60_000);
});
