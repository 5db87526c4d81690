/**
 * The release of @payout-catalog/data on a git repository: the previous release is the last data-vX.Y.Z tag HEAD
 * contains, and catalog diff since it decides the version (major: breaking; minor: additions; patch: re-verifications
 * and wording) and writes the changelog; npm run release:data -- --dry-run shows both.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { planRelease } from '../../src/release/release.js';
import { changelogSection } from '../../src/release/changelog.js';
import { RAIL_BR_PIX } from '../helpers/catalog.js';
import { change, cleanup, makeRepo, START } from '../git/repo.js';

afterAll(cleanup);

const TODAY = '2026-11-28';
const root = path.resolve(__dirname, '../..');

/** A repository whose catalog is START, tagged data-v1.4.2, then changed by `files` (committed or not). */
async function released(files: Record<string, string | null>) {
  const repo = await makeRepo(START);
  await repo.git.raw(['tag', 'data-v1.4.2']);
  await repo.git.raw(['tag', 'data-v1.10.0-rc.1']); // not a release: a pre-release tag never counts as the previous one
  await change(repo, files, 'catalog: a change');
  return { repo, plan: () => planRelease({ dir: repo.catalogDir, cwd: repo.root, today: TODAY }) };
}

describe('the next release', () => {
  it.each([
    ['a rail removed', { 'rails/FR-sepa_instant.yaml': null }, '2.0.0', 'major', /- \*\*Removed\*\* rail `FR-sepa_instant`/],
    [
      'a limit narrowed',
      { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('maxMinor: 100000000', 'maxMinor: 50000000').replace('verifiedAt: "2026-10-01"', 'verifiedAt: "2026-11-01"') },
      '2.0.0',
      'major',
      /- \*\*Changed\*\* rail `BR-pix` \(breaking\)\n {2}- breaking: .*\n(?: {2}- .*\n)* {2}- limits\.maxMinor: 100000000 → 50000000/,
    ],
    [
      'a limit widened',
      {
        'rails/BR-pix.yaml': RAIL_BR_PIX.replace('maxMinor: 100000000', 'maxMinor: 200000000').replace('verifiedAt: "2026-10-01"', 'verifiedAt: "2026-11-01"'),
      },
      '1.5.0',
      'minor',
      /- \*\*Changed\*\* rail `BR-pix`\n(?: {2}- .*\n)* {2}- limits\.maxMinor: 100000000 → 200000000/,
    ],
    ['a country added', { 'countries/DE.yaml': 'code: DE\nname: Germany\ncurrency: EUR\nstatus: open\n' }, '1.5.0', 'minor', /- \*\*Added\*\* country `DE`/],
    [
      're-verified, with a new source',
      {
        'rails/BR-pix.yaml': RAIL_BR_PIX.replace('verifiedAt: "2026-10-01"', 'verifiedAt: "2026-11-20"').replace(
          'checked: "2026-10-01"',
          'checked: "2026-11-20"',
        ),
      },
      '1.4.3',
      'patch',
      /- \*\*Changed\*\* rail `BR-pix`\n {2}- verifiedAt: 2026-10-01 → 2026-11-20\n {2}- provenance: sources 1 → 1, supports 0 → 0, decisions 5 → 5/,
    ],
    [
      'reworded',
      { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('{ fr: Clé Pix, en: Pix key }', '{ fr: Clé Pix, en: Pix key (any kind) }') },
      '1.4.3',
      'patch',
      /label/,
    ],
  ] as const)(
    '%s',
    async (_, files, version, bump, says) => {
      const { plan } = await released(files as Record<string, string | null>);
      const { previous, release } = await plan();
      expect(previous?.tag).toBe('data-v1.4.2');
      expect([release.version, release.bump]).toEqual([version, bump]);
      expect(`${changelogSection(release)}\n`).toMatch(says);
    },
    30_000,
  );

  it('tells a change of provenance as counts: sources, supports, decisions', async () => {
    const supported = RAIL_BR_PIX.replace(
      '    checked: "2026-10-01"\n',
      '    checked: "2026-10-01"\n    supports:\n      - pointer: /limits/maxMinor\n        quote: The page says so.\n',
    ).replace(/ {2}- pointer: \/currency\n {4}reason: [^\n]*\n/, '');
    const { plan } = await released({ 'rails/BR-pix.yaml': supported });
    const { release } = await plan();
    expect([release.version, release.entries]).toEqual([
      '1.4.3',
      [{ catalog: 'rails', id: 'BR-pix', kind: 'changed', breaking: false, lines: ['provenance: sources 1 → 1, supports 0 → 1, decisions 5 → 4'] }],
    ]);
  }, 30_000);

  it('refuses when nothing published changed since the tag', async () => {
    const { plan } = await released({});
    await expect(plan()).rejects.toThrow('nothing published changed since data-v1.4.2: no release to make');
  }, 30_000);

  it('prints the next version and its changelog with npm run release:data -- --dry-run, and writes nothing', async () => {
    const { repo } = await released({ 'rails/FR-sepa_instant.yaml': null });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/release-data.ts'), '--dry-run', '--today', TODAY, '--dir', repo.catalogDir],
      { cwd: repo.root },
    );
    expect(stdout).toContain('next version: 2.0.0, since data-v1.4.2 (major: a breaking change');
    expect(stdout).toContain('## 2.0.0 (2026-11-28)\n\nA major release: ');
    expect(stdout).not.toContain('wrote packages/data');
  }, 60_000);
});
