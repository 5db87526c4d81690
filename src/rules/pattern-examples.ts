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

export default defineRule({
  id: 'pattern-examples',
  severity: 'error',
  scope: 'entry',
  description: 'A field with a pattern has examples; every example passes the field\'s validation (the very code of validateBeneficiary) and every counterexample fails it.',
  check({ catalog, report }) {
    // Rails repeat the same field (every SEPA rail has the same IBAN field): check each vector once per field definition.
    const memo = new Map<string, ReturnType<typeof checkValue>>();
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        const { examples: _e, counterexamples: _c, ...definition } = field;
        const signature = JSON.stringify(definition);
        const check = (value: string) => {
          const key = `${signature}\u0000${value}`;
          let result = memo.get(key);
          if (!result) memo.set(key, (result = checkValue(field, value)));
          return result;
        };
        const examples = field.examples ?? [];
        if (field.pattern !== undefined && examples.length === 0)
          report(rail, `/fields/${i}`, `field ${field.name} has a pattern but no examples: add examples: ["..."] with at least one real value the pattern accepts (and counterexamples: ["..."] with values it must reject)`);
        if (!checkable(field)) return;
        examples.forEach((example, j) => {
          const { error } = check(example);
          if (error)
            report(rail, `/fields/${i}/examples/${j}`, `example ${quote(example)} fails the validation of field ${field.name} (${error.code}): ${error.message}; fix the example, or the field if the example is right`);
        });
        (field.counterexamples ?? []).forEach((counterexample, j) => {
          const { value, error } = check(counterexample);
          if (!error) {
            const normalized = value !== undefined && value !== counterexample ? ` (normalized to ${quote(value)})` : value === undefined ? ' (an empty value of an optional field)' : '';
            report(rail, `/fields/${i}/counterexamples/${j}`, `counterexample ${quote(counterexample)} passes the validation of field ${field.name}${normalized}: tighten the pattern so that it rejects it, or remove the counterexample`);
          }
        });
      });
    }
  },
});
