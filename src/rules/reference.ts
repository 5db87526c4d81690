import path from 'node:path';
import { isCountryCode } from '../domain/iso.js';
import type { Catalog } from '../model/catalog.js';
import { defineRule } from './define.js';

/** Phases in which a rail pays out: it may not serve a restricted country. */
const OPEN_PHASES: ReadonlySet<string> = new Set(['live', 'beta']);

/**
 * The countries the catalog has a file for, by code, with their status when readable. Read from every parsed entry,
 * schema-valid or not, and from file names too, so that an unrelated mistake in a country file (or in its code) does
 * not make every rail serving it report a missing file.
 */
function countriesOnFile(catalog: Catalog): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const entry of catalog.raw) {
    if (entry.kind !== 'country') continue;
    const status = entry.data.status;
    const code = entry.data.code;
    if (typeof code === 'string' && !found.has(code)) found.set(code, status);
    const base = path.basename(entry.file.absolute, '.yaml');
    if (!found.has(base)) found.set(base, status);
  }
  return found;
}

export default defineRule({
  id: 'reference',
  severity: 'error',
  reads: ['code', 'countries', 'id', 'phase', 'status'],
  description:
    "Every country a rail serves has a file in catalog/countries, a live or beta rail serves no restricted country, and a rail id's prefix is among its countries.",
  messages: {
    'missing-country': 'A rail serves a country that has no file in catalog/countries.',
    'restricted-country': 'A live or coming rail serves a restricted country.',
    'prefix-not-served': "The country of a rail's id prefix is not among its countries.",
  },
  check({ catalog, report }) {
    const known = countriesOnFile(catalog);
    for (const rail of catalog.rails) {
      const { id, countries, phase } = rail.data;
      countries.forEach((code, i) => {
        if (!isCountryCode(code)) return; // iso-country reports it
        if (!known.has(code))
          report(
            rail,
            `/countries/${i}`,
            `${id} serves ${code}, which has no file in catalog/countries: add countries/${code}.yaml, or remove ${code} from countries`,
            { messageId: 'missing-country' },
          );
        else if (known.get(code) === 'restricted' && OPEN_PHASES.has(phase))
          report(
            rail,
            `/countries/${i}`,
            `${id} is ${phase} but ${code} is restricted: remove ${code} from countries, or set the rail's phase to planned or never`,
            { messageId: 'restricted-country' },
          );
      });
      const prefix = id.slice(0, 2);
      if (isCountryCode(prefix) && !countries.includes(prefix)) {
        const rename = countries.find(isCountryCode);
        report(
          rail,
          '/id',
          `the id starts with ${prefix}, which is not among the rail's countries (${countries.join(', ')}): add ${prefix} to countries${rename ? `, or rename the rail ${rename}${id.slice(2)} (and its file)` : ''}`,
          { messageId: 'prefix-not-served' },
        );
      }
    }
  },
});
