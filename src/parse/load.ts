import path from 'node:path';
import type { Document } from 'yaml';
import type { RawEntry } from '../model/catalog.js';
import { cmp, type Problem } from '../model/problem.js';
import { MAX_FILE_BYTES, readTextSync, type CatalogText } from '../read/file.js';
import { scanCatalog, type Listing } from '../read/folder.js';
import { displayPaths, isEntryPlace, joinPath } from '../read/paths.js';
import { parseCatalogText, type ParsedText, type Parser } from './file.js';
import { locate, offsetRange, type SourceFile } from './source.js';

/** What loading a catalog folder gives: every file, every entry that parsed, and the problems found on the way. */
export interface Loaded {
  dir: string;
  files: SourceFile[];
  entries: RawEntry[];
  problems: Problem[];
  /** The entry files that gave no entry although they were read (a syntax error, an unreadable file), by name. */
  unparsed: string[];
}

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
  const loaded: Loaded = { dir: absDir, files: [], entries: [], problems: [], unparsed: [] };
  const shown = displayPaths(absDir, cwd);
  for (const p of [...parsed].sort((a, b) => cmp(a.name, b.name))) {
    const absolute = joinPath(absDir, p.name);
    const file: SourceFile = { path: shown(absolute, p.name), absolute, text: p.text };
    if (docs.has(p.name)) file.doc = docs.get(p.name);
    if (isEntryPlace(p.name)) loaded.files.push(file);
    for (const issue of p.issues) {
      const range = issue.pointer !== undefined ? locate(file, issue.pointer) : offsetRange(file, issue.start, issue.end);
      loaded.problems.push({
        file: file.path,
        ...range,
        severity: 'error',
        rule: issue.rule,
        messageId: issue.messageId,
        pointer: issue.pointer ?? '',
        message: issue.message,
      });
    }
    if (isEntryPlace(p.name) && !p.unread && !(p.kind && p.data)) loaded.unparsed.push(p.name);
    if (p.kind && p.data) loaded.entries.push({ kind: p.kind, file, data: p.data, ...(p.literals?.length ? { literals: p.literals } : {}) });
  }
  return loaded;
}
