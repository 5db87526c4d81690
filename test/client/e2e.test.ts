/**
 * The SDK as a client installs it (npm pack, npm install of the tarball in a temporary project) against a real
 * `catalog serve` process: the example of docs/sdk.md, full iteration, a reload between two pages, 304 revalidation,
 * retry on 503 with Retry-After, typed errors; and consumer projects of every module system and TypeScript module
 * resolution (test/client/consumers.ts), compiled with tsc --strict and run against the bundled catalog.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { serializeSeed } from '../../src/seed/build.js';
import { fixtureSeed, KEY, SECRET, withExtraRail } from '../service/helpers.js';
import { ROOT } from './bundle.js';
import { CONSUMERS, type Consumer, type ConsumerOutput } from './consumers.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const run = promisify(execFile);

let dir: string;
let project: string;
let seedFile: string;
let seedA: Seed;
let seedB: Seed;
let child: ChildProcess;
let url: string;
/** A second service, on the bundled catalog (catalog/ built into a seed), for the consumer projects. */
let bundledUrl: string;
/** Every server started, stopped after the tests (even when the setup failed half-way). */
const servers: ChildProcess[] = [];
let sdk: typeof import('../../packages/client/src/index.js');

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function version(): Promise<string> {
  return ((await (await fetch(`${url}/healthz`)).json()) as { version: string }).version;
}

