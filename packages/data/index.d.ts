/** A rail, an asset, a country as the seed holds them: see schemas/seed.schema.json for every property. */
export interface Seed {
  meta: { version: string; commit?: string; counts: { rails: number; assets: number; countries: number } };
  rails: Array<Record<string, unknown> & { id: string }>;
  assets: Array<Record<string, unknown> & { id: string }>;
  countries: Array<Record<string, unknown> & { code: string }>;
}

/** The seed: meta (its content version, counts), rails, assets and countries, as the Reference Catalog Service serves them. */
export declare const seed: Seed;

/** The seed's content version: the hash of its rails, assets and countries. */
export declare const seedVersion: string;

/** Where a file of the package is, for readFile: dataFile('csv/rails.csv'). */
export declare function dataFile(name: string): URL;
