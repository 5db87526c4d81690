import { describe, expect, it } from 'vitest';
import { problemsOf } from '../helpers/catalog.js';

const brazil = (status: string, currency: string, reason?: string) => ({
  'countries/BR.yaml': `code: BR\nname: Brazil\ncurrency: ${currency}\nstatus: ${status}\n${reason ? `reason: ${reason}\n` : ''}`,
});

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
    { name: 'an open country with currency null', files: brazil('open', 'null') },
    { name: 'a coming country with currency null', files: brazil('coming', 'null') },
    { name: 'an open country with currency ~', files: brazil('open', '~') },
    { name: 'a restricted country with a currency', files: brazil('restricted', 'BRL', 'international_sanctions') },
  ])('reports $name', async ({ files }) => {
    const problems = await problemsOf(files, 'country-currency');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['countries/BR.yaml', '/currency', 3, 11]]);
  });
});
