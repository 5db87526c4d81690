import { formatsOf } from '../beneficiary/dependent.js';
import { compilePattern } from '../beneficiary/pattern.js';
import { normalize } from '../beneficiary/normalize.js';
import { portabilityFindings } from '../domain/pattern-portability.js';
import { re2Verdict } from '../domain/re2.js';
import { redosDiagnostics } from '../domain/redos.js';
import type { RailField } from '../generated/types.js';
import { defineRule } from './define.js';
import { quotePattern } from './pattern-syntax.js';

/** One problem of a field, relative to the field: `pattern`, `examples/1`... */
interface FieldFinding {
  at: string;
  messageId: 'not-portable' | 're2-invalid' | 'engines-disagree';
  message: string;
}

/**
 * The problems of one field: a pure function of its pattern, its normalization and its test vectors (nothing else of
 * the field is read), so that a catalog where thousands of rails share a field checks it once.
 */
function fieldFindings(pattern: string, field: RailField): FieldFinding[] {
  const found: FieldFinding[] = [];
  const findings = portabilityFindings(pattern);
  for (const f of findings) {
    const fix = f.fix !== undefined ? `; ${f.fix}` : '';
    found.push({
      at: 'pattern',
      messageId: 'not-portable',
      message: `pattern ${quotePattern(pattern)} is not portable: ${f.construct} at ${f.end - f.start > 1 ? `characters ${f.start + 1}-${f.end}` : `character ${f.end}`}: ${f.engines}${fix}`,
    });
  }
  if (findings.length) return found;
  const examples = field.examples ?? [];
  const counterexamples = field.counterexamples ?? [];
  const values = [...examples, ...counterexamples].map((v) => normalize(v, field.normalize));
  const re2 = re2Verdict(pattern, values);
  if (!re2.ok) {
    found.push({
      at: 'pattern',
      messageId: 're2-invalid',
      message: `pattern ${quotePattern(pattern)} does not compile in RE2, the engine of Go clients: ${re2.reason}; keep to the portable subset (repeats at most {1000})`,
    });
    return found;
  }
  const js = compilePattern(pattern);
  // A pattern vulnerable to catastrophic backtracking could hang JavaScript on a counterexample (pattern-redos
  // reports it), as pattern-examples does not run it either.
  if (!js.ok || redosDiagnostics(pattern).status === 'vulnerable') return found;
  values.forEach((value, k) => {
    const inJs = js.regexp.test(value);
    if (inJs === re2.matches[k]) return;
    const at = k < examples.length ? `examples/${k}` : `counterexamples/${k - examples.length}`;
    found.push({
      at,
      messageId: 'engines-disagree',
      message: `${JSON.stringify(value)} ${inJs ? 'matches' : 'does not match'} pattern ${quotePattern(pattern)} in JavaScript but ${re2.matches[k] ? 'matches' : 'does not match'} in RE2 (Go): rewrite the pattern in the portable subset so both engines agree`,
    });
  });
  return found;
}

/** What fieldFindings reads besides the pattern, kept with its findings. */
interface Checked {
  normalize: string | undefined;
  examples: string[] | undefined;
  counterexamples: string[] | undefined;
  found: FieldFinding[];
}

/** Lists of texts with the same items (or both absent). */
function sameTexts(a: string[] | undefined, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (!Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const isTexts = (v: unknown): v is string[] | undefined => v === undefined || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** Distinct fields kept for one pattern: beyond them, a field is checked without being kept. */
const MAX_VARIANTS = 16;

/** The findings of a pattern with a field's normalization and test vectors, kept in `memo` by pattern. */
function findingsOf(memo: Map<string, Checked[]>, pattern: string, field: RailField): FieldFinding[] {
  const { normalize, examples, counterexamples } = field;
  const known = memo.get(pattern);
  let found = known?.find((k) => k.normalize === normalize && sameTexts(k.examples, examples) && sameTexts(k.counterexamples, counterexamples))?.found;
  if (!found) {
    found = fieldFindings(pattern, field);
    // Entries the schema refused reach the rules too (validate.ts): only texts are kept, anything odd is checked as is.
    if ((normalize === undefined || typeof normalize === 'string') && isTexts(examples) && isTexts(counterexamples)) {
      const checked = { normalize, examples, counterexamples, found };
      if (!known) memo.set(pattern, [checked]);
      else if (known.length < MAX_VARIANTS) known.push(checked);
    }
  }
  return found;
}

export default defineRule({
  id: 'pattern-portable',
  severity: 'error',
  scope: 'entry',
  description:
    "A field's pattern (and each variant's of a dependent field) means the same in every client's engine: it uses only the portable subset (no lookaround, back-references, \\d \\w \\s \\b, dot, \\p{...}, \\u escapes or named groups), compiles in RE2, and every example and counterexample gets the same verdict in JavaScript and in RE2.",
  messages: {
    'not-portable': 'A pattern uses a construct outside the portable subset.',
    're2-invalid': 'A pattern does not compile in RE2, the engine of Go clients.',
    'engines-disagree': 'An example or counterexample gets another verdict in JavaScript than in RE2.',
  },
  check({ catalog, report }) {
    // By pattern, the normalizations and test vectors met with it and their findings (compared item by item).
    const memo = new Map<string, Checked[]>();
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        // The field's own pattern with its test vectors, then each variant's (a dependent field) with the variant's.
        const units: Array<{ at: string; pattern: unknown; vectors: RailField }> = [{ at: '', pattern: field.pattern, vectors: field }];
        for (const { at, format } of formatsOf(field))
          if (format.pattern !== undefined)
            units.push({ at, pattern: format.pattern, vectors: { ...field, examples: format.examples, counterexamples: format.counterexamples } as RailField });
        for (const { at, pattern, vectors } of units) {
          if (pattern === undefined || !compilePattern(pattern as string).ok) continue; // pattern-syntax reports it
          for (const f of findingsOf(memo, pattern as string, vectors)) report(rail, `/fields/${i}${at}/${f.at}`, f.message, { messageId: f.messageId });
        }
      });
    }
  },
});
