import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

/** The rail with a cut-off on line 12 (after businessDaysOnly); the zone starts at column 38. */
const cutoffIn = (timeZone: string) => ({
  'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'businessDaysOnly', `businessDaysOnly: true\n  cutoff: { time: "16:00", timeZone: ${timeZone} }`),
});
const delays = (p50: number, p95: number) => ({
  'rails/BR-pix.yaml': setLine(setLine(RAIL_BR_PIX, 'p50Minutes', `p50Minutes: ${p50}`), 'p95Minutes', `p95Minutes: ${p95}`),
});

describe('settlement', () => {
  // First of the file: the list of zones is made on the first cut-off checked, so this test sees it made.
  it('judges names against the list of zones from its first use: canonical case, UTC, and a name to propose', async () => {
    const problems = await problemsOf(
      {
        ...cutoffIn('America/Sao_paulo'),
        'rails/BR-ted.yaml': setLine(setLine(setLine(cutoffIn('utc')['rails/BR-pix.yaml'], 'id', 'id: BR-ted'), 'slug', 'slug: ted'), 'name', 'name: TED'),
        'rails/BR-doc.yaml': setLine(setLine(setLine(cutoffIn('UTC')['rails/BR-pix.yaml'], 'id', 'id: BR-doc'), 'slug', 'slug: doc'), 'name', 'name: DOC'),
      },
      'settlement',
    );
    const notAZone = ' is not an IANA time zone: write one such as Europe/Paris or America/New_York; did you mean ';
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      ['rails/BR-pix.yaml', `"America/Sao_paulo"${notAZone}"America/Sao_Paulo"?`],
      ['rails/BR-ted.yaml', `"utc"${notAZone}"UTC"?`],
    ]);
  });

  it('accepts the fixture (p50 1, p95 10, no cut-off)', async () => {
    expect(await problemsOf({}, 'settlement')).toEqual([]);
  });

  it.each([
    { name: 'p50 equal to p95', files: delays(10, 10) },
    { name: 'a cut-off in Europe/Paris', files: cutoffIn('Europe/Paris') },
    { name: 'a cut-off in America/Sao_Paulo', files: cutoffIn('America/Sao_Paulo') },
    { name: 'a cut-off in UTC', files: cutoffIn('UTC') },
    { name: 'a cut-off in Etc/UTC', files: cutoffIn('Etc/UTC') },
    { name: 'a cut-off in Asia/Calcutta', files: cutoffIn('Asia/Calcutta') },
    { name: 'a cut-off in Asia/Kolkata', files: cutoffIn('Asia/Kolkata') },
    { name: 'a cut-off in a zone link (US/Eastern)', files: cutoffIn('US/Eastern') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'settlement')).toEqual([]);
  });

  it.each([
    { p50: 20, p95: 10 },
    { p50: 11, p95: 10 },
  ])('reports p50Minutes $p50 above p95Minutes $p95, at p95Minutes', async ({ p50, p95 }) => {
    const problems = await problemsOf(delays(p50, p95), 'settlement');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      [
        'rails/BR-pix.yaml',
        '/settlement/p95Minutes',
        10,
        15,
        'error',
        `p95Minutes ${p95} is below p50Minutes ${p50}: the 95th percentile is at least the median; write p95Minutes: ${p50} or more`,
      ],
    ]);
  });

  const notAZone = (zone: string) => `${JSON.stringify(zone)} is not an IANA time zone: write one such as Europe/Paris or America/New_York`;
  it.each([
    { name: 'all lower case', zone: 'europe/paris', hint: '; did you mean "Europe/Paris"?' },
    { name: 'a misspelt city', zone: 'Europe/Pariss', hint: '; did you mean "Europe/Paris"?' },
    { name: 'UTC in lower case', zone: 'utc', hint: '; did you mean "UTC"?' },
    { name: 'a canonical name with one part wrongly cased', zone: 'America/Sao_paulo', hint: '; did you mean "America/Sao_Paulo"?' },
    { name: 'a canonical name with its last part in capitals', zone: 'Europe/PARIS', hint: '; did you mean "Europe/Paris"?' },
    { name: 'a link with a part in lower case', zone: 'US/eastern', hint: '' },
    { name: 'a link with a part whose capital is not first', zone: 'US/eAstern', hint: '' },
    { name: 'a zone no one has', zone: 'Mars/Olympus_Mons', hint: '' },
    { name: 'an offset', zone: '"+01:00"', hint: '' },
    { name: 'an abbreviation', zone: 'CEST', hint: '' },
  ])('reports $name ($zone), at the zone', async ({ zone, hint }) => {
    const problems = await problemsOf(cutoffIn(zone), 'settlement');
    const written = zone.replace(/^"|"$/g, '');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      ['rails/BR-pix.yaml', '/settlement/cutoff/timeZone', 12, 38, 'error', notAZone(written) + hint],
    ]);
  });

  it('judges a name the same way when several rails use it (links accepted, wrong case refused each time)', async () => {
    const second = (zone: string) => ({
      'rails/BR-ted.yaml': setLine(setLine(setLine(cutoffIn(zone)['rails/BR-pix.yaml'], 'id', 'id: BR-ted'), 'slug', 'slug: ted'), 'name', 'name: TED'),
    });
    const problems = await problemsOf({ ...cutoffIn('US/Eastern'), ...second('US/Eastern') }, 'settlement');
    expect(problems).toEqual([]);
    const wrong = await problemsOf({ ...cutoffIn('US/eastern'), ...second('US/eastern') }, 'settlement');
    expect(wrong.map((p) => p.file)).toEqual(['rails/BR-pix.yaml', 'rails/BR-ted.yaml']);
  });
});
