import { didYouMean } from '../domain/suggest.js';
import type { LocalizedText, SeedField } from '../generated/types.js';
import { resolveField, type ResolvedField } from './dependent.js';
import { normalize } from './normalize.js';
import { compilePattern } from './pattern.js';
import { render, say, type Localized, type Message } from './messages/index.js';
import { optionValues, problemSaid, typeChecks, type FieldType } from './type-checks.js';

/** Why a beneficiary value is rejected. */
export type BeneficiaryErrorCode = 'required' | 'type' | 'max_length' | 'pattern' | 'option' | 'checksum' | 'not_applicable' | 'unknown_field';

/** One rejected value: the field, a stable code, an English message that says what to write, the field's help. */
export interface BeneficiaryError {
  field: string;
  code: BeneficiaryErrorCode;
  message: string;
  /** The field's help text, fr and en, when the field has one: show it beside the message. */
  help?: { fr: string; en: string };
}

// The message of each error by id and parameters, beside its English text, so that another language renders the same
// message; kept out of the error object so that the errors keep their published shape.
const said = new WeakMap<BeneficiaryError, Message>();

/** The message of an error as id and parameters, to render in any language of the catalog (src/beneficiary/messages). */
export function saidOf(error: BeneficiaryError): Message | undefined {
  return said.get(error);
}

/** An error whose English message is rendered from the catalog, its id and parameters kept for the other languages. */
function errorOf(field: string, code: BeneficiaryErrorCode, message: Message, help?: LocalizedText): BeneficiaryError {
  const error: BeneficiaryError = help ? { field, code, message: render('en', message), help } : { field, code, message: render('en', message) };
  said.set(error, message);
  return error;
}

/** The verdict on a beneficiary: valid when there is no error; values holds the normalized values of the fields that passed (absent optional fields left out). */
export interface BeneficiaryValidation {
  valid: boolean;
  values: Record<string, string>;
  errors: BeneficiaryError[];
}

/** The verdict on one value of one field: the normalized value (undefined when absent), and the first error if any. */
export interface ValueCheck {
  value: string | undefined;
  error?: BeneficiaryError;
}

/**
 * Upper bound on any value, in characters, whatever the field's maxLength: no beneficiary field is longer, and it keeps
 * user input given to the rail's patterns short.
 */
export const MAX_VALUE_LENGTH = 1024;

/** What a required field given nothing says: a select names its choices (the form shows them as a list to pick from). */
function requiredMessage(field: SeedField): Message {
  const options = field.type === 'select' ? optionValues(field) : [];
  return options.length > 0 ? say('value.required_choice', { label: labelOf(field), options }) : say('value.required', { label: labelOf(field) });
}

/**
 * Checks one value against one field: normalize, then required (missing, null or blank), maxLength, pattern, and the
 * type's own check (select options, IBAN, ...). Stops at the first failure. Pure; never throws.
 */
export function checkValue(field: SeedField, value: unknown): ValueCheck {
  if (typeof field !== 'object' || field === null) return { value: undefined, error: errorOf('', 'type', say('field.missing', {})) };
  const name = typeof field.name === 'string' ? field.name : '';
  const help = helpOf(field);
  const fail = (code: BeneficiaryErrorCode, message: Message, normalized?: string): ValueCheck => ({
    value: normalized,
    error: errorOf(name, code, message, help),
  });

  if (value === undefined || value === null) return field.required ? fail('required', requiredMessage(field)) : { value: undefined };
  if (typeof value !== 'string') return fail('type', notAString(value));

  const normalized = normalize(value, field.normalize);
  if (normalized.trim() === '')
    return field.required ? fail('required', say('value.required_blank', { label: labelOf(field) }), normalized) : { value: undefined };

  const limit = typeof field.maxLength === 'number' ? Math.min(field.maxLength, MAX_VALUE_LENGTH) : MAX_VALUE_LENGTH;
  const length = codePointLength(normalized);
  if (length > limit)
    return fail('max_length', say('value.too_long', { limit, length, ...(field.normalize ? { normalize: field.normalize } : {}) }), normalized);

  if (typeof field.pattern === 'string') {
    const compiled = compilePattern(field.pattern);
    if (!compiled.ok) return fail('pattern', say('value.pattern_broken', { reason: compiled.reason }), normalized);
    if (!compiled.regexp.test(normalized))
      return fail('pattern', say('value.pattern', { pattern: field.pattern, ...(field.help ? { help: field.help } : {}) }), normalized);
  }

  const check = Object.hasOwn(typeChecks, field.type) ? typeChecks[field.type as FieldType] : undefined;
  if (!check) return fail('type', say('field.unknown_type', { type: field.type }), normalized);
  const problem = check(normalized, field);
  if (problem) return fail(problem.code, problemSaid(problem) as Message, normalized);
  return { value: normalized };
}

