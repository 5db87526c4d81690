/**
 * A beneficiary field's rules as the form shows and applies them: the one place where the page (rendered in Node) and
 * the form's script (in the browser) read a field's current pattern, maxLength, normalization, help and examples.
 * Pure and browser-safe: no Node import.
 */
import type { LocalizedText, SeedField } from '../generated/types.js';

/** A beneficiary field as the site shows it: the published field plus the catalog's test vectors, when known. */
export interface SiteField extends SeedField {
  examples?: string[];
  counterexamples?: string[];
}

/** The words the rules are said with, in the page's language ({n} stands for the number). */
export interface RuleWords {
  maxChars: string;
  maxCharsNormalized: string;
  normalizations: Record<string, string>;
}

/** Normalizations that can shorten a value: the raw input may be longer than maxLength (IBANs are typed in groups). */
const SHORTENING = new Set(['trim', 'remove_spaces', 'upper_remove_spaces', 'remove_separators']);

/**
 * The field as it applies now, given the form's current values by field name: the field whose pattern, maxLength,
 * help and examples the form shows and checks. A field whose rules depend on another field's choice resolves here.
 */
export function currentField(field: SiteField, _values: Readonly<Record<string, string>>): SiteField {
  return field;
}

/** The `maxlength` attribute of the field's input: only where normalization cannot shorten a value ("062-000" is a valid 6-digit BSB). */
export function typedMaxLength(field: SeedField): number | undefined {
  if (typeof field.maxLength !== 'number') return undefined;
  return field.normalize && SHORTENING.has(field.normalize) ? undefined : field.maxLength;
}

/** What the page says about the field's length and normalization, one sentence each ("At most 27 characters once normalized."). */
export function rulesText(field: SeedField, words: RuleWords): string {
  const rules: string[] = [];
  if (typeof field.maxLength === 'number') {
    const template = field.normalize && SHORTENING.has(field.normalize) ? words.maxCharsNormalized : words.maxChars;
    rules.push(fill(template, field.maxLength));
  }
  if (field.normalize && words.normalizations[field.normalize]) rules.push(words.normalizations[field.normalize]);
  return rules.join(' ');
}

/** The field's help in a language, '' when it has none. */
export function helpText(field: SeedField, lang: keyof LocalizedText): string {
  const help = field.help?.[lang];
  return typeof help === 'string' ? help : '';
}

/** A template with {n} replaced by a number. */
export function fill(template: string, n: number): string {
  return template.replace('{n}', String(n));
}
