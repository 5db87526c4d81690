/**
 * The release of the data package (@payout-catalog/data): the previous release is the highest `data-vX.Y.Z` tag that
 * HEAD contains; `catalog diff` between it and the working tree decides the next version and writes the changelog.
 * A shell around the pure parts (bump.ts, changelog.ts, csv.ts): it reads git and writes the package's files.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { checkSchemas } from '../check/schema.js';
import { readBase } from '../git/base.js';
import { diffCatalogs } from '../git/diff.js';
import { composeBase } from '../history/delta.js';
import type { Catalog } from '../model/catalog.js';
import { loadCatalog } from '../parse/load.js';
import { validateCatalog } from '../pipeline/validate.js';
import { buildSeed, serializeSeed } from '../seed/build.js';
import { writeAtomic } from '../util/write-atomic.js';
import type { Seed } from '../generated/types.js';
import { bumpOf, type Bump } from './bump.js';
import { changelog, releaseEntries, type Release } from './changelog.js';
import { catalogCsv } from './csv.js';

const run = promisify(execFile);

/** The tag of a release: data-v1.4.0. */
export const TAG_PREFIX = 'data-v';

/** Why a release cannot be made: the catalog has errors, nothing changed, git cannot be read. */
export class ReleaseError extends Error {}

/** The previous release: the highest data-vX.Y.Z tag among those HEAD contains (a pre-release tag is none), or undefined before the first. */
async function previousTag(cwd: string): Promise<{ tag: string; version: string } | undefined> {
  const { stdout } = await run('git', ['tag', '--merged', 'HEAD', '--list', `${TAG_PREFIX}*`], { cwd });
  const versions = stdout
    .split('\n')
    .map((t) => t.trim().slice(TAG_PREFIX.length))
    .filter((v) => semver.valid(v) !== null && semver.prerelease(v) === null);
  const version = semver.rsort(versions)[0];
  return version ? { tag: `${TAG_PREFIX}${version}`, version } : undefined;
}

/** The working tree's catalog, valid (a release of a catalog with errors is refused, as the build refuses). */
async function currentCatalog(dir: string, cwd: string, today: string): Promise<Catalog> {
  const validation = await validateCatalog({ dir, cwd, today });
  if (validation.report.summary.errors > 0)
    throw new ReleaseError(`the catalog has ${validation.report.summary.errors} error(s): run catalog validate, fix them, then release`);
  return validation.catalog;
}

/** What the next release is: its version, the previous release it was compared with, and its changelog entry. */
export interface Plan {
  previous?: { tag: string; version: string };
  release: Release;
  seed: Seed;
}

/** Plans the next release on `today`: the diff since the previous tag, the bump it asks for, the changelog entry. */
export async function planRelease(options: { dir: string; cwd: string; today: string }): Promise<Plan> {
  const { dir, cwd, today } = options;
  const catalog = await currentCatalog(dir, cwd, today);
  const seed = buildSeed(catalog);
  const previous = await previousTag(cwd);
  if (!previous) return { seed, release: { version: '1.0.0', date: today, seedVersion: seed.meta.version, counts: seed.meta.counts, entries: [] } };
  const base = await readBase({ ref: previous.tag, dir, cwd });
  const current = checkSchemas(await loadCatalog(dir, cwd)).catalog;
  const diff = diffCatalogs(composeBase(base.delta, current), current);
  const bump: Bump | undefined = bumpOf(diff);
  if (!bump) throw new ReleaseError(`nothing published changed since ${previous.tag}: no release to make`);
  const version = semver.inc(previous.version, bump)!;
  return { previous, seed, release: { version, date: today, seedVersion: seed.meta.version, counts: seed.meta.counts, bump, entries: releaseEntries(diff) } };
}

/** The files of the package that a release writes, besides package.json's version and the changelog. */
const GENERATED = ['seed.json', 'catalog', 'csv', 'schemas'];

/**
 * Writes the package's data into `packageDir`: the seed, each catalog as JSON and as CSV, the JSON Schemas of the files.
 * The beneficiary schemas of each rail will join them under beneficiary/ (see the package's README).
 */
export async function writePackageData(packageDir: string, seed: Seed, schemasDir: string): Promise<void> {
  for (const name of GENERATED) await rm(path.join(packageDir, name), { recursive: true, force: true });
  await writeAtomic(path.join(packageDir, 'seed.json'), serializeSeed(seed));
  await mkdir(path.join(packageDir, 'catalog'), { recursive: true });
  for (const name of ['rails', 'assets', 'countries'] as const)
    await writeAtomic(path.join(packageDir, 'catalog', `${name}.json`), `${JSON.stringify(seed[name], null, 2)}\n`);
  const csv = catalogCsv(seed);
  await mkdir(path.join(packageDir, 'csv'), { recursive: true });
  for (const name of ['rails', 'assets', 'countries'] as const) await writeAtomic(path.join(packageDir, 'csv', `${name}.csv`), csv[name]);
  await mkdir(path.join(packageDir, 'schemas'), { recursive: true });
  for (const name of ['rail', 'asset', 'country', 'common', 'seed'])
    await writeAtomic(path.join(packageDir, 'schemas', `${name}.schema.json`), await readFile(path.join(schemasDir, `${name}.schema.json`), 'utf8'));
}

/** The releases so far (releases.json, newest first), with this one in front: what CHANGELOG.md and the feeds are made of. */
async function withRelease(releasesFile: string, release: Release): Promise<Release[]> {
  let releases: Release[] = [];
  try {
    releases = JSON.parse(await readFile(releasesFile, 'utf8')) as Release[];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return [release, ...releases.filter((r) => r.version !== release.version)];
}

/** Writes a release into the package: its data, its version in package.json, releases.json and CHANGELOG.md. */
export async function writeRelease(packageDir: string, schemasDir: string, plan: Plan): Promise<void> {
  await writePackageData(packageDir, plan.seed, schemasDir);
  const manifestFile = path.join(packageDir, 'package.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  await writeAtomic(manifestFile, `${JSON.stringify({ ...manifest, version: plan.release.version }, null, 2)}\n`);
  const releases = await withRelease(path.join(packageDir, 'releases.json'), plan.release);
  await writeAtomic(path.join(packageDir, 'releases.json'), `${JSON.stringify(releases, null, 2)}\n`);
  await writeAtomic(path.join(packageDir, 'CHANGELOG.md'), changelog(releases));
}
