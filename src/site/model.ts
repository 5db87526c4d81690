import type { Catalog } from '../model/catalog.js';
import type { Seed, SeedAsset, SeedCountry, SeedRail } from '../generated/types.js';
import { buildSeed } from '../seed/build.js';
import type { SiteDependency, SiteField, TestVectors } from './field-rules.js';
import type { Release } from '../release/changelog.js';

/** A beneficiary field as the site shows it (defined beside the rules the page and the script read). */
export type { SiteField };

/** A source that supports a rail's facts: the scheme's, regulator's or partner's own page. */
interface SiteSource {
  url: string;
  title: string;
  checked?: string;
  /** The facts the page states, each with its sentence (pointers name fields by their name). */
  supports?: Array<{ pointer: string; quote: string }>;
}

/** A rail as the site shows it: the published rail, its fields with their examples, and its sources when it has some. */
export interface SiteRail extends Omit<SeedRail, 'fields' | 'sources'> {
  fields: SiteField[];
  sources?: SiteSource[];
}

/** Everything the site is built from. */
export interface SiteData {
  rails: SiteRail[];
  assets: SeedAsset[];
  countries: SeedCountry[];
  /** The date staleness is judged on, YYYY-MM-DD. */
  today: string;
  /** The seed's content version, shown in the footer. */
  version: string;
  /** True when the examples come from the catalog (false when built from a seed, which has none). */
  withExamples: boolean;
  /** The releases of the data package, newest first (packages/data/releases.json): what the Atom feeds tell. */
  releases?: Release[];
}

/**
 * The site's data from a valid catalog: the seed as the build makes it (the public data, countries with their derived
 * rails), with the toolkit-only examples and counterexamples of each field and the rail's sources put back from the
 * catalog, since the seed strips them.
 */
export function siteFromCatalog(catalog: Catalog, today: string): SiteData {
  const seed = buildSeed(catalog);
  const byId = new Map(catalog.rails.map((e) => [e.data.id, e.data]));
  const rails = seed.rails.map((rail): SiteRail => {
    const data = byId.get(rail.id);
    const fields = rail.fields.map((field): SiteField => {
      const source = data?.fields.find((f) => f.name === field.name);
      const out: SiteField = { ...field, ...vectorsOf(source) };
      if (out.dependsOn) out.dependsOn = withVectors(out.dependsOn, source?.dependsOn);
      return out;
    });
    const sources = sourcesOf((data as { sources?: unknown } | undefined)?.sources ?? (rail as { sources?: unknown }).sources);
    return sources ? { ...rail, fields, sources } : { ...rail, fields };
  });
  return { rails, assets: seed.assets, countries: seed.countries, today, version: seed.meta.version, withExamples: true };
}

/** The examples and counterexamples of a field or of a format in the catalog, the strings among them. */
function vectorsOf(source: { examples?: unknown; counterexamples?: unknown } | undefined): TestVectors {
  const out: TestVectors = {};
  if (Array.isArray(source?.examples)) out.examples = source.examples.filter((v) => typeof v === 'string');
  if (Array.isArray(source?.counterexamples)) out.counterexamples = source.counterexamples.filter((v) => typeof v === 'string');
  return out;
}

/** A published dependency with each format's test vectors put back from the catalog's (the seed keeps the formats in order). */
function withVectors(published: SiteDependency, source: unknown): SiteDependency {
  const catalog = (typeof source === 'object' && source !== null ? source : {}) as { variants?: unknown[]; otherwise?: unknown };
  const variants = published.variants.map((variant, k) => ({ ...variant, ...vectorsOf(catalog.variants?.[k] as TestVectors | undefined) }));
  const otherwise = published.otherwise && { ...published.otherwise, ...vectorsOf(catalog.otherwise as TestVectors | undefined) };
  return otherwise ? { ...published, variants, otherwise } : { ...published, variants };
}

/** The site's data from a built seed: no examples (the seed has none), sources only if the seed carries them. */
export function siteFromSeed(seed: Seed, today: string): SiteData {
  const rails = seed.rails.map((rail): SiteRail => {
    const sources = sourcesOf((rail as { sources?: unknown }).sources);
    return sources ? { ...rail, sources } : { ...rail };
  });
  return { rails, assets: seed.assets, countries: seed.countries, today, version: seed.meta.version, withExamples: false };
}

/** The well-formed `{ url, title, checked, supports }` items of a `sources` list, or undefined when there are none. */
function sourcesOf(value: unknown): SiteSource[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const sources = value
    .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null && typeof s.url === 'string')
    .map((s) => ({
      url: s.url as string,
      title: typeof s.title === 'string' ? s.title : (s.url as string),
      ...(typeof s.checked === 'string' ? { checked: s.checked } : {}),
      ...(Array.isArray(s.supports) ? { supports: s.supports.filter((x) => typeof x?.pointer === 'string' && typeof x?.quote === 'string') } : {}),
    }));
  return sources.length ? sources : undefined;
}
