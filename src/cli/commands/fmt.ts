import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { CatalogDirError, listFiles } from '../../read/folder.js';
import { displayPath } from '../../read/paths.js';
import { ENTRY_KINDS, type Folder } from '../../model/catalog.js';
import { formatEntry, FormatError } from '../../edit/format.js';
import { writeAtomic } from '../../util/write-atomic.js';
import { parseFlags } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog fmt [files or globs...] [--check] [--dir catalog]

Writes catalog files in the one canonical layout: keys in the schema's order, 2-space indentation, lists indented under
their key, patterns in single quotes, examples in double quotes, other text plain unless a YAML reader could take it for
something else (a date, a number, yes/no: then double quotes), the editor modeline first. Comments and blank lines
between blocks are kept; the data never changes. Without files, formats every entry of the catalog.
--check writes nothing: lists the files that are not formatted and exits 1 if there is any (for CI).
Exit code 0 when every file is (or now is) formatted, 1 with --check when one is not or when a file cannot be
formatted (YAML errors: catalog validate says where), 2 on a usage error.

Example:
  catalog fmt --check`;

/** The kind of entry a file holds, from its place in the catalog folder (rails/<id>.yaml...), or undefined. */
function kindOf(absDir: string, file: string) {
  const parts = path.relative(absDir, file).split(path.sep);
  if (parts.length !== 2 || !parts[1].endsWith('.yaml') || !Object.hasOwn(ENTRY_KINDS, parts[0])) return undefined;
  return ENTRY_KINDS[parts[0] as Folder];
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(argv, { dir: { type: 'string' }, check: { type: 'boolean', default: false } }, { positionals: true });
  const dir = catalogDir(values.dir, io.cwd);
  const absDir = path.resolve(io.cwd, dir);
  let files: string[];
  if (positionals.length === 0) {
    try {
      files = listFiles(absDir, dir)
        .map((name) => path.join(absDir, name))
        .filter((f) => kindOf(absDir, f));
    } catch (err) {
      if (err instanceof CatalogDirError) throw new UsageError(err.message);
      throw err;
    }
  } else {
    files = [];
    for (const arg of positionals) {
      const matches = /[*?[\]{}]/.test(arg)
        ? fg
            .sync(arg, { cwd: io.cwd, absolute: true, onlyFiles: true })
            .map((f) => path.resolve(f))
            .sort()
        : [path.resolve(io.cwd, arg)];
      if (matches.length === 0) throw new UsageError(`${arg} matches no file`);
      for (const f of matches) {
        if (!kindOf(absDir, f))
          throw new UsageError(
            `${displayPath(f, io.cwd)} is not a catalog entry: fmt formats ${dir}/rails/<id>.yaml, ${dir}/assets/<id>.yaml and ${dir}/countries/<CODE>.yaml (give the catalog folder with --dir)`,
          );
        files.push(f);
      }
    }
  }

  let changed = 0;
  let failed = 0;
  for (const file of files) {
    const shown = displayPath(file, io.cwd);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      io.stderr.write(`catalog fmt: ${shown}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})\n`);
      failed++;
      continue;
    }
    let formatted: string;
    try {
      formatted = formatEntry(text, kindOf(absDir, file)!);
    } catch (err) {
      if (!(err instanceof FormatError)) throw err;
      io.stderr.write(`catalog fmt: ${shown}: not formatted: ${err.message}\n`);
      failed++;
      continue;
    }
    if (formatted === text) continue;
    changed++;
    if (values.check) io.stdout.write(`${shown}: not formatted\n`);
    else {
      await writeAtomic(file, formatted);
      io.stdout.write(`formatted ${shown}\n`);
    }
  }
  const total = files.length;
  const notRead = failed ? `; ${fileCount(failed)} not formatted (see above)` : '';
  if (values.check) {
    io.stderr.write(
      changed
        ? `catalog fmt --check: ${changed} of ${fileCount(total)} ${changed === 1 ? 'is' : 'are'} not formatted: run catalog fmt${notRead}\n`
        : `catalog fmt --check: ${fileCount(total - failed)} already formatted, nothing to change${notRead}\n`,
    );
    return changed || failed ? EXIT.problems : EXIT.ok;
  }
  io.stderr.write(`catalog fmt: formatted ${fileCount(changed)}, ${total - changed - failed} already formatted${notRead}\n`);
  return failed ? EXIT.problems : EXIT.ok;
}

/** "1 file", "137 files": a count the analyst reads as a sentence. */
function fileCount(n: number): string {
  return `${n} ${n === 1 ? 'file' : 'files'}`;
}
