import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

const verified = (date: string) => ({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'verifiedAt', `verifiedAt: "${date}"`) });

describe('stale-verification', () => {
  it('accepts a recent verification', async () => {
    expect(await problemsOf({}, 'stale-verification')).toEqual([]);
  });

  it.each([
    { name: 'on the last fresh day', verifiedAt: '2026-05-22', today: '2026-11-22' },
    { name: 'on the last fresh day after a clamped month end (08-31 + 6 months)', verifiedAt: '2026-08-31', today: '2027-02-28' },
    { name: "on a leap day's clamp", verifiedAt: '2027-08-31', today: '2028-02-29' },
    { name: 'on the day of verification', verifiedAt: '2026-05-22', today: '2026-05-22' },
  ])('accepts a verification $name', async ({ verifiedAt, today }) => {
    expect(await problemsOf(verified(verifiedAt), 'stale-verification', { today })).toEqual([]);
  });

  it.each([
    { name: 'from the day after six months', verifiedAt: '2026-05-22', today: '2026-11-23', due: '2026-11-23' },
    { name: 'from the day after a clamped month end', verifiedAt: '2026-08-31', today: '2027-03-01', due: '2027-03-01' },
    { name: 'long after', verifiedAt: '2025-01-15', today: '2026-11-22', due: '2025-07-16' },
  ])('warns $name', async ({ verifiedAt, today, due }) => {
    const problems = await problemsOf(verified(verifiedAt), 'stale-verification', { today });
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity])).toEqual([['rails/BR-pix.yaml', '/verifiedAt', 29, 13, 'warning']]);
    expect(problems[0].message).toContain(due);
  });
});
