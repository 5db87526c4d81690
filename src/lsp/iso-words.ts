import currencyCodes from 'currency-codes';
import { countryName, currencyStatus } from '../domain/iso.js';
import { schemaAt } from '../model/schema-walk.js';
import type { EntryKind } from '../model/catalog.js';

/** Which ISO list the schema asks for at a place of an entry: its description names ISO 4217 or ISO 3166-1 codes. */
export function isoListAt(kind: EntryKind, segments: Array<string | number>): 'currency' | 'country' | undefined {
  const at = schemaAt(kind, segments);
  const description = String(at?.node.description ?? '');
  if (at?.node.type === 'integer' || /^Rail identifier/.test(description)) return undefined;
  if (/ISO 4217 (currency )?code/.test(description)) return 'currency';
  if (/ISO 3166-1 alpha-2 (country )?codes?/.test(description)) return 'country';
  return undefined;
}

/** The name of an ISO 4217 currency (Brazilian Real), or undefined. */
export function currencyName(code: string): string | undefined {
  return currencyCodes.code(code)?.currency;
}

/** What an ISO code names, in words, for a hover: the country, or the currency with its minor units. */
export function describeCode(code: string): string | undefined {
  if (/^[A-Z]{2}$/.test(code)) {
    const name = countryName(code);
    return name ? `**${code}**: ${name} (ISO 3166-1 alpha-2)` : undefined;
  }
  if (!/^[A-Z]{3}$/.test(code)) return undefined;
  const status = currencyStatus(code);
  if (status.kind === 'currency')
    return `**${code}**: ${currencyName(code) ?? code} (ISO 4217), ${status.minorUnit} minor unit${status.minorUnit === 1 ? '' : 's'} (limits.decimals: ${status.minorUnit})`;
  if (status.kind === 'not-a-currency') return `**${code}**: ${status.what}, an ISO 4217 code that is not a currency a payout can be made in`;
  if (status.kind === 'fund') return `**${code}**: a fund code of ISO 4217, not a currency: pay out in ${status.currency}`;
  return undefined;
}
