import { didYouMeanText } from '../domain/suggest.js';
import type { LocalizedText, SeedField } from '../generated/types.js';
import { resolveField, type ResolvedField } from './dependent.js';
import { normalize } from './normalize.js';
import { compilePattern } from './pattern.js';
import { typeChecks, type FieldType } from './type-checks.js';

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

/**
 * Checks one value against one field: normalize, then required (missing, null or blank), maxLength, pattern, and the
 * type's own check (select options, IBAN, ...). Stops at the first failure. Pure; never throws.
 */
export function checkValue(field: SeedField, value: unknown): ValueCheck {
  if (typeof field !== 'object' || field === null)
    return { value: undefined, error: { field: '', code: 'type', message: 'no such field: the rail is misconfigured' } };
  const name = typeof field.name === 'string' ? field.name : '';
  const help = helpOf(field);
  const fail = (code: BeneficiaryErrorCode, message: string, normalized?: string): ValueCheck => ({
    value: normalized,
    error: help ? { field: name, code, message, help } : { field: name, code, message },
  });

  if (value === undefined || value === null) return field.required ? fail('required', `${labelOf(field)} is required: write a value`) : { value: undefined };
  if (typeof value !== 'string') return fail('type', notAString(value));

  const normalized = normalize(value, field.normalize);
  if (normalized.trim() === '')
    return field.required ? fail('required', `${labelOf(field)} is required: write a value, not an empty text`, normalized) : { value: undefined };

  const limit = typeof field.maxLength === 'number' ? Math.min(field.maxLength, MAX_VALUE_LENGTH) : MAX_VALUE_LENGTH;
  const length = codePointLength(normalized);
  if (length > limit)
    return fail(
      'max_length',
      `too long: at most ${limit} characters${field.normalize ? ` after normalization (${field.normalize})` : ''}, this value has ${length}; remove the extra characters`,
      normalized,
    );

  if (typeof field.pattern === 'string') {
    const compiled = compilePattern(field.pattern);
    if (!compiled.ok)
      return fail('pattern', `this field's pattern does not compile (${compiled.reason}), so no value can be accepted: the rail is misconfigured`, normalized);
    if (!compiled.regexp.test(normalized))
      return fail('pattern', `not in the expected format${help ? `: ${help.en}` : ''} (the value must match ${field.pattern})`, normalized);
  }

  const check = Object.hasOwn(typeChecks, field.type) ? typeChecks[field.type as FieldType] : undefined;
  if (!check) return fail('type', `this field has an unknown type ${JSON.stringify(field.type)}: the rail is misconfigured`, normalized);
  const problem = check(normalized, field);
  if (problem) return fail(problem.code, problem.message, normalized);
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
    const help = error.code === 'max_length' && error.help ? `; ${error.help.en}` : '';
    return { ...checked, error: { ...error, message: `with ${choiceText(resolved)}: ${error.message}${help}` } };
  }
  const blank = value === undefined || value === null || (typeof value === 'string' && normalize(value, field.normalize).trim() === '');
  if (blank) return { value: undefined };
  const help = helpOf(resolved.field);
  const message = `${labelOf(field)} does not apply with ${choiceText(resolved)}: leave it empty, or choose another ${labelOf(resolved.choice!.field)}`;
  return {
    value: undefined,
    error: help ? { field: field.name, code: 'not_applicable', message, help } : { field: field.name, code: 'not_applicable', message },
  };
}

/** "Transfer mode Mobile number + MMID": the controlling field's label and the chosen option's. */
function choiceText(resolved: ResolvedField): string {
  const choice = resolved.choice!;
  const option = typeof choice.option?.en === 'string' ? choice.option.en : choice.value;
  return `${labelOf(choice.field)} ${option}`;
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
      const suggestion = key.length <= 64 ? didYouMeanText(key, known) : '';
      errors.push({
        field: key,
        code: 'unknown_field',
        message: `unknown field ${shown}: this rail takes ${known.length ? known.join(', ') : 'no fields'}${suggestion}`,
      });
    }
    return { valid: errors.length === 0, values: normalized, errors };
  } catch {
    // Only reachable with values that cannot be read (a getter or proxy that throws): never with JSON input.
    return {
      valid: false,
      values: {},
      errors: [{ field: '', code: 'type', message: 'the values could not be read: send a JSON object of field name to text' }],
    };
  }
}

function helpOf(field: SeedField): LocalizedText | undefined {
  const help = field.help;
  return help && typeof help.fr === 'string' && typeof help.en === 'string' ? { fr: help.fr, en: help.en } : undefined;
}

function labelOf(field: SeedField): string {
  return typeof field.label?.en === 'string' ? field.label.en : String(field.name);
}

function notAString(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint')
    return `must be a text, not a number: send it in quotes ("${String(value)}"), since a number loses its leading zeros`;
  if (typeof value === 'boolean') return `must be a text, not ${value}: send the value in quotes`;
  return `must be a text, not ${Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}: send one value in quotes`;
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
