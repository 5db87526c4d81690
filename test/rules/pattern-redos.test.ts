import { describe, expect, it } from 'vitest';
import { redosDiagnostics } from '../../src/domain/redos.js';
import { problemsOf, RAIL_BR_PIX, railWithVariantPattern, setLine } from '../helpers/catalog.js';

/** BR-pix with another pixKey pattern (line 24). */
const withPattern = (pattern: string, text = RAIL_BR_PIX) => setLine(text, 'pattern', `pattern: '${pattern}'`);

/** The problems of this rule; the rails must reach the rules (a schema error would make a case pass vacuously). */
async function problemsOfRule(files: Record<string, string>) {
  const problems = await problemsOf(files);
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'pattern-redos');
}

describe('pattern-redos', () => {
  it.each(['^[A-Za-z0-9@.+_-]{1,77}$', '^(?:[0-9]{11}|[0-9]{14}|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+)$', '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'])(
    'accepts the linear pattern %s',
    async (pattern) => {
      expect(await problemsOfRule({ 'rails/BR-pix.yaml': withPattern(pattern) })).toEqual([]);
    },
  );

  it.each([
    { name: 'nested quantifiers (exponential)', pattern: '^(a+)+$' },
    { name: 'overlapping alternatives (exponential)', pattern: '^(?:[a-z]|[a-z0-9])+$' },
    { name: 'a repeated group with an optional dot (exponential)', pattern: '^([a-z0-9]+\\.?)+@x$' },
    { name: 'adjacent overlapping repeats (polynomial)', pattern: '^[0-9]+[0-9]+$' },
    { name: 'an unanchored repeat (polynomial)', pattern: '\\s*[0-9]+\\s*' },
  ])('reports $name at the pattern', async ({ pattern }) => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': withPattern(pattern) });
    expect(problems.map((p) => [p.file, p.rule, p.pointer, p.line, p.severity])).toEqual([
      ['rails/BR-pix.yaml', 'pattern-redos', '/fields/0/pattern', 24, 'error'],
    ]);
  });

  it('reports every rail that uses a vulnerable pattern, though it analyses the pattern once', async () => {
    const other = withPattern('^(a+)+$', RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pix_copy'));
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': withPattern('^(a+)+$'), 'rails/BR-pix_copy.yaml': other });
    expect(problems.map((p) => [p.file, p.pointer, p.line])).toEqual([
      ['rails/BR-pix.yaml', '/fields/0/pattern', 24],
      ['rails/BR-pix_copy.yaml', '/fields/0/pattern', 24],
    ]);
    expect(redosDiagnostics('^(a+)+$')).toBe(redosDiagnostics('^(a+)+$'));
  });

  it('leaves a pattern that does not compile to pattern-syntax', async () => {
    expect(await problemsOfRule({ 'rails/BR-pix.yaml': withPattern('^(a+)+$[') })).toEqual([]);
  });

  it('checks the pattern of a variant of a dependent field, at the variant', async () => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': railWithVariantPattern('^(a+)+$', ['aaa']) });
    expect(problems.map((p) => [p.rule, p.pointer, p.line])).toEqual([['pattern-redos', '/fields/0/dependsOn/variants/0/pattern', 33]]);
  });
});
