import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { buildSeed, serializeSeed } from '../../src/seed/build.js';
import { contentVersion, SeedError, snapshotOf, snapshotOfText } from '../../src/service/representation/snapshot.js';
import { DEFAULT_RETENTION_MS, SnapshotStore } from '../../src/service/operations/store.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { fixtureCatalog, fixtureSeed, withExtraRail } from './helpers.js';

let seed: Seed;
let dir: string;
beforeAll(async () => {
  seed = await fixtureSeed();
  dir = await mkdtemp(path.join(tmpdir(), 'service-store-'));
});

const versions = async (n: number) => Promise.all(Array.from({ length: n }, (_, i) => fixtureSeed(withExtraRail(`AA-extra_${i}`)).then(snapshotOf)));

describe('seed validation', () => {
  it('the version is the content hash, computed as catalog build does', async () => {
    expect(contentVersion(seed)).toBe(seed.meta.version);
    const other = buildSeed(withExtraRail('AA-extra')(await fixtureCatalog()));
    expect(contentVersion(other)).toBe(other.meta.version);
    expect(contentVersion(growSeed(seed, 50))).toBe(growSeed(seed, 50).meta.version);
  });

  const text = () => serializeSeed(seed);
  it.each<[string, () => string, RegExp]>([
    ['truncated', () => text().slice(0, 500), /not valid JSON/],
    ['empty', () => '', /not valid JSON/],
    ['an array', () => '[]', /does not match schemas\/seed.schema.json/],
    ['without countries', () => JSON.stringify({ ...seed, countries: undefined }), /must have required property 'countries'/],
    ['an unknown phase', () => text().replace('"phase": "live"', '"phase": "open"'), /must be equal to one of the allowed values/],
    ['an extra property', () => text().replace('"slug": "pix"', '"slug": "pix", "internal": true'), /must NOT have additional properties/],
    ['a wrong count', () => JSON.stringify({ ...seed, meta: { ...seed.meta, counts: { ...seed.meta.counts, rails: 99 } } }), /meta.counts.rails is 99/],
    ['a hand-edited rail', () => text().replace('"name": "Pix"', '"name": "Pix 2"'), /meta.version .* is not the hash of the content/],
    [
      'a duplicate id',
      () => {
        const rails = [...seed.rails, seed.rails[0]];
        const dup = { rails, assets: seed.assets, countries: seed.countries };
        return JSON.stringify({ meta: { version: contentVersion(dup), counts: { ...seed.meta.counts, rails: rails.length } }, ...dup });
      },
      /two rails have the id "BR-doc"/,
    ],
  ])('refuses a seed that is %s', (_name, make, reason) => {
    expect(() => snapshotOfText(make())).toThrow(SeedError);
    expect(() => snapshotOfText(make())).toThrow(reason);
  });

  it('sorts by key in code-unit order whatever the seed order', () => {
    const shuffled = { ...seed, rails: [...seed.rails].reverse(), countries: [...seed.countries].reverse() };
    shuffled.meta = { ...seed.meta, version: contentVersion(shuffled) };
    const snapshot = snapshotOf(shuffled);
    expect(snapshot.views.rails.keys).toEqual(seed.rails.map((r) => r.id));
    expect(snapshot.views.countries.keys).toEqual(seed.countries.map((c) => c.code));
  });
});

describe('SnapshotStore', () => {
  it('keeps replaced snapshots for the retention (24 h by default), by the injected clock', async () => {
    let now = 0;
    const [a, b, c] = await versions(3);
    const store = new SnapshotStore(a, { now: () => now });
    expect(store.replace(b)).toEqual({ status: 'replaced', version: b.version, previous: a.version });
    expect(store.current).toBe(b);
    now = DEFAULT_RETENTION_MS - 1;
    expect(store.byVersion(a.version)).toBe(a);
    store.replace(c);
    expect(store.retainedVersions()).toEqual([a.version, b.version]);
    now = DEFAULT_RETENTION_MS;
    expect(store.byVersion(a.version)).toBeUndefined();
    expect(store.byVersion(b.version)).toBe(b);
    expect(store.byVersion(c.version)).toBe(c);
    now += 10 * DEFAULT_RETENTION_MS;
    expect(store.byVersion(c.version)).toBe(c);
    expect(store.retainedVersions()).toEqual([]);
  });

  it('replacing with the same version changes nothing; going back to a retained version serves it again', async () => {
    const [a, b] = await versions(2);
    const store = new SnapshotStore(a);
    expect(store.replace(snapshotOf(JSON.parse(JSON.stringify(seed)))).status).toBe('replaced');
    const again = await versions(1);
    expect(store.replace(again[0]).status).toBe('replaced');
    expect(store.replace(again[0]).status).toBe('unchanged');
    store.replace(b);
    store.replace(a);
    expect(store.current).toBe(a);
    expect(store.retainedVersions()).not.toContain(a.version);
    expect(store.retainedVersions()).toContain(b.version);
  });

  it('holds at most maxRetained replaced snapshots, dropping the oldest', async () => {
    const snapshots = await versions(5);
    const store = new SnapshotStore(snapshots[0], { maxRetained: 2 });
    for (const s of snapshots.slice(1)) store.replace(s);
    expect(store.retainedVersions()).toEqual([snapshots[2].version, snapshots[3].version]);
  });

  it('reloads run one after the other and never throw', async () => {
    const good = path.join(dir, 'good.json');
    const bad = path.join(dir, 'bad.json');
    const other = await fixtureSeed(withExtraRail('AA-extra'));
    await writeFile(good, serializeSeed(other));
    await writeFile(bad, '{');
    const store = new SnapshotStore(snapshotOf(seed));
    const results = await Promise.all([
      store.reload(bad),
      store.reload(good),
      store.reload(bad),
      store.reload(good),
      store.reload(path.join(dir, 'none.json')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'replaced', 'rejected', 'unchanged', 'rejected']);
    expect(results[4]).toMatchObject({ version: other.meta.version, reason: expect.stringMatching(/does not exist/) });
    expect(store.current.version).toBe(other.meta.version);
  });

  it('fromFile refuses a file it cannot serve', async () => {
    await expect(SnapshotStore.fromFile(path.join(dir, 'none.json'))).rejects.toThrow(SeedError);
    const ok = path.join(dir, 'ok.json');
    await writeFile(ok, serializeSeed(seed));
    expect((await SnapshotStore.fromFile(ok)).current.version).toBe(seed.meta.version);
  });
});
