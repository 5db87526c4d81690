import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { isMap, parseAllDocuments, type Document } from 'yaml';
import type { Problem } from './problem.js';
import { cmp } from './problem.js';
import { parseInWorkers } from './parallel.js';
import { ParseCache } from './parse-cache.js';
import { locate, offsetRange, YAML_OPTIONS, type Range, type SourceFile } from './source.js';

/** The catalogs and the folder each lives in (policies: the written country policy, checked but not published). */
export const ENTRY_KINDS = { rails: 'rail', assets: 'asset', countries: 'country', policies: 'policy' } as const;
export type Folder = keyof typeof ENTRY_KINDS;
export type EntryKind = (typeof ENTRY_KINDS)[Folder];

/** Files larger than this are refused: a catalog entry is a few kilobytes, and the cap keeps one bad file from stalling CI. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** More alias expansions than this in one file is treated as an alias bomb ("billion laughs"). */
export const MAX_ALIAS_COUNT = 100;
/** From this many files on, parsing is spread over worker threads (below it, starting workers costs more than it saves). */
export const PARALLEL_THRESHOLD = 1500;

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

/**
 * One file parsed: plain data only, so that it can cross from a worker thread. Problems carry character offsets;
 * lines and columns are computed where the text is kept.
 */
export interface ParsedText {
  name: string;
  text: string;
  kind?: EntryKind;
  data?: Record<string, unknown>;
  issues: Array<{ rule: 'yaml-syntax' | 'file-name'; message: string; start: number; end: number; pointer?: string }>;
}

export interface LoadOptions {
  /** File of the parse cache (validate --cache); no cache when absent. */
  cacheFile?: string;
}

/** Reads and parses every file of a catalog folder; never throws on a file, only on an unreadable folder. */
export async function loadCatalog(dir: string, cwd = process.cwd(), options: LoadOptions = {}): Promise<Loaded> {
  const absDir = path.resolve(cwd, dir);
  const names = await listFiles(absDir, dir);
  const docs = new Map<string, Document | null>();
  const parsed = options.cacheFile
    ? await parseCached(absDir, names, docs, new ParseCache(path.resolve(cwd, options.cacheFile)))
    : await parseFiles(absDir, names, docs);
  return toLoaded(absDir, parsed, cwd, docs);
}

/**
 * Parses files: on worker threads when there are many (each reads its share itself), otherwise here, keeping the
 * documents so that locating a problem does not parse a file twice. `read` holds texts already read.
 */
async function parseFiles(absDir: string, names: string[], docs: Map<string, Document | null>, read = new Map<string, CatalogText>()): Promise<ParsedText[]> {
  const workers = Math.min(availableParallelism(), 4);
  if (names.length >= PARALLEL_THRESHOLD && workers > 1) {
    const parsed = await parseInWorkers(absDir, names, workers);
    if (parsed) return parsed;
  }
  return names.map((name) => parseCatalogText(read.get(name) ?? readTextSync(absDir, name), (doc) => docs.set(name, doc)));
}

/** With the parse cache: only files whose text changed since the last run are parsed. */
async function parseCached(absDir: string, names: string[], docs: Map<string, Document | null>, cache: ParseCache): Promise<ParsedText[]> {
  const parsed: ParsedText[] = [];
  const missed = new Map<string, CatalogText>();
  for (const name of names) {
    const text = readTextSync(absDir, name);
    const hit = cache.get(text);
    if (hit) parsed.push(hit);
    else missed.set(name, text);
  }
  for (const p of await parseFiles(absDir, [...missed.keys()], docs, missed)) {
    const read = missed.get(p.name)!;
    if (read.text === p.text) cache.set(read, p); // a file changed while a worker re-read it is not cached
    parsed.push(p);
  }
  await cache.save();
  return parsed;
}

/** Parses catalog files given as texts (from disk or from a git revision). */
export function loadTexts(absDir: string, texts: CatalogText[], cwd = process.cwd()): Loaded {
  const docs = new Map<string, Document | null>();
  const parsed = texts.map((t) => parseCatalogText(t, (doc) => docs.set(t.name, doc)));
  return toLoaded(absDir, parsed, cwd, docs);
}

/** Turns parsed files into source files, entries and located problems, in the code-unit order of their names. */
function toLoaded(absDir: string, parsed: ParsedText[], cwd: string, docs: Map<string, Document | null>): Loaded {
  const loaded: Loaded = { dir: absDir, files: [], entries: [], problems: [] };
  for (const p of [...parsed].sort((a, b) => cmp(a.name, b.name))) {
    const absolute = path.join(absDir, p.name);
    const file: SourceFile = { path: displayPath(absolute, cwd), absolute, text: p.text };
    if (docs.has(p.name)) file.doc = docs.get(p.name);
    if (isEntryPlace(p.name)) loaded.files.push(file);
    for (const issue of p.issues) {
      const range = issue.pointer !== undefined ? locate(file, issue.pointer) : offsetRange(file, issue.start, issue.end);
      loaded.problems.push({ file: file.path, ...range, severity: 'error', rule: issue.rule, pointer: issue.pointer ?? '', message: issue.message });
    }
    if (p.kind && p.data) loaded.entries.push({ kind: p.kind, file, data: p.data });
  }
  return loaded;
}

