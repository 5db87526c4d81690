import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Document } from 'yaml';
import { isMap, parseAllDocuments } from './yaml-lazy.js';
import type { Problem } from './problem.js';
import { cmp } from './problem.js';
import { fastParseYaml, plainCharacters } from './fast-yaml.js';
import { locate, offsetRange, YAML_OPTIONS, type Range, type SourceFile } from './source.js';
import { decodeUtf8, refusedCharacters, yamlText } from './text.js';
import { documentData, type Literal } from './yaml-data.js';
import { explainSyntaxError } from './yaml-mistakes.js';

/** The catalogs and the folder each lives in (policies: the written country policy, checked but not published). */
export const ENTRY_KINDS = { rails: 'rail', assets: 'asset', countries: 'country', policies: 'policy' } as const;
export type Folder = keyof typeof ENTRY_KINDS;
export type EntryKind = (typeof ENTRY_KINDS)[Folder];

/**
 * Files larger than this are refused before they are read: a rail is a few kilobytes, so no real entry comes near, and
 * the cap keeps one bad file from stalling CI.
 */
export const MAX_FILE_BYTES = 256 * 1024;
/** More alias expansions than this in one file is treated as an alias bomb ("billion laughs"). */
export const MAX_ALIAS_COUNT = 100;

/** An entry read from a file: one YAML mapping, before any schema check. */
export interface RawEntry {
  kind: EntryKind;
  file: SourceFile;
  /** The mapping as plain data (YAML 1.2 core schema). */
  data: Record<string, unknown>;
  /** Number-like plain scalars that are not plain decimal integers (see ParsedText.literals). */
  literals?: Literal[];
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

/**
 * displayPath for the files of one folder, without path arithmetic per file: unless the working directory lies inside
 * the folder, a file's display path is the folder's followed by the file's name (path.relative finds the same common
 * prefix for both). For names that are not plain (`..`, a trailing `/`), and on Windows, displayPath itself.
 */
export function displayPaths(absDir: string, cwd: string): (absolute: string, name: string) => string {
  const dirShown = path.sep === '/' && path.isAbsolute(absDir) ? path.relative(cwd, absDir) : '..';
  const plain = !/^\.\.(?:\/\.\.)*$/.test(dirShown) && !path.isAbsolute(dirShown);
  return (absolute, name) => (plain && isPlainName(name) && !name.endsWith('/') ? (dirShown === '' ? name : `${dirShown}/${name}`) : displayPath(absolute, cwd));
}

/** Throws the CatalogDirError (a usage error) that listing `dir` would give when it is missing or not a folder. */
export function checkCatalogDir(dir: string, shown = dir): void {
  let info;
  try {
    info = statSync(dir);
  } catch {
    throw new CatalogDirError(`cannot read the catalog folder ${shown}: it does not exist (give the folder with --dir)`);
  }
  if (!info.isDirectory()) throw new CatalogDirError(`${shown} is not a folder (give the catalog folder with --dir)`);
}

/** A catalog folder as scanCatalog lists it: its regular files in code-unit order, and the paths it refuses. */
export interface Listing {
  files: string[];
  refused: CatalogText[];
  /**
   * Each file's stat (stats[i] is files[i]'s), as the cache compares it (FileStat's key), when the listing came with
   * them (find-walk.ts): `validate --cache` then does not stat the files again.
   */
  stats?: string[];
}

/**
 * What a listing of the folder `dir` leaves out and refuses, shared by scanCatalog (node's readdir) and findCatalog
 * (GNU find, find-walk.ts), which must list the same paths: test/core/find-walk.test.ts compares them.
 */
export class ListingRules {
  /** The tool's own files inside the folder (the cache, when --cache-location points there), as names in it. */
  readonly ownNames: Set<string>;
  private readonly folders = Object.keys(ENTRY_KINDS).map((f) => `${f}/`).join(', ');

