// The seed of the payout reference catalog, read once from the package's seed.json.
import { readFileSync } from 'node:fs';

/** The seed: meta (its content version, counts), rails, assets and countries, as the Reference Catalog Service serves them. */
export const seed = JSON.parse(readFileSync(new URL('./seed.json', import.meta.url), 'utf8'));

/** The seed's content version: the hash of its rails, assets and countries (the same data, the same version). */
export const seedVersion = seed.meta.version;

/** Where a file of the package is, for readFile: dataFile('csv/rails.csv'). */
export function dataFile(name) {
  return new URL(`./${name}`, import.meta.url);
}
