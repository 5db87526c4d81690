/**
 * The pull-request workflow against real temporary git repositories: validate --base, diff, a missing base, a shallow
 * clone. One repository is made for the whole file; each scenario is a branch checked out in a work tree of its own.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleGit } from 'simple-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_USDC, RAIL_BR_PIX, setLine, TODAY, writeCatalog } from '../helpers/catalog.js';
import { branch, change, cleanup, cli, makeRepo, RAIL_FR_SEPA, START, tempDir, type Repo } from './repo.js';

const BIC = `  - name: bic
    label: { fr: BIC, en: BIC }
    type: text
    required: true
    normalize: upper_remove_spaces
    maxLength: 11
    pattern: ^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$
    help: { fr: Code BIC de la banque, en: Bank BIC code }
    examples: ["BNPAFRPP", "BNPAFRPPXXX"]
`;

/** FR-sepa_instant goes live, with a higher limit, a new required field and a new verifiedAt. */
const FR_REVIEWED = setLine(
  setLine(setLine(RAIL_FR_SEPA, 'phase', 'phase: live'), 'maxMinor', 'maxMinor: 1500000'),
  'verifiedAt',
  'verifiedAt: "2026-11-20"',
).replace(/^verifiedAt:/m, `${BIC}verifiedAt:`);
const EURC = ASSET_USDC.replace('id: usdc', 'id: eurc').replace('ticker: USDC', 'ticker: EURC').replace('name: USD Coin', 'name: Euro Coin');
const BR_TED = RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-ted').replace('slug: pix', 'slug: ted').replace('name: Pix', 'name: TED');
/** An asset file that fails its schema (many missing properties): an error in a file the pull request did not touch. */
const brokenAsset = (n: number) => `id: broken${n}\nticker: B${n}\n`;

let main: Repo;
const trees: Record<string, Repo> = {};
const at = (name: string) => trees[name].root;
const base = (...args: string[]) => ['--dir', 'data/catalog', '--today', TODAY, ...args];

beforeAll(async () => {
  main = await makeRepo(START);
  const scenarios: Array<[string, string, Record<string, string | null>]> = [
    ['review', 'main', { 'rails/FR-sepa_instant.yaml': FR_REVIEWED, 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'bps', 'bps: 40'), 'assets/eurc.yaml': EURC }],
    ['delete', 'main', { 'rails/BR-pix.yaml': null }],
    ['rename', 'main', { 'rails/BR-pix.yaml': null, 'rails/BR-pix_key.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pix_key') }],
    ['relabel', 'main', { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pixx') }],
    ['backdate', 'main', { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'verifiedAt', 'verifiedAt: "2026-09-01"') }],
    // main after the branch point: a rail added there must not look removed by the branches above.
    ['upstream', 'main', { 'rails/BR-ted.yaml': BR_TED }],
    ['noisy', 'main', Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`assets/broken${i}.yaml`, brokenAsset(i)]))],
  ];
  for (const [name, from, files] of scenarios) trees[name] = await branch(main, name, from, files);
  trees['noisy-pr'] = await branch(main, 'noisy-pr', 'noisy', { 'rails/BR-pix.yaml': null });
});

afterAll(cleanup);

function problems(stdout: string, rule?: string) {
  const report = JSON.parse(stdout) as {
    problems: Array<{ file: string; line: number; column: number; rule: string; pointer: string; message: string; severity: string }>;
  };
  return rule ? report.problems.filter((p) => p.rule === rule) : report.problems;
}

