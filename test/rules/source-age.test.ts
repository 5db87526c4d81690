import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

/** BR-pix (verified 2026-10-01) with sources checked on these dates; line 31 + 3·i is the url of source i. */
const checkedOn = (...dates: string[]) => ({
  'rails/BR-pix.yaml':
    RAIL_BR_PIX.slice(0, RAIL_BR_PIX.indexOf('sources:\n')) +
    'sources:\n' +
    dates.map((d, i) => `  - url: https://www.bcb.gov.br/page${i}\n    title: Page ${i}\n    checked: "${d}"\n`).join(''),
});

describe('source-age', () => {
  it.each([
    { name: 'a source checked on the day of the verification', files: checkedOn('2026-10-01') },
    { name: 'a source checked after it', files: checkedOn('2026-10-15') },
    { name: 'no sources (the rule sources reports it)', files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.slice(0, RAIL_BR_PIX.indexOf('sources:\n')) } },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'source-age')).toEqual([]);
  });

  it('warns on each source checked before the rail was verified, at its checked date', async () => {
    const problems = await problemsOf(checkedOn('2026-10-01', '2026-09-30', '2025-01-01'), 'source-age');
    const says = (checked: string) =>
      `this source was checked on ${checked}, before the rail was verified on 2026-10-01: read the page again and write checked: "2026-10-01" (or the later date you read it); a source no longer read to verify the rail is removed`;
    expect(problems.map((p) => [p.severity, p.pointer, p.line, p.column, p.message])).toEqual([
      ['warning', '/sources/1/checked', 36, 14, says('2026-09-30')],
      ['warning', '/sources/2/checked', 39, 14, says('2025-01-01')],
    ]);
  });

  /** The same rail closed (phase never, a reason: the line count stays that of checkedOn, plus one). */
  const closed = (...dates: string[]) => ({
    'rails/BR-pix.yaml': checkedOn(...dates)['rails/BR-pix.yaml'].replace('phase: live', 'phase: never\nreason: partner_discontinued'),
  });

  it.each([
    { name: 'one source checked on the day it was closed, the others earlier', files: closed('2025-01-01', '2026-10-01') },
    { name: 'one source checked after it', files: closed('2026-10-15', '2026-09-01') },
    { name: 'its only source checked on the day it was closed', files: closed('2026-10-01') },
    { name: 'no sources (the rule sources reports it)', files: closed() },
    {
      name: 'an empty list of sources (the rule sources reports it)',
      files: { 'rails/BR-pix.yaml': closed()['rails/BR-pix.yaml'].replace('sources:\n', 'sources: []\n') },
    },
  ])('accepts a closed rail with $name', async ({ files }) => {
    expect(await problemsOf(files, 'source-age')).toEqual([]);
  });

  it('warns once, at verifiedAt, on a closed rail none of whose sources was checked since it was verified', async () => {
    const problems = await problemsOf(closed('2026-09-30', '2025-01-01'), 'source-age');
    expect(problems.map((p) => [p.rule, p.severity, p.pointer, p.line, p.column, p.message])).toEqual([
      [
        'source-age',
        'warning',
        '/verifiedAt',
        30,
        13,
        'this closed rail was verified on 2026-10-01, but none of its sources was checked since: add the page you verified the closure against, with checked: "2026-10-01" (catalog close --source does it), or write that date on the source you read again',
      ],
    ]);
  });
});
