import { describe, expect, it } from 'vitest';
import {
  applyFormat,
  checkBeneficiary,
  dependentsOf,
  formatFor,
  formatsOf,
  patternsOf,
  resolveField,
  validateBeneficiary,
  type BeneficiaryErrorCode,
} from '../../src/beneficiary/index.js';
import type { SeedField } from '../../src/generated/types.js';

const label = (en: string) => ({ fr: `${en} (fr)`, en });

/** A key type, a key whose format depends on it (with an otherwise), and a bank code that applies to one type only. */
const fields: SeedField[] = [
  {
    name: 'keyType',
    label: label('Key type'),
    type: 'select',
    required: true,
    normalize: 'lower',
    options: [
      { value: 'cpf', label: label('CPF') },
      { value: 'email', label: label('E-mail') },
      { value: 'evp', label: label('Random key') },
    ],
  },
  {
    name: 'key',
    label: label('Key'),
    type: 'text',
    required: true,
    pattern: '^(?:[0-9]{11}|[a-z.]+@[a-z]+\\.[a-z]+|[0-9a-f]{32})$',
    maxLength: 40,
    normalize: 'trim',
    help: label('A CPF, an e-mail or a random key'),
    dependsOn: {
      field: 'keyType',
      variants: [
        { when: ['cpf'], type: 'text', pattern: '^[0-9]{11}$', maxLength: 11, help: label('CPF: 11 digits') },
        { when: ['email'], type: 'email', help: label('An e-mail address') },
      ],
      otherwise: { pattern: '^[0-9a-f]{32}$' },
    },
  },
  {
    name: 'bank',
    label: label('Bank'),
    type: 'text',
    required: false,
    pattern: '^[0-9]{5}$',
    dependsOn: {
      field: 'keyType',
      variants: [
        { when: ['cpf'], applies: false },
        { when: ['email'], required: true },
      ],
    },
  },
];
const rail = { fields };

function codes(values: Record<string, unknown>, r: { fields: SeedField[] } = rail): Array<[string, BeneficiaryErrorCode]> {
  return validateBeneficiary(r, values).errors.map((e) => [e.field, e.code]);
}

