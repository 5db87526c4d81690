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

  const clash = (name: string, where = 'BR') =>
    `BR-ted has the name ${JSON.stringify(name)}, like BR-pix (rails/BR-pix.yaml), and both serve ${where}: give this rail its own name (for example ${JSON.stringify(`${name} (ted)`)})`;
  it.each([
    { name: 'the same name', files: ted('Pix'), message: clash('Pix') },
    { name: 'the same name in other case and spacing', files: ted('"  PIX "'), message: clash('  PIX ') },
    { name: 'the same name with inner spaces doubled', files: ted('"My  Pix"'), other: 'My Pix', message: clash('My  Pix') },
    { name: 'the same name in a full-width form (NFKC)', files: ted('Ｐｉｘ'), message: clash('Ｐｉｘ') },
    { name: 'the same name, sharing one country of several', files: { ...PT, ...ted('Pix', '[PT, BR]') }, message: clash('Pix') },
    {
      name: 'the same name, sharing two countries (named in code order)',
      files: { ...PT, ...ted('Pix', '[PT, BR]'), 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'countries', 'countries: [PT, BR]') },
      message: clash('Pix', 'BR, PT'),
    },
  ])("reports $name, at the later rail's name", async ({ files, other, message }) => {
    const pix = other ? { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', `name: ${other}`) } : {};
    const problems = await problemsOf({ ...pix, ...files }, 'duplicate-name');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([['rails/BR-ted.yaml', '/name', 3, 7, 'error', message]]);
  });

  it('names, for a rail clashing with two others, the first clash and its countries only', async () => {
    const pt = {
      'rails/AA-pt.yaml': setLine(
        setLine(setLine(setLine(RAIL_BR_PIX, 'id', 'id: AA-pt'), 'slug', 'slug: pt'), 'countries', 'countries: [PT]'),
        'currency',
        'currency: EUR',
      ),
    };
    const problems = await problemsOf({ ...PT, ...pt, ...ted('Pix', '[BR, PT]') }, 'duplicate-name');
    expect(problems.map((p) => [p.file, p.message])).toEqual([['rails/BR-ted.yaml', clash('Pix')]]);
  });

  it('accepts a rail that lists its country twice (the schema reports it)', async () => {
    expect(await problemsOf({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'countries', 'countries: [BR, BR]') }, 'duplicate-name')).toEqual([]);
  });

  it('reports a third rail of the name against the first, once', async () => {
    const third = {
      'rails/BR-tef.yaml': setLine(setLine(setLine(RAIL_BR_PIX, 'id', 'id: BR-tef'), 'slug', 'slug: tef'), 'name', 'name: PIX'),
    };
    const problems = await problemsOf({ ...ted('Pix'), ...third }, 'duplicate-name');
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      ['rails/BR-ted.yaml', clash('Pix')],
      [
        'rails/BR-tef.yaml',
        'BR-tef has the name "PIX", like BR-pix (rails/BR-pix.yaml), and both serve BR: give this rail its own name (for example "PIX (tef)")',
      ],
    ]);
  });
});
