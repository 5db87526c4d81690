import { describe, expect, it, vi } from 'vitest';
import { checkFieldOf, checkValue, MAX_VALUE_LENGTH, validateBeneficiary, type BeneficiaryErrorCode } from '../../src/beneficiary/index.js';
import type { SeedField } from '../../src/generated/types.js';

const help = { fr: 'Aide', en: 'Help' };
const label = { fr: 'Libellé', en: 'Label' };

/** A rail with one field of each kind of check. */
const rail: { fields: SeedField[] } = {
  fields: [
    { name: 'iban', label, type: 'iban', required: true, normalize: 'upper_remove_spaces', maxLength: 34, pattern: '^(?:FR|DE)[0-9]{2}[0-9A-Z]+$', help },
    { name: 'holder', type: 'text', required: true, normalize: 'trim', maxLength: 10 },
    {
      name: 'accountType',
      type: 'select',
      required: false,
      normalize: 'upper',
      options: [
        { value: 'CHECKING', label },
        { value: 'SAVINGS', label },
      ],
      help,
    },
    { name: 'routing', type: 'aba_routing', required: false, normalize: 'remove_separators', help },
    { name: 'clabe', type: 'clabe', required: false, help },
    { name: 'phone', type: 'phone', required: false, normalize: 'remove_separators' },
    { name: 'email', type: 'email', required: false, normalize: 'trim' },
  ],
};
const good = { iban: 'fr76 3000 6000 0112 3456 7890 189', holder: ' Jane Doe ' };

/** The codes of a validation, as [field, code] pairs. */
function codes(values: unknown, r: { fields: SeedField[] } = rail): Array<[string, BeneficiaryErrorCode]> {
  return validateBeneficiary(r, values as Record<string, unknown>).errors.map((e) => [e.field, e.code]);
}

