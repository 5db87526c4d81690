import type { RailField } from '../generated/types.js';

/** A `normalize` value of the rail schema (upper, lower, trim, ...). */
export type Normalization = NonNullable<RailField['normalize']>;

// White space as JavaScript's \s knows it (ASCII space and tab, NBSP, the Unicode spaces, line breaks, BOM), plus the
// invisible zero-width space and word joiner that copying from a PDF or a web page leaves in account numbers.
const SPACES = /[\s\u200B\u2060]+/gu;
// Separators people write between groups of digits: white space, any dash (hyphen, en and em dashes: \p{Pd}),
// the minus sign, dots and slashes.
const SEPARATORS = /[\s\u200B\u2060\p{Pd}\u2212./]+/gu;

/**
 * One pure function per `normalize` value of the schema; a value added to the schema's enum without a function here
 * does not compile. Case mapping is JavaScript's locale-independent one (never the Turkish dotless i).
 */
export const normalizers: Record<Normalization, (value: string) => string> = {
  /** upper: uppercase ("fr76 3000" → "FR76 3000"). */
  upper: (value) => value.toUpperCase(),
  /** lower: lowercase ("Jane@Example.COM" → "jane@example.com"). */
  lower: (value) => value.toLowerCase(),
  /** trim: strip leading and trailing white space ("  Jane Doe " → "Jane Doe"). */
  trim: (value) => value.trim(),
  /** remove_spaces: remove all white space, inside too ("0123 4567" → "01234567"). */
  remove_spaces: (value) => value.replace(SPACES, ''),
  /** upper_remove_spaces: remove all white space then uppercase ("fr76 3000 6000" → "FR7630006000"), for IBANs and BICs. */
  upper_remove_spaces: (value) => value.replace(SPACES, '').toUpperCase(),
  /** remove_separators: remove white space, dashes, dots and slashes ("12-34-56" → "123456", "021.000.021" → "021000021"). */
  remove_separators: (value) => value.replace(SEPARATORS, ''),
};

/** Applies a field's normalization (none when absent or unknown) to a value. */
export function normalize(value: string, normalization: string | undefined): string {
  if (normalization === undefined || !Object.hasOwn(normalizers, normalization)) return value;
  return normalizers[normalization as Normalization](value);
}
