import { describe, expect, it } from 'vitest';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

describe('duplicate-id', () => {
  it('accepts distinct ids', async () => {
    expect(await problemsOf({}, 'duplicate-id')).toEqual([]);
  });

  it('reports the second entry with an id already used, at its id', async () => {
    // BR-pix.yaml and BR-pix2.yaml both say id: BR-pix; the second in path order is the duplicate.
    const problems = await problemsOf({ 'rails/BR-pix2.yaml': RAIL_BR_PIX }, 'duplicate-id');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      [
        'rails/BR-pix2.yaml',
        '/id',
        1,
        5,
        'error',
        'id "BR-pix" is already used by rails/BR-pix.yaml: each rail has one file; merge the two or give this one its own id',
      ],
    ]);
  });

  it('reports every later entry of an id against the first, a country by its code', async () => {
    const problems = await problemsOf({ 'countries/BR2.yaml': COUNTRY_BR, 'countries/BR3.yaml': COUNTRY_BR }, 'duplicate-id');
    const said = 'code "BR" is already used by countries/BR.yaml: each country has one file; merge the two or give this one its own code';
    expect(problems.map((p) => [p.file, p.pointer, p.message])).toEqual([
      ['countries/BR2.yaml', '/code', said],
      ['countries/BR3.yaml', '/code', said],
    ]);
  });

  it.each([
    { name: 'an asset and a rail with one id (kinds apart)', files: { 'assets/BR-pix.yaml': ASSET_USDC.replace('id: usdc', 'id: BR-pix') } },
    {
      name: 'two entries with an empty id (the schema reports them)',
      files: { 'assets/a.yaml': ASSET_USDC.replace('id: usdc', 'id: ""'), 'assets/b.yaml': ASSET_USDC.replace('id: usdc', 'id: ""') },
    },
    {
      name: 'two entries with one numeric id (the schema reports them)',
      files: { 'assets/a.yaml': ASSET_USDC.replace('id: usdc', 'id: 7'), 'assets/b.yaml': ASSET_USDC.replace('id: usdc', 'id: 7') },
    },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'duplicate-id')).toEqual([]);
  });
});
