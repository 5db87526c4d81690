import path from 'node:path';
import { CatalogDirError, scanCatalog, type Listing } from '../../read/folder.js';
import { makeReport, type Problem } from '../../model/problem.js';
import { crashReport } from '../../report/crash.js';
import { validateCatalog, type Validation } from '../../pipeline/validate.js';
import { inertLines } from '../../report/visible.js';
import { FORMATS, formatters } from '../../report/formatters.js';
import type { BaseRevision } from '../../git/base.js';
import { chooseBase, settled } from '../../git/choose-base.js';
import { fixFiles } from '../fix-files.js';
import { choiceFlag, intFlag, parseFlags, todayFlag } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { inScope, resolveScope, type Scope } from '../scope.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog validate [paths or globs...] [--dir catalog] [--format stylish|json|github|markdown] [--today YYYY-MM-DD] [--max-warnings N] [--base <ref>] [--no-base] [--fix] [--cache] [--cache-location .catalogcache]

Checks the catalog: YAML syntax, the JSON Schemas and every rule. Reports all problems in one run. With paths or
globs, reports the problems of those files only, the whole catalog still read for references.
In a git checkout, also checks the change against a base revision (deleted entries, unverified changes, verifiedAt
moved backwards): --base <ref> compares with the merge base of <ref> and HEAD; without it, with the merge base of the
branch's upstream if it has one, else with HEAD (one line on stderr says which); --no-base turns this off.
--fix applies the safe fixes (a code's case, quotes, yes/no in a true-or-false property) and says what remains.
The markdown format is a table for the pull-request comment, the files the change touched first. Exit code 0 when there is no error (and no more warnings than --max-warnings), 1 otherwise, 2 on a usage error or
when the --base ref cannot be read (the message says what to fetch).
With --cache, only the files that changed since the last run are checked again (what each file alone decides is
kept in --cache-location, default .catalogcache); the rules that compare entries still run on the whole catalog.

Example:
  catalog validate catalog/rails/BR-pix.yaml --fix`;

/** Whether colour is wanted: a TTY, and NO_COLOR unset or empty (https://no-color.org). */
export function wantsColor(io: CliIO): boolean {
  return Boolean(io.stdout.isTTY) && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
}

const FLAGS = {
  dir: { type: 'string' },
  format: { type: 'string' },
  today: { type: 'string' },
  'max-warnings': { type: 'string' },
  base: { type: 'string' },
  'no-base': { type: 'boolean', default: false },
  fix: { type: 'boolean', default: false },
  cache: { type: 'boolean', default: false },
  'cache-location': { type: 'string' },
} as const;

/** The command-line front end of the engine: the base, the scope, the memo (--cache) and --fix are chosen here. */
export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(argv, FLAGS, { positionals: true });
  if (values['cache-location'] !== undefined && !values.cache) throw new UsageError('--cache-location goes with --cache');
  if (values.base !== undefined && values['no-base']) throw new UsageError('--base and --no-base contradict each other: give one');
  const format = choiceFlag('format', values.format, FORMATS, 'stylish');
  const today = todayFlag(values.today, io);
  const maxWarnings = intFlag('max-warnings', values['max-warnings']);
  const dir = catalogDir(values.dir, io.cwd);
  const absDir = path.resolve(io.cwd, dir);
  const cacheFile = values.cache ? (values['cache-location'] ?? '.catalogcache') : undefined;
  let validation: Validation;
  let base: BaseRevision | undefined;
  let scope: Scope | undefined;
  let fixed: Problem[] = [];
  try {
    // Listed once, by chooseBase while git answers or by the run itself. The cache file is not a catalog file.
    const own = cacheFile ? [path.resolve(io.cwd, cacheFile)] : [];
    let listing: Promise<Listing> | undefined;
    const list = (): Promise<Listing> => (listing ??= settled(new Promise<Listing>((resolve) => resolve(scanCatalog(absDir, dir, own)))));
    const say = (line: string) => io.stderr.write(`catalog validate: ${line}\n`);
    const { reading } = await chooseBase({ base: values.base, noBase: values['no-base'] }, dir, io.cwd, say, list);
    // The paths given are checked first (a deleted file is a path in scope): then the base is needed now.
    if (positionals.length > 0) base = await reading;
    scope = await resolveScope(positionals, absDir, base?.deleted ?? new Set(), io);
    const options = { dir, cwd: io.cwd, today, base: reading && settled(reading.then((b) => b?.delta)), listing: list() };
    const made = cacheFile ? await (await import('../../cache/validate-cached.js')).validateCached({ ...options, cacheFile }) : await validateCatalog(options);
    base = await reading;
    validation = made;
    if (values.fix) ({ validation, fixed } = await fixFiles(made, today, base?.delta, (p) => inScope(scope, p.file, io.cwd), io));
  } catch (err) {
    if (err instanceof CatalogDirError) throw new UsageError(err.message);
    if (!values['no-base'] && err instanceof (await import('../../git/base.js')).BaseError) {
      io.stderr.write(`catalog validate: ${inertLines(err.message)}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  const problems = validation.report.problems.filter((p) => inScope(scope, p.file, io.cwd));
  const files = scope ? validation.files.filter((f) => inScope(scope, f.path, io.cwd)).length : validation.files.length;
  const report = scope ? makeReport(problems, files) : validation.report;
  io.stdout.write(formatters[format](report, { color: wantsColor(io), touched: base?.touched }));
  if (values.fix) {
    for (const p of fixed) io.stderr.write(`fixed ${p.file}:${p.line}:${p.column}  ${p.message}  ${p.rule}\n`);
    io.stderr.write(
      `catalog validate --fix: ${fixed.length} problem(s) fixed; ${report.summary.errors} error(s) and ${report.summary.warnings} warning(s) remain\n`,
    );
  } else {
    const fixable = report.problems.filter((p) => p.fix).length;
    if (fixable > 0) io.stderr.write(`catalog validate: ${fixable} of these problems can be fixed safely with --fix\n`);
  }
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
