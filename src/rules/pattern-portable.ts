import { compilePattern } from '../beneficiary/pattern.js';
import { normalize } from '../beneficiary/normalize.js';
import { portabilityFindings } from '../core/pattern-portability.js';
import { re2Verdict } from '../core/re2.js';
import { redosDiagnostics } from '../core/redos.js';
import { defineRule } from './define.js';
import { quotePattern } from './pattern-syntax.js';

export default defineRule({
  id: 'pattern-portable',
  severity: 'error',
  scope: 'entry',
  description:
    'A field\'s pattern means the same in every client\'s engine: it uses only the portable subset (no lookaround, back-references, \\d \\w \\s \\b, dot, \\p{...}, \\u escapes or named groups), compiles in RE2, and every example and counterexample gets the same verdict in JavaScript and in RE2.',
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        const pattern = field.pattern;
        if (pattern === undefined || !compilePattern(pattern).ok) return; // pattern-syntax reports it
        const pointer = `/fields/${i}/pattern`;
        const findings = portabilityFindings(pattern);
        for (const f of findings) {
          const fix = f.fix !== undefined ? `; ${f.fix}` : '';
          report(rail, pointer, `pattern ${quotePattern(pattern)} is not portable: ${f.construct} at ${f.end - f.start > 1 ? `characters ${f.start + 1}-${f.end}` : `character ${f.end}`}: ${f.engines}${fix}`);
        }
        if (findings.length) return;
        const examples = field.examples ?? [];
        const counterexamples = field.counterexamples ?? [];
        const values = [...examples, ...counterexamples].map((v) => normalize(v, field.normalize));
        const re2 = re2Verdict(pattern, values);
        if (!re2.ok) {
          report(rail, pointer, `pattern ${quotePattern(pattern)} does not compile in RE2, the engine of Go clients: ${re2.reason}; keep to the portable subset (repeats at most {1000})`);
          return;
        }
        const js = compilePattern(pattern);
        // A pattern vulnerable to catastrophic backtracking could hang JavaScript on a counterexample (pattern-redos
        // reports it), as pattern-examples does not run it either.
        if (!js.ok || redosDiagnostics(pattern).status === 'vulnerable') return;
        values.forEach((value, k) => {
          const inJs = js.regexp.test(value);
          if (inJs === re2.matches[k]) return;
          const at = k < examples.length ? `examples/${k}` : `counterexamples/${k - examples.length}`;
          report(rail, `/fields/${i}/${at}`, `${JSON.stringify(value)} ${inJs ? 'matches' : 'does not match'} pattern ${quotePattern(pattern)} in JavaScript but ${re2.matches[k] ? 'matches' : 'does not match'} in RE2 (Go): rewrite the pattern in the portable subset so both engines agree`);
        });
      });
    }
  },
});
