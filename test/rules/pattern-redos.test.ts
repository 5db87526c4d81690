import type { Diagnostics } from 'recheck';
import { describe, expect, it, vi } from 'vitest';
import { redosDiagnostics } from '../../src/domain/redos.js';
import { problemsOf, RAIL_BR_PIX, railWithVariantPattern, setLine } from '../helpers/catalog.js';

/**
 * Verdicts given in place of recheck's for a few patterns: "unknown" (a time limit, an unsupported feature) depends on the
 * machine and no pattern gives it on demand, and the shortening of a long attack is tested on attacks of chosen lengths.
 * Every other pattern gets recheck's own verdict.
 */
const stubbed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../src/domain/redos.js', async (original) => {
  const actual = await original<typeof import('../../src/domain/redos.js')>();
  return { ...actual, redosDiagnostics: (source: string) => (stubbed.get(source) as Diagnostics | undefined) ?? actual.redosDiagnostics(source) };
});

/** What the rule advises for every vulnerable pattern. */
const ADVICE =
  'and the service runs it on user input; remove nested quantifiers ((a+)+ → a+), make alternatives and neighbouring repeats disjoint ((a|ab)* → (ab?)*, \\d+\\d+ → \\d{2,}), bound repeats ({1,34}) and anchor with ^...$';

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

  // The complexity, the hot spots (distinct, at most three, only the "heat" ones) and recheck's attack string.
  it.each([
    { pattern: '^(a+)+$', says: `exponential time around a on an input such as 'a' + 'a'.repeat(31) + '\\x00'` },
    { pattern: '^[0-9]+[0-9]+$', says: `polynomial (degree 2) time around [0-9] on an input such as '0' + '0'.repeat(54773) + '\\x00'` },
    { pattern: '\\s*[0-9]+\\s*', says: `polynomial (degree 2) time around \\s on an input such as '\\t'.repeat(54773) + '\\x000'` },
    {
      pattern: '^[0-9]+[0-8]+[0-7]+[0-6]+[0-5]+$',
      says: `polynomial (degree 5) time around [0-9] and [0-8] and [0-7] on an input such as '7' + '6'.repeat(136) + '6'.repeat(136) + '6'.repeat(136) + '0'.repeat(136) + '…`,
    },
  ])('says of $pattern how it backtracks, where, and on what input', async ({ pattern, says }) => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': withPattern(pattern) });
    expect(problems.map((p) => p.message)).toEqual([`pattern '${pattern}' is vulnerable to catastrophic backtracking: ${says}, ${ADVICE}`]);
  });

  /** A vulnerable verdict of recheck's shape for the pattern '^(b+)+$'. */
  const vulnerable = (attack: string, hotspot: Array<{ start: number; end: number; temperature: 'heat' | 'normal' }>) => ({
    source: '^(b+)+$',
    flags: 'u',
    status: 'vulnerable',
    checker: 'automaton',
    complexity: { type: 'exponential', summary: 'exponential', isFuzz: false },
    attack: { pattern: attack, string: '', base: 0, suffix: '', pumps: [] },
    hotspot,
  });

  it.each([
    { name: 'an attack of 80 characters, whole', attack: 'x'.repeat(80), shown: 'x'.repeat(80) },
    { name: 'an attack of 81 characters, cut to 79 and an ellipsis', attack: 'x'.repeat(81), shown: `${'x'.repeat(79)}…` },
    { name: 'no hot spot: no "around"', attack: 'b', shown: 'b', hotspot: [] },
    { name: 'a hot spot of "normal" temperature: left out', attack: 'b', shown: 'b', hotspot: [{ start: 1, end: 4, temperature: 'normal' as const }] },
  ])('shows $name', async ({ attack, shown, hotspot = [{ start: 2, end: 3, temperature: 'heat' as const }] }) => {
    stubbed.set('^(b+)+$', vulnerable(attack, hotspot));
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': withPattern('^(b+)+$') });
    const around = hotspot.some((h) => h.temperature === 'heat') ? ' around b' : '';
    expect(problems.map((p) => p.message)).toEqual([
      `pattern '^(b+)+$' is vulnerable to catastrophic backtracking: exponential time${around} on an input such as ${shown}, ${ADVICE}`,
    ]);
  });

  it.each([
    { name: 'a time limit', error: { kind: 'timeout' }, why: 'timeout' },
    { name: 'an unsupported feature', error: { kind: 'unsupported', message: 'look-behind assertion' }, why: 'unsupported: look-behind assertion' },
  ])('reports a pattern that recheck could not judge ($name): it is not proven safe', async ({ error, why }) => {
    stubbed.set('^(?<=c)c+$', { source: '^(?<=c)c+$', flags: 'u', status: 'unknown', error });
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': withPattern('^(?<=c)c+$') });
    expect(problems.map((p) => [p.pointer, p.line, p.message])).toEqual([
      [
        '/fields/0/pattern',
        24,
        `pattern '^(?<=c)c+$' could not be proven free of catastrophic backtracking (recheck ${why}); simplify it (plain character classes, bounded repeats, no back-references or lookarounds)`,
      ],
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