  constructor(dir: string, own: string[]) {
    // Compared as names (no path joined per file: for thousands of files it costs more than the listing).
    this.ownNames = new Set(own.map((f) => path.relative(path.resolve(dir), path.resolve(f)).split(path.sep).join('/')).filter((r) => r && !r.startsWith('..') && !path.isAbsolute(r)));
  }

  /**
   * A path of the tool's own, or inside a folder of its own: left out of the listing (scanCatalog does not enter such
   * a folder; find lists what is in it, findCatalog leaves it out).
   */
  leavesOut(name: string): boolean {
    if (this.ownNames.size === 0) return false;
    if (this.ownNames.has(name)) return true;
    for (const f of this.ownNames) if (name.startsWith(f + '/')) return true;
    return false;
  }

  /** A folder that holds one of the tool's own files (left out of the listing): not an empty folder. */
  holdsOwn(name: string): boolean {
    for (const f of this.ownNames) if (f.startsWith(name + '/')) return true;
    return false;
  }

  link(name: string): CatalogText {
    return { name, refused: `${name} is a symbolic link, and the catalog reads no links (a link can point outside the catalog, and git stores it as a link): replace it with the file or folder itself` };
  }

  other(name: string): CatalogText {
    return { name, refused: `${name} is not a regular file (a pipe, socket or device): remove it from the catalog` };
  }

