import { CatalogDirError } from '../../read/folder.js';
import { loadCatalog } from '../../parse/load.js';
import { checkSchemas } from '../../check/schema.js';
import { composeBase } from '../../history/delta.js';
import { BaseError, readBase } from '../../git/base.js';
import { CATALOG_NAMES, diffToJson } from '../../compare/changes.js';
import { renderDiffMarkdown } from '../../compare/markdown.js';
import { minorUnit } from '../../domain/iso.js';
import { inertLines, visible } from '../../report/visible.js';
import { diffCatalogs } from '../../git/diff.js';
import { choiceFlag, parseFlags } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog diff --base <ref> [--dir catalog] [--format markdown|json]

What a change does to the published catalog, compared with the merge base of <ref> and HEAD: per catalog the entries
added, removed and changed, each changed field with its before and after (amounts in the currency's decimals), phase
and status transitions named, breaking changes flagged. Markdown fits a pull-request comment or $GITHUB_STEP_SUMMARY.
Exit code 0 (it is a report), 2 on a usage error or when the base cannot be read (the message says what to fetch).

Example:
  catalog diff --base origin/main --format markdown`;

export const FORMATS = ['markdown', 'json'] as const;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    base: { type: 'string' },
    dir: { type: 'string' },
    format: { type: 'string' },
  });
  const format = choiceFlag('format', values.format, FORMATS, 'markdown');
  if (values.base === undefined) throw new UsageError('--base <ref> is required: the branch or commit to compare with (origin/main)');
  const dir = catalogDir(values.dir, io.cwd);
  let base;
  let loaded;
  try {
    base = await readBase({ ref: values.base, dir, cwd: io.cwd });
    loaded = await loadCatalog(dir, io.cwd);
  } catch (err) {
    if (err instanceof CatalogDirError) throw new UsageError(err.message);
    if (err instanceof BaseError) {
      io.stderr.write(`catalog diff: ${inertLines(err.message)}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  const current = checkSchemas(loaded).catalog;
  const diff = diffCatalogs(composeBase(base.delta, current), current);
  const skipped = CATALOG_NAMES.flatMap((name) => diff[name].skipped);
  if (skipped.length)
    io.stderr.write(`catalog diff: not compared, as they do not pass their schema on one side: ${skipped.map((id) => visible(id)).join(', ')} (run catalog validate)\n`);
  io.stdout.write(format === 'json' ? diffToJson(diff) : renderDiffMarkdown(diff, { ref: base.ref, commit: base.commit, dir }, { minorUnit }));
  return EXIT.ok;
}
