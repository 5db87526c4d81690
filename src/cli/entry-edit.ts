import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { displayPath } from '../read/paths.js';
import { ENTRY_KINDS, type EntryKind, type Folder } from '../model/catalog.js';
import { schemaAt } from '../model/schema-walk.js';
import { didYouMeanText, writeOneOfText } from '../domain/suggest.js';
import { EditError, setTopLevel } from '../edit/set-values.js';
import { writeAtomic } from '../util/write-atomic.js';
import { catalogDir } from './catalog-dir.js';
import { EXIT, UsageError, type CliIO } from './io.js';

/** One entry to change in place: the kinds it may be, its id, the properties to set (a function of the kind). */
export interface EntryEdit {
  command: string;
  kinds: EntryKind[];
  id: string;
  reason: string | undefined;
  dir: string | undefined;
  values: (kind: EntryKind, reason: string) => Array<[string, string | null]>;
  /** Checks the flags that depend on the kind found (throws a UsageError), before anything is written. */
  prepare?: (kind: EntryKind) => void;
  /** Edits the text further, after the values are set (a source of a rail). */
  more?: (kind: EntryKind, text: string) => string;
  done: (kind: EntryKind, shown: string, values: Array<[string, string | null]>) => string;
}

const FOLDER_OF = Object.fromEntries(Object.entries(ENTRY_KINDS).map(([folder, kind]) => [kind, folder])) as Record<EntryKind, Folder>;

/** Finds the entry's file, checks the reason against the schema's enum, edits the file in place and writes it atomically. */
export async function editEntry(edit: EntryEdit, io: CliIO): Promise<number> {
  const dir = catalogDir(edit.dir, io.cwd);
  const absDir = path.resolve(io.cwd, dir);
  const ids: string[] = [];
  let found: { kind: EntryKind; file: string } | undefined;
  for (const kind of edit.kinds) {
    const names = await readdir(path.join(absDir, FOLDER_OF[kind])).catch(() => [] as string[]);
    for (const name of names) if (name.endsWith('.yaml')) ids.push(name.slice(0, -5));
    if (!found && names.includes(`${edit.id}.yaml`)) found = { kind, file: path.join(absDir, FOLDER_OF[kind], `${edit.id}.yaml`) };
  }
  const what = edit.kinds.join(' or ');
  if (!found) throw new UsageError(`no ${what} ${JSON.stringify(edit.id)} in ${dir}${didYouMeanText(edit.id, ids) || ''}`);
  edit.prepare?.(found.kind);
  const allowed = schemaAt(found.kind, ['reason'])?.node.enum as string[] | undefined;
  if (edit.reason === undefined) throw new UsageError(`--reason is required: one of ${(allowed ?? []).join(', ')}`);
  if (allowed && !allowed.includes(edit.reason)) {
    throw new UsageError(`${JSON.stringify(edit.reason)} is not a reason for a ${found.kind}${writeOneOfText(edit.reason, allowed)}`);
  }
  const shown = displayPath(found.file, io.cwd);
  const values = edit.values(found.kind, edit.reason);
  let text: string;
  try {
    text = setTopLevel(await readFile(found.file, 'utf8'), found.kind, values);
    if (edit.more) text = edit.more(found.kind, text);
  } catch (err) {
    if (!(err instanceof EditError)) throw err;
    io.stderr.write(`catalog ${edit.command}: ${shown}: not changed: ${err.message}\n`);
    return EXIT.problems;
  }
  await writeAtomic(found.file, text);
  io.stdout.write(`${edit.done(found.kind, shown, values)}\n`);
  return EXIT.ok;
}
