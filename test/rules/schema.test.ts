import { describe, expect, it } from 'vitest';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

const rail = (key: string, line: string) => ({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, key, line) });

describe('schema', () => {
  it('accepts the valid fixtures', async () => {
    expect(await problemsOf({}, 'schema')).toEqual([]);
  });

  it.each([
    {
      name: 'a missing property, at the parent mapping',
      files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('verifiedAt: "2026-10-01"\n', '') },
      pointer: '',
      line: 1,
      column: 1,
    },
    { name: 'a missing nested property', files: rail('bps', 'bp: 50'), pointer: '/fees', line: 17, column: 3 },
    { name: 'an unknown property, at its key', files: rail('bps', 'bps: 50\n  percent: 1'), pointer: '/fees/percent', line: 19, column: 3 },
    { name: 'an unknown kind', files: rail('kind', 'kind: instant'), pointer: '/kind', line: 4, column: 7 },
    { name: 'a lowercase currency', files: rail('currency', 'currency: brl'), pointer: '/currency', line: 5, column: 11 },
    { name: 'a currency of four letters', files: rail('currency', 'currency: BRLX'), pointer: '/currency', line: 5, column: 11 },
    { name: 'an impossible date', files: rail('verifiedAt', 'verifiedAt: "2026-02-30"'), pointer: '/verifiedAt', line: 29, column: 13 },
    { name: 'a date in another format', files: rail('verifiedAt', 'verifiedAt: 01/10/2026'), pointer: '/verifiedAt', line: 29, column: 13 },
    { name: 'a boolean written yes', files: rail('businessDaysOnly', 'businessDaysOnly: no'), pointer: '/settlement/businessDaysOnly', line: 11, column: 21 },
    { name: 'an integer written as text', files: rail('bps', 'bps: "50"'), pointer: '/fees/bps', line: 18, column: 8 },
    { name: 'a country list item of three letters', files: rail('countries', 'countries: [BR, BRA]'), pointer: '/countries/1', line: 6, column: 17 },
    { name: 'a repeated country', files: rail('countries', 'countries: [BR, BR]'), pointer: '/countries/1', line: 6, column: 17 },
    { name: 'an empty label', files: rail('label', 'label: { fr: "", en: Pix key }'), pointer: '/fields/0/label/fr', line: 21, column: 18 },
    { name: 'rails written in a country file', files: { 'countries/BR.yaml': `${COUNTRY_BR}rails: [BR-pix]\n` }, pointer: '/rails', line: 5, column: 1 },
    {
      name: 'minDepositBase with a leading zero',
      files: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'minDepositBase', 'minDepositBase: "010"') },
      pointer: '/minDepositBase',
      line: 8,
      column: 17,
    },
    {
      name: 'an unquoted minDepositBase',
      files: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'minDepositBase', 'minDepositBase: 10000000') },
      pointer: '/minDepositBase',
      line: 8,
      column: 17,
    },
    {
      name: 'an unknown network',
      files: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'networks', 'networks: [ethereum, solana, erc20]') },
      pointer: '/networks/2',
      line: 5,
      column: 30,
    },
  ])('reports $name', async ({ files, pointer, line, column }) => {
    const problems = await problemsOf(files, 'schema');
    expect(problems.map((p) => [p.pointer, p.line, p.column])).toContainEqual([pointer, line, column]);
  });

  it.each([
    { name: 'an example with a leading zero', text: setLine(RAIL_BR_PIX, 'examples', 'examples: [012345]'), quoted: '"012345"', line: 27 },
    { name: 'a name read as a boolean', text: setLine(RAIL_BR_PIX, 'name', 'name: true'), quoted: '"true"', line: 3 },
    { name: 'a slug read as a number', text: setLine(RAIL_BR_PIX, 'slug', 'slug: 1e3'), quoted: '"1e3"', line: 2 },
  ])('tells the analyst to quote $name', async ({ text, quoted, line }) => {
    const problems = await problemsOf({ 'rails/BR-pix.yaml': text }, 'schema');
    expect(problems).toHaveLength(1);
    expect(problems[0].line).toBe(line);
    expect(problems[0].message).toContain(quoted);
  });

  it('suggests the closest allowed value', async () => {
    const [problem] = await problemsOf(rail('kind', 'kind: instant_bnk'), 'schema');
    expect(problem.message).toContain('"instant_bank"');
  });

  it.each([
    { written: 'sanctions', says: '"sanctions" is not an allowed reason; did you mean "international_sanctions"? Write one of: international_sanctions, ' },
    { written: 'whatever', says: '"whatever" is not an allowed reason. Write one of: international_sanctions, ' },
  ])('punctuates the allowed values of $written as a sentence', async ({ written, says }) => {
    const [problem] = await problemsOf(rail('phase', `phase: never\nreason: ${written}`), 'schema');
    expect(problem.message.startsWith(says), problem.message).toBe(true);
  });
});

describe('rules on an entry the schema refused', () => {
  it('still reports the other problems of the entry, once, and nothing about its broken parts', async () => {
    const text = RAIL_BR_PIX.replace('currency: BRL', 'currency: brl').replace('countries: [BR]', 'countries: [BR, UK]');
    const problems = await problemsOf({ 'rails/BR-pix.yaml': text, 'rails/BR-pix2.yaml': text });
    expect(problems.map((p) => [p.file, p.rule, p.pointer, p.line]).sort()).toEqual(
      [
        ['rails/BR-pix.yaml', 'iso-country', '/countries/1', 6],
        ['rails/BR-pix.yaml', 'schema', '/currency', 5],
        ['rails/BR-pix2.yaml', 'duplicate-id', '/id', 1],
        ['rails/BR-pix2.yaml', 'file-name', '/id', 1],
        ['rails/BR-pix2.yaml', 'iso-country', '/countries/1', 6],
        ['rails/BR-pix2.yaml', 'schema', '/currency', 5],
      ].sort(),
    );
  });
});
