/**
 * A store hiccup never breaks a walk: a version that cannot be loaded because the store cannot be read right now is
 * 503 with Retry-After (a load balancer retries it on another replica), a version really gone is expired_cursor;
 * /readyz says not ready, with the reason, while the replica cannot read its store; repeated store errors are logged
 * once per error and interval.
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { serializeSeed } from '../../src/seed/build.js';
import { publishSeed } from '../../src/seed/store.js';
import { digestOf, KeyRing } from '../../src/service/access/auth.js';
import { repeatedErrorLog } from '../../src/service/operations/log.js';
import { Readiness } from '../../src/service/operations/readiness.js';
import { DirSource } from '../../src/service/operations/seed-source.js';
import { startService, type RunningService, type ServiceOptions } from '../../src/service/operations/server.js';
import { SeedError, snapshotOf, StoreUnreadableError, type Snapshot } from '../../src/service/representation/snapshot.js';
import { SnapshotStore, UNAVAILABLE_MS, type ReloadResult } from '../../src/service/operations/store.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { fixtureSeed, KEY, makeApp, SECRET, withExtraRail } from '../service/helpers.js';

let seedA: Seed;
let seedB: Seed;
let dir: string;
beforeAll(async () => {
  seedA = growSeed(await fixtureSeed(), 40);
  seedB = growSeed(await fixtureSeed(withExtraRail('AA-extra')), 45);
  dir = await mkdtemp(path.join(tmpdir(), 'hiccup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const AUTH = { authorization: `Bearer ${KEY}` };

describe('DirSource tells a version gone from a store that cannot be read', () => {
  async function storeWith(...seeds: Seed[]): Promise<string> {
    const store = await mkdtemp(path.join(dir, 'store-'));
    for (const seed of seeds) await publishSeed(store, serializeSeed(seed));
    return store;
  }

  it('a version file missing from a store whose pointer reads: gone (SeedError, not StoreUnreadableError)', async () => {
    const store = await storeWith(seedA);
    const error = await new DirSource(store).versionText(seedB.meta.version).catch((err) => err);
    expect(error).toBeInstanceOf(SeedError);
    expect(error).not.toBeInstanceOf(StoreUnreadableError);
    expect(error.message).toMatch(/does not exist \(removed from the store\?\)/);
  });

  it('the whole store away (a mount gone): the pointer and every version are unreadable', async () => {
    const store = await storeWith(seedA);
    await rename(store, `${store}-away`);
    const source = new DirSource(store);
    await expect(source.pointer()).rejects.toBeInstanceOf(StoreUnreadableError);
    await expect(source.versionText(seedA.meta.version)).rejects.toBeInstanceOf(StoreUnreadableError);
  });

  it('a version file that cannot be read for another reason than its absence (here ELOOP): unreadable', async () => {
    const store = await storeWith(seedA);
    const file = path.join(store, `${seedB.meta.version}.json`);
    await symlink(file, file);
    const error = await new DirSource(store).versionText(seedB.meta.version).catch((err) => err);
    expect(error).toBeInstanceOf(StoreUnreadableError);
    expect(error.message).toContain('ELOOP');
  });
});

describe('SnapshotStore.resolve: gone or unavailable, and an unreadable store read at most once per interval', () => {
  it.each([
    ['unavailable', new StoreUnreadableError('the store cannot be read: EACCES')],
    ['gone', new SeedError('the version file does not exist')],
  ] as const)('a loader failing with %s', async (failure, thrown) => {
    const clock = { now: 0 };
    let calls = 0;
    let fail = true;
    const loader = async (version: string): Promise<Snapshot> => {
      calls++;
      if (fail) throw thrown;
      expect(version).toBe(seedB.meta.version);
      return snapshotOf(seedB);
    };
    const store = new SnapshotStore(snapshotOf(seedA), { loader, now: () => clock.now });
    expect(await store.resolve(seedB.meta.version)).toEqual({ failure, reason: thrown.message });
    expect(await store.resolve(seedB.meta.version)).toEqual({ failure, reason: thrown.message });
    // An unreadable store is not read again within UNAVAILABLE_MS; a version gone is asked again (it may be published).
    expect(calls).toBe(failure === 'unavailable' ? 1 : 2);
    clock.now += UNAVAILABLE_MS;
    fail = false;
    const found = await store.resolve(seedB.meta.version);
    expect('snapshot' in found && found.snapshot.version).toBe(seedB.meta.version);
  });
});

describe('a cursor whose version cannot be loaded', () => {
  it.each([
    ['the store cannot be read now', 503, 'service_unavailable', new StoreUnreadableError('x cannot be read: EACCES')],
    ['the version is gone', 400, 'invalid_request', new SeedError('x does not exist (removed from the store?)')],
  ] as const)('%s: %i %s', async (_what, status, code, thrown) => {
    // The cursor comes from a replica serving seedB; this one holds seedA only and loads through the failing loader.
    const { app: other } = await makeApp(seedB);
    const first = (await other.inject({ url: '/api/v1/rails?limit=2', headers: AUTH })).json();
    let fail = true;
    const { app, clock } = await makeApp(seedA, {
      store: {
        loader: async () => {
          if (fail) throw thrown;
          return snapshotOf(seedB);
        },
      },
    });
    const url = `/api/v1/rails?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`;
    const res = await app.inject({ url, headers: AUTH });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatchObject({ code, param: 'cursor', request_id: res.headers['x-request-id'] });
    expect(res.headers['cache-control']).toBe('no-store');
    if (status === 503) expect(res.headers['retry-after']).toBe('1');
    else {
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.json().error.message).toContain('no longer held');
    }
    // Once the store reads again (here, after the Retry-After), the same cursor goes on with the run.
    fail = false;
    clock.now += UNAVAILABLE_MS;
    const again = await app.inject({ url, headers: AUTH });
    expect(again.statusCode).toBe(200);
    expect(again.headers['catalog-version']).toBe(seedB.meta.version);
    await Promise.all([app.close(), other.close()]);
  });
});

describe('Readiness', () => {
  const rejected = (unreadable: boolean, pointer?: string): ReloadResult => ({
    status: 'rejected',
    version: 'aaaa',
    reason: unreadable ? 'current cannot be read: EACCES' : 'not a valid seed',
    unreadable,
    ...(pointer ? { pointer } : {}),
  });
  const unchanged: ReloadResult = { status: 'unchanged', version: 'aaaa' };

  it.each<[string, (r: Readiness, clock: { now: number }) => void, RegExp | null]>([
    ['starting', () => {}, /^starting/],
    ['serving', (r) => r.started(), null],
    [
      'after a read that failed to read the store',
      (r) => (r.started(), r.reading(), r.read(rejected(true))),
      /the seed store cannot be read \(for 0 s\): current cannot be read: EACCES/,
    ],
    [
      'lagging: the pointer read, its version unreadable',
      (r) => (r.started(), r.read(rejected(true, 'bbbb'))),
      /^serving aaaa while the store's current version is bbbb; the seed store cannot be read/,
    ],
    ['after an unreadable read, then a good one', (r) => (r.started(), r.read(rejected(true)), r.read(unchanged)), null],
    ['after a version refused as invalid (every replica refuses it)', (r) => (r.started(), r.read(rejected(false, 'bbbb'))), null],
    [
      "after a cursor's version could not be read",
      (r) => (r.started(), r.loaded({ version: 'bbbb', ok: false, reason: 'EIO', unreadable: true })),
      /cannot be read.*EIO/,
    ],
    ["after a cursor's version was gone", (r) => (r.started(), r.loaded({ version: 'bbbb', ok: false, reason: 'gone' })), null],
    [
      'after an unreadable load, then a good one',
      (r) => (r.started(), r.loaded({ version: 'b', ok: false, reason: 'EIO', unreadable: true }), r.loaded({ version: 'b', ok: true })),
      null,
    ],
    ['a read that has not answered for the poll interval', (r, c) => (r.started(), r.reading(), (c.now += 1000)), null],
    [
      'a read that has not answered for longer than the poll interval',
      (r, c) => (r.started(), r.reading(), (c.now += 1001)),
      /a read of the seed store has not answered for 1 s/,
    ],
    ['stopping', (r) => (r.started(), r.stopping()), /^stopping/],
  ])('%s', (_name, steps, expected) => {
    const clock = { now: 0 };
    const readiness = new Readiness(
      1000,
      () => 'aaaa',
      () => clock.now,
    );
    steps(readiness, clock);
    const reason = readiness.reason();
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});

describe('repeatedErrorLog', () => {
  it('writes an error once, then once per interval with the count left out; another error at once', () => {
    const clock = { now: 0 };
    const lines: string[] = [];
    const log = repeatedErrorLog(10_000, () => clock.now);
    const error = (key: string) => log(key, (leftOut) => lines.push(`${key} ${leftOut}`));
    for (let i = 0; i < 5; i++) error('store down');
    error('other');
    clock.now = 9_999;
    error('store down');
    clock.now = 10_000;
    error('store down');
    error('store down');
    expect(lines).toEqual(['store down 0', 'other 0', 'store down 5']);
  });
});

describe('a replica that loses its store (a mount gone) while a new version is published', () => {
  async function replica(options: Partial<ServiceOptions>) {
    const logs: string[] = [];
    const service = await startService({
      host: '127.0.0.1',
      port: 0,
      keys: new KeyRing([digestOf(KEY)]),
      cursorSecret: SECRET,
      logStream: { write: (line: string) => logs.push(line) },
      signals: new EventEmitter(),
      pollMs: 0,
      ...options,
    });
    running.push(service);
    return { service, logs };
  }

  it('answers 503 with Retry-After for the new version, says not ready with the reason, logs once, and recovers', async () => {
    const store = await mkdtemp(path.join(dir, 'store-'));
    await publishSeed(store, serializeSeed(seedA));
    // This replica sees the store through a path of its own, as a replica sees a mounted volume.
    const view = path.join(dir, 'view-of-a');
    await symlink(store, view);
    const a = await replica({ source: new DirSource(view) });
    expect((await fetch(`${a.service.url}/readyz`)).status).toBe(200);

    await publishSeed(store, serializeSeed(seedB));
    const b = await replica({ source: new DirSource(store) });
    const first = await (await fetch(`${b.service.url}/api/v1/rails?limit=5`, { headers: AUTH })).json();
    const next = `/api/v1/rails?limit=5&cursor=${encodeURIComponent((first as any).next_cursor)}`;

    await rm(view);
    expect(await a.service.reload()).toMatchObject({ status: 'rejected', unreadable: true, version: seedA.meta.version });
    const readyz = await fetch(`${a.service.url}/readyz`);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toMatchObject({
      status: 'not-ready',
      version: seedA.meta.version,
      reason: expect.stringMatching(/seed store cannot be read.*current cannot be read: ENOENT|current does not exist/),
    });

    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await fetch(`${a.service.url}${next}`, { headers: AUTH }));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(503));
    expect(answers[0].headers.get('retry-after')).toBe('1');
    expect(((await answers[0].json()) as any).error.code).toBe('service_unavailable');
    // 20 requests, one line: the same error repeated is logged once per 10 s.
    expect(a.logs.filter((l) => l.includes('"event":"version-load-failed"'))).toHaveLength(1);
    // New runs on this replica still start, on the version it has.
    const fresh = await fetch(`${a.service.url}/api/v1/rails?limit=5`, { headers: AUTH });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('catalog-version')).toBe(seedA.meta.version);

    await symlink(store, view);
    expect(await a.service.reload()).toMatchObject({ status: 'replaced', version: seedB.meta.version });
    expect((await fetch(`${a.service.url}/readyz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, UNAVAILABLE_MS));
    const resumed = await fetch(`${a.service.url}${next}`, { headers: AUTH });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('catalog-version')).toBe(seedB.meta.version);
  });

  it('a version removed from a readable store is expired_cursor, and the replica stays ready', async () => {
    const store = await mkdtemp(path.join(dir, 'store-'));
    await publishSeed(store, serializeSeed(seedA));
    const a = await replica({ source: new DirSource(store) });
    await publishSeed(store, serializeSeed(seedB));
    const b = await replica({ source: new DirSource(store) });
    const first = await (await fetch(`${b.service.url}/api/v1/rails?limit=5`, { headers: AUTH })).json();
    await publishSeed(store, serializeSeed(seedA));
    await rm(path.join(store, `${seedB.meta.version}.json`));
    const res = await fetch(`${a.service.url}/api/v1/rails?limit=5&cursor=${encodeURIComponent((first as any).next_cursor)}`, { headers: AUTH });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toContain('no longer held');
    expect((await fetch(`${a.service.url}/readyz`)).status).toBe(200);
  });
});
