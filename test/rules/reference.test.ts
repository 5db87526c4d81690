import { describe, expect, it } from 'vitest';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

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
    {
      name: "a country file whose code is not its file name (found by file name: the code is file-name's to report)",
      files: { ...serving('[BR, AR]'), 'countries/AR.yaml': setLine(ARGENTINA, 'code', 'code: XA') },
    },
    {
      name: 'a country file whose code is not a code at all (found by file name)',
      files: { ...serving('[BR, AR]'), 'countries/AR.yaml': setLine(ARGENTINA, 'code', 'code: ar') },
    },
    {
      name: 'a country found by its code in a file of another name',
      files: { ...serving('[BR, AR]'), 'countries/XA.yaml': ARGENTINA },
    },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'reference')).toEqual([]);
  });

  const missing = (code: string) =>
    `BR-pix serves ${code}, which has no file in catalog/countries: add countries/${code}.yaml, or remove ${code} from countries`;
  const restricted = (phase: string) => `BR-pix is ${phase} but BR is restricted: remove BR from countries, or set the rail's phase to planned or never`;
  it.each([
    { name: 'a served country without a file', files: serving('[BR, AR]'), pointer: '/countries/1', line: 6, column: 17, message: missing('AR') },
    {
      name: 'a served country whose only namesake is a file of another kind',
      files: { ...serving('[BR, AR]'), 'assets/AR.yaml': ASSET_USDC },
      pointer: '/countries/1',
      line: 6,
      column: 17,
      message: missing('AR'),
    },
    {
      name: 'a served country whose file is named without .yaml',
      files: { ...serving('[BR, AR]'), 'countries/AR.yml': setLine(ARGENTINA, 'code', 'code: XA') },
      pointer: '/countries/1',
      line: 6,
      column: 17,
      message: missing('AR'),
    },
    {
      name: 'a live rail serving a restricted country',
      files: { ...serving('[BR]'), ...restrictedBrazil },
      pointer: '/countries/0',
      line: 6,
      column: 13,
      message: restricted('live'),
    },
    {
      name: 'a beta rail serving a restricted country',
      files: { ...serving('[BR]', 'beta'), ...restrictedBrazil },
      pointer: '/countries/0',
      line: 6,
      column: 13,
      message: restricted('beta'),
    },
    {
      name: 'a live rail serving a restricted country found by file name',
      files: { ...serving('[BR]'), 'countries/BR.yaml': setLine(restrictedBrazil['countries/BR.yaml'], 'code', 'code: XB') },
      pointer: '/countries/0',
      line: 6,
      column: 13,
      message: restricted('live'),
    },
    {
      name: 'an id prefix that is not among the countries',
      files: { ...serving('[AR]'), 'countries/AR.yaml': ARGENTINA },
      pointer: '/id',
      line: 1,
      column: 5,
      message: "the id starts with BR, which is not among the rail's countries (AR): add BR to countries, or rename the rail AR-pix (and its file)",
    },
    {
      name: 'an id prefix that is not among the countries, the first country code proposed for the new id',
      files: { ...serving('[UK, AR, CL]'), 'countries/AR.yaml': ARGENTINA, 'countries/CL.yaml': setLine(ARGENTINA, 'code', 'code: CL') },
      pointer: '/id',
      line: 1,
      column: 5,
      message: "the id starts with BR, which is not among the rail's countries (UK, AR, CL): add BR to countries, or rename the rail AR-pix (and its file)",
    },
    {
      name: 'an id prefix that is not among countries none of which is a code',
      files: serving('[UK]'),
      pointer: '/id',
      line: 1,
      column: 5,
      message: "the id starts with BR, which is not among the rail's countries (UK): add BR to countries",
    },
  ])('reports $name', async ({ files, pointer, line, column, message }) => {
    const problems = await problemsOf(files, 'reference');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      ['rails/BR-pix.yaml', pointer, line, column, 'error', message],
    ]);
  });

  it('takes the status of a code from the first file that holds it (duplicate-id reports the second)', async () => {
    const second = setLine(restrictedBrazil['countries/BR.yaml'], 'name', 'name: Brazil again');
    expect(await problemsOf({ 'countries/XB.yaml': second }, 'reference')).toEqual([]);
  });

  it('reports an id prefix that is not a country code no more than the schema does', async () => {
    const rail = setLine(setLine(RAIL_BR_PIX, 'id', 'id: XX-pix'), 'countries', 'countries: [BR]');
    expect(await problemsOf({ 'rails/BR-pix.yaml': rail }, 'reference')).toEqual([]);
  });
});
