import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

/** BR-pix with more fields after pixKey, from line 29 (before verifiedAt), three lines each. */
function withFields(...names: string[]): string {
  const fields = names.map((name) => `  - name: ${name}\n    type: text\n    required: false\n`).join('');
  return RAIL_BR_PIX.replace('verifiedAt:', `${fields}verifiedAt:`);
}

async function located(text: string) {
  const problems = await problemsOf({ 'rails/BR-pix.yaml': text });
  // The rail must reach the rules (a schema error would make a case pass vacuously).
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'duplicate-field').map((p) => [p.file, p.rule, p.pointer, p.line, p.message]);
}

describe('duplicate-field', () => {
  it.each([
    { name: 'one field', text: RAIL_BR_PIX },
    { name: 'distinct names', text: withFields('pixKeyType', 'taxId') },
    { name: 'names that differ in case', text: withFields('pixkey') },
  ])('accepts $name', async ({ text }) => {
    expect(await located(text)).toEqual([]);
  });

  const used = (name: string, j: number) =>
    `field name ${name} is already used by the field at /fields/${j}: give this field another name, or merge the two fields`;
  it.each([
    { name: 'a second field named like the first, at its name', text: withFields('pixKey'), expected: [['/fields/1/name', 29, used('pixKey', 0)]] },
    {
      name: 'every later field with a name already used',
      text: withFields('taxId', 'pixKey', 'taxId'),
      expected: [
        ['/fields/2/name', 32, used('pixKey', 0)],
        ['/fields/3/name', 35, used('taxId', 1)],
      ],
    },
    {
      name: 'a name used three times, each later one by the first',
      text: withFields('pixKey', 'pixKey'),
      expected: [
        ['/fields/1/name', 29, used('pixKey', 0)],
        ['/fields/2/name', 32, used('pixKey', 0)],
      ],
    },
  ])('reports $name', async ({ text, expected }) => {
    expect(await located(text)).toEqual(expected.map((at) => ['rails/BR-pix.yaml', 'duplicate-field', ...at]));
  });
  it('reports an error (the second field could never be filled)', async () => {
    expect((await problemsOf({ 'rails/BR-pix.yaml': withFields('pixKey') }, 'duplicate-field')).map((p) => p.severity)).toEqual(['error']);
  });
});
