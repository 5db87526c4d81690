import { checkValue } from '../beneficiary/validate.js';
import { compilePattern } from '../beneficiary/pattern.js';
import type { RailField } from '../generated/types.js';
import { defineRule } from './define.js';
import { redosDiagnostics } from '../domain/redos.js';

/** A value quoted for a message, cut at `max` characters. */
export function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

/** Whether running the field's checks on a test vector is safe and meaningful; the other pattern rules report why not. */
function checkable(field: RailField): boolean {
  if (field.pattern === undefined) return true;
  // A pattern that does not compile rejects everything (pattern-syntax says why); a vulnerable one could hang on a
  // failing example (pattern-redos says why).
  return compilePattern(field.pattern).ok && redosDiagnostics(field.pattern).status !== 'vulnerable';
}

/** One problem of a field, relative to the field (`""`, `/examples/0`...). */
export interface FieldFinding {
  at: string;
  messageId: 'no-examples' | 'example-fails' | 'counterexample-passes';
  message: string;
}

/**
 * The problems of one field: a pure function of the field (its definition and its test vectors). `what` names it in
 * the messages ("field pixKey", or "field pixKey with pixKeyType cnpj" for a variant of a dependent field, which the
 * dependent-fields rule checks with this very function).
 */
export function fieldFindings(field: RailField, what = `field ${field.name}`): FieldFinding[] {
  const found: FieldFinding[] = [];
  const examples = field.examples ?? [];
  if (field.pattern !== undefined && examples.length === 0)
    found.push({
      at: '',
      messageId: 'no-examples',
      message: `${what} has a pattern but no examples: add examples: ["..."] with at least one real value the pattern accepts (and counterexamples: ["..."] with values it must reject)`,
    });
  if (!checkable(field)) return found;
  examples.forEach((example, j) => {
    const { error } = checkValue(field, example);
    if (error)
      found.push({
        at: `/examples/${j}`,
        messageId: 'example-fails',
        message: `example ${quote(example)} fails the validation of ${what} (${error.code}): ${error.message}; fix the example, or the field if the example is right`,
      });
  });
  (field.counterexamples ?? []).forEach((counterexample, j) => {
    const { value, error } = checkValue(field, counterexample);
    if (!error) {
      const normalized =
        value !== undefined && value !== counterexample
          ? ` (normalized to ${quote(value)})`
          : value === undefined
            ? ' (an empty value of an optional field)'
            : '';
      found.push({
        at: `/counterexamples/${j}`,
        messageId: 'counterexample-passes',
        message: `counterexample ${quote(counterexample)} passes the validation of ${what}${normalized}: tighten the pattern so that it rejects it, or remove the counterexample`,
      });
    }
  });
  return found;
}

/** Distinct fields kept for one name and pattern: beyond them, a field is checked without being kept. */
const MAX_VARIANTS = 16;

/**
 * Whether two values read from YAML are the same data: the same numbers (Object.is: NaN is itself, 0 is not -0),
 * texts and booleans, lists of the same items, mappings of the same keys (in any order) and values.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'number' || Object.is(a, b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  // for...in over plain objects (the prototype is Object.prototype, which has no enumerable key): V8 walks its cached
  // keys without making an array, where Object.keys made two per comparison (30,000 fields: about 40 against 55 ms).
  let keys = 0;
  for (const k in a) {
    keys++;
    if (!Object.hasOwn(b, k) || !sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  for (const _ in b) keys--;
  return keys === 0;
}

/** Not an empty list, nor absent. */
const hasItems = (list: unknown): boolean => list !== undefined && !(Array.isArray(list) && list.length === 0);

export default defineRule({
  id: 'pattern-examples',
  severity: 'error',
  scope: 'entry',
  description:
    "A field with a pattern has examples; every example passes the field's validation (the very code of validateBeneficiary) and every counterexample fails it.",
  messages: {
    'no-examples': 'A field with a pattern has no examples.',
    'example-fails': "An example fails the field's validation.",
    'counterexample-passes': "A counterexample passes the field's validation.",
  },
  check({ catalog, report }) {
    // Rails repeat the same field (every SEPA rail has the same IBAN field): each distinct field is checked once. Fields
    // met before are found by name and pattern, then compared value by value (no key text made for each field).
    const memo = new Map<string, Array<{ field: RailField; found: FieldFinding[] }>>();
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        // A field without test vectors (a select, most often) costs nothing to check: it is not kept.
        const keep = field !== null && typeof field === 'object' && (hasItems(field.examples) || hasItems(field.counterexamples));
        const key = keep ? `${String(field.name)}\u0000${String(field.pattern)}` : '';
        const known = keep ? memo.get(key) : undefined;
        let found = known?.find((k) => sameData(k.field, field))?.found;
        if (!found) {
          found = fieldFindings(field);
          if (!keep) {
            // nothing to keep
          } else if (!known) memo.set(key, [{ field, found }]);
          else if (known.length < MAX_VARIANTS) known.push({ field, found });
        }
        for (const f of found) report(rail, `/fields/${i}${f.at}`, f.message, { messageId: f.messageId });
      });
    }
  },
});
