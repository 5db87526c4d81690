import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

const norway = 'code: NO\nname: Norway\ncurrency: NOK\nstatus: open\n';
const country = (code: string, name: string) => `code: ${code}\nname: ${name}\ncurrency: EUR\nstatus: open\n`;
/** The rail with a calendar on line 12 (after businessDaysOnly). */
const withCalendar = (calendar: string) => setLine(RAIL_BR_PIX, 'businessDaysOnly', `businessDaysOnly: true\n  calendar: ${calendar}`);

describe('iso-country', () => {
  it('accepts assigned codes', async () => {
    expect(await problemsOf({}, 'iso-country')).toEqual([]);
  });

  it.each([
    {
      name: 'Norway NO (a string in YAML 1.2) as a country and in a rail',
      files: { 'countries/NO.yaml': norway, 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'countries', 'countries: [BR, NO]') },
    },
    { name: 'a country-code calendar', files: { 'rails/BR-pix.yaml': withCalendar('BR') } },
    { name: 'the TARGET2 calendar', files: { 'rails/BR-pix.yaml': withCalendar('TARGET2') } },
    { name: 'a three-letter calendar that is no country (the schema judges it)', files: { 'rails/BR-pix.yaml': withCalendar('QQQ') } },
    { name: 'a one-letter calendar (the schema judges it)', files: { 'rails/BR-pix.yaml': withCalendar('Q') } },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'iso-country')).toEqual([]);
  });

  it.each([
    {
      name: "UK in a rail's countries",
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'countries', 'countries: [BR, UK]') },
      file: 'rails/BR-pix.yaml',
      pointer: '/countries/1',
      line: 6,
      column: 17,
      message: 'country UK is not an assigned ISO 3166-1 alpha-2 country code: write GB',
    },
    {
      name: "QQ in a rail's countries",
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'countries', 'countries: [QQ, BR]') },
      file: 'rails/BR-pix.yaml',
      pointer: '/countries/0',
      line: 6,
      column: 13,
      message: 'country QQ is not an assigned ISO 3166-1 alpha-2 country code: write the assigned ISO 3166-1 alpha-2 code of the country (FR, DE, GB, US...)',
    },
    {
      name: "XK (user-assigned, not ISO) in a rail's countries",
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'countries', 'countries: [BR, XK]') },
      file: 'rails/BR-pix.yaml',
      pointer: '/countries/1',
      line: 6,
      column: 17,
      message: 'country XK is not an assigned ISO 3166-1 alpha-2 country code: write the assigned ISO 3166-1 alpha-2 code of the country (FR, DE, GB, US...)',
    },
    {
      name: "EL in a rail's countries",
      files: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'countries', 'countries: [BR, EL]') },
      file: 'rails/BR-pix.yaml',
      pointer: '/countries/1',
      line: 6,
      column: 17,
      message: 'country EL is not an assigned ISO 3166-1 alpha-2 country code: write GR',
    },
    {
      name: 'a UK id prefix',
      files: { 'rails/BR-pix.yaml': null, 'rails/UK-pix.yaml': setLine(RAIL_BR_PIX, 'id', 'id: UK-pix') },
      file: 'rails/UK-pix.yaml',
      pointer: '/id',
      line: 1,
      column: 5,
      message: 'the id prefix UK is not an assigned ISO 3166-1 alpha-2 country code: write GB-pix',
    },
    {
      name: 'a UK calendar',
      files: { 'rails/BR-pix.yaml': withCalendar('UK') },
      file: 'rails/BR-pix.yaml',
      pointer: '/settlement/calendar',
      line: 12,
      column: 13,
      message: 'calendar UK is not an assigned ISO 3166-1 alpha-2 country code: write GB (or TARGET2 for the euro area)',
    },
    {
      name: 'country code UK',
      files: { 'countries/UK.yaml': country('UK', 'United Kingdom') },
      file: 'countries/UK.yaml',
      pointer: '/code',
      line: 1,
      column: 7,
      message: 'code UK is not an assigned ISO 3166-1 alpha-2 country code: write GB, and name the file after it',
    },
    {
      name: 'country code EL',
      files: { 'countries/EL.yaml': country('EL', 'Greece') },
      file: 'countries/EL.yaml',
      pointer: '/code',
      line: 1,
      column: 7,
      message: 'code EL is not an assigned ISO 3166-1 alpha-2 country code: write GR, and name the file after it',
    },
    {
      name: 'country code QQ named Germany',
      files: { 'countries/QQ.yaml': country('QQ', 'Germany') },
      file: 'countries/QQ.yaml',
      pointer: '/code',
      line: 1,
      column: 7,
      message: 'code QQ is not an assigned ISO 3166-1 alpha-2 country code: write DE, and name the file after it',
    },
    {
      name: 'country code XK',
      files: { 'countries/XK.yaml': country('XK', 'Kosovo') },
      file: 'countries/XK.yaml',
      pointer: '/code',
      line: 1,
      column: 7,
      message:
        'code XK is not an assigned ISO 3166-1 alpha-2 country code: write the assigned ISO 3166-1 alpha-2 code of the country (FR, DE, GB, US...), and name the file after it',
    },
    {
      name: 'a QQ calendar',
      files: { 'rails/BR-pix.yaml': withCalendar('QQ') },
      file: 'rails/BR-pix.yaml',
      pointer: '/settlement/calendar',
      line: 12,
      column: 13,
      message:
        'calendar QQ is not an assigned ISO 3166-1 alpha-2 country code: write the assigned ISO 3166-1 alpha-2 code of the country (FR, DE, GB, US...) (or TARGET2 for the euro area)',
    },
    {
      name: 'a QQ id prefix',
      files: { 'rails/BR-pix.yaml': null, 'rails/QQ-pix.yaml': setLine(setLine(RAIL_BR_PIX, 'id', 'id: QQ-pix'), 'countries', 'countries: [BR]') },
      file: 'rails/QQ-pix.yaml',
      pointer: '/id',
      line: 1,
      column: 5,
      message:
        'the id prefix QQ is not an assigned ISO 3166-1 alpha-2 country code: write the assigned ISO 3166-1 alpha-2 code of the country (FR, DE, GB, US...)',
    },
  ])('reports $name', async ({ files, file, pointer, line, column, message }) => {
    const problems = await problemsOf(files, 'iso-country');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([[file, pointer, line, column, 'error', message]]);
  });
});
