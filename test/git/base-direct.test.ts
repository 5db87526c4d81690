/**
 * readBase reads the usual case directly (git run at once, no simple-git) and anything else step by step with
 * simple-git, which words the errors. Both paths must read the same revision: compared here on real repositories.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseError, defaultBase, readBase } from '../../src/git/base.js';
import { RAIL_BR_PIX } from '../helpers/catalog.js';
import { branch, change, cleanup, makeRepo, RAIL_FR_SEPA, START, tempDir, type Repo } from './repo.js';

let main: Repo;
let atRoot: Repo;
const trees: Record<string, Repo> = {};

beforeAll(async () => {
  main = await makeRepo(START);
  atRoot = await makeRepo(START, '');
  trees.review = await branch(main, 'review', 'main', {
    'rails/FR-sepa_instant.yaml': RAIL_FR_SEPA.replace('phase: beta', 'phase: live'),
    'rails/BR-pix.yaml': null,
  });
  await change(main, { 'rails/BR-ted.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-ted').replace('slug: pix', 'slug: ted') }, 'main moves on');
  // Uncommitted changes in the working tree: a modified file, a new file, a deleted file.
  trees.dirty = await branch(main, 'dirty', 'main', {});
  await writeFile(path.join(trees.dirty.root, 'data/catalog/rails/BR-pix.yaml'), RAIL_BR_PIX.replace('bps: 0', 'bps: 5'));
  await writeFile(path.join(trees.dirty.root, 'data/catalog/countries/XX.yaml'), 'code: XX\n');
  await rm(path.join(trees.dirty.root, 'data/catalog/countries/FR.yaml'));
}, 60_000);

afterAll(cleanup);

describe('readBase: the direct path reads what the step-by-step path reads', () => {
  it.each([
    ['a branch against main (merge base, a deleted and a modified file)', () => trees.review, 'main', 'data/catalog', '.'],
    ['a branch against HEAD', () => trees.review, 'HEAD', 'data/catalog', '.'],
    ['main against a branch that forked before it moved on', () => main, 'review', 'data/catalog', '.'],
    ['uncommitted changes against HEAD', () => trees.dirty, 'HEAD', 'data/catalog', '.'],
    ['uncommitted changes against a commit id', () => trees.dirty, 'HEAD~1', 'data/catalog', '.'],
    ['from a subfolder, the catalog given relative to it', () => trees.review, 'main', 'catalog', 'data'],
    ['a catalog at the root of the repository', () => atRoot, 'HEAD', '.', '.'],
  ])('%s', async (_, repo, ref, dir, sub) => {
    const cwd = path.join(repo().root, sub);
    const direct = await readBase({ ref, dir, cwd });
    const stepByStep = await readBase({ ref, dir, cwd, stepByStep: true });
    expect(direct).toEqual(stepByStep);
    expect(direct.delta.names.size).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown ref', () => trees.review.root, 'no-such-branch'],
    ['a folder outside any checkout', () => null, 'HEAD'],
  ])('leaves the errors to the step-by-step path: %s', async (_, root, ref) => {
    const cwd = root() ?? (await tempDir('catalog-nogit-'));
    const dir = root() ? 'data/catalog' : '.';
    if (!root()) await writeFile(path.join(cwd, 'README.md'), 'no git here\n');
    const errorOf = (stepByStep: boolean) =>
      readBase({ ref, dir, cwd, stepByStep }).then(
        () => undefined,
        (e: Error) => e,
      );
    const [direct, stepByStep] = [await errorOf(false), await errorOf(true)];
    expect(direct).toBeInstanceOf(BaseError);
    expect(direct?.message).toBe(stepByStep?.message);
  });
});

describe('defaultBase', () => {
  it('finds a checkout without upstream, and no checkout outside git', async () => {
    expect(await defaultBase('data/catalog', trees.review.root)).toEqual({ inCheckout: true });
    const outside = await tempDir('catalog-nogit-');
    expect(await defaultBase('.', outside)).toEqual({ inCheckout: false });
  });

  it('finds the upstream of the branch', async () => {
    await trees.review.git.raw(['branch', '--set-upstream-to', 'main']);
    expect(await defaultBase('data/catalog', trees.review.root)).toEqual({ inCheckout: true, upstream: 'main' });
  });
});
