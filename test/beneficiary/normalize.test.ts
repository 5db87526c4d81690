import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalize, normalizers } from '../../src/beneficiary/normalize.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/rail.schema.json', import.meta.url), 'utf8'));

describe('normalizers', () => {
  it('has one function per normalize value of the schema, and no other', () => {
    expect(Object.keys(normalizers).sort()).toEqual([...schema.definitions.field.properties.normalize.enum].sort());
  });

  it.each([
    ['upper', 'fr76 3000 ab', 'FR76 3000 AB'],
    ['upper', 'istanbul', 'ISTANBUL'], // never the Turkish dotted İ, whatever the machine's locale
    ['upper', 'ñandú', 'ÑANDÚ'],
    ['lower', 'Jane.Doe@Example.COM', 'jane.doe@example.com'],
    ['trim', '  Jane Doe \t\n', 'Jane Doe'],
    ['trim', '\u00A0Jane\u00A0', 'Jane'],
    ['trim', 'Jane  Doe', 'Jane  Doe'],
    ['remove_spaces', ' 0123 4567\t89 ', '0123456789'],
    ['remove_spaces', '12\u00A034\u202F56\u200B78', '12345678'],
    ['remove_spaces', '12-34', '12-34'],
    ['upper_remove_spaces', 'fr76 3000 6000 0112 3456 7890 189', 'FR7630006000011234567890189'],
    ['upper_remove_spaces', 'deut de ff', 'DEUTDEFF'],
    ['remove_separators', '12-34-56', '123456'],
    ['remove_separators', '021.000.021', '021000021'],
    ['remove_separators', '12 34/56–78—90', '1234567890'],
    ['remove_separators', '+254 (712) 345', '+254(712)345'],
    ['remove_separators', 'abc', 'abc'],
    ['remove_separators', '12\u221234\u200B56\u206078\u00A09', '123456789'], // minus sign, zero-width space, word joiner, NBSP
    ['remove_separators', '1\u2010\u2011\u30A02', '12'], // hyphen, non-breaking hyphen, a dash of another script (\p{Pd})
    ['remove_separators', '1_2+3', '1_2+3'],
    ['remove_spaces', '12\u206034\u200B\u200B56\uFEFF7', '1234567'], // word joiner, zero-width spaces, BOM
    ['remove_spaces', '12\u200C34', '12\u200C34'], // a zero-width non-joiner is not a space
    ['upper_remove_spaces', 'de\u2060\u00A0ff', 'DEFF'],
  ] as const)('%s turns %j into %j', (name, input, output) => {
    expect(normalizers[name](input)).toBe(output);
    expect(normalize(input, name)).toBe(output);
  });

  it.each(Object.keys(normalizers))('%s is idempotent and keeps the empty text empty', (name) => {
    const f = normalizers[name as keyof typeof normalizers];
    for (const s of [' Ab-1.2/3 c ', 'x', '']) expect(f(f(s))).toBe(f(s));
    expect(f('')).toBe('');
  });

  it('leaves the value as it is without a normalization, or with one it does not know', () => {
    expect(normalize(' a B ', undefined)).toBe(' a B ');
    expect(normalize(' a B ', 'toString')).toBe(' a B ');
  });
});