/** Starts `catalog serve` on a seed file, on a free port, with the test key; resolves with the process and its URL. */
async function serve(seed: string, cwd: string): Promise<{ process: ChildProcess; url: string }> {
  const server = spawn(process.execPath, [path.join(ROOT, 'bin/catalog.js'), 'serve', '--seed', seed, '--port', '0'], {
    cwd,
    env: { PATH: process.env.PATH, CATALOG_API_KEYS: KEY, CATALOG_CURSOR_SECRET: SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  servers.push(server);
  let stderr = '';
  server.stderr!.on('data', (d) => (stderr += d));
  await until(() => / at (http:\/\/\S+)/.test(stderr), 'catalog serve to start', 60_000);
  return { process: server, url: / at (http:\/\/\S+)/.exec(stderr)![1] };
}

/** npm pack (its prepack builds dist/), then npm install of the tarball in an empty project, offline. */
async function packAndInstall(): Promise<void> {
  const packs = path.join(dir, 'packs');
  await mkdir(packs, { recursive: true });
  await run('npm', ['pack', '--pack-destination', packs], { cwd: path.join(ROOT, 'packages/client') });
  const tarball = path.join(packs, (await readdir(packs)).find((n) => n.endsWith('.tgz'))!);
  project = path.join(dir, 'project');
  await mkdir(project);
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sdk-e2e-'));
  seedA = await fixtureSeed();
  seedB = await fixtureSeed(withExtraRail('BR-extra'));
  seedFile = path.join(dir, 'seed.json');
  await writeFile(seedFile, serializeSeed(seedA));
  const bundledSeed = path.join(dir, 'bundled-seed.json');
  await run(process.execPath, [path.join(ROOT, 'bin/catalog.js'), 'build', '--out', bundledSeed, '--today', BUNDLED_TODAY], { cwd: ROOT });
  const [fixture, onBundled] = await Promise.all([serve(seedFile, dir), serve(bundledSeed, dir), packAndInstall()]);
  ({ process: child, url } = fixture);
  bundledUrl = onBundled.url;
  sdk = await import(pathToFileURL(path.join(project, 'node_modules/@payout-catalog/client/dist/index.js')).href);
}, 180_000);

afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

function client(options: Record<string, unknown> = {}) {
  return new sdk.CatalogClient({ baseUrl: url, apiKey: KEY, ...options });
}

describe('the SDK installed from its tarball, against catalog serve', () => {
  it('the installed package has only dist/ and package.json, and no dependency', () => {
    const pkg = JSON.parse(readFileSync(path.join(project, 'node_modules/@payout-catalog/client/package.json'), 'utf8'));
    expect(pkg.dependencies).toBeUndefined();
    expect(readFileSync(path.join(project, 'node_modules/@payout-catalog/client/dist/index.d.ts'), 'utf8')).toContain('validateBeneficiary');
  });

  it('runs the example of docs/sdk.md as it is written', async () => {
    const doc = readFileSync(path.join(ROOT, 'docs/sdk.md'), 'utf8');
    const example = /<!-- example\.mjs[^>]*-->\n```js\n([\s\S]*?)```/.exec(doc)![1];
    await writeFile(path.join(project, 'example.mjs'), example);
    const { stdout } = await run(process.execPath, ['example.mjs'], { cwd: project, env: { PATH: process.env.PATH, CATALOG_URL: url, CATALOG_API_KEY: KEY } });
    const brRails = seedA.rails.filter((r) => r.countries.includes('BR')).map((r) => r.id);
    expect(
      stdout
        .split('\n')
        .filter((l) => /^[A-Z]{2}-/.test(l))
        .map((l) => l.split('\t')[0]),
    ).toEqual(brRails);
    expect(stdout).toMatch(/offline: pixKey pattern/);
    expect(stdout).toContain('service: valid=false');
    expect(stdout).toMatch(/not found: code=not_found param=id request=\S+/);
  });

  it('a full iteration equals the API pages, followed by hand', async () => {
    const byHand: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await fetch(`${url}/api/v1/rails?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${KEY}` } });
      const page = (await res.json()) as { data: any[]; next_cursor: string | null };
      byHand.push(...page.data.map((r: any) => JSON.stringify(r)));
      cursor = page.next_cursor;
    } while (cursor);
    const bySdk: string[] = [];
    for await (const rail of client().rails.list({ limit: 3 })) bySdk.push(JSON.stringify(rail));
    expect(bySdk).toEqual(byHand);
    expect(bySdk.length).toBe(seedA.rails.length);
  });

  it('typed errors carry code, param and X-Request-Id', async () => {
    const c = client();
    await expect(c.rails.get('XX-nope')).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      code: 'not_found',
      param: 'id',
      requestId: expect.any(String),
    });
    await expect(c.rails.checkBeneficiary('BR-doc', {})).rejects.toBeInstanceOf(sdk.RailClosedError);
    await expect(c.rails.list({ country: 'Brazil' })[Symbol.asyncIterator]().next()).rejects.toMatchObject({ name: 'InvalidRequestError', param: 'country' });
    await expect(c.changes.since('0123456789abcdef')).rejects.toBeInstanceOf(sdk.VersionGoneError);
    const bad = client({ apiKey: 'wrong-key-0123456789abcdef' });
    const err = await bad.rails.get('BR-pix').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(sdk.AuthenticationError);
    expect(JSON.stringify(err) + String(err)).not.toContain('wrong-key-0123456789abcdef');
  });

  it('retries a 503 with Retry-After through a proxy, honouring the wait', async () => {
    let seen = 0;
    const proxy: Server = createServer(async (req, res) => {
      seen++;
      if (seen === 1) {
        res.writeHead(503, { 'retry-after': '1', 'content-type': 'application/json' }).end('{"error":{"code":"unavailable","message":"busy"}}');
        return;
      }
      const answer = await fetch(`${url}${req.url}`, { headers: { authorization: req.headers.authorization! } });
      res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': answer.headers.get('x-request-id') ?? '' }).end(await answer.text());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const waits: number[] = [];
      const port = (proxy.address() as { port: number }).port;
      const c = new sdk.CatalogClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: KEY,
        sleep: (ms: number) => (waits.push(ms), new Promise((r) => setTimeout(r, ms))),
      });
      expect((await c.rails.get('BR-pix')).id).toBe('BR-pix');
      expect(seen).toBe(2);
      expect(waits).toEqual([1000]);
    } finally {
      proxy.close();
    }
  });

  it('a reload between two pages does not mix snapshots; 304 revalidation; changes since the old version', async () => {
    const c = client();
    const refresher = new sdk.CatalogRefresher(c);
    const first = await refresher.refresh();
    expect(first).toMatchObject({ changed: true, snapshot: { version: seedA.meta.version } });
    let notModified = 0;
    const counting = client({
      fetch: async (input: string, init: RequestInit) => {
        const res = await fetch(input, init);
        if (res.status === 304) notModified++;
        return res;
      },
    });
    const again = await new sdk.CatalogRefresher(counting, first.snapshot).refresh();
    expect(again.changed).toBe(false);
    expect(notModified).toBe(1);

    const pages = c.rails.list({ limit: 2 }).pages();
    const one = await pages.next();
    await writeFile(seedFile, serializeSeed(seedB));
    child.kill('SIGHUP');
    await until(async () => (await version()) === seedB.meta.version, 'the reload');
    const ids = [...one.value!.data.map((r: any) => r.id)];
    const versions = new Set([one.value!.version]);
    for await (const page of { [Symbol.asyncIterator]: () => pages }) {
      ids.push(...page.data.map((r: any) => r.id));
      versions.add(page.version);
    }
    expect([...versions]).toEqual([seedA.meta.version]);
    expect(ids).toEqual(seedA.rails.map((r) => r.id));
    expect(ids).not.toContain('BR-extra');

    const fresh = await refresher.refresh();
    expect(fresh).toMatchObject({ changed: true, snapshot: { version: seedB.meta.version } });
    expect(fresh.snapshot.catalog.rails.map((r: any) => r.id)).toContain('BR-extra');
    const changes = await c.changes.since(seedA.meta.version);
    expect(changes.to).toBe(seedB.meta.version);
    expect(changes.changes).toContainEqual(expect.objectContaining({ catalog: 'rails', id: 'BR-extra', change: 'added' }));
  });
});