describe('validateBeneficiary', () => {
  it('accepts valid values and returns them normalized', () => {
    const result = validateBeneficiary(rail, {
      ...good,
      accountType: 'savings',
      routing: '021-000-021',
      clabe: '002010077777777771',
      phone: '+254 712 345 678',
      email: ' jane@example.com ',
    });
    expect(result).toEqual({
      valid: true,
      errors: [],
      values: {
        iban: 'FR7630006000011234567890189',
        holder: 'Jane Doe',
        accountType: 'SAVINGS',
        routing: '021000021',
        clabe: '002010077777777771',
        phone: '+254712345678',
        email: 'jane@example.com',
      },
    });
  });

  it('leaves absent optional fields out of the values', () => {
    expect(validateBeneficiary(rail, { ...good, email: '' })).toEqual({
      valid: true,
      errors: [],
      values: { iban: 'FR7630006000011234567890189', holder: 'Jane Doe' },
    });
  });

  it.each([
    { name: 'missing required field', values: { holder: 'Jane' }, expected: [['iban', 'required']] },
    { name: 'null required field', values: { ...good, iban: null }, expected: [['iban', 'required']] },
    { name: 'empty required field', values: { ...good, holder: '' }, expected: [['holder', 'required']] },
    { name: 'blank once normalized (normalize before required)', values: { ...good, iban: '   ' }, expected: [['iban', 'required']] },
    { name: 'a number', values: { ...good, routing: 21000021 }, expected: [['routing', 'type']] },
    { name: 'a boolean', values: { ...good, holder: true }, expected: [['holder', 'type']] },
    { name: 'an object', values: { ...good, holder: { name: 'Jane' } }, expected: [['holder', 'type']] },
    { name: 'a list', values: { ...good, holder: ['Jane'] }, expected: [['holder', 'type']] },
    { name: 'too long once normalized', values: { ...good, holder: 'Jane Doe Smith' }, expected: [['holder', 'max_length']] },
    { name: 'not too long once trimmed (normalize before maxLength)', values: { ...good, holder: '   Jane Doe   ' }, expected: [] },
    { name: 'maxLength before pattern', values: { ...good, iban: 'XX'.repeat(20) }, expected: [['iban', 'max_length']] },
    { name: 'pattern (lowercase passes once normalized)', values: { ...good, iban: 'GB82WEST12345698765432' }, expected: [['iban', 'pattern']] },
    { name: 'pattern before the type check', values: { ...good, iban: 'GB82 WEST' }, expected: [['iban', 'pattern']] },
    { name: 'the type check after the pattern (IBAN length)', values: { ...good, iban: 'FR763000600001123456789018' }, expected: [['iban', 'type']] },
    { name: 'IBAN checksum', values: { ...good, iban: 'FR7630006000011234567890188' }, expected: [['iban', 'checksum']] },
    { name: 'select option', values: { ...good, accountType: 'current' }, expected: [['accountType', 'option']] },
    { name: 'ABA checksum', values: { ...good, routing: '021000022' }, expected: [['routing', 'checksum']] },
    { name: 'CLABE check digit', values: { ...good, clabe: '002010077777777772' }, expected: [['clabe', 'checksum']] },
    { name: 'phone not E.164', values: { ...good, phone: '0712345678' }, expected: [['phone', 'type']] },
    { name: 'e-mail', values: { ...good, email: 'jane at example.com' }, expected: [['email', 'type']] },
    { name: 'unknown field', values: { ...good, ibn: 'x' }, expected: [['ibn', 'unknown_field']] },
    {
      name: "unknown fields after the rail's fields",
      values: { zz: '1', ...good, holder: 5, aa: 2 },
      expected: [
        ['holder', 'type'],
        ['zz', 'unknown_field'],
        ['aa', 'unknown_field'],
      ],
    },
    {
      name: "one error per field, in the rail's order",
      values: { email: 'x', iban: 'DE001', holder: '' },
      expected: [
        ['iban', 'type'],
        ['holder', 'required'],
        ['email', 'type'],
      ],
    },
  ])('reports $name', ({ values, expected }) => {
    expect(codes(values)).toEqual(expected);
  });

  it("carries the field's help text (fr and en) on its errors, and none when the field has none", () => {
    const { errors } = validateBeneficiary(rail, { iban: 'nope', holder: '', routing: '1', ibn: 'x' });
    expect(errors.map((e) => [e.field, e.help])).toEqual([
      ['iban', help],
      ['holder', undefined],
      ['routing', help],
      ['ibn', undefined],
    ]);
    expect(errors.every((e) => typeof e.message === 'string' && e.message.length > 10)).toBe(true);
  });

  it('rejects every value of a field whose pattern does not compile, without throwing', () => {
    const broken = { fields: [{ name: 'code', type: 'text', required: true, pattern: '^[a-z' } satisfies SeedField] };
    expect(codes({ code: 'abc' }, broken)).toEqual([['code', 'pattern']]);
  });

  it('counts maxLength in characters (code points), not UTF-16 units', () => {
    const emoji = { fields: [{ name: 'note', type: 'text', required: true, maxLength: 2 } satisfies SeedField] };
    expect(codes({ note: '😀😀' }, emoji)).toEqual([]);
    expect(codes({ note: '😀😀😀' }, emoji)).toEqual([['note', 'max_length']]);
  });

  it(`rejects a value over ${MAX_VALUE_LENGTH} characters even when the field has no maxLength`, () => {
    const free = { fields: [{ name: 'note', type: 'text', required: true } satisfies SeedField] };
    expect(codes({ note: 'a'.repeat(MAX_VALUE_LENGTH) }, free)).toEqual([]);
    expect(codes({ note: 'a'.repeat(MAX_VALUE_LENGTH + 1) }, free)).toEqual([['note', 'max_length']]);
  });

  it("reads only the values' own properties (a field named constructor is missing from {})", () => {
    const r = { fields: [{ name: 'constructor', type: 'text', required: true } satisfies SeedField] };
    expect(codes({}, r)).toEqual([['constructor', 'required']]);
    expect(codes(JSON.parse('{"__proto__": "x", "constructor": "y"}'), r)).toEqual([['__proto__', 'unknown_field']]);
  });

  describe('never throws', () => {
    // A small deterministic generator of odd inputs (mulberry32).
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
    const oddValue = (): unknown =>
      pick<() => unknown>([
        () => undefined,
        () => null,
        () => NaN,
        () => -0,
        () => 1e308,
        () => 12345678901234567890n,
        () => true,
        () => Symbol('x'),
        () => ({}),
        () => [],
        () => ['FR76'],
        () => ({ toString: () => 'FR76' }),
        () => () => 'x',
        () => '',
        () => ' ',
        () => '\u0000',
        () => '\uD800',
        () => '😀'.repeat(50),
        () => 'a'.repeat(5_000_000),
        () => ' '.repeat(1_000_000),
        () => 'FR7630006000011234567890189',
        () => '021000021',
        () => '+254712345678',
        () => 'a@b.co',
        () => '002010077777777771',
      ])();
    const oddRail = (): unknown =>
      pick<() => unknown>([
        () => rail,
        () => null,
        () => undefined,
        () => ({}),
        () => ({ fields: null }),
        () => ({ fields: 'x' }),
        () => ({ fields: [null, 1, 'x', {}] }),
        () => ({
          fields: [
            { name: 'a', type: 'nope', required: true },
            { name: 'b', type: 'select', required: true, options: [null, { value: 1 }] },
          ],
        }),
        () => ({ fields: [{ name: 'c', type: 'text', required: 'yes', pattern: '(', maxLength: 'x', normalize: 'nope', help: 'x' }] }),
        () => ({ fields: [{ name: 'd', type: 'iban', required: false, pattern: 5, normalize: '__proto__', help: { fr: 1 } }] }),
      ])();

    it.each(Array.from({ length: 200 }, (_, i) => i))('on odd input #%i', () => {
      const names = ['iban', 'holder', 'accountType', 'routing', 'clabe', 'phone', 'email', 'a', 'b', 'c', 'd', 'x', '__proto__', 'constructor'];
      const values = pick<() => unknown>([() => Object.fromEntries(names.filter(() => random() < 0.5).map((n) => [n, oddValue()])), oddValue])();
      const result = validateBeneficiary(oddRail() as { fields: SeedField[] }, values as Record<string, unknown>);
      expect(typeof result.valid).toBe('boolean');
      expect(result.valid).toBe(result.errors.length === 0);
      for (const value of Object.values(result.values)) expect(typeof value).toBe('string');
    });

    it('on values whose properties cannot be read', () => {
      const hostile = new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no');
          },
          get: () => {
            throw new Error('no');
          },
        },
      );
      expect(validateBeneficiary(rail, hostile).valid).toBe(false);
    });

    it('on a huge value, which no regular expression ever reads past 1,024 characters', () => {
      // Machine-independent: what the patterns are given, not how long they take.
      const read: number[] = [];
      const spies = (['test', 'exec'] as const).map((m) => {
        const original = RegExp.prototype[m] as (this: RegExp, s: string) => unknown;
        return vi.spyOn(RegExp.prototype, m).mockImplementation(function (this: RegExp, text: string) {
          read.push(String(text).length);
          return original.call(this, text) as never;
        });
      });
      try {
        expect(codes({ ...good, holder: 'x'.repeat(10_000_000) })).toEqual([['holder', 'max_length']]);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      expect(Math.max(0, ...read)).toBeLessThanOrEqual(MAX_VALUE_LENGTH);
    });
  });
});

