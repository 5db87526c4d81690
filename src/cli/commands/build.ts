import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CatalogDirError } from '../../read/folder.js';
import { crashReport } from '../../report/crash.js';
import { validateCatalog } from '../../pipeline/validate.js';
import { formatters } from '../../report/formatters.js';
import { currentCommit } from '../../seed/commit.js';
import { buildSeed, serializeSeed } from '../../seed/build.js';
import { unsafeTexts } from '../../seed/invariants.js';
import { writeAtomic } from '../../util/write-atomic.js';
import { parseFlags, todayFlag } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { EXIT, UsageError, type CliIO } from '../io.js';
import { describeWriteError, isFsError } from '../write-error.js';
import { wantsColor } from './validate.js';

export const usage = `catalog build [--dir catalog] [--out dist/seed.json] [--today YYYY-MM-DD]

Validates the catalog, then writes the seed atomically (by default to dist/seed.json beside the catalog/ folder found
by walking up, or relative to the working directory with --dir). Refuses (exit 1, any existing output left untouched) when
there are errors; warnings do not block the build. A seed that cannot be written (full disk, read-only or protected
folder, --out naming a folder) is one line naming the path and the cause, exit 2, the previous seed untouched.

Example:
  catalog build --out dist/seed.json`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    dir: { type: 'string' },
    out: { type: 'string' },
    today: { type: 'string' },
  });
  const today = todayFlag(values.today, io);
  const dir = catalogDir(values.dir, io.cwd);
  // A catalog found by walking up: the seed goes beside it (dist/ at the repository's root), not into a subfolder.
  const shownOut = values.out ?? (values.dir === undefined ? path.join(path.dirname(dir), 'dist', 'seed.json').split(path.sep).join('/') : 'dist/seed.json');
  let validation;
  try {
    validation = await validateCatalog({ dir, cwd: io.cwd, today });
  } catch (err) {
    if (err instanceof CatalogDirError) throw new UsageError(err.message);
    throw err;
  }
  const { report, catalog } = validation;
  const out = path.resolve(io.cwd, shownOut);
  if (validation.crashed.length > 0) {
    io.stdout.write(formatters.stylish(report, { color: wantsColor(io) }));
    io.stderr.write(crashReport(validation.crashed) + `catalog build: refused, a rule could not run; ${shownOut} was not written\n`);
    return EXIT.usage;
  }
  if (report.summary.errors > 0) {
    io.stdout.write(formatters.stylish(report, { color: wantsColor(io) }));
    io.stderr.write(`catalog build: refused, the catalog has ${report.summary.errors} error(s); ${shownOut} was not written\n`);
    return EXIT.problems;
  }
  if (report.summary.warnings > 0) io.stderr.write(formatters.stylish(report, { color: false }));
  const seed = buildSeed(catalog, await currentCommit(path.resolve(io.cwd, dir)));
  // The seed's own guarantee: a text that the checks let through never reaches a client.
  const unsafe = unsafeTexts(seed);
  if (unsafe.length > 0) {
    io.stderr.write(unsafe.map((u) => `catalog build: the seed ${u}\n`).join('') + `catalog build: refused, a check of the catalog let a character through that no seed holds (an internal error: please report it); ${shownOut} was not written\n`);
    return EXIT.usage;
  }
  try {
    await writeAtomic(out, serializeSeed(seed), io.fs);
  } catch (err) {
    if (!isFsError(err)) throw err;
    const kept = (await stat(out).catch(() => undefined))?.isFile() ? 'the previous seed is untouched' : 'nothing was written';
    io.stderr.write(`catalog build: ${describeWriteError(err, shownOut, out)}; ${kept}\n`);
    return EXIT.usage;
  }
  const { rails, assets, countries } = seed.meta.counts;
  io.stdout.write(`wrote ${shownOut}: ${rails} rails, ${assets} assets, ${countries} countries, version ${seed.meta.version}\n`);
  return EXIT.ok;
}
