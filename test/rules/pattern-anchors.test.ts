import { describe, expect, it } from 'vitest';
import { topLevelAlternatives } from '../../src/rules/pattern-anchors.js';
import { problemsOf, RAIL_BR_PIX, railWithVariantPattern, setLine } from '../helpers/catalog.js';

/** BR-pix with another pixKey pattern (line 24), examples that it accepts aside. */
const withPattern = (pattern: string) => ({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'pattern', `pattern: '${pattern}'`) });

/** The problems of this rule; the rails must reach the rules (a schema error would make a case pass vacuously). */
async function problemsOfRule(files: Record<string, string>) {
  const problems = await problemsOf(files);
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'pattern-anchors');
}

describe('pattern-anchors', () => {
  it.each(['^[A-Za-z0-9@.+_-]{1,77}$', '^(?:[0-9]{11}|[0-9]{14})$', '^[0-9]{11}$|^[0-9]{14}$', '^[|]{2}$', '^a\\\\$', '^(a|b)(c|d)$'])(
    'accepts %s',
    async (pattern) => {
      expect(await problemsOfRule(withPattern(pattern))).toEqual([]);
    },
  );

  it.each([
    { name: 'no anchor', pattern: '[0-9]{11}' },
    { name: 'no end anchor', pattern: '^[0-9]{11}' },
    { name: 'no start anchor', pattern: '[0-9]{11}$' },
    { name: 'an escaped dollar, a literal $', pattern: '^[0-9]{11}\\$' },
    { name: 'a top-level alternation outside the anchors', pattern: '^[0-9]{11}|[0-9]{14}$' },
  ])('warns about $name at the pattern', async ({ pattern }) => {
    const problems = await problemsOfRule(withPattern(pattern));
    expect(problems.map((p) => [p.file, p.rule, p.pointer, p.line, p.severity])).toEqual([
      ['rails/BR-pix.yaml', 'pattern-anchors', '/fields/0/pattern', 24, 'warning'],
    ]);
  });

  // Every alternative is checked: one anchored alternative does not excuse another, wherever it stands.
  it.each([
    { pattern: '[0-9]{11}', fix: '^[0-9]{11}$' },
    { pattern: '^[0-9]{11}', fix: '^[0-9]{11}$' },
    { pattern: '[0-9]{11}$', fix: '^[0-9]{11}$' },
    { pattern: '^[0-9]{11}\\$', fix: '^[0-9]{11}\\$$' },
    { pattern: '^a\\\\\\$', fix: '^a\\\\\\$$' },
    { pattern: '^[0-9]{11}|[0-9]{14}$', fix: '^(?:[0-9]{11}|[0-9]{14})$', every: true },
    { pattern: '^[0-9]{11}$|[0-9]{14}', fix: '^(?:[0-9]{11}|[0-9]{14})$', every: true },
    { pattern: '[0-9]{14}|^[0-9]{11}$', fix: '^(?:[0-9]{14}|[0-9]{11})$', every: true },
    { pattern: 'a|^b$|c', fix: '^(?:a|b|c)$', every: true },
    { pattern: '^$|a', fix: '^(?:|a)$', every: true },
    { pattern: '^(a)$|(b)', fix: '^(?:(a)|(b))$', every: true },
    { pattern: '^[$]x', fix: '^[$]x$' },
  ])('says that $pattern is not anchored and writes it anchored: $fix', async ({ pattern, fix, every }) => {
    const problems = await problemsOfRule(withPattern(pattern));
    expect(problems.map((p) => p.message)).toEqual([
      `pattern '${pattern}' is not anchored at both ends${every ? ' of every alternative' : ''}, so it accepts any value that merely contains a match (a valid value with extra characters around it): write '${fix}'`,
    ]);
  });

  it('quotes the pattern and its fix as YAML writes them in single quotes (a quote doubled)', async () => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'pattern', `pattern: "it's"`) });
    expect(problems.map((p) => p.message)).toEqual([
      "pattern 'it''s' is not anchored at both ends, so it accepts any value that merely contains a match (a valid value with extra characters around it): write '^it''s$'",
    ]);
  });

  it('warns at every field that has the same unanchored pattern', async () => {
    const text = RAIL_BR_PIX.replace('verifiedAt:', () =>
      [
        '  - name: other',
        '    label: { fr: Autre, en: Other }',
        '    type: text',
        '    required: false',
        "    pattern: '[0-9]{4}'",
        '    examples: ["1234"]',
        'verifiedAt:',
      ].join('\n'),
    );
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': setLine(text, 'pattern', "pattern: '[0-9]{4}'") });
    expect(problems.map((p) => [p.pointer, p.line])).toEqual([
      ['/fields/0/pattern', 24],
      ['/fields/1/pattern', 33],
    ]);
  });

  it('leaves a pattern that does not compile to pattern-syntax', async () => {
    expect(await problemsOfRule(withPattern('[0-9'))).toEqual([]);
  });

  it.each([
    ['^a$', ['^a$']],
    ['^a|b$', ['^a', 'b$']],
    ['^(a|b)$', ['^(a|b)$']],
    ['^[|(]|\\|$', ['^[|(]', '\\|$']],
  ])('splits %s into its top-level alternatives', (pattern, alternatives) => {
    expect(topLevelAlternatives(pattern)).toEqual(alternatives);
  });

  it('checks the pattern of a variant of a dependent field, at the variant', async () => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': railWithVariantPattern('[0-9]{4}', ['1234']) });
    expect(problems.map((p) => [p.rule, p.pointer, p.line])).toEqual([['pattern-anchors', '/fields/0/dependsOn/variants/0/pattern', 33]]);
  });
});
