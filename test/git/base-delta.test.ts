/**
 * In a checkout, validate compares with a base revision without reading all of it: git (diff-index) says which files
 * may differ from the working tree, only those are read from the revision, and the base's catalog takes the working
 * tree's entries for the others (composeBase). Each case below changes a real repository in one way an analyst or git
 * can, then checks that `catalog validate` (with and without --cache) gives the report of a check against the base
 * read whole with `git show`, and that the files it calls touched and deleted are those whose bytes differ.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { displayPath } from '../../src/read/paths.js';
import { loadCatalog } from '../../src/parse/load.js';
import { validateLoaded } from '../../src/pipeline/validate.js';
import { formatters } from '../../src/report/formatters.js';
import { readBase } from '../../src/git/base.js';
import { RAIL_BR_PIX, setLine, TODAY, wholeBase } from '../helpers/catalog.js';
import { change, cleanup, cli, makeRepo, START, tempDir, type Repo } from './repo.js';

afterAll(cleanup);

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });
const BROKEN_PIX = setLine(RAIL_BR_PIX, 'currency', 'currency: brl');
const FEE_CHANGED = RAIL_BR_PIX.replace('bps: 50', 'bps: 55');
if (FEE_CHANGED === RAIL_BR_PIX) throw new Error('the fixture changed: FEE_CHANGED changes nothing');

interface Case {
  name: string;
  /** The catalog's first commit (START when absent), and the folder it is in ('' for the repository's root). */
  start?: Record<string, string>;
  catalogDir?: string;
  /** A second commit, and the ref compared with. */
  committedAfter?: Record<string, string | null>;
  ref?: string;
  /** What is done to the working tree (and the index) after the commits; `at` is the catalog folder. */
  act: (at: string, root: string) => void;
  /** A rule the case must report, so that each case tests what its name says. */
  shows?: string;
}

