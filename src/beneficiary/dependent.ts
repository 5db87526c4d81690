import type { FieldFallback, LocalizedText, SeedField } from '../generated/types.js';
import { normalize } from './normalize.js';

/** What a variant (or the fallback) of a dependent field may give in place of the field's own attributes. */
export type FieldFormat = FieldFallback;

/** The attributes a variant replaces, in the order a merged field lists them. */
const FORMAT_KEYS = ['type', 'required', 'pattern', 'maxLength', 'help'] as const;

/** Which format of a dependent field the chosen option selects: a variant by its index, or the fallback. */
export type FormatChoice = { at: number; format: FieldFormat } | { at: 'otherwise'; format: FieldFormat };

/** A field as it stands for one set of values: the field to check the value against, whether it applies, and why. */
export interface ResolvedField {
  /** The field with the chosen variant's attributes in place of its own (no dependsOn): what checkValue takes. */
  field: SeedField;
  /** false when the chosen variant says the field does not apply: no value may be given. */
  applies: boolean;
  /** The controlling field and the option chosen in it, when a variant or the fallback decided the format. */
  choice?: { field: SeedField; value: string; option?: LocalizedText };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The field with a format's attributes (type, required, pattern, maxLength, help) in place of its own; the others stay
 * the field's. The result is a plain contract field: no dependsOn, no test vectors (a variant's are not the field's).
 */
export function applyFormat(field: SeedField, format: FieldFormat | undefined): SeedField {
  const { dependsOn: _d, examples: _e, counterexamples: _c, ...own } = field as SeedField & { examples?: unknown; counterexamples?: unknown };
  const out: Record<string, unknown> = { ...own };
  if (isObject(format)) for (const key of FORMAT_KEYS) if (format[key] !== undefined) out[key] = format[key];
  return out as unknown as SeedField;
}

/**
 * The format a dependent field takes for an option of its controlling select: the first variant whose `when` names the
 * option, else `otherwise`, else none (the field as written).
 */
export function formatFor(field: SeedField, option: string): FormatChoice | undefined {
  const dependency = field.dependsOn;
  if (!isObject(dependency)) return undefined;
  const variants = Array.isArray(dependency.variants) ? dependency.variants : [];
  const at = variants.findIndex((v) => isObject(v) && Array.isArray(v.when) && v.when.includes(option));
  if (at >= 0) return { at, format: variants[at] };
  return isObject(dependency.otherwise) ? { at: 'otherwise', format: dependency.otherwise } : undefined;
}

/**
 * The option chosen in a controlling select: its value once normalized as the select normalizes it, when it is one of
 * the select's options; undefined when nothing (or not one of the options) is chosen.
 */
function chosenOption(controller: SeedField, values: Record<string, unknown>): { value: string; label?: LocalizedText } | undefined {
  const raw = Object.hasOwn(values, controller.name) ? values[controller.name] : undefined;
  if (typeof raw !== 'string') return undefined;
  const value = normalize(raw, controller.normalize);
  const option = Array.isArray(controller.options) ? controller.options.find((o) => isObject(o) && o.value === value) : undefined;
  return option ? { value, label: isObject(option.label) ? option.label : undefined } : undefined;
}

/**
 * Resolves a field against a beneficiary's values: a field without dependsOn, or whose controlling choice is missing or
 * not one of the options, stands as written (the union of its variants, what a client of the contract's fields checks);
 * otherwise the chosen option's variant (or `otherwise`) gives its format, or says that it does not apply. Pure; never
 * throws on a malformed rail (a controlling field that does not exist or is not a select leaves the field as written).
 */
export function resolveField(fields: readonly SeedField[], field: SeedField, values: Record<string, unknown>): ResolvedField {
  const dependency = field.dependsOn;
  const asWritten: ResolvedField = { field, applies: true };
  if (!isObject(dependency) || typeof dependency.field !== 'string' || dependency.field === field.name) return asWritten;
  const controller = fields.find((f) => isObject(f) && f.name === dependency.field);
  if (!controller || controller.type !== 'select') return asWritten;
  const chosen = chosenOption(controller, values);
  if (!chosen) return asWritten;
  const choice = formatFor(field, chosen.value);
  if (!choice) return asWritten;
  return {
    field: applyFormat(field, choice.format),
    applies: choice.format.applies !== false,
    choice: { field: controller, value: chosen.value, ...(chosen.label ? { option: chosen.label } : {}) },
  };
}

/** Names of the fields whose format depends on the named field: a form checks them again when its choice changes. */
export function dependentsOf(fields: readonly SeedField[], name: string): string[] {
  return fields.filter((f) => isObject(f) && isObject(f.dependsOn) && f.dependsOn.field === name).map((f) => f.name);
}

/**
 * The formats a dependent field declares, each with its pointer relative to the field (`/dependsOn/variants/0`,
 * `/dependsOn/otherwise`): what the catalog's rules check beside the field's own attributes. None for another field.
 */
export function formatsOf(field: SeedField): Array<{ at: string; format: FieldFormat & { when?: unknown; examples?: unknown; counterexamples?: unknown } }> {
  const dependency = isObject(field) ? field.dependsOn : undefined;
  if (!isObject(dependency)) return [];
  const out: Array<{ at: string; format: FieldFormat }> = [];
  if (Array.isArray(dependency.variants)) dependency.variants.forEach((v, k) => isObject(v) && out.push({ at: `/dependsOn/variants/${k}`, format: v }));
  if (isObject(dependency.otherwise)) out.push({ at: '/dependsOn/otherwise', format: dependency.otherwise });
  return out;
}

/** Each pattern of a field, with its pointer relative to the field: its own (`/pattern`), then its variants'. */
export function patternsOf(field: SeedField): Array<{ at: string; pattern: string }> {
  const out: Array<{ at: string; pattern: string }> = [];
  if (isObject(field) && typeof field.pattern === 'string') out.push({ at: '/pattern', pattern: field.pattern });
  for (const { at, format } of formatsOf(field)) if (typeof format.pattern === 'string') out.push({ at: `${at}/pattern`, pattern: format.pattern });
  return out;
}
