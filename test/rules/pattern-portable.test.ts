import { describe, expect, it, vi } from 'vitest';
import { portabilityFindings } from '../../src/domain/pattern-portability.js';
import { re2Verdict } from '../../src/domain/re2.js';
import { problemsOf, RAIL_BR_PIX, railWithVariantPattern, setLine, validateFiles, VALID } from '../helpers/catalog.js';

/** The patterns RE2 was asked about, one entry a call: a field shared by many rails is checked once (a count of steps). */
const re2Calls = vi.hoisted(() => [] as string[]);
vi.mock('../../src/domain/re2.js', async (original) => {
  const actual = await original<typeof import('../../src/domain/re2.js')>();
  return {
    ...actual,
    re2Verdict: (source: string, values: readonly string[]) => {
      re2Calls.push(source);
      return actual.re2Verdict(source, values);
    },
  };
});

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
    {
      pattern: '^[0-9]{2}(?!3[01])[0-9]{5}$',
      message:
        "pattern '^[0-9]{2}(?!3[01])[0-9]{5}$' is not portable: the negative lookahead (?!3[01]) at characters 10-18: RE2 (Go) has no lookaround; spell out the characters that may follow instead, as (?:[0-24-9][0-9]|3[2-9]) for (?!3[01])[0-9]{2}",
    },
    {
      pattern: '^(?=A)[A-Z]{3}$',
      message:
        "pattern '^(?=A)[A-Z]{3}$' is not portable: the lookahead (?=A) at characters 2-6: RE2 (Go) has no lookaround; spell out the characters that may follow instead, as (?:[0-24-9][0-9]|3[2-9]) for (?!3[01])[0-9]{2}",
    },
    {
      pattern: '^(?<=a)b$',
      message:
        "pattern '^(?<=a)b$' is not portable: the lookbehind (?<=a) at characters 2-7: RE2 (Go) has no lookaround, and Java and Python allow only fixed-length lookbehind; spell out the characters that may precede instead",
    },
    {
      pattern: '^(a)\\1$',
      message: "pattern '^(a)\\1$' is not portable: the back-reference \\1 at characters 5-6: RE2 (Go) has no back-references; list the allowed values instead",
    },
    {
      pattern: '^\\d{8}$',
      message:
        "pattern '^\\d{8}$' is not portable: the class escape \\d at characters 2-3: Python's re matches every Unicode digit (Arabic-Indic ٣, fullwidth ３) where JavaScript, RE2 and Java match 0-9 only; write [0-9] instead",
    },
    {
      pattern: '^[\\w.-]+$',
      message:
        "pattern '^[\\w.-]+$' is not portable: the class escape \\w at characters 3-4: Python's re matches Unicode letters (é, ß, 中) where JavaScript, RE2 and Java match ASCII only; write [A-Za-z0-9_] instead",
    },
    {
      pattern: '^a\\sb$',
      message:
        "pattern '^a\\sb$' is not portable: the class escape \\s at characters 3-4: JavaScript and Python match Unicode spaces (no-break space, U+2028) and \\v where RE2 and Java match ASCII whitespace only; write [ \\t\\n\\r\\f] instead",
    },
    {
      pattern: '^\\bab$',
      message:
        "pattern '^\\bab$' is not portable: the word boundary \\b at characters 2-3: Python's re and Java treat Unicode letters as word characters where JavaScript and RE2 use ASCII; anchor the whole value with ^...$ instead",
    },
    {
      pattern: '^a.b$',
      message:
        "pattern '^a.b$' is not portable: the dot . at character 3: JavaScript and Java do not match \\r, U+2028 or U+2029 with ., RE2 and Python do; write [^\\n\\r] or, better, the class of characters the field allows",
    },
    {
      pattern: '^\\p{Lu}+$',
      message:
        "pattern '^\\p{Lu}+$' is not portable: the Unicode property \\p{Lu} at characters 2-7: Python's re has no \\p{...} and each engine names properties and scripts differently; list the characters or ranges it should accept instead, e.g. [A-Za-zÀ-ÿ]",
    },
    {
      pattern: '^\\u00e9$',
      message:
        "pattern '^\\u00e9$' is not portable: the Unicode escape \\u00e9 at characters 2-7: RE2 (Go) has no \\u escape and Python's re has no \\u{...}; write the character itself, é, instead",
    },
    {
      pattern: '^(?<bank>[0-9]{3})$',
      message:
        "pattern '^(?<bank>[0-9]{3})$' is not portable: the named group (?<bank>...) at characters 2-9: Python's re writes it (?P<name>...) and older RE2 refuses (?<name>...); write (?:...) or (...) instead",
    },
    {
      pattern: '^[a[b]$',
      message:
        "pattern '^[a[b]$' is not portable: an unescaped [ inside a class at characters 2-6: Java reads it as a nested class (a union) and Python warns it may become a set operation; write [a\\[b] instead",
    },
    {
      pattern: '^[a&&b]$',
      message:
        "pattern '^[a&&b]$' is not portable: && inside a class at characters 2-7: Java reads && as an intersection and Python reserves doubled && for set operations; write the character once, or escape the second one",
    },
    {
      pattern: '^\\cJ$',
      message: "pattern '^\\cJ$' is not portable: the control escape \\cJ at characters 2-4: RE2 (Go) and Python's re have no \\cX; write \\x0a instead",
    },
  ])('names the construct of $pattern, where it is, why and what to write', async ({ pattern, message }) => {
    const problems = await problemsOfRule(rail(pattern));
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.severity, p.message])).toEqual([['rails/BR-pix.yaml', '/fields/0/pattern', 24, 'error', message]]);
  });

  it('reports a pattern that JavaScript accepts but RE2 does not compile', async () => {
    const problems = await problemsOfRule(rail('^[a-z]{1001}$'));
    expect(problems.map((p) => [p.pointer, p.line, p.message])).toEqual([
      [
        '/fields/0/pattern',
        24,
        "pattern '^[a-z]{1001}$' does not compile in RE2, the engine of Go clients: invalid repetition size: {1001}; keep to the portable subset (repeats at most {1000})",
      ],
    ]);
  });

  it('names every construct that is not portable, in pattern order', async () => {
    const problems = await problemsOfRule(rail('^\\d\\w$'));
    expect(problems.map((p) => p.message)).toEqual([
      "pattern '^\\d\\w$' is not portable: the class escape \\d at characters 2-3: Python's re matches every Unicode digit (Arabic-Indic ٣, fullwidth ３) where JavaScript, RE2 and Java match 0-9 only; write [0-9] instead",
      "pattern '^\\d\\w$' is not portable: the class escape \\w at characters 4-5: Python's re matches Unicode letters (é, ß, 中) where JavaScript, RE2 and Java match ASCII only; write [A-Za-z0-9_] instead",
    ]);
  });

  // A lone surrogate: JavaScript's u-mode [^a] matches it, RE2 (which reads UTF-8) does not.
  it.each([
    {
      name: 'a counterexample JavaScript matches and RE2 does not',
      pattern: '^[^a]x$',
      vectors: { examples: '["bx"]', counterexamples: '["\\uD800x"]' },
      at: ['/fields/0/counterexamples/0', 28],
      message: `"\\ud800x" matches pattern '^[^a]x$' in JavaScript but does not match in RE2 (Go): rewrite the pattern in the portable subset so both engines agree`,
    },
  ])('reports $name, at the value', async ({ pattern, vectors, at, message }) => {
    const problems = await problemsOfRule(rail(pattern, vectors));
    expect(problems.map((p) => [p.pointer, p.line, p.message])).toEqual([[...at, message]]);
  });

  // Test vectors are run only on a pattern that is portable, compiles in RE2 and cannot backtrack catastrophically.
  it.each([
    { name: 'not portable', pattern: '^[^a]x.?$', says: ["pattern '^[^a]x.?$' is not portable: the dot . at character 7"] },
    { name: 'refused by RE2', pattern: '^[^a]x{1,1001}$', says: ["pattern '^[^a]x{1,1001}$' does not compile in RE2"] },
    { name: 'vulnerable to catastrophic backtracking', pattern: '^(?:[^a]x+)+$', says: [] },
  ])('does not run the test vectors of a pattern $name', async ({ pattern, says }) => {
    const problems = await problemsOfRule(rail(pattern, { examples: '["bx"]', counterexamples: '["\\uD800x"]' }));
    expect(problems.map((p) => p.message.slice(0, says[0]?.length))).toEqual(says);
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
      name: 'the same counterexample then another',
      second: '["\\uD800x", "\\uD801x"]',
      normalize: undefined,
      expected: [
        ['rails/BR-pix.yaml', '/fields/0/counterexamples/0'],
        ['rails/BR-pixb.yaml', '/fields/0/counterexamples/0'],
        ['rails/BR-pixb.yaml', '/fields/0/counterexamples/1'],
      ],
    },
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

  /** Two digits: rails are read in the order of their file names. */
  const nn = (n: number) => String(n).padStart(2, '0');
  /** A copy of BR-pix under another id, with its own pixKey lines (key → line). */
  const copy = (n: number, edits: Record<string, string>) => {
    let text = RAIL_BR_PIX.replace('id: BR-pix', `id: BR-pix${nn(n)}`)
      .replace('slug: pix', `slug: pix${nn(n)}`)
      .replace('name: Pix\n', `name: Pix ${nn(n)}\n`);
    for (const [key, line] of Object.entries(edits)) text = setLine(text, key, line);
    return text;
  };
  /** How many times RE2 runs the pattern `^[a-z]{1,9}$` over a catalog of these rails, and whether a rule crashed. */
  const runsOf = async (rails: string[]) => {
    const files: Record<string, string> = { ...VALID };
    rails.forEach((text, n) => {
      files[`rails/BR-pix${nn(n)}.yaml`] = text;
    });
    delete files['rails/BR-pix.yaml'];
    re2Calls.length = 0;
    const { crashed } = await validateFiles(files);
    return { runs: re2Calls.filter((p) => p === '^[a-z]{1,9}$').length, crashed: crashed.map((c) => c.rule) };
  };
  const field = (edits: Record<string, string> = {}) => ({
    pattern: "pattern: '^[a-z]{1,9}$'",
    examples: 'examples: [abc]',
    counterexamples: 'counterexamples: ["a1"]',
    ...edits,
  });

  it.each([
    { name: 'the same field', second: field(), runs: 1 },
    { name: 'other examples', second: field({ examples: 'examples: [abd]' }), runs: 2 },
    { name: 'one more example', second: field({ examples: 'examples: [abc, abd]' }), runs: 2 },
    { name: 'one more counterexample', second: field({ counterexamples: 'counterexamples: ["a1", "a2"]' }), runs: 2 },
    { name: 'no counterexamples', second: field({ counterexamples: '# none' }), runs: 2 },
    { name: 'counterexamples after none', first: field({ counterexamples: '# none' }), second: field(), runs: 2 },
    { name: 'a normalization', second: field({ maxLength: 'normalize: upper' }), runs: 2 },
  ])('runs RE2 once a distinct field: two rails whose fields differ in $name', async ({ first = field(), second, runs }) => {
    expect(await runsOf([copy(0, first), copy(1, second)])).toEqual({ runs, crashed: [] });
  });

  it('runs RE2 on the test vectors once for rails that share a field without counterexamples or examples', async () => {
    const bare = field({ examples: '# none', counterexamples: '# none' });
    expect(await runsOf([copy(0, bare), copy(1, bare)])).toEqual({ runs: 1, crashed: [] });
    const first = field({ examples: 'examples: [abc, abd]', counterexamples: '# none' });
    expect(await runsOf([copy(0, first), copy(1, field({ examples: 'examples: [abc]', counterexamples: '# none' }))])).toEqual({ runs: 2, crashed: [] });
  });

  it('keeps 16 distinct fields of one pattern: a 17th is checked again each time it comes', async () => {
    const distinct = Array.from({ length: 17 }, (_, n) => copy(n, field({ counterexamples: `counterexamples: ["${n}"]` })));
    expect(await runsOf([...distinct, copy(17, field({ counterexamples: 'counterexamples: ["0"]' }))])).toEqual({ runs: 17, crashed: [] });
    expect(await runsOf([...distinct, copy(17, field({ counterexamples: 'counterexamples: ["16"]' }))])).toEqual({ runs: 18, crashed: [] });
    expect(await runsOf([...distinct, copy(17, field({ counterexamples: 'counterexamples: ["1"]' }))])).toEqual({ runs: 17, crashed: [] });
  });

  it('does not keep the verdicts of a field whose test vectors or normalization are not texts (the schema refuses it)', async () => {
    const odds: Array<Record<string, string>> = [
      { examples: 'examples: [1]' },
      { examples: 'examples: [abc, 1]' },
      { counterexamples: 'counterexamples: [1]' },
      { maxLength: 'normalize: 5' },
    ];
    for (const odd of odds) {
      expect(await runsOf([copy(0, field(odd)), copy(1, field(odd))])).toEqual({ runs: 2, crashed: [] });
    }
  });

  it('leaves a pattern that does not compile to pattern-syntax', async () => {
    expect(await problemsOfRule(rail('^[0-9'))).toEqual([]);
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
