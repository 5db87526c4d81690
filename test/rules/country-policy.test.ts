import { describe, expect, it } from 'vitest';
import { problemsOf } from '../helpers/catalog.js';

/** A policy list; line 7 is `effect:`, line 10 is `countries:`. */
const list = (id: string, countries: string, effect = 'status: restricted\n  reason: money_laundering_risk', asOf = '2026-06-19') =>
  `id: ${id}\nname: A list\npublisher: A publisher\nurl: https://example.org/list\nasOf: "${asOf}"\nscope: The whole list.\neffect:\n  ${effect}\ncountries: ${countries}\n`;
const grey = (countries: string) => ({ 'policies/grey.yaml': list('grey', countries) });
const embargo = (countries: string) => ({ 'policies/embargo.yaml': list('embargo', countries, 'status: restricted\n  reason: international_sanctions') });
const watch = (countries: string) => ({ 'policies/watch.yaml': list('watch', countries, 'status: coming') });

const country = (code: string, status: string, reason?: string) => ({
  [`countries/${code}.yaml`]: `code: ${code}\nname: Somewhere\ncurrency: ${status === 'restricted' ? 'null' : 'EUR'}\nstatus: ${status}\n${reason ? `reason: ${reason}\n` : ''}`,
});
const BY = '(A publisher, as of 2026-06-19)';
const AR = (status: string, reason?: string) => country('AR', status, reason);