describe('catalog validate --base', () => {
  it('fails on a deleted rail, at the deleted file, and says what to write instead', async () => {
    const run = await cli(['validate', ...base('--base', 'main', '--format', 'json')], at('delete'));
    expect(run.code, run.stderr).toBe(1);
    const removed = problems(run.stdout, 'removed-entry');
    expect(removed.map((p) => [p.file, p.line, p.column, p.pointer, p.severity])).toEqual([['data/catalog/rails/BR-pix.yaml', 1, 5, '/id', 'error']]);
    expect(removed[0].message).toContain('BR-pix');
    expect(removed[0].message).toContain('phase: never');
  });

  it('annotates the deleted file in the github format', async () => {
    const run = await cli(['validate', ...base('--base', 'main', '--format', 'github')], at('delete'));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::error file=data\/catalog\/rails\/BR-pix\.yaml,line=1,col=5,endLine=1,endColumn=11,title=removed-entry::rail BR-pix was removed/m,
    );
  });

  it('reports paths relative to the working directory, from a subfolder of the repository', async () => {
    const run = await cli(['validate', '--dir', 'catalog', '--today', TODAY, '--base', 'main', '--format', 'json'], path.join(at('delete'), 'data'));
    expect(problems(run.stdout, 'removed-entry').map((p) => p.file)).toEqual(['catalog/rails/BR-pix.yaml']);
  });

  it('reports a renamed rail on the new file, at its id', async () => {
    const run = await cli(['validate', ...base('--base', 'main', '--format', 'json')], at('rename'));
    expect(run.code).toBe(1);
    const removed = problems(run.stdout, 'removed-entry');
    expect(removed.map((p) => [p.file, p.line, p.pointer])).toEqual([['data/catalog/rails/BR-pix_key.yaml', 1, '/id']]);
    expect(removed[0].message).toMatch(/the id was BR-pix at the base revision \(data\/catalog\/rails\/BR-pix\.yaml\)/);
  });

  it('reports an id changed inside its file on that file', async () => {
    const run = await cli(['validate', ...base('--base', 'main', '--format', 'json')], at('relabel'));
    const removed = problems(run.stdout, 'removed-entry');
    expect(removed.map((p) => [p.file, p.line, p.pointer])).toEqual([['data/catalog/rails/BR-pix.yaml', 1, '/id']]);
    expect(removed[0].message).toContain('BR-pixx');
  });

  it('warns on a rail whose limits changed while verifiedAt did not, and passes the rest of the review', async () => {
    const run = await cli(['validate', ...base('--base', 'main', '--format', 'json')], at('review'));
    expect(run.code, run.stdout).toBe(0);
    const history = problems(run.stdout).filter((p) => ['removed-entry', 'unverified-change', 'verified-at'].includes(p.rule));
    expect(history.map((p) => [p.rule, p.file, p.line, p.pointer, p.severity])).toEqual([
      ['unverified-change', 'data/catalog/rails/BR-pix.yaml', 29, '/verifiedAt', 'warning'],
    ]);
    expect(history[0].message).toContain('fees.bps');
  });

  it('fails on a verifiedAt moved backwards (verified-at, with the base)', async () => {
    const withBase = await cli(['validate', ...base('--base', 'main', '--format', 'json')], at('backdate'));
    expect(withBase.code).toBe(1);
    expect(problems(withBase.stdout, 'verified-at').map((p) => [p.file, p.line, p.pointer])).toEqual([['data/catalog/rails/BR-pix.yaml', 29, '/verifiedAt']]);
    const without = await cli(['validate', ...base('--no-base', '--format', 'json')], at('backdate'));
    expect(problems(without.stdout, 'verified-at')).toEqual([]);
  });

  it('compares with the merge base: a rail added on the base branch after the branch point is not removed', async () => {
    const run = await cli(['validate', ...base('--base', 'upstream', '--format', 'json')], at('review'));
    expect(problems(run.stdout, 'removed-entry')).toEqual([]);
  });

  it('gives the github annotations to the files the change touched first; other formats keep every problem', async () => {
    const github = await cli(['validate', ...base('--base', 'noisy', '--format', 'github')], at('noisy-pr'));
    expect(github.code).toBe(1);
    const annotations = github.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(annotations).toHaveLength(10);
    expect(annotations[0]).toContain('title=removed-entry');
    expect(github.stdout).toMatch(/more: run `npx catalog validate` locally/);

    const json = await cli(['validate', ...base('--base', 'noisy', '--format', 'json')], at('noisy-pr'));
    const all = problems(json.stdout);
    expect(all.filter((p) => p.file.startsWith('data/catalog/assets/broken')).length).toBeGreaterThan(10);
    expect(all.filter((p) => p.rule === 'removed-entry')).toHaveLength(1);
  });

  it('exits 2 with what to fetch when the base ref is missing', async () => {
    const run = await cli(['validate', ...base('--base', 'origin/release')], at('review'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the base ref origin/release is not in this checkout');
    expect(run.stderr).toContain('git fetch --no-tags origin +refs/heads/release:refs/remotes/origin/release');
    expect(run.stderr).toContain('fetch-depth: 0');
    expect(run.stdout).toBe('');
  });

  it('exits 2 outside a git checkout', async () => {
    const dir = await writeCatalog(START);
    const run = await cli(['validate', '--dir', '.', '--today', TODAY, '--base', 'main'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not inside a git checkout/);
  });

  it('refuses a ref that looks like a flag', async () => {
    const run = await cli(['validate', ...base('--base=--output=x')], at('review'));
    expect(run.code).toBe(2);
  });

  it('works as a process: node bin/catalog.js validate --base', async () => {
    const bin = path.resolve(__dirname, '../../bin/catalog.js');
    const result = await promisify(execFile)(process.execPath, [bin, 'validate', ...base('--base', 'main', '--format', 'json')], { cwd: at('delete') }).then(
      () => ({ code: 0, stdout: '' }),
      (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
    );
    expect(result.code).toBe(1);
    expect(problems(result.stdout, 'removed-entry').map((p) => p.file)).toEqual(['data/catalog/rails/BR-pix.yaml']);
  });
});

describe('catalog validate --base in a shallow clone', () => {
  it('says what to fetch, then works once the history is there', async () => {
    const clone = path.join(await tempDir('catalog-shallow-'), 'clone');
    await simpleGit().raw(['clone', '-q', '--depth', '1', '--branch', 'delete', `file://${main.root}`, clone]);
    const args = ['validate', ...base('--base', 'origin/main', '--format', 'json')];
    const fetch = 'git fetch --no-tags --unshallow origin +refs/heads/main:refs/remotes/origin/main';

    const missing = await cli(args, clone);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`Fetch it first: ${fetch}`);

    // The base's tip fetched alone (as a CI step might): the branch point is still missing.
    const git = simpleGit({ baseDir: clone });
    await git.raw(['fetch', '-q', '--no-tags', '--depth=1', 'origin', '+refs/heads/main:refs/remotes/origin/main']);
    const shallow = await cli(args, clone);
    expect(shallow.code).toBe(2);
    expect(shallow.stderr).toContain('this clone is shallow');
    expect(shallow.stderr).toContain('git fetch --no-tags --unshallow origin');

    // The command the first message gave.
    await git.raw([...fetch.split(' ').slice(1), '-q']);
    const works = await cli(args, clone);
    expect(works.code, works.stderr).toBe(1);
    expect(problems(works.stdout, 'removed-entry').map((p) => p.file)).toEqual(['data/catalog/rails/BR-pix.yaml']);
  });
});

describe('catalog diff', () => {
  it('lists what changed, in the published shape, as JSON', async () => {
    const run = await cli(['diff', '--dir', 'data/catalog', '--base', 'main', '--format', 'json'], at('review'));
    expect(run.code, run.stderr).toBe(0);
    const diff = JSON.parse(run.stdout);
    expect(Object.keys(diff)).toEqual(['rails', 'assets', 'countries']);
    expect(diff.assets).toEqual({ added: ['eurc'], removed: [], changed: [] });
    expect(diff.countries).toEqual({ added: [], removed: [], changed: [] });
    expect(diff.rails.added).toEqual([]);
    expect(diff.rails.removed).toEqual([]);
    const [pix, sepa] = diff.rails.changed;
    expect(pix).toEqual({ id: 'BR-pix', changes: [{ pointer: '/fees/bps', before: 50, after: 40 }], breaking: false });
    expect(sepa.id).toBe('FR-sepa_instant');
    expect(sepa.breaking).toBe(true);
    expect(sepa.changes.map((c: { pointer: string }) => c.pointer)).toEqual(['/phase', '/limits/maxMinor', '/fields/2', '/verifiedAt']);
    expect(sepa.changes[0]).toEqual({ pointer: '/phase', before: 'beta', after: 'live' });
    expect(sepa.changes[1]).toEqual({ pointer: '/limits/maxMinor', before: 1000000, after: 1500000 });
    expect(sepa.changes[2].before).toBeNull();
    expect(sepa.changes[2].after).toMatchObject({ name: 'bic', required: true, type: 'text' });
    expect(sepa.changes[2].after).not.toHaveProperty('examples'); // toolkit-only: not published
  });

  it('summarises the change in Markdown: transitions, human amounts, breaking changes', async () => {
    const run = await cli(['diff', '--dir', 'data/catalog', '--base', 'main'], at('review'));
    expect(run.code).toBe(0);
    const md = run.stdout;
    expect(md).toMatch(/^## Catalog changes\n/);
    expect(md).toContain('**rails** 2 changed (1 breaking) · **assets** 1 added · **countries** no change');
    expect(md).toContain('- `FR-sepa_instant`: beta -> live');
    expect(md).toContain('| `FR-sepa_instant` ⚠️ | `limits.maxMinor` | 1000000 (10,000.00 EUR) | 1500000 (15,000.00 EUR) |');
    expect(md).toContain('| `BR-pix` | `fees.bps` | 50 (0.50 %) | 40 (0.40 %) |');
    expect(md).toMatch(/> - `FR-sepa_instant`: new required field bic/);
  });

  it('lists a deleted rail as removed, with the derived change of its country', async () => {
    const json = JSON.parse((await cli(['diff', '--dir', 'data/catalog', '--base', 'main', '--format', 'json'], at('delete'))).stdout);
    expect(json.rails).toEqual({ added: [], removed: ['BR-pix'], changed: [] });
    expect(json.countries.changed).toEqual([{ id: 'BR', changes: [{ pointer: '/rails', before: ['BR-pix'], after: [] }], breaking: false }]);
    const md = (await cli(['diff', '--dir', 'data/catalog', '--base', 'main'], at('delete'))).stdout;
    expect(md).toContain('⛔ **Removed: `BR-pix` (rail).**');
    expect(md).toContain('| `BR` | — | `BR-pix` |');
  });

  it('compares with the merge base, not the tip of the base branch', async () => {
    const json = JSON.parse((await cli(['diff', '--dir', 'data/catalog', '--base', 'upstream', '--format', 'json'], at('review'))).stdout);
    expect(json.rails.removed).toEqual([]);
  });

  it('is deterministic', async () => {
    const args = ['diff', '--dir', 'data/catalog', '--base', 'main'];
    const [a, b] = [await cli(args, at('review')), await cli(args, at('review'))];
    expect(a.stdout).toBe(b.stdout);
  });

  it('says there is no change when there is none', async () => {
    const run = await cli(['diff', '--dir', 'data/catalog', '--base', 'HEAD'], at('review'));
    expect(run.stdout).toContain('No change to the published catalog.');
  });

  it('exits 2 without --base, or when the base is missing', async () => {
    expect((await cli(['diff', '--dir', 'data/catalog'], at('review'))).code).toBe(2);
    const missing = await cli(['diff', '--dir', 'data/catalog', '--base', 'origin/nope'], at('review'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('git fetch');
  });

  it('reads the catalog at the root of a repository', async () => {
    const repo = await makeRepo(START, '');
    await change(repo, { 'rails/BR-pix.yaml': null }, 'delete pix');
    const run = await cli(['diff', '--dir', '.', '--base', 'HEAD~1', '--format', 'json'], repo.root);
    expect(JSON.parse(run.stdout).rails.removed).toEqual(['BR-pix']);
  });
});
