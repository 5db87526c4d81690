import { describe, expect, it } from 'vitest';
import { COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

const railIn = (currency: string) => ({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'currency', `currency: ${currency}`) });
const countryIn = (currency: string) => ({ 'countries/BR.yaml': setLine(COUNTRY_BR, 'currency', `currency: ${currency}`) });

describe('iso-currency', () => {
  it('accepts active currencies', async () => {
    expect(await problemsOf({}, 'iso-currency')).toEqual([]);
  });

  it.each([
    { name: 'JPY (0 decimals)', files: railIn('JPY') },
    { name: 'KWD (3 decimals)', files: railIn('KWD') },
    { name: 'XOF (an X code that is a real currency)', files: railIn('XOF') },
    {
      name: 'a restricted country with no currency',
      files: { 'countries/BR.yaml': 'code: BR\nname: Brazil\ncurrency: null\nstatus: restricted\nreason: restrictive_measures\n' },
    },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'iso-currency')).toEqual([]);
  });

  it.each([
    {
      name: 'a withdrawn code (HRK) on a rail',
      files: railIn('HRK'),
      file: 'rails/BR-pix.yaml',
      message:
        'HRK is not an active ISO 4217 currency code (ISO 4217 list published 2024-06-25; withdrawn codes are refused): write the active code; did you mean BRL?',
    },
    {
      name: 'a typo (EUT) on a country',
      files: countryIn('EUT'),
      file: 'countries/BR.yaml',
      message:
        'EUT is not an active ISO 4217 currency code (ISO 4217 list published 2024-06-25; withdrawn codes are refused): write the active code; did you mean EUR?',
    },
    {
      name: 'a withdrawn code (HRK) on a country',
      files: countryIn('HRK'),
      file: 'countries/BR.yaml',
      message:
        'HRK is not an active ISO 4217 currency code (ISO 4217 list published 2024-06-25; withdrawn codes are refused): write the active code (EUR, USD, GBP...)',
    },
    {
      name: 'gold (XAU)',
      files: railIn('XAU'),
      file: 'rails/BR-pix.yaml',
      message: 'XAU is gold in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out (BRL?)',
    },
    {
      name: 'the testing code (XTS)',
      files: railIn('XTS'),
      file: 'rails/BR-pix.yaml',
      message: 'XTS is the code reserved for testing in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out (BRL?)',
    },
    {
      name: 'no currency (XXX)',
      files: countryIn('XXX'),
      file: 'countries/BR.yaml',
      message:
        'XXX is the code for "no currency" in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out (EUR, USD, GBP...)',
    },
    {
      name: 'special drawing rights (XDR)',
      files: railIn('XDR'),
      file: 'rails/BR-pix.yaml',
      message:
        'XDR is the IMF special drawing right, a unit of account in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out (BRL?)',
    },
    {
      name: 'a bond-market unit (XBA)',
      files: railIn('XBA'),
      file: 'rails/BR-pix.yaml',
      message: 'XBA is a bond-market unit in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out (BRL?)',
    },
    {
      name: 'a fund code (CLF)',
      files: railIn('CLF'),
      file: 'rails/BR-pix.yaml',
      message: 'CLF is an ISO 4217 fund code (a unit of account), not the currency a payout is made in: write CLP',
    },
    {
      name: 'an unassigned code (QQQ)',
      files: railIn('QQQ'),
      file: 'rails/BR-pix.yaml',
      message:
        'QQQ is not an active ISO 4217 currency code (ISO 4217 list published 2024-06-25; withdrawn codes are refused): write the active code; did you mean BRL?',
    },
    {
      name: 'a withdrawn code on a rail serving two countries (their currencies proposed, sorted, once each)',
      files: {
        ...railIn('HRK'),
        'rails/BR-pix.yaml': setLine(setLine(RAIL_BR_PIX, 'currency', 'currency: HRK'), 'countries', 'countries: [PT, BR, FR, XX]'),
        'countries/FR.yaml': 'code: FR\nname: France\ncurrency: EUR\nstatus: open\n',
        'countries/PT.yaml': 'code: PT\nname: Portugal\ncurrency: EUR\nstatus: open\n',
      },
      file: 'rails/BR-pix.yaml',
      message:
        'HRK is not an active ISO 4217 currency code (ISO 4217 list published 2024-06-25; withdrawn codes are refused): write the active code; did you mean BRL or EUR?',
    },
  ])('reports $name', async ({ files, file, message }) => {
    const problems = await problemsOf(files, 'iso-currency');
    const line = file.startsWith('rails/') ? 5 : 3;
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([[file, '/currency', line, 11, 'error', message]]);
  });

  it('proposes no currency from a country whose own currency is not one', async () => {
    const problems = await problemsOf({ ...railIn('XAU'), ...countryIn('XAU') }, 'iso-currency');
    const gold = 'XAU is gold in ISO 4217, not a currency a payout is made in: write the ISO 4217 code of the currency paid out (EUR, USD, GBP...)';
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      ['countries/BR.yaml', gold],
      ['rails/BR-pix.yaml', gold],
    ]);
  });

  it.each([
    {
      name: 'proposes at most three near codes',
      files: countryIn('SDD'),
      file: 'countries/BR.yaml',
      message:
        'SDD is not an active ISO 4217 currency code (ISO 4217 list published 2024-06-25; withdrawn codes are refused): write the active code; did you mean SBD or SDG or SGD?',
    },
    {
      name: "proposes the currency of a country's first file (duplicate-id reports the second)",
      files: { ...railIn('HRK'), 'countries/XB.yaml': setLine(COUNTRY_BR, 'currency', 'currency: EUR') },
      file: 'rails/BR-pix.yaml',
      message:
        'HRK is not an active ISO 4217 currency code (ISO 4217 list published 2024-06-25; withdrawn codes are refused): write the active code; did you mean BRL?',
    },
  ])('$name', async ({ files, file, message }) => {
    const problems = await problemsOf(files, 'iso-currency');
    expect(problems.map((p) => [p.file, p.message])).toEqual([[file, message]]);
  });
});
