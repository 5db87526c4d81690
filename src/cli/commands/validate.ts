import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applyFixes, type Fix } from '../../edit/fix.js';
import { CatalogDirError, scanCatalog, type Listing } from '../../read/folder.js';
import { displayPath } from '../../read/paths.js';
import { makeReport, type Problem } from '../../model/problem.js';
import { crashReport } from '../../report/crash.js';
import { validateCatalog, type Validation } from '../../pipeline/validate.js';
import { inertLines } from '../../report/visible.js';
import { FORMATS, formatters } from '../../report/formatters.js';
import type { BaseRevision } from '../../git/base.js';
import { chooseBase, settled } from '../../git/choose-base.js';
import { writeAtomic } from '../../util/write-atomic.js';
import { choiceFlag, intFlag, parseFlags, todayFlag } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
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

/** How many passes --fix makes at most (a fix may reveal another, as in ESLint). */
const FIX_PASSES = 10;

/** The files named on the command line, as absolute paths and folders; undefined for the whole catalog. */
interface Scope {
  files: Set<string>;
  folders: string[];
}

const GLOB = /[*?[\]{}]/;

async function resolveScope(args: string[], absDir: string, deleted: Set<string>, io: CliIO): Promise<Scope | undefined> {
  if (args.length === 0) return undefined;
  // fast-glob loads only when a glob is given: a plain run does not pay for it.
  const fg = args.some((a) => GLOB.test(a)) ? (await import('fast-glob')).default : undefined;
  const scope: Scope = { files: new Set(), folders: [] };
  for (const arg of args) {
    const matches =
      fg && GLOB.test(arg)
        ? fg.sync(arg, { cwd: io.cwd, absolute: true, onlyFiles: true, dot: false }).map((f) => path.resolve(f))
        : [path.resolve(io.cwd, arg)];
    if (matches.length === 0) throw new UsageError(`${arg} matches no file`);
    for (const abs of matches) {
      if (abs !== absDir && !abs.startsWith(absDir + path.sep))
        throw new UsageError(`${displayPath(abs, io.cwd)} is not in the catalog folder ${displayPath(absDir, io.cwd)} (give the catalog folder with --dir)`);
      let isDir = false;
      try {
        isDir = statSync(abs).isDirectory();
      } catch {
        // A file deleted by the change is in scope: its deletion is what is checked.
        if (!deleted.has(displayPath(abs, io.cwd))) throw new UsageError(`${arg}: no such file`);
      }
      if (isDir) scope.folders.push(abs + path.sep);
      else scope.files.add(abs);
    }
  }
  return scope;
}

function inScope(scope: Scope | undefined, display: string, cwd: string): boolean {
  if (!scope) return true;
  const abs = path.resolve(cwd, display);
  return scope.files.has(abs) || scope.folders.some((f) => abs.startsWith(f));
}

/** Applies the safe fixes of the problems in scope, file by file; returns what was fixed. */
async function applySafeFixes(validation: Validation, problems: Problem[]): Promise<Problem[]> {
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) if (p.fix) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  const fixed: Problem[] = [];
  for (const [shown, list] of byFile) {
    const file = validation.files.find((f) => f.path === shown);
    if (!file) continue;
    // The file as it is now: if it changed since it was read, its fixes wait for the next run.
    if ((await readFile(file.absolute, 'utf8')) !== file.text) continue;
    const { text, applied } = applyFixes(
      file.text,
      list.map((p) => p.fix!),
    );
    if (applied.length === 0) continue;
    await writeAtomic(file.absolute, text);
    const done = new Set<Fix>(applied);
    fixed.push(...list.filter((p) => done.has(p.fix!)));
  }
  return fixed;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    {
      dir: { type: 'string' },
      format: { type: 'string' },
      today: { type: 'string' },
      'max-warnings': { type: 'string' },
      base: { type: 'string' },
      'no-base': { type: 'boolean', default: false },
      fix: { type: 'boolean', default: false },
      cache: { type: 'boolean', default: false },
      'cache-location': { type: 'string' },
    },
    { positionals: true },
  );
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
  const fixed: Problem[] = [];
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
    const delta = reading && settled(reading.then((b) => b?.delta));
    validation = await validateCatalog({ dir, cwd: io.cwd, today, base: delta, cacheFile, listing: list() });
    base = await reading;
    for (let pass = 0; values.fix && pass < FIX_PASSES; pass++) {
      const now = await applySafeFixes(
        validation,
        validation.report.problems.filter((p) => inScope(scope, p.file, io.cwd)),
      );
      if (now.length === 0) break;
      fixed.push(...now);
      validation = await validateCatalog({ dir, cwd: io.cwd, today, base: base?.delta, cacheFile });
    }
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
