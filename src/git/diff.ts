import type { Catalog } from '../model/catalog.js';
import { CATALOG_NAMES, diffSeeds, type CatalogDiff, type CatalogName } from '../compare/changes.js';
import type { RailField } from '../generated/types.js';
import { idKey } from '../model/catalog.js';
import { buildSeed } from '../seed/build.js';

const KIND: Record<CatalogName, 'rail' | 'asset' | 'country'> = { rails: 'rail', assets: 'asset', countries: 'country' };

/**
 * Compares two loaded catalogs (a revision read by readBase and the working tree) as the service publishes them: both
 * sides go through the build, then the pure comparison (src/compare) runs on the seeds, told which ids exist in the
 * files (an entry failing its schema on one side is skipped, not added or removed) and the base rails' examples.
 */
export function diffCatalogs(base: Catalog, current: Catalog): CatalogDiff {
  const ids = (catalog: Catalog) =>
    Object.fromEntries(
      CATALOG_NAMES.map((name) => {
        const kind = KIND[name];
        const list = catalog.raw.filter((r) => r.kind === kind).map((r) => r.data[idKey(kind)]);
        return [name, new Set(list.filter((id): id is string => typeof id === 'string'))];
      }),
    ) as Record<CatalogName, Set<string>>;
  return diffSeeds(buildSeed(base), buildSeed(current), {
    baseIds: ids(base),
    currentIds: ids(current),
    baseFields: new Map<string, RailField[]>(base.rails.map((e) => [e.data.id, e.data.fields])),
  });
}