describe('dependent fields', () => {
  it.each([
    { name: 'a CPF with the CPF type', values: { keyType: 'cpf', key: '52998224725' }, expected: [] },
    { name: 'an e-mail with the e-mail type (and its bank, required there)', values: { keyType: 'email', key: 'jo@example.com', bank: '40012' }, expected: [] },
    { name: 'an e-mail with the CPF type: too long for a CPF', values: { keyType: 'cpf', key: 'jo@example.com' }, expected: [['key', 'max_length']] },
    { name: 'an e-mail-like value with the CPF type: the CPF pattern', values: { keyType: 'cpf', key: 'a@b.cc' }, expected: [['key', 'pattern']] },
    {
      name: "a CPF with the e-mail type: the variant's type check",
      values: { keyType: 'email', key: '52998224725', bank: '40012' },
      expected: [['key', 'type']],
    },
    { name: 'the choice normalized as its select normalizes it', values: { keyType: ' CPF '.trim(), key: '52998224725' }, expected: [] },
    { name: 'an option no variant names: otherwise', values: { keyType: 'evp', key: '52998224725' }, expected: [['key', 'pattern']] },
    { name: 'otherwise accepts its own format', values: { keyType: 'evp', key: '7d9f03358dcc40549bf90dbd61d36906' }, expected: [] },
    { name: 'no choice: the field as written (the union)', values: { key: 'jo@example.com' }, expected: [['keyType', 'required']] },
    { name: 'a choice that is not an option: the field as written', values: { keyType: 'iban', key: '52998224725' }, expected: [['keyType', 'option']] },
    { name: 'a value for a field that does not apply', values: { keyType: 'cpf', key: '52998224725', bank: '40012' }, expected: [['bank', 'not_applicable']] },
    { name: 'a blank value for a field that does not apply', values: { keyType: 'cpf', key: '52998224725', bank: '  ' }, expected: [] },
    { name: 'a number for a field that does not apply', values: { keyType: 'cpf', key: '52998224725', bank: 40012 }, expected: [['bank', 'not_applicable']] },
    { name: 'a field a variant makes required, missing', values: { keyType: 'email', key: 'jo@example.com' }, expected: [['bank', 'required']] },
  ])('$name', ({ values, expected }) => {
    expect(codes(values)).toEqual(expected);
  });

  it('leaves a field that does not apply out of the normalized values', () => {
    expect(validateBeneficiary(rail, { keyType: 'CPF', key: ' 52998224725 ', bank: '' })).toEqual({
      valid: true,
      errors: [],
      values: { keyType: 'cpf', key: '52998224725' },
    });
  });

  it("says which choice decided, with the chosen format's help, in English and French", () => {
    const [error] = checkBeneficiary(rail, { keyType: 'cpf', key: 'jo@example.com' }).errors;
    expect(error.message.en).toBe(
      'with Key type CPF: too long: at most 11 characters after normalization (trim), this value has 14; remove the extra characters; CPF: 11 digits',
    );
    expect(error.message.fr).toBe(
      'avec Key type (fr) CPF (fr) : trop long : 11 caractères au plus après normalisation (trim), cette valeur en a 14 ; supprimez les caractères en trop ; CPF: 11 digits (fr)',
    );
    expect(error.help).toEqual(label('CPF: 11 digits'));
    const [bank] = checkBeneficiary(rail, { keyType: 'cpf', key: '52998224725', bank: '40012' }).errors;
    expect(bank.message).toEqual({
      en: 'Bank does not apply with Key type CPF: leave it empty, or choose another Key type',
      fr: "Bank (fr) ne s'applique pas avec Key type (fr) CPF (fr) : laissez-le vide, ou faites un autre choix pour Key type (fr)",
    });
  });

  it("resolves a field: the variant's attributes in place of the field's, the others kept, no dependsOn", () => {
    const resolved = resolveField(fields, fields[1], { keyType: 'cpf' });
    expect(resolved.applies).toBe(true);
    expect(resolved.choice?.value).toBe('cpf');
    expect(resolved.field).toEqual({
      name: 'key',
      label: label('Key'),
      type: 'text',
      required: true,
      pattern: '^[0-9]{11}$',
      maxLength: 11,
      normalize: 'trim',
      help: label('CPF: 11 digits'),
    });
    expect(resolveField(fields, fields[1], {}).field).toBe(fields[1]);
    expect(resolveField(fields, fields[2], { keyType: 'cpf' }).applies).toBe(false);
  });

  it.each([
    { name: 'a controlling field that does not exist', dependsOn: { field: 'nowhere', variants: [{ when: ['cpf'], pattern: '^x$' }] } },
    { name: 'a controlling field that is not a select', dependsOn: { field: 'bank', variants: [{ when: ['cpf'], pattern: '^x$' }] } },
    { name: 'a field that depends on itself', dependsOn: { field: 'key', variants: [{ when: ['cpf'], pattern: '^x$' }] } },
    { name: 'variants that are not a list', dependsOn: { field: 'keyType', variants: 'cpf' } },
    { name: 'variants that are not objects', dependsOn: { field: 'keyType', variants: [null, 3, ['cpf']] } },
    { name: 'a when that is not a list', dependsOn: { field: 'keyType', variants: [{ when: 'cpf', pattern: '^x$' }] } },
    { name: 'a dependency that is not an object', dependsOn: 'keyType' },
  ])('checks the field as written, never throwing, on a malformed rail: $name', ({ dependsOn }) => {
    const broken = [fields[0], { ...fields[1], dependsOn } as unknown as SeedField, fields[2]];
    expect(codes({ keyType: 'cpf', key: 'jo@example.com' }, { fields: broken })).toEqual([]);
  });

  it('lists the fields that depend on a field, and every pattern of a field with its pointer', () => {
    expect(dependentsOf(fields, 'keyType')).toEqual(['key', 'bank']);
    expect(dependentsOf(fields, 'key')).toEqual([]);
    expect(patternsOf(fields[1])).toEqual([
      { at: '/pattern', pattern: '^(?:[0-9]{11}|[a-z.]+@[a-z]+\\.[a-z]+|[0-9a-f]{32})$' },
      { at: '/dependsOn/variants/0/pattern', pattern: '^[0-9]{11}$' },
      { at: '/dependsOn/otherwise/pattern', pattern: '^[0-9a-f]{32}$' },
    ]);
  });
});

