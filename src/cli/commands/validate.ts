import { CatalogDirError } from '../../core/load.js';
import { validateCatalog } from '../../core/validate.js';
import { FORMATS, formatters } from '../../formatters/index.js';
import { BaseError, readBase, type BaseRevision } from '../../git/base.js';
import { choiceFlag, intFlag, parseFlags, todayFlag } from '../args.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog validate [--dir catalog] [--format stylish|json|github] [--today YYYY-MM-DD] [--max-warnings N] [--base <ref>]

Checks every file of the catalog: YAML syntax, the JSON Schemas and every rule. Reports all problems in one run.
With --base <ref>, also checks the change against the catalog at the merge base of <ref> and HEAD (read with git):
removed-entry, unverified-change, and verifiedAt moved backwards; the github format annotates the files the change
touched first. Exit code 0 when there is no error (and no more warnings than --max-warnings), 1 otherwise, 2 on a usage
error or when the base cannot be read (the message says what to fetch).`;

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
  });
  const format = choiceFlag('format', values.format, FORMATS, 'stylish');
  const today = todayFlag(values.today, io);
  const maxWarnings = intFlag('max-warnings', values['max-warnings']);
  let validation;
  let base: BaseRevision | undefined;
  try {
    if (values.base !== undefined) base = await readBase({ ref: values.base, dir: values.dir!, cwd: io.cwd });
    validation = await validateCatalog({ dir: values.dir!, cwd: io.cwd, today, base: base?.catalog });
  } catch (err) {
    if (err instanceof CatalogDirError) throw new UsageError(err.message);
    if (err instanceof BaseError) {
      io.stderr.write(`catalog validate: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  const { report } = validation;
  io.stdout.write(formatters[format](report, { color: wantsColor(io), touched: base?.touched }));
  if (report.summary.errors > 0) return EXIT.problems;
  if (maxWarnings !== undefined && report.summary.warnings > maxWarnings) {
    io.stderr.write(`catalog validate: ${report.summary.warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return EXIT.problems;
  }
  return EXIT.ok;
}