describe('checkValue', () => {
  it('returns the normalized value, or the first error', () => {
    expect(checkValue(rail.fields[0], 'fr76 3000 6000 0112 3456 7890 189')).toEqual({ value: 'FR7630006000011234567890189' });
    expect(checkValue(rail.fields[0], 'fr76 3000 6000 0112 3456 7890 188')).toMatchObject({
      value: 'FR7630006000011234567890188',
      error: { field: 'iban', code: 'checksum', help },
    });
    expect(checkValue(rail.fields[2], undefined)).toEqual({ value: undefined });
  });
});

describe('the messages of validateBeneficiary', () => {
  const fields: SeedField[] = [
    { name: 'holder', label: { fr: 'Titulaire', en: 'Account holder' }, type: 'text', required: true, normalize: 'trim', maxLength: 10 },
    { name: 'note', type: 'text', required: true, maxLength: 2 },
    { name: 'code', type: 'text', required: false, pattern: '^[0-9]+$' },
    { name: 'reference', type: 'text', required: false, pattern: '^[A-Z]{3}$', help },
    { name: 'broken', type: 'text', required: false, pattern: '(?<x' },
    { name: 'legacy', type: 'swift' as SeedField['type'], required: false },
  ];
  const base = { holder: 'Jane', note: 'ab' };
  const messageOf = (values: Record<string, unknown>) => validateBeneficiary({ fields }, { ...base, ...values }).errors.map((e) => [e.field, e.message]);

  it.each([
    { values: { holder: undefined }, field: 'holder', message: 'Account holder is required: write a value' },
    { values: { holder: null }, field: 'holder', message: 'Account holder is required: write a value' },
    { values: { holder: ' \t ' }, field: 'holder', message: 'Account holder is required: write a value, not an empty text' },
    { values: { note: '' }, field: 'note', message: 'note is required: write a value, not an empty text' },
    {
      values: { holder: 21000021 },
      field: 'holder',
      message: 'must be a text, not a number: send it in quotes ("21000021"), since a number loses its leading zeros',
    },
    { values: { holder: 12n }, field: 'holder', message: 'must be a text, not a number: send it in quotes ("12"), since a number loses its leading zeros' },
    { values: { holder: true }, field: 'holder', message: 'must be a text, not true: send the value in quotes' },
    { values: { holder: false }, field: 'holder', message: 'must be a text, not false: send the value in quotes' },
    { values: { holder: { name: 'Jane' } }, field: 'holder', message: 'must be a text, not an object: send one value in quotes' },
    { values: { holder: ['Jane'] }, field: 'holder', message: 'must be a text, not a list: send one value in quotes' },
    { values: { holder: Symbol('x') }, field: 'holder', message: 'must be a text, not a symbol: send one value in quotes' },
    { values: { holder: () => 'x' }, field: 'holder', message: 'must be a text, not a function: send one value in quotes' },
    {
      values: { holder: ' Jane Doe Smith ' },
      field: 'holder',
      message: 'too long: at most 10 characters after normalization (trim), this value has 14; remove the extra characters',
    },
    { values: { note: 'abc' }, field: 'note', message: 'too long: at most 2 characters, this value has 3; remove the extra characters' },
    { values: { code: '12a' }, field: 'code', message: 'not in the expected format (the value must match ^[0-9]+$)' },
    { values: { reference: 'AB' }, field: 'reference', message: 'not in the expected format: Help (the value must match ^[A-Z]{3}$)' },
    {
      values: { broken: 'x' },
      field: 'broken',
      message: "this field's pattern does not compile (Invalid capture group name), so no value can be accepted: the rail is misconfigured",
    },
    { values: { legacy: 'x' }, field: 'legacy', message: 'this field has an unknown type "swift": the rail is misconfigured' },
  ])('$field: $message', ({ values, field, message }) => {
    expect(messageOf(values)).toEqual([[field, message]]);
  });

  it.each([
    { note: '\u{10000}\u{10000}', why: 'U+10000, the first pair (D800 DC00)', error: false },
    { note: '\u{10FFFF}\u{10FFFF}', why: 'U+10FFFF, the last pair (DBFF DFFF)', error: false },
    { note: '\uD800ab', why: 'a high surrogate followed by a letter is not a pair: three', error: true },
    { note: '\uDC00\uDC00a', why: 'lone low surrogates: three', error: true },
    { note: 'a\uDC00b', why: 'a letter then a lone low surrogate: three', error: true },
    { note: '\uD800\uE000a', why: 'a high surrogate before a character past the low surrogates: three', error: true },
    { note: '\u{10000}\uD800', why: 'a pair then a lone high surrogate at the end: two', error: false },
    { note: '\u{10000}\uD800\uD800', why: 'a pair then two lone high surrogates: three', error: true },
  ])('counts code points: $why', ({ note, error }) => {
    const counted = codes({ note }, { fields: [fields[1]] });
    expect(counted).toEqual(error ? [['note', 'max_length']] : []);
  });

  it('refuses a field that is not an object without throwing', () => {
    expect(checkValue(null as unknown as SeedField, 'x')).toEqual({
      value: undefined,
      error: { field: '', code: 'type', message: 'no such field: the rail is misconfigured' },
    });
  });

  it.each([{ en: 'Digits' }, { fr: 'Chiffres' }])('gives no help when the help is not in both languages: %j', (half) => {
    const halfHelp = { fields: [{ name: 'code', type: 'text', required: true, help: half } as unknown as SeedField] };
    expect(validateBeneficiary(halfHelp, {}).errors).toEqual([{ field: 'code', code: 'required', message: 'code is required: write a value' }]);
  });

  it('names no field when the field has no name, and refuses a field that is not an object', () => {
    expect(checkValue({ name: 5, type: 'text', required: true } as unknown as SeedField, undefined).error?.field).toBe('');
    expect(checkValue('iban' as unknown as SeedField, 'x')).toEqual({
      value: undefined,
      error: { field: '', code: 'type', message: 'no such field: the rail is misconfigured' },
    });
    expect(checkFieldOf([], null as unknown as SeedField, {})).toEqual({
      value: undefined,
      error: { field: '', code: 'type', message: 'no such field: the rail is misconfigured' },
    });
  });

  it('gives a value key, undefined, for an absent or blank optional value', () => {
    const optional = { name: 'note', type: 'text', required: false } satisfies SeedField;
    expect(checkValue(optional, undefined)).toStrictEqual({ value: undefined });
    expect(checkValue(optional, ' ')).toStrictEqual({ value: undefined });
    expect(checkFieldOf([optional], optional, {})).toStrictEqual({ value: undefined });
  });

  it('counts a value of white space only as missing, even without a normalization', () => {
    expect(codes({ note: ' \t ' }, { fields: [fields[1]] })).toEqual([['note', 'required']]);
  });

  it('checks no pattern that is not a text (a malformed rail)', () => {
    const odd = { fields: [{ name: 'code', type: 'text', required: true, pattern: 5 } as unknown as SeedField] };
    expect(codes({ code: 'x' }, odd)).toEqual([]);
  });

  it('skips fields that are not objects, and takes a rail without a list of fields as having none', () => {
    const odd = { fields: [null, 1, 'x', { name: 'a', type: 'text', required: false }] as unknown as SeedField[] };
    expect(validateBeneficiary(odd, { a: 'v' })).toEqual({ valid: true, values: { a: 'v' }, errors: [] });
    for (const r of [null, { fields: 'x' }]) {
      expect(validateBeneficiary(r as unknown as { fields: SeedField[] }, { a: 'v' })).toEqual({
        valid: false,
        values: {},
        errors: [{ field: 'a', code: 'unknown_field', message: 'unknown field "a": this rail takes no fields' }],
      });
    }
  });

  it.each([null, ['x'], 'x'])('takes values that are not an object (%j) as no values', (values) => {
    expect(validateBeneficiary(rail, values as unknown as Record<string, unknown>).errors).toEqual([
      { field: 'iban', code: 'required', message: 'Label is required: write a value', help },
      { field: 'holder', code: 'required', message: 'holder is required: write a value' },
    ]);
  });
});
