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
  it('accepts the fixture (p50 1, p95 10, no cut-off)', async () => {
    expect(await problemsOf({}, 'settlement')).toEqual([]);
  });

  it.each([
    { name: 'p50 equal to p95', files: delays(10, 10) },
    { name: 'a cut-off in Europe/Paris', files: cutoffIn('Europe/Paris') },
    { name: 'a cut-off in America/Sao_Paulo', files: cutoffIn('America/Sao_Paulo') },
    { name: 'a cut-off in UTC', files: cutoffIn('UTC') },
    { name: 'a cut-off in Etc/UTC', files: cutoffIn('Etc/UTC') },
    { name: 'a cut-off in a zone link (Asia/Calcutta)', files: cutoffIn('Asia/Calcutta') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'settlement')).toEqual([]);
  });

  it('reports p50Minutes above p95Minutes, at p95Minutes', async () => {
    const problems = await problemsOf(delays(20, 10), 'settlement');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['rails/BR-pix.yaml', '/settlement/p95Minutes', 10, 15]]);
  });

  it.each([
    { zone: 'europe/paris', hint: 'Europe/Paris' },
    { zone: 'Europe/Pariss', hint: 'Europe/Paris' },
    { zone: 'utc', hint: 'UTC' },
    { zone: 'Mars/Olympus_Mons' },
    { zone: '"+01:00"' },
    { zone: 'CEST' },
  ])('reports the time zone $zone', async ({ zone, hint }) => {
    const problems = await problemsOf(cutoffIn(zone), 'settlement');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['rails/BR-pix.yaml', '/settlement/cutoff/timeZone', 12, 38]]);
    if (hint) expect(problems[0].message).toContain(hint);
  });
});
