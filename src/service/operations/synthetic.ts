import type { Seed, SeedRail } from '../../generated/types.js';
import { contentVersion } from '../representation/snapshot.js';

/**
 * A seed grown to `railCount` rails by cloning its rails with distinct ids (BR-pix_00042), for load tests and
 * pagination tests. Every clone keeps its model's shape, so the result is valid against the seed schema; the
 * countries' rail lists and the meta (counts, version) are recomputed as `catalog build` would.
 */
export function growSeed(seed: Seed, railCount: number): Seed {
  if (seed.rails.length === 0) throw new Error('growSeed needs at least one rail to clone');
  const rails: SeedRail[] = [...seed.rails];
  const width = String(railCount).length;
  for (let i = 0; rails.length < railCount; i++) {
    const model = seed.rails[i % seed.rails.length];
    const suffix = `_${String(i).padStart(width, '0')}`;
    rails.push({ ...structuredClone(model), id: `${model.id}${suffix}`, slug: `${model.slug}${suffix.replace('_', '-')}`, name: `${model.name} ${i}` });
  }
  rails.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const served = new Map<string, string[]>();
  for (const rail of rails)
    for (const code of rail.countries) {
      const ids = served.get(code);
      if (ids) ids.push(rail.id);
      else served.set(code, [rail.id]);
    }
  const countries = seed.countries.map((c) => (c.status === 'restricted' ? c : { ...c, rails: served.get(c.code) ?? [] }));
  const content = { rails, assets: seed.assets, countries };
  const meta: Seed['meta'] = { version: contentVersion(content), counts: { rails: rails.length, assets: seed.assets.length, countries: countries.length } };
  if (seed.meta.commit) meta.commit = seed.meta.commit;
  return { meta, ...content };
}
