import { describe, expect, it } from 'vitest';
import { problemsOf } from '../helpers/catalog.js';

const brazil = (status: string, currency: string, reason?: string) => ({
  'countries/BR.yaml': `code: BR\nname: Brazil\ncurrency: ${currency}\nstatus: ${status}\n${reason ? `reason: ${reason}\n` : ''}`,
});

const needsCurrency = (status: string) =>
  `an open or coming country needs its ISO 4217 currency (BR is ${status}): write the code of the currency paid out there (EUR, USD...), or status: restricted with a reason if it is refused`;

describe('country-currency', () => {
  it('accepts an open country with its currency', async () => {
    expect(await problemsOf({}, 'country-currency')).toEqual([]);
  });

  it.each([
    { name: 'a restricted country with no currency', files: brazil('restricted', 'null', 'international_sanctions') },
    { name: 'a coming country with a currency', files: brazil('coming', 'BRL') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'country-currency')).toEqual([]);
  });

  it.each([
    { name: 'an open country with currency null', files: brazil('open', 'null'), message: needsCurrency('open') },
    { name: 'a coming country with currency null', files: brazil('coming', 'null'), message: needsCurrency('coming') },
    { name: 'an open country with currency ~', files: brazil('open', '~'), message: needsCurrency('open') },
    {
      name: 'a restricted country with a currency',
      files: brazil('restricted', 'BRL', 'international_sanctions'),
      message:
        'a restricted country is published with currency null (BR is restricted, nothing is paid out there): write currency: null, and give the currency back when the country opens',
    },
  ])('reports $name', async ({ files, message }) => {
    const problems = await problemsOf(files, 'country-currency');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      ['countries/BR.yaml', '/currency', 3, 11, 'error', message],
    ]);
  });
});
