/** catalog stale: the scheduled staleness report. No git needed; never the real date (always --today). */
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_BR, RAIL_BR_PIX, setLine, writeCatalog } from '../helpers/catalog.js';
import { cli } from './repo.js';

const railVerified = (id: string, date: string) => setLine(RAIL_BR_PIX.replace('id: BR-pix', `id: ${id}`), 'verifiedAt', `verifiedAt: "${date}"`);

/** On 2026-11-22: BR-ted is due today, BR-doc long overdue, BR-pix due tomorrow, BR-boleto in months, BR-card after a month end. */
const FILES = {
  'countries/BR.yaml': COUNTRY_BR,
  'rails/BR-pix.yaml': railVerified('BR-pix', '2026-05-22'), // fresh until 2026-11-22, due 2026-11-23
  'rails/BR-ted.yaml': railVerified('BR-ted', '2026-05-21'), // due 2026-11-22
  'rails/BR-doc.yaml': railVerified('BR-doc', '2025-12-01'), // due 2026-06-02
  'rails/BR-boleto.yaml': railVerified('BR-boleto', '2026-10-01'), // due 2027-04-02
  'rails/BR-card.yaml': railVerified('BR-card', '2026-05-31'), // fresh until 2026-11-30, due 2026-12-01
};
const TODAY = '2026-11-22';
let dir: string;

beforeAll(async () => {
  dir = await writeCatalog(FILES);
});

const stale = (...args: string[]) => cli(['stale', '--dir', '.', ...args], dir);
const json = async (...args: string[]) => {
  const run = await stale('--format', 'json', '--today', TODAY, ...args);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { today: string; entries: Array<{ id: string; verifiedAt: string; dueOn: string; overdueDays: number }> };
};

describe('catalog stale', () => {
  it('lists the rails due for review, oldest first, with the days since they fell due', async () => {
    expect(await json()).toEqual({
      today: TODAY,
      entries: [
        { id: 'BR-doc', verifiedAt: '2025-12-01', dueOn: '2026-06-02', overdueDays: 173 },
        { id: 'BR-ted', verifiedAt: '2026-05-21', dueOn: '2026-11-22', overdueDays: 0 },
      ],
    });
  });

  it('adds, with --within, those falling due within that many days, with negative overdueDays', async () => {
    expect((await json('--within', '1')).entries.map((e) => [e.id, e.overdueDays])).toEqual([
      ['BR-doc', 173],
      ['BR-ted', 0],
      ['BR-pix', -1],
    ]);
    expect((await json('--within', '9')).entries.map((e) => [e.id, e.dueOn, e.overdueDays])).toEqual([
      ['BR-doc', '2026-06-02', 173],
      ['BR-ted', '2026-11-22', 0],
      ['BR-pix', '2026-11-23', -1],
      ['BR-card', '2026-12-01', -9],
    ]);
    expect((await json('--within', '365')).entries).toHaveLength(5);
  });

  it('agrees with the stale-verification rule on which rails are due', async () => {
    for (const today of ['2026-11-21', '2026-11-22', '2026-11-23', '2026-12-01']) {
      const report = JSON.parse((await cli(['validate', '--dir', '.', '--today', today, '--format', 'json'], dir)).stdout);
      const warned = report.problems
        .filter((p: { rule: string }) => p.rule === 'stale-verification')
        .map((p: { file: string }) => p.file)
        .sort();
      const listed = (await json('--today', today)).entries.map((e) => `rails/${e.id}.yaml`).sort();
      expect(listed, today).toEqual(warned);
    }
  });

  it('writes a Markdown report for the step summary', async () => {
    const run = await stale('--today', TODAY, '--within', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('## Rails due for review');
    expect(run.stdout).toContain('**2 rails are** due for review on 2026-11-22 (verified more than 6 months ago); 1 more within 1 day.');
    const rows = run.stdout.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toEqual([
      '| `BR-doc` | live | 2025-12-01 | 2026-06-02 | 173 days | `rails/BR-doc.yaml` |',
      '| `BR-ted` | live | 2026-05-21 | 2026-11-22 | due today | `rails/BR-ted.yaml` |',
      '| `BR-pix` | live | 2026-05-22 | 2026-11-23 | due in 1 day | `rails/BR-pix.yaml` |',
    ]);
  });

  it('says so when nothing is due', async () => {
    const run = await stale('--today', '2026-01-01');
    expect(run.stdout).toContain('No rail is due for review on 2026-01-01');
  });

  it('still lists a rail whose other fields fail the schema', async () => {
    const broken = await writeCatalog({ ...FILES, 'rails/BR-doc.yaml': FILES['rails/BR-doc.yaml'].replace('currency: BRL', 'currency: brl') });
    const run = await cli(['stale', '--dir', '.', '--today', TODAY, '--format', 'json'], broken);
    expect(JSON.parse(run.stdout).entries.map((e: { id: string }) => e.id)).toEqual(['BR-doc', 'BR-ted']);
  });

  it.each([
    ['--within', '-1'],
    ['--within', 'soon'],
    ['--today', '2026-02-30'],
    ['--format', 'html'],
    ['--days', '3'],
    ['--dir', 'nowhere'],
  ])('exits 2 on a usage error: %s %s', async (flag, value) => {
    const run = await cli(['stale', ...(flag === '--dir' ? [] : ['--dir', '.']), flag, value], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: catalog stale');
  });
});
