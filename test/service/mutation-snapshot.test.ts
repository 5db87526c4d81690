/**
 * A snapshot of the seed on its own: each item served as the seed holds it, in key order; every page of every filter
 * combination, at every cursor position and several page sizes, equal to a plain filter over the items; and the seed's
 * refusals said in full (npm run test:mutation).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contentVersion } from '../../src/seed/version.js';
import { endpoints, type EndpointName } from '../../src/service/resources/endpoints.js';
import { SeedError, selectPage, snapshotOf, type Snapshot } from '../../src/service/representation/snapshot.js';
import type { Seed } from '../../src/generated/types.js';
import { fixtureSeed } from './helpers.js';

let seed: Seed;

beforeAll(async () => {
  seed = await fixtureSeed();
});

/**
 * The snapshot, made inside each test rather than once before them: mutation testing turns a mutant on for a test, so
 * code run before the tests would never run mutated.
 */
const snapshotNow = (): Snapshot => snapshotOf(seed);

const LISTS: Record<EndpointName, 'rails' | 'assets' | 'countries'> = { rails: 'rails', assets: 'assets', countries: 'countries' };

/** Every value each filter of an endpoint takes in the seed, and one it never takes. */
function valuesOf(name: EndpointName): Map<string, string[]> {
  const def = endpoints()[name];
  return new Map(def.filters.map((f) => [f.name, [...new Set(seed[LISTS[name]].flatMap((item: any) => f.valuesOf(item)))].sort().concat('ZZ')]));
}

/** The page a plain filter over the items gives: the keys matching every filter, after `after`, `limit` of them. */
function expected(name: EndpointName, filters: Array<[string, string]>, after: string | undefined, limit: number) {
  const def = endpoints()[name];
  const keys = seed[LISTS[name]]
    .filter((item: any) =>
      filters.every(([f, v]) =>
        def.filters
          .find((d) => d.name === f)!
          .valuesOf(item)
          .includes(v),
      ),
    )
    .map((item: any) => item[def.key] as string)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .filter((key) => after === undefined || key > after);
  return { keys: keys.slice(0, limit), more: keys.length > limit };
}

describe('a snapshot of the seed', () => {
  it.each(['rails', 'assets', 'countries'] as const)('serves each of the %s as the seed holds it, in key order', (name) => {
    const view = snapshotNow().views[name];
    const key = endpoints()[name].key;
    const items = [...seed[LISTS[name]]].sort((a: any, b: any) => (a[key] < b[key] ? -1 : 1));
    expect(view.keys).toEqual(items.map((item: any) => item[key]));
    expect(view.items.map((bytes) => JSON.parse(bytes.toString('utf8')))).toEqual(items);
  });

  it.each(['rails', 'assets', 'countries'] as const)('pages the %s under every filter and pair of filters as a plain filter does', (name) => {
    const view = snapshotNow().views[name];
    const def = endpoints()[name];
    const values = valuesOf(name);
    const combos: Array<Array<[string, string]>> = [[]];
    for (const [f, vs] of values) for (const v of vs) combos.push([[f, v]]);
    const names = [...values.keys()];
    for (let a = 0; a < names.length; a++)
      for (let b = a + 1; b < names.length; b++)
        for (const va of values.get(names[a])!)
          for (const vb of values.get(names[b])!)
            combos.push([
              [names[a], va],
              [names[b], vb],
            ]);
    let compared = 0;
    for (const filters of combos)
      for (const after of [undefined, ...view.keys.filter((_, i) => i % 3 === 0), '~'])
        for (const limit of [1, 2, 5, 100]) {
          const page = selectPage(
            view,
            filters.map(([f, value]) => ({ def: def.filters.find((d) => d.name === f)!, value })),
            after,
            limit,
          );
          const want = expected(name, filters, after, limit);
          expect({ keys: page.positions.map((p) => view.keys[p]), more: page.more }, `${JSON.stringify(filters)} after ${after} limit ${limit}`).toEqual(want);
          compared++;
        }
    expect(compared).toBeGreaterThan(100);
  });

  it('keeps the seed commit when it has one, and has none otherwise', () => {
    const snapshot = snapshotNow();
    expect(snapshot.version).toBe(seed.meta.version);
    expect(snapshot.counts).toEqual(seed.meta.counts);
    const withCommit = { ...seed, meta: { ...seed.meta, commit: '0123456789abcdef0123456789abcdef01234567' } };
    expect(snapshotOf(withCommit).commit).toBe('0123456789abcdef0123456789abcdef01234567');
    expect('commit' in snapshotOf({ ...seed, meta: { ...seed.meta, commit: undefined } })).toBe(false);
  });
});

describe('a seed refused', () => {
  const broken = (change: (s: any) => void): any => {
    const copy = structuredClone(seed) as any;
    change(copy);
    return copy;
  };
  it.each([
    [
      'one schema error, located',
      (s: any): void => {
        s.rails[0].currency = 5;
      },
      /^the seed does not match schemas\/seed\.schema\.json: \/rails\/0\/currency must be string$/,
    ],
    [
      'five schema errors: three said, and how many more',
      (s: any) => {
        for (let i = 0; i < 5; i++) s.rails[i].phase = 5;
      },
      /: \/rails\/0\/phase must be string; \/rails\/0\/phase must be equal to one of the allowed values; \/rails\/1\/phase must be string; and 7 more$/,
    ],
    [
      'three schema errors: all three said, nothing more',
      (s: any) => {
        for (let i = 0; i < 3; i++) s.rails[i].currency = 5;
      },
      /: \/rails\/0\/currency must be string; \/rails\/1\/currency must be string; \/rails\/2\/currency must be string$/,
    ],
    [
      'the root itself',
      (s: any): void => {
        s.extra = 1;
      },
      /: \/ must NOT have additional properties$/,
    ],
    [
      'a key twice',
      (s: any): void => {
        s.rails.push({ ...s.rails[0] });
      },
      /two rails have the id "[^"]+": ids must be unique/,
    ],
  ] as const)('%s', (_what, change, message) => {
    const copy = broken(change);
    copy.meta.counts = { rails: copy.rails.length, assets: copy.assets.length, countries: copy.countries.length };
    copy.meta.version = contentVersion(copy);
    expect(() => snapshotOf(copy)).toThrow(SeedError);
    expect(() => snapshotOf(copy)).toThrow(message);
  });
});
