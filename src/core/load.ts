import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { LineCounter, parseAllDocuments, isMap, type Document } from 'yaml';
import type { Problem } from './problem.js';
import { cmp } from './problem.js';
import { locate, offsetRange, type Range, type SourceFile } from './source.js';

/** The three catalogs and the folder each lives in. */
export const ENTRY_KINDS = { rails: 'rail', assets: 'asset', countries: 'country' } as const;
export type Folder = keyof typeof ENTRY_KINDS;
export type EntryKind = (typeof ENTRY_KINDS)[Folder];

/** Files larger than this are refused: a catalog entry is a few kilobytes, and the cap keeps one bad file from stalling CI. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** More alias expansions than this in one file is treated as an alias bomb ("billion laughs"). */
export const MAX_ALIAS_COUNT = 100;

/** An entry read from a file: one YAML mapping, before any schema check. */
export interface RawEntry {
  kind: EntryKind;
  file: SourceFile;
  /** The mapping as plain data (YAML 1.2 core schema). */
  data: Record<string, unknown>;
}

/** What loading a catalog folder gives: every file, every entry that parsed, and the problems found on the way. */
export interface Loaded {
  dir: string;
  files: SourceFile[];
  entries: RawEntry[];
  problems: Problem[];
}

/** Thrown for a catalog folder that cannot be read at all (a usage error, exit code 2). */
export class CatalogDirError extends Error {}

/** Display path: relative to the working directory, with forward slashes. */
export function displayPath(absolute: string, cwd: string): string {
  const rel = path.relative(cwd, absolute) || '.';
  return rel.split(path.sep).join('/');
}

/** Lists the catalog's files in a stable order (code-unit order of their paths, not the file system's order). */
export async function listFiles(dir: string, shown = dir): Promise<string[]> {
  let info;
  try {
    info = await stat(dir);
  } catch {
    throw new CatalogDirError(`cannot read the catalog folder ${shown}: it does not exist (give the folder with --dir)`);
  }
  if (!info.isDirectory()) throw new CatalogDirError(`${shown} is not a folder (give the catalog folder with --dir)`);
  const files = await fg('**/*', { cwd: dir, onlyFiles: true, dot: false, followSymbolicLinks: false });
  return files.sort(cmp);
}

/** One catalog file's content, from disk or from git: its name inside the catalog folder, its text or why it has none. */
export interface CatalogText {
  /** Path inside the catalog folder, with forward slashes (rails/BR-pix.yaml). */
  name: string;
  text?: string;
  /** Why there is no text: too large, unreadable. */
  unreadable?: string;
}

/** Reads and parses every file of a catalog folder; never throws on a file, only on an unreadable folder. */
export async function loadCatalog(dir: string, cwd = process.cwd()): Promise<Loaded> {
  const absDir = path.resolve(cwd, dir);
  const names = await listFiles(absDir, dir);
  const texts = await Promise.all(names.map((name) => readText(absDir, name)));
  return loadTexts(absDir, texts, cwd);
}

/** Parses catalog files given as texts (from disk or from a git revision), in the order of their names. */
export function loadTexts(absDir: string, texts: CatalogText[], cwd = process.cwd()): Loaded {
  const loaded: Loaded = { dir: absDir, files: [], entries: [], problems: [] };
  for (const t of [...texts].sort((a, b) => cmp(a.name, b.name))) {
    const r = loadText(absDir, t, cwd);
    if (r.file) loaded.files.push(r.file);
    if (r.entry) loaded.entries.push(r.entry);
    loaded.problems.push(...r.problems);
  }
  return loaded;
}

/** Reads one file of the catalog folder, refusing files over MAX_FILE_BYTES without reading them. */
async function readText(absDir: string, name: string): Promise<CatalogText> {
  if (!isEntryPlace(name)) return { name };
  const absolute = path.join(absDir, name);
  try {
    const info = await stat(absolute);
    if (info.size > MAX_FILE_BYTES) return { name, unreadable: tooLarge(info.size) };
    return { name, text: (await readFile(absolute)).toString('utf8') };
  } catch (err) {
    return { name, unreadable: `cannot read the file: ${(err as Error).message}` };
  }
}

function tooLarge(bytes: number): string {
  return `the file is ${(bytes / 1024 / 1024).toFixed(1)} MiB; a catalog entry is at most 1 MiB: keep one entry per file and remove what does not belong to it`;
}

function isEntryPlace(name: string): boolean {
  const parts = name.split('/');
  return parts.length === 2 && parts[0] in ENTRY_KINDS && name.endsWith('.yaml');
}

interface FileResult {
  file?: SourceFile;
  entry?: RawEntry;
  problems: Problem[];
}

function problemAt(file: SourceFile, range: Range, rule: string, message: string, pointer = ''): Problem {
  return { file: file.path, ...range, severity: 'error', rule, pointer, message };
}

const START: Range = { line: 1, column: 1, endLine: 1, endColumn: 1 };

