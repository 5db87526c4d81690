import type { EntryKind, RawEntry } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import type { SourceFile } from '../parse/source.js';
import type { Loaded } from '../parse/load.js';
import type { Checked } from '../check/catalog.js';
import { nameInDir } from '../read/paths.js';

/** What the checks of one file found that holds for the file alone, and what the catalog-wide rules read of its entry. */
export interface FileVerdict {
  /** Problems of the file alone: reading, parsing, characters, schema, and the rules of scope 'entry'. */
  problems: Problem[];
  /** The kind of its entry; null when the file gives none (it did not parse, or is not where an entry belongs). */
  kind: EntryKind | null;
  /** The pointers the schema refused; null when the schema accepts the entry. */
  broken: string[] | null;
  /** The entry's properties that the catalog-wide rules read (their `reads`); null without an entry. */
  summary: Record<string, unknown> | null;
}

/** One path of the catalog as the engine holds it once judged: its file, what it alone gives, and its entry. */
export interface Judged {
  /** Its name inside the catalog folder ('/'-separated); a path outside every entry's place is keyed by its shown path. */
  name: string;
  /** The entry file; undefined for a path where no entry belongs (a stray file, a folder): only its problems count. */
  file?: SourceFile;
  verdict: FileVerdict;
  /** Its entry: whole when judged from its text, cut to the verdict's summary when a caller vouched for the verdict. */
  entry?: RawEntry;
  /** The entry's whole data (history checks), when `entry` holds less of it. */
  full?: () => Record<string, unknown>;
  /** True when the file was read but gave no entry (a syntax error): what it holds is unknown to the history checks. */
  unknown: boolean;
}

/**
 * Each path that `loaded` holds, judged: its problems, entry kind, refusal, and summary of what `reads` names. A path
 * where no entry belongs is named by `nameOf` its shown path (the caller knows the names it read).
 */
export function judgedOf(loaded: Loaded, checked: Checked, reads: ReadonlySet<string>, nameOf: (shown: string) => string = (shown) => shown): Judged[] {
  const broken = new Map<unknown, string[]>(checked.invalid.map((i) => [i.entry, i.broken]));
  const byPath = new Map<string, Problem[]>();
  for (const p of checked.problems) {
    const list = byPath.get(p.file);
    if (list) list.push(p);
    else byPath.set(p.file, [p]);
  }
  const unknown = new Set(loaded.unparsed);
  const judged: Judged[] = [];
  const byFile = new Map<SourceFile, Judged>();
  for (const file of loaded.files) {
    const name = nameInDir(loaded.dir, file.absolute);
    // Two texts of one name (only a test makes them) share the path: its problems are told once.
    const j: Judged = { name, file, verdict: { problems: byPath.get(file.path) ?? [], kind: null, broken: null, summary: null }, unknown: unknown.has(name) };
    byPath.delete(file.path);
    judged.push(j);
    byFile.set(file, j);
  }
  for (const entry of loaded.entries) {
    const summary: Record<string, unknown> = {};
    for (const key of reads) if (Object.hasOwn(entry.data, key)) summary[key] = entry.data[key];
    const j = byFile.get(entry.file)!;
    j.entry = entry;
    Object.assign(j.verdict, { kind: entry.kind, broken: broken.get(entry) ?? null, summary });
  }
  // Problems of paths that are no entry file (a stray file, a link): reported by parsing, kept by no file.
  for (const [shown, problems] of byPath) judged.push({ name: nameOf(shown), verdict: { problems, kind: null, broken: null, summary: null }, unknown: false });
  return judged;
}
