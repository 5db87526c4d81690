import { cmp } from '../model/problem.js';
import { readSchema } from '../model/schemas.js';
import type { Rail, Seed, SeedAsset, SeedCountry, SeedRail } from '../generated/types.js';
import type { Catalog } from '../model/catalog.js';
import { project } from './project.js';
import { contentVersion } from './version.js';

const seedSchema = readSchema('seed.schema.json');
const def = (name: string) => seedSchema.definitions[name];

/** Builds the seed from a valid catalog: sorted, projected through the seed schema, rails derived, content hashed. */
export function buildSeed(catalog: Catalog, commit?: string): Seed {
  const rails = catalog.rails
    .map((e) => project(e.data, def('rail'), seedSchema) as SeedRail)
    .sort((a, b) => cmp(a.id, b.id));
  const assets = catalog.assets
    .map((e) => project(e.data, def('asset'), seedSchema) as SeedAsset)
    .sort((a, b) => cmp(a.id, b.id));

  const served = new Map<string, string[]>();
  for (const rail of rails) {
    for (const code of rail.countries) {
      const ids = served.get(code);
      if (ids) ids.push(rail.id);
      else served.set(code, [rail.id]);
    }
  }
  const countries = catalog.countries
    .map((e) => {
      const data = e.data.status === 'restricted' ? e.data : { ...e.data, rails: served.get(e.data.code) ?? [] };
      return project(data, def('country'), seedSchema) as SeedCountry;
    })
    .sort((a, b) => cmp(a.code, b.code));

  const content = { rails, assets, countries };
  const version = contentVersion(content);
  const meta: Seed['meta'] = { version, counts: { rails: rails.length, assets: assets.length, countries: countries.length } };
  if (commit) meta.commit = commit;
  return { meta, ...content };
}

/** The seed's bytes: two-space JSON and a final newline, so that a diff of two seeds is readable. */
export function serializeSeed(seed: Seed): string {
  return JSON.stringify(seed, null, 2) + '\n';
}

/** The published shape of one rail: the build's projection (toolkit-only attributes such as examples dropped). */
export function publishedRail(rail: Rail): SeedRail {
  return project(rail, def('rail'), seedSchema) as SeedRail;
}