function loadText(absDir: string, source: CatalogText, cwd: string): FileResult {
  const { name } = source;
  const absolute = path.join(absDir, name);
  const file: SourceFile = { path: displayPath(absolute, cwd), absolute, text: '', lineCounter: new LineCounter() };
  const parts = name.split('/');
  const folder = parts[0] as Folder;
  const problems: Problem[] = [];

  if (parts.length !== 2 || !(folder in ENTRY_KINDS)) {
    return { problems: [problemAt(file, START, 'file-name', `${file.path} is not where an entry belongs: put rails in rails/<id>.yaml, assets in assets/<id>.yaml and countries in countries/<CODE>.yaml under the catalog folder`)] };
  }
  if (!name.endsWith('.yaml')) {
    const hint = name.endsWith('.yml') ? `rename it to ${parts[1].replace(/\.yml$/, '.yaml')}` : 'catalog entries are .yaml files';
    return { problems: [problemAt(file, START, 'file-name', `${file.path} is not read by the catalog: ${hint}`)] };
  }
  if (source.text === undefined) return { file, problems: [problemAt(file, START, 'yaml-syntax', source.unreadable ?? 'cannot read the file')] };
  if (Buffer.byteLength(source.text) > MAX_FILE_BYTES) return { file, problems: [problemAt(file, START, 'yaml-syntax', tooLarge(Buffer.byteLength(source.text)))] };
  file.text = source.text;
  parse(file, problems);
  if (!file.doc) {
    if (problems.length === 0)
      problems.push(problemAt(file, START, 'yaml-syntax', `the file is empty: write the entry as a mapping, starting with ${folder === 'countries' ? 'code' : 'id'}: ...`));
    return { file, problems };
  }

  let data: unknown;
  try {
    data = file.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    const message = /alias/i.test((err as Error).message)
      ? `too many alias expansions (more than ${MAX_ALIAS_COUNT}): this looks like an alias bomb; write the values out instead of nesting *aliases`
      : `cannot read the YAML: ${(err as Error).message}`;
    problems.push(problemAt(file, START, 'yaml-syntax', message));
    return { file, problems };
  }
  if (data === null || data === undefined) {
    problems.push(problemAt(file, START, 'yaml-syntax', `the file is empty: write the entry as a mapping, starting with ${folder === 'countries' ? 'code' : 'id'}: ...`));
    return { file, problems };
  }
  if (!isMap(file.doc.contents) || typeof data !== 'object' || Array.isArray(data)) {
    const what = Array.isArray(data) ? 'a list' : `a single value`;
    problems.push(problemAt(file, locate(file, ''), 'yaml-syntax', `the file holds ${what}; an entry is a mapping of fields (key: value), one entry per file`));
    return { file, problems };
  }
  return { file, entry: { kind: ENTRY_KINDS[folder], file, data: data as Record<string, unknown> }, problems };
}

/** Friendlier words for the YAML parser's error codes: what happened and what to write instead. */
const YAML_HINTS: Record<string, (source: string) => string> = {
  DUPLICATE_KEY: (src) => `duplicate key ${JSON.stringify(src)}: a key may appear once in a mapping; keep one of the two and delete the other`,
  TAB_AS_INDENT: () => 'a tab is used for indentation: YAML indents with spaces only; replace the tab with spaces',
  MULTIPLE_DOCS: () => 'a catalog file holds one entry: remove the --- and the second document, or move it to a file of its own',
};

function parse(file: SourceFile, problems: Problem[]): void {
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(file.text, {
      lineCounter: file.lineCounter,
      prettyErrors: false,
      uniqueKeys: true,
      version: '1.2',
      schema: 'core',
      strict: true,
    }) as Document.Parsed[];
  } catch (err) {
    problems.push(problemAt(file, START, 'yaml-syntax', `cannot parse the YAML: ${(err as Error).message}`));
    return;
  }
  if (!Array.isArray(docs)) docs = [];
  const first = docs[0];
  for (const doc of docs.slice(0, 1)) {
    for (const e of [...doc.errors, ...doc.warnings]) {
      let [start, end] = e.pos;
      if (e.code === 'DUPLICATE_KEY') end = keyEnd(file.text, start);
      const source = file.text.slice(start, end);
      const hint = YAML_HINTS[e.code]?.(source) ?? `${e.message.replace(/\s+at line \d+, column \d+.*$/s, '')}`;
      problems.push(problemAt(file, offsetRange(file, start, end), 'yaml-syntax', hint));
    }
  }
  if (docs.length > 1) {
    const second = docs[1];
    const start = second.range?.[0] ?? 0;
    problems.push(problemAt(file, offsetRange(file, start, start + 3), 'yaml-syntax', YAML_HINTS.MULTIPLE_DOCS('')));
  }
  if (first && first.errors.length === 0) file.doc = first;
  else if (!first && file.text.trim() === '') file.doc = undefined;
}

/** End of a plain mapping key that starts at `start` (up to the `:` on its line). */
function keyEnd(text: string, start: number): number {
  const m = /^[^:\n]*/.exec(text.slice(start));
  return start + (m ? m[0].trimEnd().length : 0);
}
