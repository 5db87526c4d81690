import type { Document } from 'yaml';
import { isMap, parseAllDocuments } from './yaml-lazy.js';
import { ENTRY_KINDS, type EntryKind, type Folder } from '../model/catalog.js';
import { refusedCharacters } from '../domain/characters.js';
import { MAX_FILE_BYTES, tooLarge, type CatalogText } from '../read/file.js';
import { fastParseYaml, plainCharacters } from './fast-yaml.js';
import { YAML_OPTIONS, yamlText } from './source.js';
import { documentData, type Literal } from './yaml-data.js';
import { explainSyntaxError, explainWarning, unreadableId, unreadableMessage, warningId } from './yaml-mistakes.js';
import { tagIssues } from './yaml-tags.js';
import type { CharactersId, FilePlaceId, YamlSyntaxId } from '../model/core-messages.js';

/** More alias expansions than this in one file is treated as an alias bomb ("billion laughs"). */
const MAX_ALIAS_COUNT = 100;

/**
 * One file parsed: plain data only. Problems carry character offsets; lines and
 * columns are computed where the text is kept. The fast path (fast-yaml.ts) and the full path make the same one.
 */
export interface ParsedText {
  name: string;
  text: string;
  kind?: EntryKind;
  data?: Record<string, unknown>;
  issues: ParseIssue[];
  /** True for a path that is not read at all (a symbolic link, a folder): what it holds is not the catalog's. */
  unread?: true;
  /**
   * Number-like plain scalars of a clean file that are not plain decimal integers (`100.00`, `1e2`, `0x64`, `1_000`), with
   * their pointers and source text: integer fields refuse them (integers.ts) without parsing the file again.
   */
  literals?: Literal[];
}

/** A problem parsing finds, of one of three rules, with its message id (src/model/core-messages.ts) and its offsets. */
type ParseIssue = (
  | { rule: 'yaml-syntax'; messageId: YamlSyntaxId }
  | { rule: 'file-name'; messageId: FilePlaceId }
  | { rule: 'characters'; messageId: CharactersId }
) & { message: string; start: number; end: number; pointer?: string };

/** What is wrong with a file's name or place: its message id and what to say. */
type PlaceFinding = { messageId: FilePlaceId; message: string };

/** Which YAML reader parses: the fast subset reader with the full `yaml` path behind it (default), or `yaml` alone. */
export type Parser = 'auto' | 'full';