const CASES: Case[] = [
  { name: 'nothing changed', act: () => {} },
  { name: 'a fee changed without a new verifiedAt', act: (at) => writeFileSync(path.join(at, 'rails/BR-pix.yaml'), FEE_CHANGED), shows: 'unverified-change' },
  { name: 'a file deleted', act: (at) => rmSync(path.join(at, 'rails/BR-pix.yaml')), shows: 'removed-entry' },
  {
    name: 'a rail renamed, file and id',
    act: (at) => {
      rmSync(path.join(at, 'rails/BR-pix.yaml'));
      writeFileSync(path.join(at, 'rails/BR-pix_key.yaml'), RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pix_key'));
    },
    shows: 'removed-entry',
  },
  {
    name: 'a new file git does not track yet',
    act: (at) => writeFileSync(path.join(at, 'rails/BR-ted.yaml'), RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-ted')),
    shows: 'duplicate-name',
  },
  {
    name: 'a new file staged',
    act: (at, root) => {
      writeFileSync(path.join(at, 'rails/BR-ted.yaml'), RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-ted'));
      git(root, 'add', '-A');
    },
    shows: 'duplicate-name',
  },
  {
    name: 'a change staged, then undone in the working tree (the index differs, the file does not)',
    act: (at, root) => {
      writeFileSync(path.join(at, 'rails/BR-pix.yaml'), FEE_CHANGED);
      git(root, 'add', '-A');
      writeFileSync(path.join(at, 'rails/BR-pix.yaml'), RAIL_BR_PIX);
    },
  },
  {
    // git's stat check compares the change time and the inode too, which setting the times back does not restore.
    name: 'a change of the same size, with the modification time set back to what the index recorded',
    act: (at, root) => {
      const file = path.join(at, 'countries/FR.yaml');
      git(root, 'update-index', '--refresh');
      const { atime, mtime } = statSync(file);
      writeFileSync(file, readFileSync(file, 'utf8').replace('name: France', 'name: Franca'));
      utimesSync(file, atime, mtime);
    },
  },
  {
    name: 'every file touched (its times changed, not its bytes)',
    act: (at) => {
      for (const f of readdirSync(at, { recursive: true, encoding: 'utf8' })) if (f.endsWith('.yaml')) utimesSync(path.join(at, f), new Date(), new Date());
    },
  },
  { name: "a file's mode changed", act: (at) => chmodSync(path.join(at, 'rails/BR-pix.yaml'), 0o755) },
  { name: 'a file removed from the index, kept on disk', act: (at, root) => git(root, 'rm', '-q', '--cached', path.join(at, 'countries/FR.yaml')) },
  {
    name: 'a file replaced by a symbolic link to the same text (validate refuses the link)',
    act: (at) => {
      const file = path.join(at, 'rails/BR-pix.yaml');
      writeFileSync(path.join(at, '..', 'pix.yaml'), readFileSync(file));
      rmSync(file);
      symlinkSync(path.join(at, '..', 'pix.yaml'), file);
    },
    shows: 'removed-entry',
  },
  {
    // diff-index cannot read a damaged index: every file of the working tree is hashed instead.
    name: 'a damaged git index, with a fee changed',
    act: (at, root) => {
      writeFileSync(path.join(at, 'rails/BR-pix.yaml'), FEE_CHANGED);
      writeFileSync(path.join(root, '.git/index'), 'not an index');
    },
    shows: 'unverified-change',
  },
  {
    name: 'a rail that failed its schema at the base, fixed now',
    start: { ...START, 'rails/BR-pix.yaml': BROKEN_PIX },
    act: (at) => writeFileSync(path.join(at, 'rails/BR-pix.yaml'), RAIL_BR_PIX),
  },
  { name: 'a rail that fails its schema, unchanged since the base', start: { ...START, 'rails/BR-pix.yaml': BROKEN_PIX }, act: () => {}, shows: 'schema' },
  {
    name: 'verifiedAt moved backwards',
    act: (at) => writeFileSync(path.join(at, 'rails/BR-pix.yaml'), setLine(RAIL_BR_PIX, 'verifiedAt', 'verifiedAt: "2026-01-02"')),
    shows: 'verified-at',
  },
  {
    name: 'a committed change and an uncommitted one, compared with the commit before',
    committedAfter: { 'rails/BR-pix.yaml': FEE_CHANGED, 'countries/FR.yaml': null },
    ref: 'HEAD~1',
    act: (at) => writeFileSync(path.join(at, 'assets/usdc.yaml'), `${readFileSync(path.join(at, 'assets/usdc.yaml'), 'utf8')}# checked\n`),
    shows: 'removed-entry',
  },
  {
    // git cat-file gives the base's texts one after another: the big one is passed over, and the next still read.
    name: 'a file over the size limit at the base, small now, and the file after it deleted',
    start: { ...START, 'rails/BR-pix.yaml': `${RAIL_BR_PIX}# ${'x'.repeat(300 * 1024)}\n` },
    act: (at) => {
      writeFileSync(path.join(at, 'rails/BR-pix.yaml'), RAIL_BR_PIX);
      rmSync(path.join(at, 'rails/FR-sepa_instant.yaml'));
    },
    shows: 'removed-entry',
  },
  { name: 'a catalog at the root of the repository', catalogDir: '', act: (at) => rmSync(path.join(at, 'countries/FR.yaml')), shows: 'removed-entry' },
];

/** The base read whole, with git show: every file of the revision, as the history rules would see it read whole. */
function baseFromGit(repo: Repo, commit: string, at: string) {
  const prefix = repo.catalogDir ? `${repo.catalogDir}/` : '';
  const names = git(repo.root, 'ls-tree', '-r', '--name-only', '--full-tree', commit, ...(prefix ? ['--', prefix] : []))
    .split('\n')
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(prefix.length));
  const texts = Object.fromEntries(names.map((name) => [name, git(repo.root, 'show', `${commit}:${prefix}${name}`)]));
  return { texts, delta: wholeBase(texts, at, repo.root) };
}

describe('validate against a base: what git says changed, then the working tree for the rest', () => {
  it.each(CASES)(
    '$name',
    async ({ start, catalogDir, committedAfter, ref = 'HEAD', act, shows }) => {
      const repo = await makeRepo(start ?? START, catalogDir ?? 'data/catalog');
      if (committedAfter) await change(repo, committedAfter, 'catalog: then');
      const at = path.join(repo.root, repo.catalogDir);
      const dir = repo.catalogDir || '.';
      const cacheLocation = path.join(await tempDir('catalog-base-cache-'), 'cache');
      const validate = (...extra: string[]) => cli(['validate', '--dir', dir, '--format', 'json', '--today', TODAY, '--base', ref, ...extra], repo.root);
      // The cache filled before the change: the cached run keeps the entries of the files the change did not touch.
      await validate('--cache', '--cache-location', cacheLocation);
      act(at, repo.root);

      const commit = git(repo.root, 'rev-parse', ref).trim();
      const whole = baseFromGit(repo, commit, at);
      const expected = validateLoaded(await loadCatalog(dir, repo.root), { today: TODAY, base: whole.delta }).report;
      const plain = await validate();
      const cached = await validate('--cache', '--cache-location', cacheLocation);
      expect(JSON.parse(plain.stdout)).toEqual(JSON.parse(formatters.json(expected, { color: false })));
      expect(cached.stdout).toBe(plain.stdout);
      if (shows) expect(expected.problems.map((p) => p.rule)).toContain(shows);

      // Touched: the files whose text is not the revision's; deleted: the revision's files that are no longer files of
      // the working tree (a symbolic link is not read: validate refuses it).
      const base = await readBase({ ref, dir, cwd: repo.root });
      const textNow = (name: string) => {
        const file = path.join(at, name);
        return existsSync(file) && !lstatSync(file).isSymbolicLink() ? readFileSync(file, 'utf8') : undefined;
      };
      const nowNames = readdirSync(at, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => f.split(path.sep).join('/'));
      const files = nowNames.filter((name) => textNow(name) !== undefined);
      const atBase = new Map(Object.entries(whole.texts));
      const shown = (name: string) => displayPath(path.join(at, name), repo.root);
      const touched = [...new Set([...atBase.keys(), ...nowNames])].filter((name) => !atBase.has(name) || textNow(name) !== atBase.get(name));
      expect([...base.touched].sort()).toEqual(touched.map(shown).sort());
      expect([...base.deleted].sort()).toEqual(
        [...atBase.keys()]
          .filter((name) => !files.includes(name))
          .map(shown)
          .sort(),
      );
      // Only the touched files are the base's own.
      expect([...base.delta.changed].map(shown).every((f) => base.touched.has(f))).toBe(true);
    },
    60_000,
  );
});
