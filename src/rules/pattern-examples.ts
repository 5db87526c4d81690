import { checkValue } from '../beneficiary/validate.js';
import { compilePattern } from '../beneficiary/pattern.js';
import type { RailField } from '../generated/types.js';
import { defineRule } from './define.js';
import { redosDiagnostics } from '../core/redos.js';

function quote(text: string, max = 60): string {
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
interface FieldFinding {
  at: string;
  message: string;
}

/** The problems of one field: a pure function of the field (its definition and its test vectors). */
function fieldFindings(field: RailField): FieldFinding[] {
  const found: FieldFinding[] = [];
  const examples = field.examples ?? [];
  if (field.pattern !== undefined && examples.length === 0)
    found.push({ at: '', message: `field ${field.name} has a pattern but no examples: add examples: ["..."] with at least one real value the pattern accepts (and counterexamples: ["..."] with values it must reject)` });
  if (!checkable(field)) return found;
  examples.forEach((example, j) => {
    const { error } = checkValue(field, example);
    if (error)
      found.push({ at: `/examples/${j}`, message: `example ${quote(example)} fails the validation of field ${field.name} (${error.code}): ${error.message}; fix the example, or the field if the example is right` });
  });
  (field.counterexamples ?? []).forEach((counterexample, j) => {
    const { value, error } = checkValue(field, counterexample);
    if (!error) {
      const normalized = value !== undefined && value !== counterexample ? ` (normalized to ${quote(value)})` : value === undefined ? ' (an empty value of an optional field)' : '';
      found.push({ at: `/counterexamples/${j}`, message: `counterexample ${quote(counterexample)} passes the validation of field ${field.name}${normalized}: tighten the pattern so that it rejects it, or remove the counterexample` });
    }
  });
  return found;
}

/** Not an empty list, nor absent. */
const hasItems = (list: unknown): boolean => list !== undefined && !(Array.isArray(list) && list.length === 0);

export default defineRule({
  id: 'pattern-examples',
  severity: 'error',
  description: 'A field with a pattern has examples; every example passes the field\'s validation (the very code of validateBeneficiary) and every counterexample fails it.',
  check({ catalog, report }) {
    // Rails repeat the same field (every SEPA rail has the same IBAN field): each distinct field is checked once. The
    // key is the field's JSON; JSON writes NaN and Infinity as null, so a field whose JSON holds null is not kept.
    const memo = new Map<string, FieldFinding[]>();
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        // A field without test vectors (a select, most often) costs nothing to check: no key is made for it.
        const key = field !== null && typeof field === 'object' && (hasItems(field.examples) || hasItems(field.counterexamples)) ? JSON.stringify(field) : undefined;
        const keep = key !== undefined && !key.includes('null');
        let found = keep ? memo.get(key) : undefined;
        if (!found) {
          found = fieldFindings(field);
          if (keep) memo.set(key, found);
        }
        for (const f of found) report(rail, `/fields/${i}${f.at}`, f.message);
      });
    }
  },
});
