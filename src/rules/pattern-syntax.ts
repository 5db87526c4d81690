import { patternsOf } from '../beneficiary/dependent.js';
import { compilePattern } from '../beneficiary/pattern.js';
import { defineRule } from './define.js';

/** What to write instead, by the engine's reason (V8's wording). */
const HINTS: Array<[RegExp, string]> = [
  [
    /Invalid escape/,
    'with the u flag a backslash only escapes a syntax character (^ $ \\ . * + ? ( ) [ ] { } | /) or starts a known escape (\\d \\w \\s \\b \\p{L} \\u{20AC}): remove the backslash before other characters, and write a literal - inside [...] last, as in [A-Z0-9-]',
  ],
  [/Lone quantifier brackets|Incomplete quantifier/, 'a quantifier is {n}, {n,} or {n,m} after what it repeats; escape a literal brace as \\{ or \\}'],
  [/Nothing to repeat/, '*, +, ? and {n} must follow what they repeat; escape a literal one as \\*, \\+, \\? or \\{'],
  [
    /Invalid character class/,
    'a range in [...] joins two single characters ([a-z]); next to \\d, \\w or \\s write a literal - last in the class or escape it as \\-',
  ],
  [/Range out of order/, 'write ranges from low to high ([a-z], not [z-a]), and a literal - last in the class or escaped as \\-'],
  [/Unterminated character class/, 'close the class with ], or escape a literal [ as \\['],
  [/Unterminated group|Unmatched '\)'/, 'balance the parentheses, or escape a literal ( or ) as \\( or \\)'],
  [/numbers out of order/, 'write a quantifier as {min,max} with min <= max'],
  [/Invalid property name/, '\\p{...} takes a Unicode property such as \\p{L}, \\p{Lu} or \\p{Script=Latin}'],
  [/Invalid Unicode escape/, 'write a code point as \\u{20AC} (at most \\u{10FFFF}) or \\u20AC'],
  [/capture group name|named capture/, 'give each named group (?<name>...) a distinct name and refer only to existing ones with \\k<name>'],
];

/** A pattern as the analyst writes it in YAML, single-quoted (backslashes as they are): '^[0-9]\-$'. */
export function quotePattern(pattern: string): string {
  return `'${pattern.replace(/'/g, "''")}'`;
}

/** Compiles without u (the engine's lenient Annex B syntax) though not with u: worth saying, it explains "it works for me". */
function compilesWithoutU(source: string): boolean {
  try {
    new RegExp(source);
  } catch {
    return false;
  }
  return true;
}

export default defineRule({
  id: 'pattern-syntax',
  severity: 'error',
  scope: 'entry',
  description:
    "A field's pattern (and each variant's of a dependent field) compiles as an ECMAScript regular expression with the u flag, as the service and the clients run it.",
  messages: {
    'invalid-pattern': 'A pattern is not a valid regular expression with the u flag.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        // The field's own pattern and its variants' (a dependent field): the service runs each of them.
        for (const { at, pattern } of patternsOf(field)) {
          const compiled = compilePattern(pattern);
          if (compiled.ok) continue;
          const hint =
            HINTS.find(([reason]) => reason.test(compiled.reason))?.[1] ??
            'check it in a regular expression tester set to ECMAScript with the u (unicode) flag';
          const lenient = compilesWithoutU(pattern) ? ' (it compiles without the u flag, but the service and the clients compile it with u)' : '';
          report(
            rail,
            `/fields/${i}${at}`,
            `pattern ${quotePattern(pattern)} is not a valid regular expression with the u flag: ${compiled.reason}${lenient}; ${hint}`,
            { messageId: 'invalid-pattern' },
          );
        }
      });
    }
  },
});