describe('the parts of a dependent field', () => {
  it("applies a format: each of type, required, pattern, maxLength and help replaces the field's; the rest is the field's", () => {
    const field = {
      ...fields[1],
      examples: ['52998224725'],
      counterexamples: ['x'],
    } as SeedField;
    const format = { when: ['cpf'], applies: true, type: 'pix_key', required: false, pattern: '^x$', maxLength: 3, help: label('Three') } as const;
    expect(applyFormat(field, format)).toEqual({
      name: 'key',
      label: label('Key'),
      type: 'pix_key',
      required: false,
      pattern: '^x$',
      maxLength: 3,
      normalize: 'trim',
      help: label('Three'),
    });
    expect(applyFormat(field, { pattern: undefined, maxLength: 5 })).toEqual({
      name: 'key',
      label: label('Key'),
      type: 'text',
      required: true,
      pattern: fields[1].pattern,
      maxLength: 5,
      normalize: 'trim',
      help: label('A CPF, an e-mail or a random key'),
    });
    expect(applyFormat(field, undefined)).toEqual({ ...fields[1], dependsOn: undefined, examples: undefined, counterexamples: undefined });
    expect(Object.keys(applyFormat(field, undefined))).not.toContain('dependsOn');
  });

  it('finds the format of an option: the first variant that names it, else otherwise, else none', () => {
    const variants = [{ when: ['a', 'b'], maxLength: 1 }, { when: ['b', 'c'], maxLength: 2 }, null, { when: 'd', maxLength: 4 }];
    const dependent = { name: 'x', type: 'text', required: false, dependsOn: { field: 'k', variants, otherwise: { maxLength: 9 } } } as unknown as SeedField;
    expect(formatFor(dependent, 'a')).toEqual({ at: 0, format: variants[0] });
    expect(formatFor(dependent, 'b')).toEqual({ at: 0, format: variants[0] });
    expect(formatFor(dependent, 'c')).toEqual({ at: 1, format: variants[1] });
    expect(formatFor(dependent, 'd')).toEqual({ at: 'otherwise', format: { maxLength: 9 } });
    const noOtherwise = { ...dependent, dependsOn: { field: 'k', variants } } as unknown as SeedField;
    expect(formatFor(noOtherwise, 'd')).toBeUndefined();
    expect(formatFor({ ...dependent, dependsOn: { field: 'k', variants: 'a', otherwise: { maxLength: 9 } } } as unknown as SeedField, 'a')).toEqual({
      at: 'otherwise',
      format: { maxLength: 9 },
    });
    expect(formatFor(fields[0], 'cpf')).toBeUndefined();
  });

  it.each([
    { name: 'a choice that is not a text', values: { keyType: 5, key: 'jo@example.com' } },
    { name: 'a choice that is not an option', values: { keyType: 'iban', key: 'jo@example.com' } },
  ])('stands as written with $name', ({ values }) => {
    const resolved = resolveField(fields, fields[1], values);
    expect(resolved).toEqual({ field: fields[1], applies: true });
  });

  it('says which option was chosen, normalized, with its label when it has one', () => {
    expect(resolveField(fields, fields[2], { keyType: 'CPF' })).toEqual({
      field: { name: 'bank', label: label('Bank'), type: 'text', required: false, pattern: '^[0-9]{5}$' },
      applies: false,
      choice: { field: fields[0], value: 'cpf', option: label('CPF') },
    });
    const noLabels = [{ ...fields[0], options: [{ value: 'cpf', label: 'CPF' }, null] } as unknown as SeedField, fields[1]];
    expect(resolveField(noLabels, fields[1], { keyType: 'cpf' }).choice).toEqual({ field: noLabels[0], value: 'cpf' });
    const noOptions = [{ ...fields[0], options: 'cpf' } as unknown as SeedField, fields[1]];
    expect(resolveField(noOptions, fields[1], { keyType: 'cpf' })).toEqual({ field: fields[1], applies: true });
  });

  it('lists the dependents of a field, skipping fields that are not objects and dependencies that are not', () => {
    const odd = [null, { name: 'y', type: 'text', dependsOn: 'keyType' }, ...fields] as unknown as SeedField[];
    expect(dependentsOf(odd, 'keyType')).toEqual(['key', 'bank']);
  });

  it('lists the formats of a field with their pointers, skipping variants that are not objects', () => {
    const dependent = {
      name: 'x',
      type: 'text',
      required: false,
      pattern: 5,
      dependsOn: { field: 'k', variants: [null, { when: ['a'], pattern: '^a$' }, { when: ['b'] }], otherwise: { pattern: '^z$' } },
    } as unknown as SeedField;
    expect(formatsOf(dependent)).toEqual([
      { at: '/dependsOn/variants/1', format: { when: ['a'], pattern: '^a$' } },
      { at: '/dependsOn/variants/2', format: { when: ['b'] } },
      { at: '/dependsOn/otherwise', format: { pattern: '^z$' } },
    ]);
    expect(patternsOf(dependent)).toEqual([
      { at: '/dependsOn/variants/1/pattern', pattern: '^a$' },
      { at: '/dependsOn/otherwise/pattern', pattern: '^z$' },
    ]);
    const noOtherwise = { ...dependent, dependsOn: { field: 'k', variants: 'a', otherwise: 'z' } } as unknown as SeedField;
    expect(formatsOf(noOtherwise)).toEqual([]);
    expect(formatsOf(null as unknown as SeedField)).toEqual([]);
    expect(patternsOf(null as unknown as SeedField)).toEqual([]);
    expect(formatsOf(fields[0])).toEqual([]);
  });
});
