import { currencyStatus, ISO_4217_PUBLISHED, minorUnit, nearCurrencyCodes } from '../domain/iso.js';
import type { Catalog } from '../model/catalog.js';
import { defineRule } from './define.js';

/** What is wrong with a currency code and what to write instead; undefined for an active payout currency. */
function problem(code: string, hints: readonly string[]): { messageId: 'not-a-currency' | 'fund-code' | 'unknown-code'; message: string } | undefined {
  const status = currencyStatus(code);
  switch (status.kind) {
    case 'currency':
      return undefined;
    case 'not-a-currency':
      return {
        messageId: 'not-a-currency',
        message: `${code} is ${status.what} in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out${hintText(hints)}`,
      };
    case 'fund':
      return {
        messageId: 'fund-code',
        message: `${code} is an ISO 4217 fund code (a unit of account), not the currency a payout is made in: write ${status.currency}`,
      };
    case 'unknown': {
      const near = hints.length ? hints : nearCurrencyCodes(code).slice(0, 3);
      return {
        messageId: 'unknown-code',
        message: `${code} is not an active ISO 4217 currency code (ISO 4217 list published ${ISO_4217_PUBLISHED}; withdrawn codes are refused): write the active code${near.length ? `; did you mean ${near.join(' or ')}?` : ' (EUR, USD, GBP...)'}`,
      };
    }
  }
}

function hintText(hints: readonly string[]): string {
  return hints.length ? ` (${hints.join(' or ')}?)` : ' (EUR, USD, GBP...)';
}

/** Each country's active currency as its file in the catalog gives it: the best hint for a rail paying out there. */
function currencyByCountry(catalog: Catalog): Map<string, string> {
  const found = new Map<string, string>();
  for (const { data } of catalog.countries)
    if (data.currency !== null && minorUnit(data.currency) !== undefined && !found.has(data.code)) found.set(data.code, data.currency);
  return found;
}

export default defineRule({
  id: 'iso-currency',
  severity: 'error',
  reads: ['code', 'countries', 'currency'],
  description:
    "A rail's currency and a country's currency are active ISO 4217 codes of money one can pay out (not withdrawn like HRK, not gold XAU, testing XTS or fund codes like CLF).",
  messages: {
    'not-a-currency': 'A currency code that ISO 4217 assigns to something other than money paid out (gold XAU, testing XTS...).',
    'fund-code': 'A currency code that is an ISO 4217 fund code (a unit of account).',
    'unknown-code': 'A currency code that is not an active ISO 4217 code (withdrawn or never assigned).',
  },
  check({ catalog, report }) {
    let byCountry: Map<string, string> | undefined;
    for (const rail of catalog.rails) {
      if (minorUnit(rail.data.currency) !== undefined) continue;
      const currencies = (byCountry ??= currencyByCountry(catalog));
      const hints = [...new Set(rail.data.countries.flatMap((code) => currencies.get(code) ?? []))].sort();
      const found = problem(rail.data.currency, hints);
      if (found !== undefined) report(rail, '/currency', found.message, { messageId: found.messageId });
    }
    for (const country of catalog.countries) {
      if (country.data.currency === null) continue; // country-currency judges null
      const found = problem(country.data.currency, []);
      if (found !== undefined) report(country, '/currency', found.message, { messageId: found.messageId });
    }
  },
});
