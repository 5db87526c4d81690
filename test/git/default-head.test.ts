/**
 * Start-up of `catalog validate` in a checkout: defaultBase's first git process also tells the top folder and HEAD's
 * commit, which readBase takes for ref HEAD instead of asking git again; the working tree's schema check takes the
 * verdicts of the base's parses it shares. Both must give what the long way gives.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBase, readBase, type ResolvedHead } from '../../src/git/base.js';
import { validateCatalog } from '../../src/core/validate.js';
import { RAIL_BR_PIX } from '../helpers/catalog.js';
import { branch, cleanup, makeRepo, START, tempDir, type Repo } from './repo.js';

let main: Repo;
let atRoot: Repo;
let dirty: Repo;
let broken: Repo;
let empty: string;

/** A rail with a schema error (a lowercase currency) and an integer written as a decimal (100.00). */
const BROKEN_RAIL = RAIL_BR_PIX.replace('currency: BRL', 'currency: brl').replace('minMinor: 100', 'minMinor: 100.00');

beforeAll(async () => {
  main = await makeRepo(START);
  atRoot = await makeRepo(START, '');
  dirty = await branch(main, 'dirty', 'main', {});
  await writeFile(path.join(dirty.root, 'data/catalog/rails/BR-pix.yaml'), RAIL_BR_PIX.replace('bps: 0', 'bps: 5'));
  await rm(path.join(dirty.root, 'data/catalog/countries/FR.yaml'));
  broken = await makeRepo({ ...START, 'rails/BR-pix.yaml': BROKEN_RAIL });
  // A repository without a commit: in a checkout, but HEAD names nothing.
  empty = await tempDir('catalog-empty-git-');
  await simpleGit({ baseDir: empty }).raw(['init', '-q', '-b', 'main']);
  await mkdir(path.join(empty, 'countries'));
  await writeFile(path.join(empty, 'countries/FR.yaml'), 'code: FR\n');
}, 60_000);

afterAll(cleanup);

const revParse = (cwd: string, args: string[]) => execFileSync('git', ['rev-parse', ...args], { cwd, encoding: 'utf8' }).trim();

describe('defaultBase tells HEAD on the way, readBase takes it', () => {
  it.each([
    ['a catalog in a subfolder', () => main.root, 'data/catalog', '.'],
    ['from a subfolder, the catalog given relative to it', () => main.root, 'catalog', 'data'],
    ['a catalog at the root of the repository', () => atRoot.root, '.', '.'],
    ['a work tree with uncommitted changes (git worktree)', () => dirty.root, 'data/catalog', '.'],
  ])('%s', async (_, root, dir, sub) => {
    const cwd = path.join(root(), sub);
    const seen: { head?: ResolvedHead } = {};
    expect(await defaultBase(dir, cwd, seen)).toEqual({ inCheckout: true });
    expect(seen.head).toEqual({ top: revParse(cwd, ['--show-toplevel']), commit: revParse(cwd, ['HEAD^{commit}']) });
    const taken = await readBase({ ref: 'HEAD', dir, cwd, head: seen.head });
    expect(taken).toEqual(await readBase({ ref: 'HEAD', dir, cwd }));
    expect(taken).toEqual(await readBase({ ref: 'HEAD', dir, cwd, stepByStep: true }));
  });

  it.each([
    ['a repository without a commit', () => empty, { inCheckout: true }],
    ['a folder outside any checkout', () => undefined, { inCheckout: false }],
  ])('tells nothing for %s, and answers as before', async (_, root, expected) => {
    const cwd = root() ?? (await tempDir('catalog-nogit-'));
    const seen: { head?: ResolvedHead } = {};
    expect(await defaultBase('.', cwd, seen)).toEqual(expected);
    expect(seen.head).toBeUndefined();
  });
});

describe('the working tree takes the schema verdicts of the base parses it shares', () => {
  it.each([
    ['a clean catalog against HEAD', () => main],
    ['a rail with a schema error and a decimal integer, unchanged since HEAD', () => broken],
    ['uncommitted changes against HEAD', () => dirty],
  ])('%s: the same report as a check that parses every file itself', async (_, repo) => {
    const cwd = repo().root;
    const dir = 'data/catalog';
    const base = await readBase({ ref: 'HEAD', dir, cwd });
    const shared = await validateCatalog({ dir, cwd, today: '2026-11-22', base: base.catalog, known: base.loaded.parses });
    const alone = await validateCatalog({ dir, cwd, today: '2026-11-22', base: base.catalog });
    expect(shared.report).toEqual(alone.report);
    // The shared parses are the base's own objects, so the verdicts were taken, not computed.
    expect(shared.loaded.entries.some((e) => base.loaded.entries.some((b) => b.data === e.data))).toBe(true);
  });

  it('reports the broken rail at the base and in the working tree alike', async () => {
    const base = await readBase({ ref: 'HEAD', dir: 'data/catalog', cwd: broken.root });
    const shared = await validateCatalog({ dir: 'data/catalog', cwd: broken.root, today: '2026-11-22', base: base.catalog, known: base.loaded.parses });
    const schema = shared.report.problems.filter((p) => p.rule === 'schema').map((p) => p.pointer);
    expect(schema).toEqual(expect.arrayContaining(['/currency', '/limits/minMinor']));
  });
});