/**
 * Checks the value of a field of a rail as it stands for the other values (resolveField): a dependent field is checked
 * against the format of the option chosen in its controlling select, and a value for a field that does not apply to
 * that choice is refused (`not_applicable`; an absent or blank value is fine). Pure; never throws.
 */
export function checkFieldOf(fields: readonly SeedField[], field: SeedField, values: Record<string, unknown>): ValueCheck {
  if (typeof field !== 'object' || field === null) return checkValue(field, undefined);
  const resolved = resolveField(fields, field, values);
  const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
  if (resolved.applies) {
    const checked = checkValue(resolved.field, value);
    const error = checked.error;
    // A format that depends on a choice says which choice: "with Pix key type CNPJ: too long ...; CNPJ key: ...".
    if (!error || !resolved.choice || (error.code !== 'pattern' && error.code !== 'max_length' && error.code !== 'required')) return checked;
    const inner = said.get(error) as Message;
    const help = error.code === 'max_length' && resolved.field.help ? { help: resolved.field.help } : {};
    return { ...checked, error: errorOf(error.field, error.code, say('value.with_choice', { choice: choiceText(resolved), inner, ...help }), error.help) };
  }
  const blank = value === undefined || value === null || (typeof value === 'string' && normalize(value, field.normalize).trim() === '');
  if (blank) return { value: undefined };
  const message = say('value.not_applicable', { label: labelOf(field), choice: choiceText(resolved), controller: labelOf(resolved.choice!.field) });
  return { value: undefined, error: errorOf(field.name, 'not_applicable', message, helpOf(resolved.field)) };
}

/** "Transfer mode Mobile number + MMID": the controlling field's label and the chosen option's, in each language. */
function choiceText(resolved: ResolvedField): Localized {
  const choice = resolved.choice!;
  const label = labelOf(choice.field);
  const option = (language: 'en' | 'fr') => (typeof choice.option?.[language] === 'string' ? choice.option[language] : choice.value);
  return { en: `${label.en} ${option('en')}`, fr: `${label.fr} ${option('fr')}` };
}

/**
 * Validates a beneficiary's values against a rail's fields, as the service does (the authoritative check): each value is
 * normalized, then checked (see checkValue) against its field as it stands for the other values (checkFieldOf: the
 * format of a dependent field follows the choice made in its controlling select); a value for a field the rail does not
 * have is an `unknown_field` error. Errors come in the rail's field order, then unknown fields in the order given. Pure;
 * never throws, whatever the input.
 */
export function validateBeneficiary(rail: { fields: SeedField[] }, values: Record<string, unknown>): BeneficiaryValidation {
  try {
    const fields = Array.isArray(rail?.fields) ? rail.fields.filter((f) => typeof f === 'object' && f !== null) : [];
    const given: Record<string, unknown> = typeof values === 'object' && values !== null && !Array.isArray(values) ? values : {};
    const errors: BeneficiaryError[] = [];
    const normalized: Record<string, string> = {};
    const names = new Set<string>();
    for (const field of fields) {
      names.add(field.name);
      const { value, error } = checkFieldOf(fields, field, given);
      if (error) errors.push(error);
      else if (value !== undefined) normalized[field.name] = value;
    }
    const known = [...names];
    for (const key of Object.keys(given)) {
      if (names.has(key)) continue;
      const shown = key.length > 64 ? `${JSON.stringify(key.slice(0, 64))}…` : JSON.stringify(key);
      const suggestion = key.length <= 64 ? didYouMean(key, known) : undefined;
      errors.push(errorOf(key, 'unknown_field', say('value.unknown_field', { shown, known, ...(suggestion === undefined ? {} : { suggestion }) })));
    }
    return { valid: errors.length === 0, values: normalized, errors };
  } catch {
    // Only reachable with values that cannot be read (a getter or proxy that throws): never with JSON input.
    return {
      valid: false,
      values: {},
      errors: [errorOf('', 'type', say('value.unreadable', {}))],
    };
  }
}

function helpOf(field: SeedField): LocalizedText | undefined {
  const help = field.help;
  return help && typeof help.fr === 'string' && typeof help.en === 'string' ? { fr: help.fr, en: help.en } : undefined;
}

/** A field's label in each language; its name where a language has none. */
function labelOf(field: SeedField): Localized {
  const label = (language: 'en' | 'fr') => (typeof field.label?.[language] === 'string' ? field.label[language] : String(field.name));
  return { en: label('en'), fr: label('fr') };
}

function notAString(value: unknown): Message {
  if (typeof value === 'number' || typeof value === 'bigint') return say('value.not_text', { kind: 'number', value: String(value) });
  if (typeof value === 'boolean') return say('value.not_text', { kind: 'boolean', value: String(value) });
  const kind = Array.isArray(value) ? 'list' : typeof value === 'object' ? 'object' : 'other';
  return say('value.not_text', { kind, value: typeof value });
}

/** Length in Unicode code points (what "characters" means in maxLength, as in JSON Schema). */
function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      // Past the end, charCodeAt gives NaN, which is no low surrogate.
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}
