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
    { name: 'one day less than six months old', verifiedAt: '2026-05-23', today: '2026-11-22' },
  ])('accepts a verification $name', async ({ verifiedAt, today }) => {
    expect(await problemsOf(verified(verifiedAt), 'stale-verification', { today })).toEqual([]);
  });

  it.each([
    { name: 'from the day after six months', verifiedAt: '2026-05-22', today: '2026-11-23', due: '2026-11-23' },
    { name: 'on the day after six months, judged on the test date', verifiedAt: '2026-05-21', today: '2026-11-22', due: '2026-11-22' },
    { name: 'from the day after a clamped month end', verifiedAt: '2026-08-31', today: '2027-03-01', due: '2027-03-01' },
    { name: 'long after', verifiedAt: '2025-01-15', today: '2026-11-22', due: '2025-07-16' },
  ])('warns $name', async ({ verifiedAt, today, due }) => {
    const problems = await problemsOf(verified(verifiedAt), 'stale-verification', { today });
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      [
        'rails/BR-pix.yaml',
        '/verifiedAt',
        29,
        13,
        'warning',
        `verified on ${verifiedAt}, so due for review since ${due} (6 months later): re-verify the rail against its source, then set verifiedAt to the date of that check`,
      ],
    ]);
  });

  it('judges each rail on its own date when rails share or differ in dates', async () => {
    const rail = (id: string, date: string) =>
      setLine(
        setLine(setLine(setLine(RAIL_BR_PIX, 'id', `id: ${id}`), 'slug', `slug: ${id.slice(3)}`), 'name', `name: ${id}`),
        'verifiedAt',
        `verifiedAt: "${date}"`,
      );
    const files = {
      'rails/BR-pix.yaml': rail('BR-pix', '2026-05-21'),
      'rails/BR-ted.yaml': rail('BR-ted', '2026-05-22'),
      'rails/BR-doc.yaml': rail('BR-doc', '2026-05-21'),
    };
    const problems = await problemsOf(files, 'stale-verification', { today: '2026-11-22' });
    expect(problems.map((p) => p.file)).toEqual(['rails/BR-doc.yaml', 'rails/BR-pix.yaml']);
  });
});