/** Writes a consumer project under the installing project (it finds the installed SDK by walking up), builds it. */
async function prepare(consumer: Consumer, expect: ExpectStatic): Promise<string> {
  const at = path.join(project, 'consumers', consumer.name);
  await mkdir(at, { recursive: true });
  await writeFile(path.join(at, 'package.json'), JSON.stringify({ name: consumer.name, version: '1.0.0', private: true, type: consumer.type }));
  for (const [name, text] of Object.entries(consumer.files)) await writeFile(path.join(at, name), text);
  if (consumer.compilerOptions) {
    await writeFile(path.join(at, 'tsconfig.json'), JSON.stringify({ compilerOptions: consumer.compilerOptions, include: ['*.ts'] }));
    const tsc = await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', at]).catch((err) => err);
    expect(`${tsc.stdout ?? ''}${tsc.stderr ?? ''}`, `tsc --strict in ${consumer.name}`).toBe('');
    const emitted = readFileSync(path.join(at, consumer.main), 'utf8');
    // The module system the compiled script loads the SDK with.
    expect(emitted).toMatch(consumer.loads === 'cjs' ? /require\("@payout-catalog\/client"\)/ : /from '@payout-catalog\/client'/);
  }
  if (!consumer.bundle) return path.join(at, consumer.main);
  const out = path.join(at, 'bundle.mjs');
  const result = await build({
    entryPoints: [path.join(at, consumer.main)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
  });
  expect(Object.keys(result.metafile.inputs).filter((i) => i.includes('@payout-catalog/client/'))).toEqual([expect.stringMatching(/\/dist\/index\.js$/)]);
  return out;
}

describe('consumer projects of every module system, compiled with tsc --strict, against the bundled catalog', () => {
  let expected: Omit<ConsumerOutput, 'build'>;

  beforeAll(async () => {
    // @types/node, as every TypeScript project on Node has it: copied from this repository with its one dependency
    // (the install stays offline; a copy, not a link, so that nothing done in the project reaches the repository).
    for (const name of ['@types/node', 'undici-types'])
      await cp(path.join(ROOT, 'node_modules', name), path.join(project, 'node_modules', name), { recursive: true, dereference: true });
    // What the service itself answers, asked without the SDK.
    const ask = (p: string, body?: unknown) =>
      fetch(`${bundledUrl}${p}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<any>);
    const rail = await ask('/api/v1/rails/BR-pix');
    const checked = await ask('/api/v1/rails/BR-pix/beneficiary-checks', { values: { pixKeyType: 'cpf', pixKey: '52998224725' } });
    const refused = await ask('/api/v1/rails/BR-pix/beneficiary-checks', { values: { pixKeyType: 'cpf', pixKey: ' 5299822472X ' } });
    expected = {
      id: rail.id,
      currency: rail.currency,
      valid: checked.valid,
      normalized: checked.normalized,
      offline: refused.errors.map((e: any) => `${e.field} ${e.code} true`),
      missing: 'NotFoundError 404 not_found id',
    };
    // The facts the runs are checked against, so that an empty answer cannot pass.
    expect(expected).toMatchObject({
      id: 'BR-pix',
      currency: 'BRL',
      valid: true,
      normalized: { pixKeyType: 'cpf', pixKey: '52998224725' },
      offline: ['pixKey pattern true'],
    });
  }, 60_000);

  it.concurrent.for(CONSUMERS.map((c) => [c.name, c] as const))(
    '%s: compiles, loads the right build, runs',
    { timeout: 120_000 },
    async ([, consumer], { expect }) => {
      const main = await prepare(consumer, expect);
      const { stdout } = await run(process.execPath, [main], {
        cwd: path.dirname(main),
        env: { PATH: process.env.PATH, CATALOG_URL: bundledUrl, CATALOG_API_KEY: KEY },
      });
      const output = JSON.parse(stdout.trim().split('\n').pop()!) as ConsumerOutput & { hazard?: Record<string, boolean> };
      const { build: loaded, hazard, ...rest } = output;
      expect(rest).toEqual(expected);
      if (loaded !== undefined) expect(loaded).toBe(consumer.loads === 'cjs' ? 'index.cjs' : 'index.js');
      if (consumer.name === 'js-import')
        expect(hazard).toEqual({
          twoCopies: true,
          esmClassCjsError: true,
          esmBaseCjsError: true,
          esmOtherClassCjsError: false,
          cjsClassEsmError: true,
          plainError: false,
        });
    },
  );
});