  /** A folder with nothing listed in it (`top`: directly in the catalog folder); undefined when that is allowed. */
  emptyFolder(name: string, top: boolean): CatalogText | undefined {
    if (this.holdsOwn(name)) return undefined;
    const kindFolder = top && Object.hasOwn(ENTRY_KINDS, name);
    if (kindFolder) return undefined; // rails/ with nothing in it yet
    return { name: `${name}/`, refused: `${name}/ is an empty folder, and the catalog holds ${this.folders} only: delete it` };
  }
}

/**
 * Every path of a catalog folder, in a stable order (code-unit order, not the file system's): `files` are the regular
 * files (each is read, or reported by parseCatalogText for its name), `refused` the paths that are not read, each with
 * what to do (symbolic links, folders where entries belong, anything that is not a regular file). Nothing is skipped
 * silently: see docs/catalog.md, "What is read".
 */
export function scanCatalog(dir: string, shown = dir, own: string[] = []): Listing {
  checkCatalogDir(dir, shown);
  const files: string[] = [];
  const refused: CatalogText[] = [];
  const rules = new ListingRules(dir, own);
  const { ownNames } = rules;
  /** Lists a folder; returns how many paths under it were listed or reported. */
  const visit = (rel: string): number => {
    let count = 0;
    for (const d of readdirSync(rel ? path.join(dir, rel) : dir, { withFileTypes: true })) {
      const name = rel ? `${rel}/${d.name}` : d.name;
      if (ownNames.has(name)) continue;
      if (!rel && d.name === '.git') continue; // a catalog folder that is a repository's root: git's own folder
      count++;
      if (d.isSymbolicLink()) refused.push(rules.link(name));
      else if (d.isDirectory()) {
        if (visit(name) === 0) {
          const empty = rules.emptyFolder(name, !rel);
          if (empty) refused.push(empty);
        }
      } else if (d.isFile()) files.push(name);
      else refused.push(rules.other(name));
    }
    return count;
  };
  visit('');
  // sort() without a comparator orders strings by code units, as cmp does, without a call per comparison.
  return { files: files.sort(), refused: refused.sort((a, b) => cmp(a.name, b.name)) };
}

/** Lists the catalog's regular files in a stable order (code-unit order of their paths, not the file system's order). */
export function listFiles(dir: string, shown = dir): string[] {
  return scanCatalog(dir, shown).files;
}

/** One catalog file's content, from disk or from git: its name inside the catalog folder, its text or why it has none. */
export interface CatalogText {
  /** Path inside the catalog folder, with forward slashes (rails/BR-pix.yaml). */
  name: string;
  text?: string;
  /** Why there is no text: too large, unreadable. */
  unreadable?: string;
  /** The text was not valid UTF-8: where its first bad byte is (the text holds U+FFFD there). */
  badUtf8?: { offset: number; byte: number };
  /** A path that is not read at all (a symbolic link, a folder), and what to do about it. */
  refused?: string;
}

/**
 * One file parsed: plain data only. Problems carry character offsets; lines and
 * columns are computed where the text is kept. The fast path (fast-yaml.ts) and the full path make the same one.
 */
export interface ParsedText {
  name: string;
  text: string;
  kind?: EntryKind;
  data?: Record<string, unknown>;
  issues: Array<{ rule: ParseRule; message: string; start: number; end: number; pointer?: string }>;
  /**
   * Number-like plain scalars of a clean file that are not plain decimal integers (`100.00`, `1e2`, `0x64`, `1_000`), with
   * their pointers and source text: integer fields refuse them (integers.ts) without parsing the file again.
   */
  literals?: Literal[];
}

/** The rules whose problems parsing finds. */
export type ParseRule = 'yaml-syntax' | 'file-name' | 'characters';

/** Which YAML reader parses: the fast subset reader with the full `yaml` path behind it (default), or `yaml` alone. */
export type Parser = 'auto' | 'full';

export interface LoadOptions {
  /** 'full' parses every file with `yaml` (the differential test compares both). */
  parser?: Parser;
  /** The folder as the caller listed it (scanCatalog), instead of listing it again. */
  listing?: Listing;
}

/** Reads and parses every file of a catalog folder; never throws on a file, only on an unreadable folder. */
export async function loadCatalog(dir: string, cwd = process.cwd(), options: LoadOptions = {}): Promise<Loaded> {
  const absDir = path.resolve(cwd, dir);
  const { files: names, refused } = options.listing ?? scanCatalog(absDir, dir);
  const docs = new Map<string, Document | null>();
  const parsed = parseFiles(absDir, names, docs, options.parser ?? 'auto');
  for (const r of refused) parsed.push(parseCatalogText(r));
  return toLoaded(absDir, parsed, cwd, docs);
}

/**
 * Parses files on this thread (worker threads cost more than they saved once most files take the fast path:
 * docs/performance.md), keeping the documents the full path made, so that locating a problem does not parse a file
 * twice.
 */
function parseFiles(absDir: string, names: string[], docs: Map<string, Document | null>, parser: Parser): ParsedText[] {
  return names.map((name) => parseCatalogText(readTextSync(absDir, name), (doc) => docs.set(name, doc), MAX_FILE_BYTES, parser));
}

/**
 * Parses catalog files given as texts (from disk or from a git revision). `maxBytes` exists for the benchmark, which
 * measures the cost of files larger than a catalog accepts.
 */
export function loadTexts(absDir: string, texts: CatalogText[], cwd = process.cwd(), maxBytes = MAX_FILE_BYTES, parser: Parser = 'auto'): Loaded {
  const docs = new Map<string, Document | null>();
  const parsed = texts.map((t) => parseCatalogText(t, (doc) => docs.set(t.name, doc), maxBytes, parser));
  return toLoaded(absDir, parsed, cwd, docs);
}

/** Turns parsed files into source files, entries and located problems, in the code-unit order of their names. */
function toLoaded(absDir: string, parsed: ParsedText[], cwd: string, docs: Map<string, Document | null>): Loaded {
  const loaded: Loaded = { dir: absDir, files: [], entries: [], problems: [] };
  const shown = displayPaths(absDir, cwd);
  for (const p of [...parsed].sort((a, b) => cmp(a.name, b.name))) {
    const absolute = joinPath(absDir, p.name);
    const file: SourceFile = { path: shown(absolute, p.name), absolute, text: p.text };
    if (docs.has(p.name)) file.doc = docs.get(p.name);
    if (isEntryPlace(p.name)) loaded.files.push(file);
    for (const issue of p.issues) {
      const range = issue.pointer !== undefined ? locate(file, issue.pointer) : offsetRange(file, issue.start, issue.end);
      loaded.problems.push({ file: file.path, ...range, severity: 'error', rule: issue.rule, pointer: issue.pointer ?? '', message: issue.message });
    }
    if (p.kind && p.data) loaded.entries.push({ kind: p.kind, file, data: p.data, ...(p.literals?.length ? { literals: p.literals } : {}) });
  }
  return loaded;
}

/** The buffer every file is read into (one more byte than a file may hold, so that one read tells an oversized file). */
let readBuffer: Buffer | undefined;

/**
 * Reads one file of the catalog folder, refusing files over MAX_FILE_BYTES. Synchronous: for thousands of small files,
 * one read after another is much cheaper than as many promises (measured). No stat: the file is opened without
 * following a link and read into a buffer one byte larger than the limit, so one read gives a whole file (a regular
 * file reads whole in one call) or tells an oversized one; the open file is stat'ed only then (for its size) and when it
 * reads empty (an empty file, or something that is not a file).
 */
export function readTextSync(absDir: string, name: string): CatalogText {
  if (!isEntryPlace(name)) return { name };
  const absolute = joinPath(absDir, name);
  const notRegular = { name, refused: `${name} is not a regular file (a symbolic link?): replace it with the file itself` };
  let fd: number | undefined;
  try {
    fd = openSync(absolute, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const bytes = (readBuffer ??= Buffer.allocUnsafe(MAX_FILE_BYTES + 1));
    const length = readSync(fd, bytes, 0, bytes.length, null);
    if (length === 0 || length > MAX_FILE_BYTES) {
      const info = fstatSync(fd);
      if (!info.isFile()) return notRegular;
      if (info.size > MAX_FILE_BYTES) return { name, unreadable: tooLarge(info.size) };
      if (length > MAX_FILE_BYTES) return { name, unreadable: tooLarge(length) }; // it grew while being read
    }
    return { name, ...decodeUtf8(bytes.subarray(0, length)) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EISDIR') return notRegular;
    return { name, unreadable: `cannot read the file: ${(err as Error).message}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * path.join(dir, name) for a name of the catalog (plain segments joined by `/`) and a normalized absolute folder, without
 * path.join's normalizing work; path.join itself for anything else.
 */
export function joinPath(dir: string, name: string): string {
  if (path.sep !== '/' || !isPlainName(name) || !isNormalDir(dir)) return path.join(dir, name);
  return dir === '/' ? dir + name : `${dir}/${name}`;
}

/** A relative path of plain segments (no empty, `.` or `..` segment; a trailing `/` allowed). */
function isPlainName(name: string): boolean {
  return name.length > 0 && !PLAIN_NAME_BREAKERS.test(name);
}
const PLAIN_NAME_BREAKERS = /^\/|\/\/|(?:^|\/)\.\.?(?:\/|$)/;

/** The last folder found normalized (a run joins thousands of names to the same folder). */
let normalDir = '';
function isNormalDir(dir: string): boolean {
  if (dir === normalDir) return true;
  if (!path.isAbsolute(dir) || path.normalize(dir) !== dir || (dir.length > 1 && dir.endsWith('/'))) return false;
  normalDir = dir;
  return true;
}

/** Why a file over MAX_FILE_BYTES is refused (it is not read, let alone parsed). */
export function tooLarge(bytes: number): string {
  return `the file is ${Math.ceil(bytes / 1024)} KB, and a catalog entry is at most ${MAX_FILE_BYTES / 1024} KB (a rail is a few KB), so it is not read: keep one entry per file and remove what does not belong to it`;
}

/** True for a path where an entry file belongs: <folder>/<name>.yaml, not hidden. */
export function isEntryPlace(name: string): boolean {
  const slash = name.indexOf('/');
  if (slash < 0 || name.indexOf('/', slash + 1) >= 0 || !name.endsWith('.yaml') || name.charCodeAt(slash + 1) === 0x2e) return false;
  // The folder is one of ENTRY_KINDS' own keys (compared in place: no slice per name).
  for (const folder of ENTRY_FOLDERS) if (folder.length === slash && name.startsWith(folder)) return true;
  return false;
}
const ENTRY_FOLDERS = Object.keys(ENTRY_KINDS);

/** Why a file in an entry folder is not read, by its name (hidden files, editor leftovers, other extensions); undefined for an entry file. */
function notAnEntryName(base: string): string | undefined {
  if (/~$|^#.*#$|\.(swp|swo|swx|bak|orig|rej|tmp)$/i.test(base) || /^\.~lock\./.test(base))
    return `${base} is an editor's or a merge tool's leftover, not an entry: delete it (and add the pattern to .gitignore)`;
  if (base.startsWith('.')) return `${base} is a hidden file, and the catalog holds entries only: delete it, or move it out of the catalog (a .gitkeep is not needed once the folder holds an entry)`;
  if (base.endsWith('.yaml')) return undefined;
  const stem = base.replace(/\.[^.]*$/, '');
  if (/\.ya?ml$/i.test(base)) return `${base} is not read by the catalog, which reads .yaml files only: rename it to ${stem}.yaml`;
  if (/\.json$/i.test(base)) return `${base} is not read by the catalog: entries are YAML; write it as ${stem}.yaml`;
  if (!base.includes('.')) return `${base} has no extension and is not read by the catalog: if it is an entry, rename it to ${base}.yaml; otherwise move it out of the catalog`;
  return `${base} is not read by the catalog, which holds .yaml entries only: if it is an entry, rename it to ${stem}.yaml; otherwise move it out of the catalog`;
}

/** What to say about a second document in a file. */
const MULTIPLE_DOCS = 'a catalog file holds one entry: remove the --- and the second document, or move it to a file of its own';

/**
 * Parses one catalog file (pure: no I/O): the one place where a parse result is made. Checks, in
 * order: where the file is and its name, that it could be read and its size, its bytes (UTF-8) and characters, then the
 * YAML (first syntax error only, explained), then the data (duplicate keys, keys that are not text, aliases, depth),
 * and records the number-like literals that integer fields refuse. `keepDocument` receives the parsed document when
 * the caller can keep it, so that locating a problem later does not parse the file again. A clean text in the subset
 * of YAML that catalog files use is read by the fast path instead (parser 'full': never), which makes the same result.
 */
export function parseCatalogText(source: CatalogText, keepDocument?: (doc: Document | null) => void, maxBytes = MAX_FILE_BYTES, parser: Parser = 'auto'): ParsedText {
  const { name } = source;
  const parts = name.split('/');
  const folder = parts[0] as Folder;
  const result: ParsedText = { name, text: source.text ?? '', issues: [] };
  const fail = (rule: ParseRule, message: string, start = 0, end = 0) => {
    result.issues.push({ rule, message, start, end });
    return result;
  };
  if (source.refused !== undefined) return fail('file-name', source.refused);
  const base = parts[parts.length - 1];
  // A name ending in .yaml and not hidden (nearly every file) is neither a leftover nor misnamed: no pattern to try.
  const entryName = base.endsWith('.yaml') && base.charCodeAt(0) !== 0x2e;
  const stray = !entryName && (/^\./.test(base) || /~$|^#.*#$/.test(base) || /\.(swp|swo|swx|bak|orig|rej|tmp)$/i.test(base));
  if (stray) return fail('file-name', notAnEntryName(base)!);
  if (parts.length !== 2 || !Object.hasOwn(ENTRY_KINDS, folder)) {
    const places = Object.entries(ENTRY_KINDS).map(([f, kind]) => `${kind === 'country' ? 'countries in countries/<CODE>.yaml' : `${f} in ${f}/<id>.yaml`}`);
    return fail('file-name', `${name} is not where an entry belongs: put ${places.join(', ')} under the catalog folder`);
  }
  const misnamed = entryName ? undefined : notAnEntryName(parts[1]);
  if (misnamed) return fail('file-name', misnamed);
  if (source.text === undefined) return fail('yaml-syntax', source.unreadable ?? 'cannot read the file');
  // A UTF-16 code unit is at most 3 bytes of UTF-8: a short text needs no count.
  const bytes = source.text.length * 3 <= maxBytes ? 0 : Buffer.byteLength(source.text);
  if (bytes > maxBytes) {
    result.text = '';
    return fail('yaml-syntax', tooLarge(bytes));
  }
  const text = source.text;
  if (source.badUtf8) {
    // Reported once, at the first bad byte: what follows is what re-saving the file as UTF-8 will change.
    const { offset, byte } = source.badUtf8;
    fail('characters', `the file is not valid UTF-8: the byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} here is not part of any character; save the file as UTF-8 (editors call it "UTF-8", not "Latin-1" or "Windows-1252") and check the characters around this place`, offset, offset + 1);
  }
  // A text of plain characters (most files) holds no refused character: one scan instead of two.
  const plain = !source.badUtf8 && plainCharacters(text);
  if (!source.badUtf8 && !plain) {
    for (const c of refusedCharacters(text)) result.issues.push({ rule: 'characters', ...c });
  }

  // Most catalog files are clean and in the small subset of YAML the fast reader knows; it hands everything else over.
  if (parser === 'auto' && result.issues.length === 0) {
    const fast = fastParseYaml(text, plain);
    if (fast) {
      result.kind = ENTRY_KINDS[folder];
      result.data = fast.data;
      if (fast.literals.length) result.literals = fast.literals;
      return result;
    }
  }

  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(yamlText(text), YAML_OPTIONS) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [];
  } catch (err) {
    return fail('yaml-syntax', `cannot parse the YAML: ${(err as Error).message}`);
  }
  const first = docs[0];
  const syntax = first ? [...first.errors].sort((a, b) => a.pos[0] - b.pos[0])[0] : undefined;
  if (syntax) {
    // Only the first syntax error: the parser's later errors are nearly always consequences of it.
    const x = explainSyntaxError(text, { code: syntax.code, message: syntax.message, start: syntax.pos[0], end: syntax.pos[1] });
    fail('yaml-syntax', x.message, x.start, x.end);
  } else if (first) {
    for (const w of first.warnings) fail('yaml-syntax', w.message.replace(/\s+at line \d+, column \d+.*$/s, ''), w.pos[0], w.pos[1]);
  }
  if (docs.length > 1 && !syntax) {
    const start = docs[1].range?.[0] ?? 0;
    fail('yaml-syntax', MULTIPLE_DOCS, start, start + 3);
  }
  const doc = first && first.errors.length === 0 ? first : null;
  keepDocument?.(doc);
  if (!doc) return result.issues.length ? result : fail('yaml-syntax', 'cannot read the YAML');
  if (doc.contents === null) {
    return result.issues.length ? result : fail('yaml-syntax', `the file is empty: write the entry as a mapping, starting with ${folder === 'countries' ? 'code' : 'id'}: ...`);
  }

  const read = documentData(doc, text, MAX_ALIAS_COUNT);
  for (const issue of read.issues) fail('yaml-syntax', issue.message, issue.start, issue.end);
  if (read.issues.length > 0 || read.data === undefined) return result;
  const data = read.data;
  if (!isMap(doc.contents) || data === null || typeof data !== 'object' || Array.isArray(data)) {
    const what = Array.isArray(data) ? 'a list' : 'a single value';
    result.issues.push({ rule: 'yaml-syntax', message: `the file holds ${what}; an entry is a mapping of fields (key: value), one entry per file`, start: 0, end: 0, pointer: '' });
    return result;
  }
  result.kind = ENTRY_KINDS[folder];
  result.data = data as Record<string, unknown>;
  if (read.literals.length) result.literals = read.literals;
  return result;
}

export type { Range };
