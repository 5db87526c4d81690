import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine, TODAY, VALID, wholeBase } from '../helpers/catalog.js';

const verified = (date: string) => ({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'verifiedAt', `verifiedAt: "${date}"`) });

/** The catalog at a base revision where BR-pix was verified on `date`. */
function baseWith(date: string) {
  return wholeBase({ ...VALID, ...verified(date) });
}

describe('verified-at', () => {
  it('accepts a past verification', async () => {
    expect(await problemsOf({}, 'verified-at')).toEqual([]);
  });

  it('accepts a verification today', async () => {
    expect(await problemsOf(verified(TODAY), 'verified-at')).toEqual([]);
  });

  it.each([
    { name: 'unchanged', base: '2026-10-01' },
    { name: 'moved forwards', base: '2026-09-30' },
  ])('accepts a verifiedAt $name since the base revision', async ({ base }) => {
    expect(await problemsOf({}, 'verified-at', { base: baseWith(base) })).toEqual([]);
  });

  it('accepts a rail that is new since the base revision', async () => {
    const base = wholeBase({ 'countries/BR.yaml': VALID['countries/BR.yaml'] });
    expect(await problemsOf({}, 'verified-at', { base })).toEqual([]);
  });

  it('reports a verifiedAt after today, at its value', async () => {
    const problems = await problemsOf(verified('2026-11-23'), 'verified-at', { today: '2026-11-22' });
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      [
        'rails/BR-pix.yaml',
        '/verifiedAt',
        29,
        13,
        'error',
        'verifiedAt 2026-11-23 is in the future (today is 2026-11-22): write the date the rail was actually verified, 2026-11-22 at the latest',
      ],
    ]);
  });

  it.each([
    { name: 'by a day', base: '2026-10-02' },
    { name: 'by a year', base: '2027-01-01' },
  ])('reports a verifiedAt that moved backwards since the base revision $name', async ({ base }) => {
    const problems = await problemsOf({}, 'verified-at', { base: baseWith(base), today: '2027-02-01' });
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      [
        'rails/BR-pix.yaml',
        '/verifiedAt',
        29,
        13,
        'error',
        `verifiedAt moved backwards from ${base} to 2026-10-01: keep ${base}, or write the later date of a new verification`,
      ],
    ]);
  });

  it('compares with the first of two base rails that share an id (duplicate-id reports the other)', async () => {
    const base = wholeBase({ ...VALID, ...verified('2026-09-01'), 'rails/BR-pix_copy.yaml': setLine(RAIL_BR_PIX, 'verifiedAt', 'verifiedAt: "2026-10-02"') });
    expect(await problemsOf({}, 'verified-at', { base })).toEqual([]);
  });
});
