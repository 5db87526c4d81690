import { describe, expect, it } from 'vitest';
import { portabilityFindings } from '../../src/domain/pattern-portability.js';
import { re2Verdict } from '../../src/domain/re2.js';
import { problemsOf, RAIL_BR_PIX, railWithVariantPattern, setLine } from '../helpers/catalog.js';

/** BR-pix with another pixKey pattern (line 24) and, optionally, other test vectors (lines 28 and 29). */
function rail(pattern: string, vectors?: { examples: string; counterexamples: string }) {
  let text = setLine(RAIL_BR_PIX, 'pattern', `pattern: '${pattern}'`);
  if (vectors) text = setLine(setLine(text, 'examples', `examples: ${vectors.examples}`), 'counterexamples', `counterexamples: ${vectors.counterexamples}`);
  return { 'rails/BR-pix.yaml': text };
}

async function problemsOfRule(files: Record<string, string>) {
  const problems = await problemsOf(files);
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'pattern-portable');
}

describe('pattern-portable', () => {
  it.each([
    '^[A-Za-z0-9@.+_-]{1,77}$',
    '^(?:CH|LI)[0-9]{2}(?:[0-24-9][0-9]|3[2-9])[0-9]{3}[0-9A-Z]{12}$',
    '^[ァ-ヴーｦ-ﾟ A-Z0-9().,/-]{1,30}$',
    '^(?:[A-ZÑ&]{3,4}[0-9]{6})$',
    '^\\+55[1-9]{2}9[0-9]{8}$',
    '^a\\.b\\x41[\\t\\n]$',
    '^([0-9]+?)-(a|b)*$',
  ])('accepts the portable pattern %s', async (pattern) => {
    expect(await problemsOfRule(rail(pattern))).toEqual([]);
  });

  it.each([
    { pattern: '^[0-9]{2}(?!3[01])[0-9]{5}$', construct: 'negative lookahead (?!3[01])', at: '10-18', fix: /\(\?:\[0-24-9\]/ },
    { pattern: '^(?=A)[A-Z]{3}$', construct: 'lookahead (?=A)', at: '2-6' },
    { pattern: '^(?<=a)b$', construct: 'lookbehind (?<=a)', at: '2-7' },
    { pattern: '^(a)\\1$', construct: 'back-reference \\1', at: '5-6' },
    { pattern: '^\\d{8}$', construct: 'class escape \\d', at: '2-3', fix: /write \[0-9\] instead/ },
    { pattern: '^[\\w.-]+$', construct: 'class escape \\w', at: '3-4', fix: /\[A-Za-z0-9_\]/ },
    { pattern: '^a\\sb$', construct: 'class escape \\s', at: '3-4' },
    { pattern: '^\\bab$', construct: 'word boundary \\b', at: '2-3' },
    { pattern: '^a.b$', construct: 'the dot .', at: '3' },
    { pattern: '^\\p{Lu}+$', construct: 'Unicode property \\p{Lu}', at: '2-7' },
    { pattern: '^\\u00e9$', construct: 'Unicode escape \\u00e9', at: '2-7', fix: /é/ },
    { pattern: '^(?<bank>[0-9]{3})$', construct: 'named group (?<bank>...)', at: '2-9' },
    { pattern: '^[a[b]$', construct: 'unescaped [ inside a class', at: '2-6', fix: /\[a\\\[b\]/ },
    { pattern: '^[a&&b]$', construct: '&& inside a class', at: '2-7' },
    { pattern: '^\\cJ$', construct: 'control escape \\cJ', at: '2-4' },
  ])('names $construct at characters $at of $pattern', async ({ pattern, construct, at, fix }) => {
    const problems = await problemsOfRule(rail(pattern));
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.severity])).toEqual([['rails/BR-pix.yaml', '/fields/0/pattern', 24, 'error']]);
    expect(problems[0].message).toContain(construct);
    expect(problems[0].message).toContain(at.includes('-') ? `at characters ${at}` : `at character ${at}`);
    if (fix) expect(problems[0].message).toMatch(fix);
  });

  it('reports a pattern that JavaScript accepts but RE2 does not compile', async () => {
    const escaped = await problemsOfRule(rail('^[a-z]{1001}$'));
    expect(escaped.map((p) => [p.pointer, p.line])).toEqual([['/fields/0/pattern', 24]]);
    expect(escaped[0].message).toMatch(/does not compile in RE2.*repetition size/);
  });

  it('reports an example on which JavaScript and RE2 disagree, at the example', async () => {
    // A lone surrogate: JavaScript's u-mode [^a] matches it, RE2 (which reads UTF-8) does not.
    const problems = await problemsOfRule(rail('^[^a]x$', { examples: '["bx"]', counterexamples: '["\\uD800x"]' }));
    expect(problems.map((p) => [p.pointer, p.line])).toEqual([['/fields/0/counterexamples/0', 28]]);
    expect(problems[0].message).toMatch(/matches .* in JavaScript but does not match in RE2/);
  });

  // Fields are checked once per pattern, normalization and test vectors: rails sharing the pattern but not the vectors
  // (or not the normalization) each get their own verdicts.
  it.each([
    {
      name: 'the same field',
      second: '["\\uD800x"]',
      normalize: undefined,
      expected: [
        ['rails/BR-pix.yaml', '/fields/0/counterexamples/0'],
        ['rails/BR-pixb.yaml', '/fields/0/counterexamples/0'],
      ],
    },
    { name: 'other counterexamples', second: '["cx"]', normalize: undefined, expected: [['rails/BR-pix.yaml', '/fields/0/counterexamples/0']] },
    {
      name: 'the surrogate second',
      second: '["cx", "\\uD800x"]',
      normalize: undefined,
      expected: [
        ['rails/BR-pix.yaml', '/fields/0/counterexamples/0'],
        ['rails/BR-pixb.yaml', '/fields/0/counterexamples/1'],
      ],
    },
    { name: 'another normalization', second: '["\\uD800x"]', normalize: 'normalize: upper', expected: [['rails/BR-pix.yaml', '/fields/0/counterexamples/0']] },
  ])('checks two rails sharing a pattern: $name', async ({ second, normalize, expected }) => {
    const first = rail('^[^a]x$', { examples: '["bx"]', counterexamples: '["\\uD800x"]' })['rails/BR-pix.yaml'];
    let other = rail('^[^a]x$', { examples: '["bx"]', counterexamples: second })['rails/BR-pix.yaml'];
    other = other.replace('id: BR-pix', 'id: BR-pixb').replace('slug: pix', 'slug: pixb').replace('name: Pix\n', 'name: Pix B\n');
    if (normalize) other = setLine(other, 'maxLength', normalize);
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': first, 'rails/BR-pixb.yaml': other });
    expect(problems.map((p) => [p.file, p.pointer])).toEqual(expected);
  });

  it('keeps RE2 verdicts per pattern and values', () => {
    expect(re2Verdict('^[0-9]{3}$', ['123', '12'])).toEqual({ ok: true, matches: [true, false] });
    expect(re2Verdict('^(?!a)b$', ['b'])).toMatchObject({ ok: false });
  });

  it('lists findings in pattern order with their offsets', () => {
    expect(portabilityFindings('^\\d\\w$').map((f) => [f.raw, f.start, f.end])).toEqual([
      ['\\d', 1, 3],
      ['\\w', 3, 5],
    ]);
    expect(portabilityFindings('[0-9')).toEqual([]); // does not parse: pattern-syntax reports it
  });

  it('checks the pattern of a variant of a dependent field, at the variant', async () => {
    const problems = await problemsOfRule({ 'rails/BR-pix.yaml': railWithVariantPattern('^\\d{4}$', ['1234']) });
    expect(problems.map((p) => [p.rule, p.pointer, p.line])).toEqual([['pattern-portable', '/fields/0/dependsOn/variants/0/pattern', 33]]);
  });
});
