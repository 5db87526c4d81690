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
      message: 'name is still TODO: fill in name: Display name (Pix, SEPA Instant Credit Transfer).',
    },
    {
      name: 'a ticker matching its pattern',
      files: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'ticker', 'ticker: TODO') },
      file: 'assets/usdc.yaml',
      pointer: '/ticker',
      line: 2,
      column: 9,
      message: 'ticker is still TODO: fill in ticker: Ticker symbol, uppercase letters and digits (USDC, BTC).',
    },
    {
      name: 'a country name',
      files: { 'countries/BR.yaml': setLine(COUNTRY_BR, 'name', 'name: TODO') },
      file: 'countries/BR.yaml',
      pointer: '/name',
      line: 2,
      column: 7,
      message: 'name is still TODO: fill in name: Country name in English (France).',
    },
    {
      name: 'a name spelled with an escape',
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', 'name: "\\x54ODO"') },
      file: 'rails/BR-pix.yaml',
      pointer: '/name',
      line: 3,
      column: 7,
      message: 'name is still TODO: fill in name: Display name (Pix, SEPA Instant Credit Transfer).',
    },
    {
      name: 'a name joined over two lines by a backslash',
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', 'name: "TO\\\n  DO"') },
      file: 'rails/BR-pix.yaml',
      pointer: '/name',
      line: 3,
      column: 7,
      message: 'name is still TODO: fill in name: Display name (Pix, SEPA Instant Credit Transfer).',
    },
    {
      name: 'a label inside a field',
      files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('label: { fr: Clé Pix, en: Pix key }', 'label: { fr: TODO, en: Pix key }') },
      file: 'rails/BR-pix.yaml',
      pointer: '/fields/0/label/fr',
      line: 21,
      column: 18,
      message: 'fr is still TODO: fill in fr: French text.',
    },
    {
      name: 'an item of a list',
      files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('examples: ["+5511987654321"]', 'examples: ["+5511987654321", TODO]') },
      file: 'rails/BR-pix.yaml',
      pointer: '/fields/0/examples/1',
      line: 27,
      column: 34,
      message: 'item 2 of examples is still TODO: fill in item 2 of examples',
    },
  ])('reports $name', async ({ files, file, pointer, line, column, message }) => {
    const problems = await problemsOf(files, 'placeholder');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([[file, pointer, line, column]]);
    expect(problems.map((p) => [p.severity, p.message])).toEqual([['error', message]]);
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
