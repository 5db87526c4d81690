import { describe, expect, it } from 'vitest';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

describe('placeholder', () => {
  it('accepts entries without TODO, and TODO inside a longer text', async () => {
    expect(await problemsOf({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', 'name: TODO list app') }, 'placeholder')).toEqual([]);
  });

  it.each([
    {
      name: 'a name the schema accepts',
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', 'name: TODO') },
      file: 'rails/BR-pix.yaml',
      pointer: '/name',
      line: 3,
      column: 7,
      hint: 'Display name',
    },
    {
      name: 'a ticker matching its pattern',
      files: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'ticker', 'ticker: TODO') },
      file: 'assets/usdc.yaml',
      pointer: '/ticker',
      line: 2,
      column: 9,
      hint: 'Ticker symbol',
    },
    {
      name: 'a country name',
      files: { 'countries/BR.yaml': setLine(COUNTRY_BR, 'name', 'name: TODO') },
      file: 'countries/BR.yaml',
      pointer: '/name',
      line: 2,
      column: 7,
      hint: 'Country name in English',
    },
    {
      name: 'a name spelled with an escape',
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', 'name: "\\x54ODO"') },
      file: 'rails/BR-pix.yaml',
      pointer: '/name',
      line: 3,
      column: 7,
      hint: 'Display name',
    },
    {
      name: 'a name joined over two lines by a backslash',
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', 'name: "TO\\\n  DO"') },
      file: 'rails/BR-pix.yaml',
      pointer: '/name',
      line: 3,
      column: 7,
      hint: 'Display name',
    },
    {
      name: 'a label inside a field',
      files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('label: { fr: Clé Pix, en: Pix key }', 'label: { fr: TODO, en: Pix key }') },
      file: 'rails/BR-pix.yaml',
      pointer: '/fields/0/label/fr',
      line: 21,
      column: 18,
      hint: 'French text',
    },
  ])('reports $name', async ({ files, file, pointer, line, column, hint }) => {
    const problems = await problemsOf(files, 'placeholder');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([[file, pointer, line, column]]);
    expect(problems[0].message).toMatch(/is still TODO: fill in /);
    expect(problems[0].message).toContain(hint);
  });

  it('leaves a TODO the schema refuses to the schema check, with the same words and no second problem', async () => {
    const problems = await problemsOf({ 'rails/BR-pix.yaml': setLine(setLine(RAIL_BR_PIX, 'kind', 'kind: TODO'), 'bps', 'bps: TODO') });
    expect(problems.map((p) => [p.rule, p.pointer])).toEqual([
      ['schema', '/kind'],
      ['schema', '/fees/bps'],
    ]);
    expect(problems[0].message).toMatch(/kind is still TODO: fill in kind: .*Write one of: instant_bank/);
    expect(problems[1].message).toMatch(/bps is still TODO: fill in bps: Proportional fee/);
  });
});
