import { describe, expect, it } from 'vitest';
import { COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

/** A rail copied from BR-pix as BR-ted, with the name and countries given. */
const ted = (name: string, countries = '[BR]') => ({
  'rails/BR-ted.yaml': setLine(
    setLine(setLine(setLine(RAIL_BR_PIX, 'id', 'id: BR-ted'), 'slug', 'slug: ted'), 'name', `name: ${name}`),
    'countries',
    `countries: ${countries}`,
  ),
});
const PT = { 'countries/PT.yaml': COUNTRY_BR.replace('code: BR', 'code: PT').replace('name: Brazil', 'name: Portugal').replace('BRL', 'EUR') };

describe('duplicate-name', () => {
  it.each([
    { name: 'two rails of one country with different names', files: ted('TED') },
    { name: 'one name in two countries that no rail shares', files: { ...PT, ...ted('Pix', '[PT]') } },
    { name: 'a name that only contains the other', files: ted('Pix Garantido') },
    { name: 'a second file of the same id (duplicate-id reports it, not this rule)', files: { 'rails/BR-pix2.yaml': RAIL_BR_PIX } },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'duplicate-name')).toEqual([]);
  });

  it.each([
    { name: 'the same name', files: ted('Pix') },
    { name: 'the same name in other case and spacing', files: ted('"  PIX "') },
    { name: 'the same name in a full-width form (NFKC)', files: ted('Ｐｉｘ') },
    { name: 'the same name, sharing one country of several', files: { ...PT, ...ted('Pix', '[PT, BR]') } },
  ])("reports $name, at the later rail's name", async ({ files }) => {
    const problems = await problemsOf(files, 'duplicate-name');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['rails/BR-ted.yaml', '/name', 3, 7]]);
    expect(problems[0].message).toMatch(/BR-pix \(rails\/BR-pix\.yaml\), and both serve BR: give this rail its own name/);
  });
});
