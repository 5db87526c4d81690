import { describe, expect, it } from 'vitest';
import { COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

const ARGENTINA = 'code: AR\nname: Argentina\ncurrency: ARS\nstatus: open\n';
const serving = (countries: string, phase = 'live') => ({
  'rails/BR-pix.yaml': setLine(setLine(RAIL_BR_PIX, 'countries', `countries: ${countries}`), 'phase', `phase: ${phase}`),
});
const restrictedBrazil = { 'countries/BR.yaml': `${setLine(COUNTRY_BR, 'status', 'status: restricted')}reason: restrictive_measures\n` };

describe('reference', () => {
  it('accepts a rail whose countries all have files', async () => {
    expect(await problemsOf({}, 'reference')).toEqual([]);
  });

  it.each([
    { name: 'a second served country with its file', files: { ...serving('[BR, AR]'), 'countries/AR.yaml': ARGENTINA } },
    { name: 'a planned rail serving a restricted country', files: { ...serving('[BR]', 'planned'), ...restrictedBrazil } },
    {
      name: 'a closed rail serving a restricted country',
      files: { 'rails/BR-pix.yaml': `${setLine(RAIL_BR_PIX, 'phase', 'phase: never')}reason: regulatory\n`, ...restrictedBrazil },
    },
    { name: 'a served country whose file has an unrelated schema error', files: { 'countries/BR.yaml': `${COUNTRY_BR}capital: Brasilia\n` } },
    { name: 'a code that is not ISO (iso-country reports it)', files: serving('[BR, UK]') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'reference')).toEqual([]);
  });

  it.each([
    { name: 'a served country without a file', files: serving('[BR, AR]'), pointer: '/countries/1', line: 6, column: 17, hint: 'AR' },
    { name: 'a live rail serving a restricted country', files: { ...serving('[BR]'), ...restrictedBrazil }, pointer: '/countries/0', line: 6, column: 13 },
    {
      name: 'a beta rail serving a restricted country',
      files: { ...serving('[BR]', 'beta'), ...restrictedBrazil },
      pointer: '/countries/0',
      line: 6,
      column: 13,
    },
    {
      name: 'an id prefix that is not among the countries',
      files: { ...serving('[AR]'), 'countries/AR.yaml': ARGENTINA },
      pointer: '/id',
      line: 1,
      column: 5,
      hint: 'AR-pix',
    },
  ])('reports $name', async ({ files, pointer, line, column, hint }) => {
    const problems = await problemsOf(files, 'reference');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['rails/BR-pix.yaml', pointer, line, column]]);
    if (hint) expect(problems[0].message).toContain(hint);
  });
});