/** Why a file in an entry folder is not read, by its name (hidden files, editor leftovers, other extensions); undefined for an entry file. */
function notAnEntryName(base: string): PlaceFinding | undefined {
  const say = (messageId: FilePlaceId, message: string) => ({ messageId, message });
  if (/~$|^#.*#$|\.(swp|swo|swx|bak|orig|rej|tmp)$/i.test(base) || /^\.~lock\./.test(base))
    return say('leftover', `${base} is an editor's or a merge tool's leftover, not an entry: delete it (and add the pattern to .gitignore)`);
  if (base.startsWith('.'))
    return say(
      'hidden-file',
      `${base} is a hidden file, and the catalog holds entries only: delete it, or move it out of the catalog (a .gitkeep is not needed once the folder holds an entry)`,
    );
  if (base.endsWith('.yaml')) return undefined;
  const stem = base.replace(/\.[^.]*$/, '');
  if (/\.ya?ml$/i.test(base)) return say('wrong-extension', `${base} is not read by the catalog, which reads .yaml files only: rename it to ${stem}.yaml`);
  if (/\.json$/i.test(base)) return say('json-file', `${base} is not read by the catalog: entries are YAML; write it as ${stem}.yaml`);
  if (!base.includes('.'))
    return say(
      'no-extension',
      `${base} has no extension and is not read by the catalog: if it is an entry, rename it to ${base}.yaml; otherwise move it out of the catalog`,
    );
  return say(
    'not-yaml',
    `${base} is not read by the catalog, which holds .yaml entries only: if it is an entry, rename it to ${stem}.yaml; otherwise move it out of the catalog`,
  );
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
export function parseCatalogText(
  source: CatalogText,
  keepDocument?: (doc: Document | null) => void,
  maxBytes = MAX_FILE_BYTES,
  parser: Parser = 'auto',
): ParsedText {
  const { name } = source;
  const folder = name.split('/')[0] as Folder;
  const result: ParsedText = { name, text: source.text ?? '', issues: [] };
  const fail = (issue: ParseIssue) => {
    result.issues.push(issue);
    return result;
  };
  if (source.refused !== undefined) {
    result.unread = true;
    return fail({ rule: 'file-name', messageId: source.refusedId ?? 'not-regular-file', message: source.refused, start: 0, end: 0 });
  }
  const misplaced = placeProblem(name);
  if (misplaced) return fail({ rule: 'file-name', ...misplaced, start: 0, end: 0 });
  if (source.text === undefined)
    return fail({
      rule: 'yaml-syntax',
      messageId: source.unreadableId ?? 'unreadable-file',
      message: source.unreadable ?? 'cannot read the file',
      start: 0,
      end: 0,
    });
  // A UTF-16 code unit is at most 3 bytes of UTF-8: a short text needs no count.
  const bytes = source.text.length * 3 <= maxBytes ? 0 : Buffer.byteLength(source.text);
  if (bytes > maxBytes) {
    result.text = '';
    return fail({ rule: 'yaml-syntax', messageId: 'too-large', message: tooLarge(bytes), start: 0, end: 0 });
  }
  const text = source.text;
  const plain = characterIssues(source, text, result);
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
  return parseFull(text, folder, result, keepDocument);
}

/** What is wrong with where a file is or with its name (a leftover, a folder where no entry belongs), if anything. */
function placeProblem(name: string): PlaceFinding | undefined {
  const parts = name.split('/');
  const base = parts[parts.length - 1];
  // A name ending in .yaml and not hidden (nearly every file) is neither a leftover nor misnamed: no pattern to try.
  const entryName = base.endsWith('.yaml') && base.charCodeAt(0) !== 0x2e;
  const stray = !entryName && (/^\./.test(base) || /~$|^#.*#$/.test(base) || /\.(swp|swo|swx|bak|orig|rej|tmp)$/i.test(base));
  if (stray) return notAnEntryName(base);
  if (parts.length !== 2 || !Object.hasOwn(ENTRY_KINDS, parts[0])) {
    const places = Object.entries(ENTRY_KINDS).map(([f, kind]) => `${kind === 'country' ? 'countries in countries/<CODE>.yaml' : `${f} in ${f}/<id>.yaml`}`);
    return { messageId: 'misplaced', message: `${name} is not where an entry belongs: put ${places.join(', ')} under the catalog folder` };
  }
  return entryName ? undefined : notAnEntryName(parts[1]);
}

/**
 * The text's bytes and characters: a byte that is not UTF-8 (reported once, at the first: what follows is what saving
 * the file as UTF-8 changes), and the refused characters written as they are. True for a text of plain characters
 * (most files), which holds none: one scan instead of two.
 */
function characterIssues(source: CatalogText, text: string, result: ParsedText): boolean {
  if (source.badUtf8) {
    const { offset, byte } = source.badUtf8;
    const message = `the file is not valid UTF-8: the byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} here is not part of any character; save the file as UTF-8 (editors call it "UTF-8", not "Latin-1" or "Windows-1252") and check the characters around this place`;
    result.issues.push({ rule: 'characters', messageId: 'invalid-utf8', message, start: offset, end: offset + 1 });
    return false;
  }
  const plain = plainCharacters(text);
  if (!plain) for (const c of refusedCharacters(text)) result.issues.push({ rule: 'characters', ...c });
  return plain;
}

/** The full YAML path: the first syntax error explained, warnings, a second document, then the data and its literals. */
function parseFull(text: string, folder: Folder, result: ParsedText, keepDocument?: (doc: Document | null) => void): ParsedText {
  const fail = (messageId: YamlSyntaxId, message: string, start = 0, end = 0) => {
    result.issues.push({ rule: 'yaml-syntax', messageId, message, start, end });
    return result;
  };
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(yamlText(text), YAML_OPTIONS) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [];
  } catch (err) {
    const why = (err as Error).message;
    return fail(unreadableId(why), unreadableMessage(why));
  }
  const first = docs[0];
  let tags: ReturnType<typeof tagIssues> = [];
  const syntax = first ? [...first.errors].sort((a, b) => a.pos[0] - b.pos[0])[0] : undefined;
  if (syntax) {
    // Only the first syntax error: the parser's later errors are nearly always consequences of it.
    const x = explainSyntaxError(text, { code: syntax.code, message: syntax.message, start: syntax.pos[0], end: syntax.pos[1] });
    fail(x.messageId, x.message, x.start, x.end);
  } else if (first) {
    // A tag is refused at the tag (yaml-tags.ts), in place of yaml's warning about it and of the value it made.
    tags = tagIssues(text);
    for (const t of tags) fail(t.messageId, t.message, t.start, t.end);
    for (const w of first.warnings)
      if (!(tags.length && w.code === 'TAG_RESOLVE_FAILED')) fail(warningId(w.code), explainWarning(w.code, w.message), w.pos[0], w.pos[1]);
  }
  if (docs.length > 1 && !syntax) {
    const start = docs[1].range?.[0] ?? 0;
    fail('second-document', MULTIPLE_DOCS, start, start + 3);
  }
  const doc = first && first.errors.length === 0 ? first : null;
  keepDocument?.(doc);
  // No document at all (nothing but comments and blank lines), or a document without content: the entry is missing.
  const empty = `the file is empty: write the entry as a mapping, starting with ${folder === 'countries' ? 'code' : 'id'}: ...`;
  if (!first) return result.issues.length ? result : fail('empty-file', empty);
  if (!doc) return result.issues.length ? result : fail('unparsable', 'cannot read the YAML');
  if (doc.contents === null) return result.issues.length ? result : fail('empty-file', empty);
  // A tagged value is not what the analyst wrote (a date, bytes, a set): no data, so no check judges it.
  if (tags.length) return result;
  const read = documentData(doc, text, MAX_ALIAS_COUNT);
  for (const issue of read.issues) fail(issue.messageId, issue.message, issue.start, issue.end);
  if (read.issues.length > 0 || read.data === undefined) return result;
  const data = read.data;
  if (!isMap(doc.contents) || data === null || typeof data !== 'object' || Array.isArray(data)) {
    const what = Array.isArray(data) ? 'a list' : 'a single value';
    result.issues.push({
      rule: 'yaml-syntax',
      messageId: 'not-a-mapping',
      message: `the file holds ${what}; an entry is a mapping of fields (key: value), one entry per file`,
      start: 0,
      end: 0,
      pointer: '',
    });
    return result;
  }
  result.kind = ENTRY_KINDS[folder];
  result.data = data as Record<string, unknown>;
  if (read.literals.length) result.literals = read.literals;
  return result;
}
