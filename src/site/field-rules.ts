/**
 * A beneficiary field's rules as the form shows and applies them: the one place where the page (rendered in Node) and
 * the form's script (in the browser) read a field's current pattern, maxLength, normalization, help and examples, and
 * whether it applies. A dependent field (dependsOn) resolves with src/beneficiary's resolveField, the code the service
 * and the SDK run. Pure and browser-safe: no Node import.
 */
import { formatFor, resolveField } from '../beneficiary/dependent.js';
import type { FieldDependency, FieldFallback, FieldVariant, LocalizedText, SeedField } from '../generated/types.js';

/** The catalog's test vectors of a field or of one of its formats (toolkit-only: the seed strips them). */
export interface TestVectors {
  examples?: string[];
  counterexamples?: string[];
}

/** A dependent field's dependency as the site shows it: each format with its own test vectors, when known. */
export interface SiteDependency extends FieldDependency {
  variants: (FieldVariant & TestVectors)[];
  otherwise?: FieldFallback & TestVectors;
}

/** A beneficiary field as the site shows it: the published field plus the catalog's test vectors, when known. */
export interface SiteField extends SeedField, TestVectors {
  dependsOn?: SiteDependency;
}

/** A field as the form shows and checks it now, for the values the form holds. */
export interface FieldNow {
  /** The field with the chosen format's attributes and test vectors in place of its own (the field itself when none). */
  field: SiteField;
  /** false when the choice made says the field does not apply: the form hides it and checks no value. */
  applies: boolean;
  /** The option chosen in the controlling select, when it decided the field's format. */
  choice?: { value: string; label?: LocalizedText };
}

/** One format of a dependent field as a page without script says it: the options it is for, and what it changes. */
export interface VariantNote {
  /** The options' labels in the page's language; empty for `otherwise` (the options no variant names). */
  options: string[];
  applies: boolean;
  /** true when the format makes a field that is optional in general required. */
  required: boolean;
  help: string;
}

/** The words the rules are said with, in the page's language ({n} stands for the number). */
export interface RuleWords {
  maxChars: string;
  maxCharsNormalized: string;
  normalizations: Record<string, string>;
}

/** Normalizations that can shorten a value: the raw input may be longer than maxLength (IBANs are typed in groups). */
const SHORTENING = new Set(['trim', 'remove_spaces', 'upper_remove_spaces', 'remove_separators']);

/** The attributes of a format that change which values pass: when a format changes none, the field's own vectors still hold. */
const CHECKED_KEYS = ['type', 'pattern', 'maxLength'] as const;

/**
 * The field as it applies now, given the form's current values by field name: the field whose pattern, maxLength,
 * help and examples the form shows and checks, and whether it applies. A dependent field takes the format of the option
 * chosen in its select (resolveField), with that format's own examples and counterexamples; with nothing chosen, it
 * stands as written (the union of its formats, with the field's own vectors).
 */
export function currentField(fields: readonly SiteField[], field: SiteField, values: Readonly<Record<string, string | undefined>>): FieldNow {
  const resolved = resolveField(fields, field, values);
  if (!resolved.choice) return { field, applies: resolved.applies };
  const format = formatFor(field, resolved.choice.value)?.format as (FieldFallback & TestVectors) | undefined;
  const keepsOwn = !format || CHECKED_KEYS.every((key) => format[key] === undefined);
  const examples = format?.examples ?? (keepsOwn ? field.examples : undefined);
  const counterexamples = format?.counterexamples ?? (keepsOwn ? field.counterexamples : undefined);
  const now: SiteField = { ...resolved.field, ...(examples ? { examples } : {}), ...(counterexamples ? { counterexamples } : {}) };
  const { value, option } = resolved.choice;
  return { field: now, applies: resolved.applies, choice: option ? { value, label: option } : { value } };
}

/**
 * What each format of a dependent field changes, for a page that cannot change with the choice (no script, or nothing
 * chosen yet): the options it is for, whether the field then applies or is required, and the format's help. A format
 * that changes none of these is left out; a field without dependsOn has none.
 */
export function variantNotes(fields: readonly SiteField[], field: SiteField, lang: keyof LocalizedText): VariantNote[] {
  const dependency = field.dependsOn;
  if (!dependency) return [];
  const controller = fields.find((f) => f.name === dependency.field);
  const labelOf = (value: string) => controller?.options?.find((o) => o.value === value)?.label?.[lang] ?? value;
  const formats: Array<{ options: string[]; format: FieldFallback }> = dependency.variants.map((v) => ({ options: v.when.map(labelOf), format: v }));
  if (dependency.otherwise) formats.push({ options: [], format: dependency.otherwise });
  return formats
    .map(({ options, format }) => ({
      options,
      applies: format.applies !== false,
      required: format.applies !== false && format.required === true && !field.required,
      help: format.applies !== false && typeof format.help?.[lang] === 'string' ? format.help[lang] : '',
    }))
    .filter((note) => !note.applies || note.required || note.help !== '');
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
function fill(template: string, n: number): string {
  return template.replace('{n}', String(n));
}
