import { CatalogDirError } from '../../core/load.js';
import { crashReport, validateCatalog } from '../../core/validate.js';
import { inertLines } from '../../core/visible.js';
import { FORMATS, formatters } from '../../formatters/index.js';
import type { BaseRevision } from '../../git/base.js';
import { choiceFlag, intFlag, parseFlags, todayFlag } from '../args.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog validate [--dir catalog] [--format stylish|json|github|markdown] [--today YYYY-MM-DD] [--max-warnings N] [--base <ref>] [--cache] [--cache-location .catalogcache]

Checks every file of the catalog: YAML syntax, the JSON Schemas and every rule. Reports all problems in one run.
With --base <ref>, also checks the change against the catalog at the merge base of <ref> and HEAD (read with git):
removed-entry, unverified-change, and verifiedAt moved backwards; the github format annotates the files the change
touched first, and so does the markdown format (a table for the pull-request comment). Exit code 0 when there is no error (and no more warnings than --max-warnings), 1 otherwise, 2 on a usage
error or when the base cannot be read (the message says what to fetch).
With --cache, files whose text did not change since the last run are not parsed again (the parse is kept in
--cache-location, default .catalogcache); the schema and every rule still check everything.`;

/** Whether colour is wanted: a TTY, and NO_COLOR unset or empty (https://no-color.org). */
export function wantsColor(io: CliIO): boolean {
  return Boolean(io.stdout.isTTY) && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    dir: { type: 'string', default: 'catalog' },
    format: { type: 'string' },
    today: { type: 'string' },
    'max-warnings': { type: 'string' },
    base: { type: 'string' },
    cache: { type: 'boolean', default: false },
    'cache-location': { type: 'string' },
  });
  if (values['cache-location'] !== undefined && !values.cache) throw new UsageError('--cache-location goes with --cache');
  const format = choiceFlag('format', values.format, FORMATS, 'stylish');
  const today = todayFlag(values.today, io);
  const maxWarnings = intFlag('max-warnings', values['max-warnings']);
  let validation;
  let base: BaseRevision | undefined;
  // git is loaded only with --base: a plain run does not pay for it.
  const git = values.base !== undefined ? await import('../../git/base.js') : undefined;
  try {
    if (git && values.base !== undefined) base = await git.readBase({ ref: values.base, dir: values.dir!, cwd: io.cwd });
    const cacheFile = values.cache ? (values['cache-location'] ?? '.catalogcache') : undefined;
    validation = await validateCatalog({ dir: values.dir!, cwd: io.cwd, today, base: base?.catalog, cacheFile });
  } catch (err) {
    if (err instanceof CatalogDirError) throw new UsageError(err.message);
    if (git && err instanceof git.BaseError) {
      io.stderr.write(`catalog validate: ${inertLines(err.message)}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  const { report } = validation;
  io.stdout.write(formatters[format](report, { color: wantsColor(io), touched: base?.touched }));
  if (validation.crashed.length > 0) {
    io.stderr.write(crashReport(validation.crashed));
    return EXIT.usage;
  }
  if (report.summary.errors > 0) return EXIT.problems;
  if (maxWarnings !== undefined && report.summary.warnings > maxWarnings) {
    io.stderr.write(`catalog validate: ${report.summary.warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return EXIT.problems;
  }
  return EXIT.ok;
}
