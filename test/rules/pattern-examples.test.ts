import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';
import { sameData } from '../../src/rules/pattern-examples.js';

// RAIL_BR_PIX: the pixKey field starts at line 20 (- name: pixKey); type line 22, pattern 24, maxLength 25,
// examples 27, counterexamples 28.
const rail = (...edits: Array<[key: string, line: string]>) => ({
  'rails/BR-pix.yaml': edits.reduce((text, [key, line]) => setLine(text, key, line), RAIL_BR_PIX),
});

async function located(files: Record<string, string>) {
  const problems = await problemsOf(files);
  // The rail must reach the rules (a schema error would make a case pass vacuously).
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'pattern-examples').map((p) => [p.file, p.rule, p.pointer, p.line]);
}

describe('pattern-examples', () => {
  it.each([
    { name: 'the fixture: examples pass, counterexamples fail', files: rail() },
    {
      name: 'examples normalized before the pattern',
      files: rail(
        ['pattern', "pattern: '^[A-Z]{3}$'"],
        ['maxLength', 'normalize: upper'],
        ['examples', 'examples: [abc, Abc]'],
        ['counterexamples', 'counterexamples: [ab1]'],
      ),
    },
    {
      name: 'an IBAN field without a pattern, examples with valid checksums',
      files: rail(
        ['type', 'type: iban'],
        ['pattern', 'normalize: upper_remove_spaces'],
        ['examples', 'examples: ["FR76 3000 6000 0112 3456 7890 189", DE89370400440532013000]'],
        ['counterexamples', 'counterexamples: [FR7630006000011234567890188]'],
      ),
    },
    {
      name: 'a field without pattern nor examples',
      files: rail(['pattern', '# no pattern'], ['examples', '# no examples'], ['counterexamples', '# no counterexamples']),
    },
  ])('accepts $name', async ({ files }) => {
    expect(await located(files)).toEqual([]);
  });

  it.each([
    { name: 'a pattern without examples', files: rail(['examples', '# no examples']), at: ['/fields/0', 20] },
    { name: 'a pattern with an empty list of examples', files: rail(['examples', 'examples: []']), at: ['/fields/0', 20] },
    { name: 'an example the pattern rejects', files: rail(['examples', 'examples: ["+5511987654321", "not a key!"]']), at: ['/fields/0/examples/1', 27] },
    { name: 'an example over maxLength', files: rail(['maxLength', 'maxLength: 5']), at: ['/fields/0/examples/0', 27] },
    {
      name: 'an example valid only once normalized, without normalize',
      files: rail(['pattern', "pattern: '^[A-Z]{3}$'"], ['examples', 'examples: [abc]'], ['counterexamples', '# none']),
      at: ['/fields/0/examples/0', 27],
    },
    {
      name: 'an IBAN example with a bad checksum (no pattern)',
      files: rail(
        ['type', 'type: iban'],
        ['pattern', 'normalize: upper_remove_spaces'],
        ['examples', 'examples: [DE89370400440532013000, FR7630006000011234567890188]'],
        ['counterexamples', '# none'],
      ),
      at: ['/fields/0/examples/1', 27],
    },
    {
      name: 'an IBAN example of the wrong length',
      files: rail(['type', 'type: iban'], ['pattern', '# none'], ['examples', 'examples: [FR763000600001123456789018]'], ['counterexamples', '# none']),
      at: ['/fields/0/examples/0', 27],
    },
    {
      name: 'a select example that is not an option',
      files: rail(
        ['type', 'type: select'],
        ['pattern', '# none'],
        ['maxLength', 'options: [{ value: CPF, label: { fr: CPF, en: CPF } }]'],
        ['examples', 'examples: [CNPJ]'],
        ['counterexamples', '# none'],
      ),
      at: ['/fields/0/examples/0', 27],
    },
    {
      name: 'a counterexample the pattern accepts',
      files: rail(['counterexamples', 'counterexamples: ["not a key!", "valid_key"]']),
      at: ['/fields/0/counterexamples/1', 28],
    },
    {
      name: 'a counterexample accepted once normalized',
      files: rail(
        ['pattern', "pattern: '^[A-Z]{3}$'"],
        ['maxLength', 'normalize: upper'],
        ['examples', 'examples: [ABC]'],
        ['counterexamples', 'counterexamples: [abc]'],
      ),
      at: ['/fields/0/counterexamples/0', 28],
    },
  ])('reports $name', async ({ files, at }) => {
    expect(await located(files)).toEqual([['rails/BR-pix.yaml', 'pattern-examples', ...at]]);
  });

  // Each distinct field is checked once (kept by name and pattern, compared value by value): fields that differ in
  // anything else are checked on their own, and their messages say their own help.
  it.each([
    {
      name: 'help',
      a: 'help: { fr: Aide, en: Help one }',
      b: 'help: { fr: Aide, en: Help two }',
      expected: [
        ['rails/BR-pix.yaml', 'Help one'],
        ['rails/BR-pixb.yaml', 'Help two'],
      ],
    },
    { name: 'maxLength', a: 'maxLength: 77', b: 'maxLength: 5', expected: [['rails/BR-pixb.yaml', 'too long']] },
    {
      name: 'required (the same field otherwise)',
      a: 'required: true',
      b: 'required: true',
      expected: [
        ['rails/BR-pix.yaml', 'not in the expected format'],
        ['rails/BR-pixb.yaml', 'not in the expected format'],
      ],
    },
  ])('checks rails whose fields differ only in $name each with their own field', async ({ a, b, expected }) => {
    const key = a.split(':')[0];
    const base = setLine(RAIL_BR_PIX, 'examples', key === 'maxLength' ? 'examples: ["+5511987654321"]' : 'examples: ["+5511987654321", "not a key!"]');
    const files = {
      'rails/BR-pix.yaml': setLine(base, key, a),
      'rails/BR-pixb.yaml': setLine(base, key, b)
        .replace('id: BR-pix', 'id: BR-pixb')
        .replace('slug: pix', 'slug: pixb')
        .replace('name: Pix\n', 'name: Pix B\n'),
    };
    const problems = (await problemsOf(files)).filter((p) => p.rule === 'pattern-examples');
    expect(problems.map((p) => p.file)).toEqual(expected.map(([file]) => file));
    for (const [k, p] of problems.entries()) expect(p.message).toContain(expected[k][1]);
  });

  it.each([
    [{ a: 1, b: [1, 'x', null] }, { b: [1, 'x', null], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: undefined }, { a: 1, c: undefined }, false],
    [[1, 2], [2, 1], false],
    [[], {}, false],
    [{ a: 'x' }, { a: 'x ' }, false],
    [{ a: Number.NaN }, { a: Number.NaN }, true],
    [{ a: 0 }, { a: -0 }, false],
    [{ a: null }, { a: 0 }, false],
    ['1', 1, false],
  ])('compares data: %j and %j are the same: %s', (a, b, same) => {
    expect(sameData(a, b)).toBe(same);
    expect(sameData(b, a)).toBe(same);
  });

  it('leaves the examples of a pattern that does not compile to pattern-syntax', async () => {
    expect(await located(rail(['pattern', "pattern: '^[A-Z'"]))).toEqual([]);
  });

  it('does not run the examples through a pattern vulnerable to backtracking (pattern-redos reports it)', async () => {
    const files = rail(['pattern', "pattern: '^(a+)+$'"], ['examples', 'examples: [aaa]'], ['counterexamples', `counterexamples: [${'a'.repeat(40)}!]`]);
    expect(await located(files)).toEqual([]);
  });
});
