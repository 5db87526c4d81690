import { describe, expect, it, vi } from 'vitest';
import type { RailField } from '../../src/generated/types.js';
import { problemsOf, RAIL_BR_PIX, setLine, VALID } from '../helpers/catalog.js';
import { sameData } from '../../src/rules/pattern-examples.js';

/** The values checked against a field, one entry a check: a field shared by many rails is checked once (a count of steps). */
const checked = vi.hoisted(() => [] as string[]);
vi.mock('../../src/beneficiary/validate.js', async (original) => {
  const actual = await original<typeof import('../../src/beneficiary/validate.js')>();
  return {
    ...actual,
    checkValue: (field: RailField, value: unknown) => {
      checked.push(`${field.name}=${String(value)}`);
      return actual.checkValue(field, value);
    },
  };
});

// RAIL_BR_PIX: the pixKey field starts at line 20 (- name: pixKey); type line 22, pattern 24, maxLength 25,
// examples 27, counterexamples 28.
const rail = (...edits: Array<[key: string, line: string]>) => ({
  'rails/BR-pix.yaml': edits.reduce((text, [key, line]) => setLine(text, key, line), RAIL_BR_PIX),
});

async function located(files: Record<string, string>) {
  const problems = await problemsOf(files);
  // The rail must reach the rules (a schema error would make a case pass vacuously).
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'pattern-examples').map((p) => [p.file, p.rule, p.pointer, p.line, p.message]);
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
    {
      name: 'a pattern without examples',
      files: rail(['examples', '# no examples']),
      at: [
        '/fields/0',
        20,
        'field pixKey has a pattern but no examples: add examples: ["..."] with at least one real value the pattern accepts (and counterexamples: ["..."] with values it must reject)',
      ],
    },
    {
      name: 'a pattern with an empty list of examples',
      files: rail(['examples', 'examples: []']),
      at: [
        '/fields/0',
        20,
        'field pixKey has a pattern but no examples: add examples: ["..."] with at least one real value the pattern accepts (and counterexamples: ["..."] with values it must reject)',
      ],
    },
    {
      name: 'an example the pattern rejects',
      files: rail(['examples', 'examples: ["+5511987654321", "not a key!"]']),
      at: [
        '/fields/0/examples/1',
        27,
        'example "not a key!" fails the validation of field pixKey (pattern): not in the expected format: The beneficiary\'s Pix key (the value must match ^[A-Za-z0-9@.+_-]{1,77}$); fix the example, or the field if the example is right',
      ],
    },
    {
      name: 'an example over maxLength',
      files: rail(['maxLength', 'maxLength: 5']),
      at: [
        '/fields/0/examples/0',
        27,
        'example "+5511987654321" fails the validation of field pixKey (max_length): too long: at most 5 characters, this value has 14; remove the extra characters; fix the example, or the field if the example is right',
      ],
    },
    {
      name: 'an example valid only once normalized, without normalize',
      files: rail(['pattern', "pattern: '^[A-Z]{3}$'"], ['examples', 'examples: [abc]'], ['counterexamples', '# none']),
      at: [
        '/fields/0/examples/0',
        27,
        'example "abc" fails the validation of field pixKey (pattern): not in the expected format: The beneficiary\'s Pix key (the value must match ^[A-Z]{3}$); fix the example, or the field if the example is right',
      ],
    },
    {
      name: 'an IBAN example with a bad checksum (no pattern)',
      files: rail(
        ['type', 'type: iban'],
        ['pattern', 'normalize: upper_remove_spaces'],
        ['examples', 'examples: [DE89370400440532013000, FR7630006000011234567890188]'],
        ['counterexamples', '# none'],
      ),
      at: [
        '/fields/0/examples/1',
        27,
        'example "FR7630006000011234567890188" fails the validation of field pixKey (checksum): bad checksum: the check digits 76 do not match the rest of the IBAN (mod 97), so a character is mistyped; copy the IBAN again from the bank statement; fix the example, or the field if the example is right',
      ],
    },
    {
      name: 'an IBAN example of the wrong length',
      files: rail(['type', 'type: iban'], ['pattern', '# none'], ['examples', 'examples: [FR763000600001123456789018]'], ['counterexamples', '# none']),
      at: [
        '/fields/0/examples/0',
        27,
        'example "FR763000600001123456789018" fails the validation of field pixKey (type): wrong length for FR (expected 27): an IBAN of FR has 27 characters, this one has 26; check for a missing or extra character; fix the example, or the field if the example is right',
      ],
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
      at: [
        '/fields/0/examples/0',
        27,
        'example "CNPJ" fails the validation of field pixKey (option): not one of the choices: write one of "CPF"; fix the example, or the field if the example is right',
      ],
    },
    {
      name: 'a counterexample the pattern accepts',
      files: rail(['counterexamples', 'counterexamples: ["not a key!", "valid_key"]']),
      at: [
        '/fields/0/counterexamples/1',
        28,
        'counterexample "valid_key" passes the validation of field pixKey: tighten the pattern so that it rejects it, or remove the counterexample',
      ],
    },
    {
      name: 'a counterexample accepted once normalized',
      files: rail(
        ['pattern', "pattern: '^[A-Z]{3}$'"],
        ['maxLength', 'normalize: upper'],
        ['examples', 'examples: [ABC]'],
        ['counterexamples', 'counterexamples: [abc]'],
      ),
      at: [
        '/fields/0/counterexamples/0',
        28,
        'counterexample "abc" passes the validation of field pixKey (normalized to "ABC"): tighten the pattern so that it rejects it, or remove the counterexample',
      ],
    },
  ])('reports $name, with what to do', async ({ files, at }) => {
    expect(await located(files)).toEqual([['rails/BR-pix.yaml', 'pattern-examples', ...at]]);
  });

  // A value is quoted whole up to 60 characters, else cut to 59 and an ellipsis.
  it.each([
    { name: '60 characters, whole', example: `${'x'.repeat(59)}!`, shown: `${'x'.repeat(59)}!` },
    { name: '61 characters, cut', example: `${'x'.repeat(60)}!`, shown: `${'x'.repeat(59)}…` },
  ])('quotes an example of $name', async ({ example, shown }) => {
    const problems = await located(rail(['examples', `examples: ["+5511987654321", "${example}"]`]));
    expect(problems.map((p) => p[4])).toEqual([
      `example "${shown}" fails the validation of field pixKey (pattern): not in the expected format: The beneficiary's Pix key (the value must match ^[A-Za-z0-9@.+_-]{1,77}$); fix the example, or the field if the example is right`,
    ]);
  });

  it('says that a counterexample passes as the empty value of an optional field', async () => {
    const problems = await located(rail(['required', 'required: false'], ['counterexamples', 'counterexamples: ["not a key!", " "]']));
    expect(problems).toEqual([
      [
        'rails/BR-pix.yaml',
        'pattern-examples',
        '/fields/0/counterexamples/1',
        28,
        'counterexample " " passes the validation of field pixKey (an empty value of an optional field): tighten the pattern so that it rejects it, or remove the counterexample',
      ],
    ]);
  });

  /** Two digits: rails are read in the order of their file names. */
  const nn = (n: number) => String(n).padStart(2, '0');
  /** A copy of BR-pix under another id, with its own pixKey lines (key → line). */
  const copy = (n: number, edits: Record<string, string | undefined>) => {
    let text = RAIL_BR_PIX.replace('id: BR-pix', `id: BR-pix${nn(n)}`)
      .replace('slug: pix', `slug: pix${nn(n)}`)
      .replace('name: Pix\n', `name: Pix ${nn(n)}\n`);
    for (const [key, line] of Object.entries(edits)) if (line !== undefined) text = setLine(text, key, line);
    return text;
  };
  /** How many values were checked against pixKey over a catalog of these rails. */
  const checksOf = async (rails: string[]) => {
    const files: Record<string, string | null> = { 'rails/BR-pix.yaml': null };
    rails.forEach((text, n) => {
      files[`rails/BR-pix${nn(n)}.yaml`] = text;
    });
    checked.length = 0;
    await problemsOf({ ...VALID, ...files });
    return checked.filter((c) => c.startsWith('pixKey=')).length;
  };

  it.each([
    { name: 'the same field', second: {}, checks: 2 },
    { name: 'another help', second: { help: 'help: { fr: Aide, en: Help }' }, checks: 4 },
    { name: 'another pattern', second: { pattern: "pattern: '^[A-Za-z0-9@.+_ -]{1,77}$'" }, checks: 4 },
    { name: 'one more counterexample', second: { counterexamples: 'counterexamples: ["not a key!", "no!"]' }, checks: 5 },
  ])('checks the test vectors of a field once over rails: two rails whose fields differ in $name', async ({ second, checks }) => {
    expect(await checksOf([copy(0, {}), copy(1, second)])).toBe(checks);
  });

  it.each([
    { name: 'only counterexamples', edits: { examples: '# none' } },
    { name: 'no examples in an empty list, and counterexamples', edits: { examples: 'examples: []' } },
    { name: 'only examples', edits: { counterexamples: '# none' } },
    { name: 'examples and an empty list of counterexamples', edits: { counterexamples: 'counterexamples: []' } },
  ])('checks a field with $name once over two rails', async ({ edits }) => {
    expect(await checksOf([copy(0, edits), copy(1, edits)])).toBe(1);
  });

  it('keeps 16 distinct fields of one name and pattern: a 17th is checked again each time it comes', async () => {
    const distinct = Array.from({ length: 17 }, (_, n) => copy(n, { counterexamples: `counterexamples: ["no ${n}!"]` }));
    expect(await checksOf([...distinct, copy(17, { counterexamples: 'counterexamples: ["no 0!"]' })])).toBe(17 * 2);
    expect(await checksOf([...distinct, copy(17, { counterexamples: 'counterexamples: ["no 16!"]' })])).toBe(18 * 2);
    expect(await checksOf([...distinct, copy(17, { counterexamples: 'counterexamples: ["no 1!"]' })])).toBe(17 * 2);
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
    [null, {}, false],
    [{}, null, false],
    [new Date(0), {}, false],
    [{}, new Date(0), false],
    [Object.create(null), {}, false],
    [{ a: [1] }, { a: 1 }, false],
    [{ a: 1 }, { a: [1] }, false],
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
