/**
 * catalog close and catalog restrict on the bundled catalog, run as an analyst would in a git checkout: after each,
 * `catalog validate` (compared with HEAD, --today fixed) reports no problem that was not there before.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCatalog } from '../helpers/cli.js';
import { cleanup, tempDir } from '../git/repo.js';

const ROOT = path.resolve(__dirname, '../..');
/** A day on which TR-fast (verified 2026-06-24) is due for review, and no date of the bundled catalog is in the future. */
const TODAY = '2026-12-26';

afterAll(cleanup);

/** A git checkout holding a copy of the bundled catalog, committed. */
async function checkout(): Promise<string> {
  const root = await tempDir('close-restrict-');
  await cp(path.join(ROOT, 'catalog'), path.join(root, 'catalog'), { recursive: true });
  const git = (...args: string[]) => promisify(execFile)('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: root });
  await git('init', '-q');
  await git('add', '.');
  await git('commit', '-q', '-m', 'bundled catalog');
  return root;
}

/** Each problem of `catalog validate` as file, rule and pointer (lines move when a line is inserted above). */
async function problems(root: string): Promise<string[]> {
  const run = await runCatalog(['validate', '--today', TODAY, '--format', 'json'], root);
  expect(run.stderr).toMatch(/compared with HEAD/);
  return (JSON.parse(run.stdout).problems as Array<{ file: string; rule: string; pointer: string }>).map((p) => `${p.file} ${p.rule} ${p.pointer}`);
}

/** The problems of `after` that `before` did not have. */
const added = (before: string[], after: string[]) => after.filter((p) => !before.includes(p));

describe('close and restrict leave a catalog that validates with nothing new', () => {
  it.each([
    {
      name: 'a rail, verified against one of its sources read again',
      id: 'GB-faster_payments',
      args: ['--reason', 'partner_discontinued', '--source', 'https://www.wearepay.uk/what-we-do/payment-systems/faster-payment-system/'],
    },
    {
      name: 'a rail, verified against a new page',
      id: 'US-rtp',
      args: ['--reason', 'partner_discontinued', '--source', 'https://partner.example/notices/rtp-payouts-end', '--title', 'RTP payouts end, Example Partner'],
    },
    {
      name: 'a stale rail (its stale-verification warning goes)',
      id: 'TR-fast',
      args: ['--reason', 'insufficient_demand', '--source', 'https://partner.example/notices/fast', '--title', 'FAST payouts end, Example Partner'],
    },
    { name: 'an asset', id: 'usdt', args: ['--reason', 'partner_discontinued'] },
  ])(
    'close $name',
    async ({ id, args }) => {
      const root = await checkout();
      const before = await problems(root);
      const run = await runCatalog(['close', id, ...args, '--today', TODAY], root);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^closed (rail|asset) ${id} `));
      expect(added(before, await problems(root))).toEqual([]);
    },
    60_000,
  );

  it('restrict a country a list now holds, then close the rail it prints, with the command it prints', async () => {
    const root = await checkout();
    const before = await problems(root);
    // The list gains a country, as after a plenary (a change of this copy only).
    const list = path.join(root, 'catalog/policies/fatf-increased-monitoring.yaml');
    await writeFile(list, (await readFile(list, 'utf8')).replace('  - YE # Yemen\n', '  - YE # Yemen\n  - GH # Ghana\n'));
    expect(added(before, await problems(root))).toEqual(['catalog/countries/GH.yaml country-policy /status']);

    const restrict = await runCatalog(['restrict', 'GH'], root);
    expect(restrict.code, restrict.stderr).toBe(0);
    const [done, todo, ...rest] = restrict.stdout.trimEnd().split('\n');
    expect(done).toBe(
      'restricted GH in catalog/countries/GH.yaml: status: restricted, reason: money_laundering_risk, currency: null (fatf-increased-monitoring)',
    );
    expect(rest).toEqual([]);
    expect(added(before, await problems(root))).toEqual(['catalog/rails/GH-mobile_money.yaml reference /countries/0']);

    // The command as printed: catalog close GH-mobile_money --reason … --source … --title "…"
    const command = /\((catalog close GH-mobile_money [^"]*)"([^"]*)"\)/.exec(todo);
    expect(command, todo).not.toBeNull();
    const args = [...command![1].trim().split(' ').slice(1), command![2], '--today', TODAY];
    const close = await runCatalog(args, root);
    expect(close.code, close.stderr).toBe(0);
    expect(added(before, await problems(root))).toEqual([]);
  }, 60_000);
});
