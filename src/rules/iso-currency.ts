import { currencyStatus, ISO_4217_PUBLISHED, minorUnit, nearCurrencyCodes } from '../core/iso.js';
import type { Catalog } from './define.js';
import { defineRule } from './define.js';

/** What is wrong with a currency code and what to write instead; undefined for an active payout currency. */
function problem(code: string, hints: readonly string[]): string | undefined {
  const status = currencyStatus(code);
  switch (status.kind) {
    case 'currency':
      return undefined;
    case 'not-a-currency':
      return `${code} is ${status.what} in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out${hintText(hints)}`;
    case 'fund':
      return `${code} is an ISO 4217 fund code (a unit of account), not the currency a payout is made in: write ${status.currency}`;
    case 'unknown': {
      const near = hints.length ? hints : nearCurrencyCodes(code).slice(0, 3);
      return `${code} is not an active ISO 4217 currency code (list of ${ISO_4217_PUBLISHED}; withdrawn codes such as HRK are refused): write the active code${near.length ? `; did you mean ${near.join(' or ')}?` : ' (EUR, USD, GBP...)'}`;
    }
  }
}

function hintText(hints: readonly string[]): string {
  return hints.length ? ` (${hints.join(' or ')}?)` : ' (EUR, USD, GBP...)';
}

/** The active currencies of a rail's countries as the catalog's country files give them: the best hint for a rail. */
function countryCurrencies(catalog: Catalog, codes: readonly string[]): string[] {
  const found = new Set<string>();
  for (const country of catalog.countries)
    if (codes.includes(country.data.code) && country.data.currency !== null && minorUnit(country.data.currency) !== undefined) found.add(country.data.currency);
  return [...found].sort();
}

export default defineRule({
  id: 'iso-currency',
  severity: 'error',
  description: 'A rail\'s currency and a country\'s currency are active ISO 4217 codes of money one can pay out (not withdrawn like HRK, not gold XAU, testing XTS or fund codes like CLF).',
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const message = problem(rail.data.currency, countryCurrencies(catalog, rail.data.countries));
      if (message !== undefined) report(rail, '/currency', message);
    }
    for (const country of catalog.countries) {
      if (country.data.currency === null) continue; // country-currency judges null
      const message = problem(country.data.currency, []);
      if (message !== undefined) report(country, '/currency', message);
    }
  },
});
