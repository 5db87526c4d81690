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
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity])).toEqual([['rails/BR-pix.yaml', '/verifiedAt', 29, 13, 'error']]);
  });

  it('reports a verifiedAt that moved backwards since the base revision', async () => {
    const problems = await problemsOf({}, 'verified-at', { base: baseWith('2026-10-02') });
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['rails/BR-pix.yaml', '/verifiedAt', 29, 13]]);
    expect(problems[0].message).toContain('2026-10-02');
  });
});
