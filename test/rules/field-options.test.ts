import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

/** BR-pix with a second field, accountType, from line 29 (before verifiedAt). */
function withSelect(lines: string[]): string {
  return RAIL_BR_PIX.replace('verifiedAt:', `${lines.join('\n')}\nverifiedAt:`);
}

const SELECT = [
  '  - name: accountType', // 29
  '    label: { fr: Type de compte, en: Account type }', // 30
  '    type: select', // 31
  '    required: true', // 32
  '    options:', // 33
  '      - { value: CHECKING, label: { fr: Courant, en: Checking } }', // 34
  '      - { value: SAVINGS, label: { fr: Épargne, en: Savings } }', // 35
];

async function located(text: string) {
  const problems = await problemsOf({ 'rails/BR-pix.yaml': text });
  // The rail must reach the rules (a schema error would make a case pass vacuously).
  expect(problems.filter((p) => p.rule === 'schema' || p.rule === 'yaml-syntax')).toEqual([]);
  return problems.filter((p) => p.rule === 'field-options').map((p) => [p.file, p.rule, p.pointer, p.line, p.message]);
}

describe('field-options', () => {
  it.each([
    { name: 'a text field without options', text: RAIL_BR_PIX },
    { name: 'a select field with distinct options', text: withSelect(SELECT) },
    { name: 'options that normalization leaves unchanged', text: withSelect([...SELECT.slice(0, 4), '    normalize: upper', ...SELECT.slice(4)]) },
  ])('accepts $name', async ({ text }) => {
    expect(await located(text)).toEqual([]);
  });

  it.each([
    {
      name: 'a select field without options',
      text: withSelect(SELECT.slice(0, 4)),
      at: ['/fields/1/type', 31, 'select field accountType has no options: add options: [{ value: ..., label: { fr: ..., en: ... } }], one per choice'],
    },
    {
      name: 'options on a text field',
      text: setLine(RAIL_BR_PIX, 'maxLength', 'options: [{ value: CPF, label: { fr: CPF, en: CPF } }]'),
      at: ['/fields/0/options', 25, 'field pixKey has type text, and only select fields have options: remove options, or set type: select'],
    },
    {
      name: 'a repeated option value, at the second',
      text: withSelect([...SELECT.slice(0, 6), '      - { value: CHECKING, label: { fr: Épargne, en: Savings } }']),
      at: [
        '/fields/1/options/1/value',
        35,
        'option value "CHECKING" is already used by option 0 of field accountType: give each option its own value, or remove this one',
      ],
    },
    {
      name: 'an option that normalization changes (it can never be chosen)',
      text: withSelect([
        ...SELECT.slice(0, 4),
        '    normalize: upper',
        ...SELECT.slice(4, 6),
        '      - { value: savings, label: { fr: Épargne, en: Savings } }',
      ]),
      at: [
        '/fields/1/options/1/value',
        36,
        'option value "savings" can never be chosen: the field\'s normalize: upper turns every value into "SAVINGS" before comparing; write value: "SAVINGS"',
      ],
    },
  ])('reports $name', async ({ text, at }) => {
    expect(await located(text)).toEqual([['rails/BR-pix.yaml', 'field-options', ...at]]);
  });

  it('reports a value used three times at each repeat, by the first option, and checks no repeat against normalization', async () => {
    const text = withSelect([
      ...SELECT.slice(0, 4),
      '    normalize: upper',
      '    options:',
      '      - { value: CHECKING, label: { fr: Courant, en: Checking } }',
      '      - { value: CHECKING, label: { fr: Courant, en: Checking } }',
      '      - { value: savings, label: { fr: Épargne, en: Savings } }',
      '      - { value: CHECKING, label: { fr: Courant, en: Checking } }',
      '      - { value: savings, label: { fr: Épargne, en: Savings } }',
    ]);
    const repeat = 'option value "CHECKING" is already used by option 0 of field accountType: give each option its own value, or remove this one';
    expect(await located(text)).toEqual([
      ['rails/BR-pix.yaml', 'field-options', '/fields/1/options/1/value', 36, repeat],
      [
        'rails/BR-pix.yaml',
        'field-options',
        '/fields/1/options/2/value',
        37,
        'option value "savings" can never be chosen: the field\'s normalize: upper turns every value into "SAVINGS" before comparing; write value: "SAVINGS"',
      ],
      ['rails/BR-pix.yaml', 'field-options', '/fields/1/options/3/value', 38, repeat],
      [
        'rails/BR-pix.yaml',
        'field-options',
        '/fields/1/options/4/value',
        39,
        'option value "savings" is already used by option 2 of field accountType: give each option its own value, or remove this one',
      ],
    ]);
  });
  it('reports an error (a select without options cannot be filled)', async () => {
    expect((await problemsOf({ 'rails/BR-pix.yaml': withSelect(SELECT.slice(0, 4)) }, 'field-options')).map((p) => p.severity)).toEqual(['error']);
  });
});
