/**
 * Start-up of `catalog validate` in a checkout: defaultBase's first git process also tells the top folder and HEAD's
 * commit, which readBase takes for ref HEAD instead of asking git again. It must give what the long way gives.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBase, readBase, type ResolvedHead } from '../../src/git/base.js';
import { RAIL_BR_PIX } from '../helpers/catalog.js';
import { branch, cleanup, makeRepo, START, tempDir, type Repo } from './repo.js';

let main: Repo;
let atRoot: Repo;
let dirty: Repo;
let empty: string;

beforeAll(async () => {
  main = await makeRepo(START);
  atRoot = await makeRepo(START, '');
  dirty = await branch(main, 'dirty', 'main', {});
  await writeFile(path.join(dirty.root, 'data/catalog/rails/BR-pix.yaml'), RAIL_BR_PIX.replace('bps: 0', 'bps: 5'));
  await rm(path.join(dirty.root, 'data/catalog/countries/FR.yaml'));
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
