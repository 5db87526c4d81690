import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogDirError } from '../../read/folder.js';
import { crashReport } from '../../report/crash.js';
import type { Seed } from '../../generated/types.js';
import type { Release } from '../../release/changelog.js';
import { formatters } from '../../report/formatters.js';
import { buildSiteFiles, writeSite } from '../../site/build.js';
import { siteFromSeed, type SiteData } from '../../site/model.js';
import { siteFromDir } from '../../site/source.js';
import { parseFlags, todayFlag } from '../args.js';
import { EXIT, UsageError, type CliIO } from '../io.js';
import { wantsColor } from './validate.js';

export const usage = `catalog site [--dir catalog] [--seed dist/seed.json] [--out dist/site] [--releases packages/data/releases.json] [--today YYYY-MM-DD]

Builds the public website: an index of countries, a page per rail (with its beneficiary form, checked as you type by
the service's own code), per asset and per country, in English (/en/) and French (/fr/). Built from the catalog
(validated first, refused on errors like catalog build; the fields' examples become one-click buttons), or from a
built seed with --seed (no examples: the seed has none). Staleness is judged on --today, or today's date. The Atom
feeds of changes (feeds/catalog.atom, feeds/rails/<id>.atom) tell the releases of the data package: --releases, by
default packages/data/releases.json beside the catalog folder when there is one.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    dir: { type: 'string', default: 'catalog' },
    seed: { type: 'string' },
    out: { type: 'string', default: 'dist/site' },
    releases: { type: 'string' },
    today: { type: 'string' },
  });
  const today = todayFlag(values.today, io);
  let data: SiteData;
  if (values.seed !== undefined) {
    data = siteFromSeed(await readSeed(path.resolve(io.cwd, values.seed), values.seed), today);
  } else {
    let result: Awaited<ReturnType<typeof siteFromDir>>;
    try {
      result = await siteFromDir(values.dir!, io.cwd, today);
    } catch (err) {
      if (err instanceof CatalogDirError) throw new UsageError(err.message);
      throw err;
    }
    const { validation } = result;
    if (validation.crashed.length > 0) {
      io.stdout.write(formatters.stylish(validation.report, { color: wantsColor(io) }));
      io.stderr.write(`${crashReport(validation.crashed)}catalog site: refused, a rule could not run; ${values.out} was not written\n`);
      return EXIT.usage;
    }
    if (!result.data) {
      io.stdout.write(formatters.stylish(validation.report, { color: wantsColor(io) }));
      io.stderr.write(`catalog site: refused, the catalog has ${validation.report.summary.errors} error(s); ${values.out} was not written\n`);
      return EXIT.problems;
    }
    if (validation.report.summary.warnings > 0) io.stderr.write(formatters.stylish(validation.report, { color: false }));
    data = result.data;
  }
  const releases = await readReleases(io.cwd, values.releases ?? path.join(values.dir!, '..', 'packages/data/releases.json'), values.releases !== undefined);
  const files = await buildSiteFiles(releases ? { ...data, releases } : data);
  await writeSite(files, path.resolve(io.cwd, values.out!));
  const pages = [...files.keys()].filter((f) => f.endsWith('.html')).length;
  io.stdout.write(
    `wrote ${values.out}: ${pages} pages (${data.rails.length} rails, ${data.assets.length} assets, ${data.countries.length} countries, in en and fr), version ${data.version}\n`,
  );
  return EXIT.ok;
}

/** The releases of the data package, newest first; undefined when the default file is absent (no release yet). */
async function readReleases(cwd: string, shown: string, given: boolean): Promise<Release[] | undefined> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, shown), 'utf8');
  } catch (err) {
    if (!given && (err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`--releases ${shown} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let releases: unknown;
  try {
    releases = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${shown} is not JSON (${(err as Error).message}): npm run release:data writes it`);
  }
  if (!Array.isArray(releases) || releases.some((r) => typeof r?.version !== 'string' || typeof r?.date !== 'string' || !Array.isArray(r?.entries)))
    throw new UsageError(`${shown} is not a list of releases ({ version, date, entries } each): npm run release:data writes it`);
  return releases as Release[];
}

async function readSeed(file: string, shown: string): Promise<Seed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `--seed ${shown} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): run catalog build first, or leave out --seed to build from the catalog`,
    );
  }
  let seed: Seed;
  try {
    seed = JSON.parse(text) as Seed;
  } catch (err) {
    throw new UsageError(`--seed ${shown} is not JSON (${(err as Error).message}): rebuild it with catalog build`);
  }
  if (!seed || !Array.isArray(seed.rails) || !Array.isArray(seed.assets) || !Array.isArray(seed.countries) || typeof seed.meta?.version !== 'string')
    throw new UsageError(`--seed ${shown} is not a seed (it needs meta.version, rails, assets and countries): rebuild it with catalog build`);
  return seed;
}
