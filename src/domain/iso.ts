/** ISO 3166-1 alpha-2 country codes and ISO 4217 currency codes, read from maintained packages (never hand-written tables). */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries/index.js';
import currencyCodes from 'currency-codes';
import { editDistance } from './suggest.js';

// The package's Node entry registers all ~80 locales (20 ms at start-up); the codes need none, name look-ups need English.
countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

/**
 * ISO 3166-1 reserves these codes for user assignment (AA, QM–QZ, XA–XZ, ZZ): they are never country codes, although
 * some data sets use them (XK for Kosovo). A range of the standard, not a table of countries.
 */
function isUserAssigned(code: string): boolean {
  return code === 'AA' || code === 'ZZ' || (code[0] === 'Q' && code[1] >= 'M') || code[0] === 'X';
}

/** Every assigned ISO 3166-1 alpha-2 code, sorted. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes())
  .filter((code) => /^[A-Z]{2}$/.test(code) && !isUserAssigned(code))
  .sort();

const assignedCountries = new Set(COUNTRY_CODES);

/** True for an assigned ISO 3166-1 alpha-2 code (FR, NO); false for UK, EL, QQ, XK. */
export function isCountryCode(code: string): boolean {
  return assignedCountries.has(code);
}

/**
 * Codes ISO 3166-1 keeps "exceptionally reserved" for a country or territory that has its own assigned code: the
 * classic mistakes (UK for the United Kingdom, EL for Greece as the EU writes it).
 */
const EXCEPTIONALLY_RESERVED: Readonly<Record<string, string>> = {
  UK: 'GB',
  EL: 'GR',
  FX: 'FR', // Metropolitan France
  EA: 'ES', // Ceuta and Melilla
  IC: 'ES', // Canary Islands
  AC: 'SH', // Ascension Island
  TA: 'SH', // Tristan da Cunha
  DG: 'IO', // Diego Garcia
};

/**
 * The assigned code an analyst most likely meant by a code that is not assigned: an exceptionally reserved code's
 * country, the code of a country name (when one is known), or the code with its two letters swapped.
 */
export function suggestCountryCode(code: string, name?: string): string | undefined {
  if (EXCEPTIONALLY_RESERVED[code]) return EXCEPTIONALLY_RESERVED[code];
  if (name !== undefined) {
    const byName = countries.getAlpha2Code(name, 'en');
    if (byName !== undefined && isCountryCode(byName)) return byName;
  }
  const swapped = code.slice(1) + code.slice(0, 1);
  if (swapped !== code && isCountryCode(swapped)) return swapped;
  return undefined;
}

/**
 * ISO 4217 codes that are not currencies one can pay out in: precious metals (XAU, XAG, XPT, XPD), the testing code
 * (XTS), "no currency" (XXX), supranational units of account (XDR, XSU, XUA) and the bond-market units (XBA–XBD).
 * ISO marks them with minor unit "N.A.", but currency-codes turns that into 0, so they are listed here.
 */
const NON_CURRENCY_CODES: Readonly<Record<string, string>> = {
  XAU: 'gold',
  XAG: 'silver',
  XPT: 'platinum',
  XPD: 'palladium',
  XTS: 'the code reserved for testing',
  XXX: 'the code for "no currency"',
  XDR: 'the IMF special drawing right, a unit of account',
  XSU: 'the SUCRE regional unit of account',
  XUA: 'the African Development Bank unit of account',
  XBA: 'a bond-market unit',
  XBB: 'a bond-market unit',
  XBC: 'a bond-market unit',
  XBD: 'a bond-market unit',
};

/**
 * ISO 4217 fund codes (indexed units and settlement variants such as CLF, MXV, USN, CHE): valid codes, but not the
 * currency a payout is made in. Each maps to the ordinary currency of the same country.
 */
const FUND_CODES: Readonly<Record<string, string>> = {
  BOV: 'BOB',
  CHE: 'CHF',
  CHW: 'CHF',
  CLF: 'CLP',
  COU: 'COP',
  MXV: 'MXN',
  USN: 'USD',
  UYI: 'UYU',
  UYW: 'UYU',
};

/** Every active ISO 4217 code one can pay out in, sorted. */
export const CURRENCY_CODES: readonly string[] = currencyCodes
  .codes()
  .filter((code) => !(code in NON_CURRENCY_CODES) && !(code in FUND_CODES))
  .sort();

const payoutCurrencies = new Set(CURRENCY_CODES);

/** Version of the ISO 4217 list the package carries (its publication date), for messages. */
export const ISO_4217_PUBLISHED: string = currencyCodes.publishDate;

/** What an ISO 4217 code is, for the currency rules. */
export type CurrencyStatus =
  | { kind: 'currency'; minorUnit: number }
  | { kind: 'not-a-currency'; what: string }
  | { kind: 'fund'; currency: string }
  | { kind: 'unknown' };

/** Looks a code up in ISO 4217: an active payout currency (with its minor unit), a non-currency code, a fund code, or unknown. */
export function currencyStatus(code: string): CurrencyStatus {
  let status = statuses.get(code);
  if (!status) statuses.set(code, (status = lookUpCurrency(code)));
  return status;
}

/** Statuses already looked up: currency-codes searches its list for each code, and 10,000 rails name a few codes. */
const statuses = new Map<string, CurrencyStatus>();

function lookUpCurrency(code: string): CurrencyStatus {
  if (code in NON_CURRENCY_CODES) return { kind: 'not-a-currency', what: NON_CURRENCY_CODES[code] };
  if (code in FUND_CODES) return { kind: 'fund', currency: FUND_CODES[code] };
  const record = payoutCurrencies.has(code) ? currencyCodes.code(code) : undefined;
  return record ? { kind: 'currency', minorUnit: record.digits } : { kind: 'unknown' };
}

/** The ISO 4217 minor unit of an active payout currency (JPY 0, EUR 2, KWD 3); undefined for anything else. */
export function minorUnit(code: string): number | undefined {
  const status = currencyStatus(code);
  return status.kind === 'currency' ? status.minorUnit : undefined;
}

/** Payout currencies one letter away from what was written (EUT → EUR); three letters leave too many at distance two. */
export function nearCurrencyCodes(code: string): string[] {
  return CURRENCY_CODES.filter((candidate) => editDistance(code, candidate) === 1);
}

/** The English short name of an assigned ISO 3166-1 alpha-2 code (Norway), or undefined. */
export function countryName(code: string): string | undefined {
  return isCountryCode(code) ? countries.getName(code, 'en') : undefined;
}

/** The English name of an active payout currency (Euro), or undefined. */
export function currencyName(code: string): string | undefined {
  return minorUnit(code) === undefined ? undefined : currencyCodes.code(code)?.currency;
}
