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

  it('checks the pattern of a variant of a dependent field, at the variant', async () => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': railWithVariantPattern('^[0-9', ['1234']) });
    expect(problems.map((p) => [p.rule, p.pointer, p.line])).toEqual([['pattern-syntax', '/fields/0/dependsOn/variants/0/pattern', 33]]);
  });
});
