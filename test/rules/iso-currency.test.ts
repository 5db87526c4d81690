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
    { name: 'a withdrawn code (HRK) on a rail', files: railIn('HRK'), file: 'rails/BR-pix.yaml', hint: 'BRL' },
    { name: 'a typo (EUT) on a country', files: countryIn('EUT'), file: 'countries/BR.yaml', hint: 'EUR' },
    { name: 'a withdrawn code (HRK) on a country', files: countryIn('HRK'), file: 'countries/BR.yaml' },
    { name: 'gold (XAU)', files: railIn('XAU'), file: 'rails/BR-pix.yaml' },
    { name: 'the testing code (XTS)', files: railIn('XTS'), file: 'rails/BR-pix.yaml' },
    { name: 'no currency (XXX)', files: countryIn('XXX'), file: 'countries/BR.yaml' },
    { name: 'special drawing rights (XDR)', files: railIn('XDR'), file: 'rails/BR-pix.yaml' },
    { name: 'a bond-market unit (XBA)', files: railIn('XBA'), file: 'rails/BR-pix.yaml' },
    { name: 'a fund code (CLF)', files: railIn('CLF'), file: 'rails/BR-pix.yaml', hint: 'CLP' },
    { name: 'an unassigned code (QQQ)', files: railIn('QQQ'), file: 'rails/BR-pix.yaml' },
  ])('reports $name', async ({ files, file, hint }) => {
    const problems = await problemsOf(files, 'iso-currency');
    const line = file.startsWith('rails/') ? 5 : 3;
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([[file, '/currency', line, 11]]);
    if (hint) expect(problems[0].message).toContain(hint);
  });
});