/**
 * Reads one file of the catalog folder, refusing files over MAX_FILE_BYTES without reading them. Synchronous: for
 * thousands of small files, one read after another is much cheaper than as many promises (measured).
 */
export function readTextSync(absDir: string, name: string): CatalogText {
  if (!isEntryPlace(name)) return { name };
  const absolute = path.join(absDir, name);
  try {
    const size = statSync(absolute).size;
    if (size > MAX_FILE_BYTES) return { name, unreadable: tooLarge(size) };
    return { name, text: readFileSync(absolute, 'utf8') };
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

/** Friendlier words for the YAML parser's error codes: what happened and what to write instead. */
const YAML_HINTS: Record<string, (source: string) => string> = {
  DUPLICATE_KEY: (src) => `duplicate key ${JSON.stringify(src)}: a key may appear once in a mapping; keep one of the two and delete the other`,
  TAB_AS_INDENT: () => 'a tab is used for indentation: YAML indents with spaces only; replace the tab with spaces',
  MULTIPLE_DOCS: () => 'a catalog file holds one entry: remove the --- and the second document, or move it to a file of its own',
};

/**
 * Parses one catalog file with `yaml` (pure: no I/O, safe in a worker). `keepDocument` receives the parsed document
 * when the caller can keep it, so that locating a problem later does not parse the file again.
 */
export function parseCatalogText(source: CatalogText, keepDocument?: (doc: Document | null) => void): ParsedText {
  const { name } = source;
  const parts = name.split('/');
  const folder = parts[0] as Folder;
  const result: ParsedText = { name, text: source.text ?? '', issues: [] };
  const fail = (rule: 'yaml-syntax' | 'file-name', message: string, start = 0, end = 0) => {
    result.issues.push({ rule, message, start, end });
    return result;
  };
  if (parts.length !== 2 || !(folder in ENTRY_KINDS))
    return fail('file-name', `${name} is not where an entry belongs: put rails in rails/<id>.yaml, assets in assets/<id>.yaml and countries in countries/<CODE>.yaml under the catalog folder`);
  if (!name.endsWith('.yaml')) {
    const hint = name.endsWith('.yml') ? `rename it to ${parts[1].replace(/\.yml$/, '.yaml')}` : 'catalog entries are .yaml files';
    return fail('file-name', `${parts[1]} is not read by the catalog: ${hint}`);
  }
  if (source.text === undefined) return fail('yaml-syntax', source.unreadable ?? 'cannot read the file');
  if (Buffer.byteLength(source.text) > MAX_FILE_BYTES) {
    result.text = '';
    return fail('yaml-syntax', tooLarge(Buffer.byteLength(source.text)));
  }
  const text = source.text;

  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, YAML_OPTIONS) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [];
  } catch (err) {
    return fail('yaml-syntax', `cannot parse the YAML: ${plainMessage((err as Error).message)}`);
  }
  const first = docs[0];
  if (first) {
    for (const e of [...first.errors, ...first.warnings]) {
      const start = e.pos[0];
      const end = e.code === 'DUPLICATE_KEY' ? keyEnd(text, start) : e.pos[1];
      const hint = YAML_HINTS[e.code]?.(text.slice(start, end)) ?? plainMessage(e.message);
      result.issues.push({ rule: 'yaml-syntax', message: hint, start, end });
    }
  }
  if (docs.length > 1) {
    const start = docs[1].range?.[0] ?? 0;
    result.issues.push({ rule: 'yaml-syntax', message: YAML_HINTS.MULTIPLE_DOCS(''), start, end: start + 3 });
  }
  const doc = first && first.errors.length === 0 ? first : null;
  keepDocument?.(doc);
  if (result.issues.length > 0 && !doc) return result;
  if (!doc || doc.contents === null) {
    return result.issues.length ? result : fail('yaml-syntax', `the file is empty: write the entry as a mapping, starting with ${folder === 'countries' ? 'code' : 'id'}: ...`);
  }

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    const message = /alias/i.test((err as Error).message)
      ? `too many alias expansions (more than ${MAX_ALIAS_COUNT}): this looks like an alias bomb; write the values out instead of nesting *aliases`
      : `cannot read the YAML: ${(err as Error).message}`;
    return fail('yaml-syntax', message);
  }
  if (!isMap(doc.contents) || data === null || typeof data !== 'object' || Array.isArray(data)) {
    const what = Array.isArray(data) ? 'a list' : 'a single value';
    result.issues.push({ rule: 'yaml-syntax', message: `the file holds ${what}; an entry is a mapping of fields (key: value), one entry per file`, start: 0, end: 0, pointer: '' });
    return result;
  }
  result.kind = ENTRY_KINDS[folder];
  result.data = data as Record<string, unknown>;
  return result;
}

/** The parser's message without its position (we give our own), and in words an analyst can act on. */
function plainMessage(message: string): string {
  if (/call stack/i.test(message)) return 'the YAML nests too deeply to be read: a catalog entry needs only a few levels of nesting';
  return message.replace(/\s+at line \d+, column \d+.*$/s, '');
}

/** End of a plain mapping key that starts at `start` (up to the `:` on its line). */
function keyEnd(text: string, start: number): number {
  const m = /^[^:\n]*/.exec(text.slice(start));
  return start + (m ? m[0].trimEnd().length : 0);
}

export type { Range };
