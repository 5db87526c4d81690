import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, railWithVariantPattern, setLine } from '../helpers/catalog.js';

/** BR-pix with another pixKey pattern (line 24). */
const withPattern = (pattern: string) => ({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'pattern', `pattern: '${pattern}'`) });

/** The problems of this rule; the rails must reach the rules (a schema error would make a case pass vacuously). */
async function problemsOfRule(files: Record<string, string>) {
  const problems = await problemsOf(files);
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'pattern-syntax');
}

describe('pattern-syntax', () => {
  it.each(['^[A-Za-z0-9@.+_-]{1,77}$', '^\\p{Lu}{2}[0-9]{2}$', '^[\\-0-9]{3}$', '^(?<bank>[0-9]{3})\\k<bank>$', '^\\u{1F600}?$'])(
    'accepts %s',
    async (pattern) => {
      expect(await problemsOfRule(withPattern(pattern))).toEqual([]);
    },
  );

  it.each([
    { name: 'unterminated class', pattern: '^[A-Z' },
    { name: 'unterminated group', pattern: '^(AB$' },
    { name: 'a lone brace, valid only without u', pattern: '^a{2$' },
    { name: 'a needless escape, valid only without u', pattern: '^[0-9]\\-[0-9]$' },
    { name: 'a range next to \\d, valid only without u', pattern: '^[\\d-z]+$' },
    { name: 'an unknown Unicode property', pattern: '^\\p{Latin}+$' },
    { name: 'nothing to repeat', pattern: '^+33[0-9]{9}$' },
    { name: 'range out of order', pattern: '^[z-a]$' },
  ])('reports $name at the pattern', async ({ pattern }) => {
    const problems = await problemsOfRule(withPattern(pattern));
    expect(problems.map((p) => [p.file, p.rule, p.pointer, p.line, p.severity])).toEqual([
      ['rails/BR-pix.yaml', 'pattern-syntax', '/fields/0/pattern', 24, 'error'],
    ]);
  });

  /** The note of a pattern that V8 accepts in its lenient syntax (without u) but not with u. */
  const LENIENT = ' (it compiles without the u flag, but the service and the clients compile it with u)';
  const ESCAPE = String.raw`with the u flag a backslash only escapes a syntax character (^ $ \ . * + ? ( ) [ ] { } | /) or starts a known escape (\d \w \s \b \p{L} \u{20AC}): remove the backslash before other characters, and write a literal - inside [...] last, as in [A-Z0-9-]`;
  const QUANTIFIER = String.raw`a quantifier is {n}, {n,} or {n,m} after what it repeats; escape a literal brace as \{ or \}`;
  const REPEAT = String.raw`*, +, ? and {n} must follow what they repeat; escape a literal one as \*, \+, \? or \{`;
  const CLASS = String.raw`a range in [...] joins two single characters ([a-z]); next to \d, \w or \s write a literal - last in the class or escape it as \-`;
  const ORDER = String.raw`write ranges from low to high ([a-z], not [z-a]), and a literal - last in the class or escaped as \-`;
  const PARENS = String.raw`balance the parentheses, or escape a literal ( or ) as \( or \)`;
  const PROPERTY = String.raw`\p{...} takes a Unicode property such as \p{L}, \p{Lu} or \p{Script=Latin}`;
  const CODE_POINT = String.raw`write a code point as \u{20AC} (at most \u{10FFFF}) or \u20AC`;
  const NAMES = String.raw`give each named group (?<name>...) a distinct name and refer only to existing ones with \k<name>`;

  // The engine's reason, whether the pattern compiles without u (the note), and the hint for that reason.
  it.each([
    { pattern: '^[A-Z', reason: 'Unterminated character class', lenient: false, hint: String.raw`close the class with ], or escape a literal [ as \[` },
    { pattern: '^(AB$', reason: 'Unterminated group', lenient: false, hint: PARENS },
    { pattern: 'a)', reason: "Unmatched ')'", lenient: false, hint: PARENS },
    { pattern: '^a{2$', reason: 'Incomplete quantifier', lenient: true, hint: QUANTIFIER },
    { pattern: '^a}$', reason: 'Lone quantifier brackets', lenient: true, hint: QUANTIFIER },
    { pattern: '^[0-9]\\-[0-9]$', reason: 'Invalid escape', lenient: true, hint: ESCAPE },
    { pattern: '^+33[0-9]{9}$', reason: 'Nothing to repeat', lenient: false, hint: REPEAT },
    { pattern: '^[\\d-z]+$', reason: 'Invalid character class', lenient: true, hint: CLASS },
    { pattern: '^[\\p{L}-z]$', reason: 'Invalid character class', lenient: false, hint: CLASS },
    { pattern: '^[z-a]$', reason: 'Range out of order in character class', lenient: false, hint: ORDER },
    { pattern: '^a{3,2}$', reason: 'numbers out of order in {} quantifier', lenient: false, hint: 'write a quantifier as {min,max} with min <= max' },
    { pattern: '^\\p{Latin}+$', reason: 'Invalid property name', lenient: true, hint: PROPERTY },
    { pattern: '^\\u{110000}$', reason: 'Invalid Unicode escape', lenient: true, hint: CODE_POINT },
    { pattern: '^(?<a>x)(?<a>y)$', reason: 'Duplicate capture group name', lenient: false, hint: NAMES },
    { pattern: '(?<n>a)\\k<m>', reason: 'Invalid named capture referenced', lenient: false, hint: NAMES },
    { pattern: '(?x)', reason: 'Invalid group', lenient: false, hint: 'check it in a regular expression tester set to ECMAScript with the u (unicode) flag' },
  ])('says why $pattern does not compile ($reason) and what to write', async ({ pattern, reason, lenient, hint }) => {
    const problems = await problemsOfRule(withPattern(pattern));
    expect(problems.map((p) => p.message)).toEqual([
      `pattern '${pattern}' is not a valid regular expression with the u flag: ${reason}${lenient ? LENIENT : ''}; ${hint}`,
    ]);
  });

  it('quotes the pattern as YAML writes it in single quotes (a quote doubled)', async () => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'pattern', `pattern: "^it's[$"`) });
    expect(problems.map((p) => p.message)).toEqual([
      "pattern '^it''s[$' is not a valid regular expression with the u flag: Unterminated character class; close the class with ], or escape a literal [ as \\[",
    ]);
  });

  it('checks the pattern of a variant of a dependent field, at the variant', async () => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': railWithVariantPattern('^[0-9', ['1234']) });
    expect(problems.map((p) => [p.rule, p.pointer, p.line])).toEqual([['pattern-syntax', '/fields/0/dependsOn/variants/0/pattern', 33]]);
  });
});