describe('country-policy', () => {
  it.each([
    { name: 'no list and no restricted country', files: {} },
    { name: "a listed country restricted with the list's reason", files: { ...grey('[AR]'), ...AR('restricted', 'money_laundering_risk') } },
    { name: 'the strongest reason of two lists', files: { ...grey('[AR]'), ...embargo('[AR]'), ...AR('restricted', 'international_sanctions') } },
    { name: 'a coming country on an "at least coming" list', files: { ...watch('[AR]'), ...AR('coming') } },
    {
      name: 'a restricted country on an "at least coming" list and a restricting one',
      files: { ...watch('[AR]'), ...grey('[AR]'), ...AR('restricted', 'money_laundering_risk') },
    },
    { name: 'a listed code without a country file', files: grey('[AR, VG]') },
    { name: 'a restricted country on an "at least coming" list only', files: { ...watch('[AR]'), ...AR('restricted', 'money_laundering_risk') } },
    {
      name: 'a list dated today',
      files: { 'policies/grey.yaml': list('grey', '[AR]', undefined, '2026-11-22'), ...AR('restricted', 'money_laundering_risk') },
    },
    {
      name: 'a restricted country on a coming list listed first and a restricting one',
      files: { 'policies/a-watch.yaml': list('a-watch', '[AR]', 'status: coming'), ...grey('[AR]'), ...AR('restricted', 'money_laundering_risk') },
    },
    { name: 'an open country on no list', files: { ...grey('[AR]'), ...AR('restricted', 'money_laundering_risk'), ...country('CL', 'open') } },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'country-policy')).toEqual([]);
  });

  it.each([
    {
      name: 'a listed country left open',
      files: { ...grey('[AR]'), ...AR('open') },
      file: 'countries/AR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
      message:
        'AR is on grey: grey (A publisher, as of 2026-06-19) requires status: restricted with reason: money_laundering_risk and currency: null; rails serving AR then become planned or never',
    },
    {
      name: 'a listed country left coming',
      files: { ...grey('[AR]'), ...AR('coming') },
      file: 'countries/AR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
      message:
        'AR is on grey: grey (A publisher, as of 2026-06-19) requires status: restricted with reason: money_laundering_risk and currency: null; rails serving AR then become planned or never',
    },
    {
      name: 'a restricted country with a weaker reason than its strongest list',
      files: { ...grey('[AR]'), ...embargo('[AR]'), ...AR('restricted', 'money_laundering_risk') },
      file: 'countries/AR.yaml',
      pointer: '/reason',
      line: 5,
      column: 9,
      message:
        'the strongest list holding AR is embargo (A publisher, as of 2026-06-19), which gives reason international_sanctions, not money_laundering_risk: write reason: international_sanctions',
    },
    {
      name: "a restricted country with another list's reason",
      files: { ...grey('[AR]'), ...AR('restricted', 'restrictive_measures') },
      file: 'countries/AR.yaml',
      pointer: '/reason',
      line: 5,
      column: 9,
      message:
        'the strongest list holding AR is grey (A publisher, as of 2026-06-19), which gives reason money_laundering_risk, not restrictive_measures: write reason: money_laundering_risk',
    },
    {
      name: 'a restricted country on no list',
      files: AR('restricted', 'money_laundering_risk'),
      file: 'countries/AR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
      message:
        "AR is restricted but no list of catalog/policies holds it: write status: open (or coming) without a reason and with its currency, or add AR to the list that justifies the restriction (a decision of the provider's own goes in a list of its own under catalog/policies)",
    },
    {
      name: 'an open country on an "at least coming" list',
      files: { ...watch('[AR]'), ...AR('open') },
      file: 'countries/AR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
      message: 'AR is on watch (A publisher, as of 2026-06-19), which allows it at most coming: write status: coming, or restricted with a reason',
    },
    {
      name: 'a list code that is not ISO, though a country file has it (iso-country reports the file)',
      files: { ...grey('[AR, UK]'), ...AR('restricted', 'money_laundering_risk'), ...country('UK', 'open') },
      file: 'policies/grey.yaml',
      pointer: '/countries/1',
      line: 10,
      column: 17,
      message:
        'UK is not an ISO 3166-1 alpha-2 country code: write the code of the listed jurisdiction (GB, not UK), or leave out a jurisdiction that has none',
    },
    {
      name: 'a list code that is not ISO',
      files: { ...grey('[AR, UK]'), ...AR('restricted', 'money_laundering_risk') },
      file: 'policies/grey.yaml',
      pointer: '/countries/1',
      line: 10,
      column: 17,
      message:
        'UK is not an ISO 3166-1 alpha-2 country code: write the code of the listed jurisdiction (GB, not UK), or leave out a jurisdiction that has none',
    },
    {
      name: 'a list dated in the future',
      files: { 'policies/grey.yaml': list('grey', '[AR]', undefined, '2027-02-13'), ...AR('restricted', 'money_laundering_risk') },
      file: 'policies/grey.yaml',
      pointer: '/asOf',
      line: 5,
      column: 7,
      message: 'asOf 2027-02-13 is in the future (today is 2026-11-22): write the date of the publication the countries were copied from',
    },
    {
      name: 'a country on two lists of the same strength left open (the first list named)',
      files: { ...grey('[AR]'), 'policies/grey2.yaml': list('grey2', '[AR]'), ...AR('open') },
      file: 'countries/AR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
      message: `AR is on grey, grey2: grey ${BY} requires status: restricted with reason: money_laundering_risk and currency: null; rails serving AR then become planned or never`,
    },
    {
      name: 'a country on a weaker list and a stronger one left open (the stronger named)',
      files: { ...grey('[AR]'), 'policies/measures.yaml': list('measures', '[AR]', 'status: restricted\n  reason: restrictive_measures'), ...AR('open') },
      file: 'countries/AR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
      message: `AR is on grey, measures: measures ${BY} requires status: restricted with reason: restrictive_measures and currency: null; rails serving AR then become planned or never`,
    },
  ])('reports $name', async ({ files, file, pointer, line, column, message }) => {
    const problems = await problemsOf(files, 'country-policy');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([[file, pointer, line, column, 'error', message]]);
  });

  it("judges the bundled lists' shape with the schema: reason required with restricted, refused with coming", async () => {
    const problems = await problemsOf(
      {
        'policies/a.yaml': list('a', '[AR]', 'status: restricted'),
        'policies/b.yaml': list('b', '[AR]', 'status: coming\n  reason: money_laundering_risk'),
      },
      'schema',
    );
    expect(problems.map((p) => p.file).sort()).toEqual(['policies/a.yaml', 'policies/b.yaml']);
  });
});
