import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const catalog = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../catalog');

/**
 * The date on which the bundled catalog is judged in tests that build it (its site, its seed, the fleet's store): the
 * latest date its files record (a source checked, a rail verified, a list's publication), on which it validates,
 * since no date in it is then in the future. Read from the data, so that neither the clock nor a newly checked source
 * breaks a test.
 */
export const BUNDLED_TODAY: string = readdirSync(catalog, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => [...readFileSync(path.join(catalog, f), 'utf8').matchAll(/^\s*-?\s*(?:checked|verifiedAt|asOf): "?(\d{4}-\d{2}-\d{2})"?/gm)].map((m) => m[1]))
  .sort()
  .at(-1)!;
