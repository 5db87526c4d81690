import type { Catalog } from '../model/catalog.js';
import { minorUnit } from '../domain/iso.js';
import { defineRule } from './define.js';

/** The currencies of the countries the catalog has a schema-valid file for, by code (null for a restricted country). */
function currencyByCountry(catalog: Catalog): Map<string, string | null> {
  const found = new Map<string, string | null>();
  for (const country of catalog.countries) if (!found.has(country.data.code)) found.set(country.data.code, country.data.currency);
  return found;
}

export default defineRule({
  id: 'rail-currency',
  severity: 'warning',
  reads: ['code', 'countries', 'currency', 'currencyReason', 'id'],
  messages: {
    'foreign-currency': 'A rail pays out a currency none of its countries pays out in, and its currencyReason does not say why.',
    'needless-reason': "A rail in its countries' currency carries a currencyReason.",
  },
  description:
    "A rail pays out in the currency of one of its countries, unless its currencyReason says why not (a cross-border rail in USD); a rail that pays in its countries' currency carries no currencyReason.",
  check({ catalog, report }) {
    const currencyOf = currencyByCountry(catalog);
    for (const rail of catalog.rails) {
      const { currency, countries, currencyReason } = rail.data;
      // Restricted countries (currency null) and countries without a file say nothing here (reference, country-currency).
      const theirs = [...new Set(countries.map((code) => currencyOf.get(code)).filter((c): c is string => typeof c === 'string'))];
      // A code that is no payout currency is iso-currency's to tell: one mistake, one problem.
      if (theirs.length === 0 || minorUnit(currency) === undefined) continue;
      const foreign = !theirs.includes(currency);
      const where = countries.length === 1 ? `${countries[0]} pays out in ${theirs[0]}` : `its countries pay out in ${theirs.join(', ')}`;
      if (foreign && currencyReason === undefined)
        report(
          rail,
          '/currency',
          `${rail.data.id} pays out ${currency}, but ${where}: write currency: ${theirs[0]}${theirs.length > 1 ? ` (or ${theirs.slice(1).join(', ')})` : ''}, or, for a cross-border rail that really pays ${currency}, say why in currencyReason: <the page among the sources that says so>`,
          { messageId: 'foreign-currency' },
        );
      else if (!foreign && currencyReason !== undefined)
        report(
          rail,
          '/currencyReason',
          `${rail.data.id} pays out ${currency}, the currency of ${countries.length === 1 ? countries[0] : 'one of its countries'}, so currencyReason has nothing to explain: remove it`,
          { messageId: 'needless-reason' },
        );
    }
  },
});
