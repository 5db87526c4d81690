/**
 * A fast reader for the small subset of YAML that catalog files are written in: block mappings and sequences, plain
 * and quoted scalars on one line, flow sequences and mappings on one line, comments. It returns the same plain data as
 * `yaml` (YAML 1.2 core schema, the options of source.ts) followed by `toJS`, or undefined for ANY text it is not sure
 * of (anchors, aliases, tags, block scalars, multi-line scalars or flow collections, documents markers, directives,
 * odd indentation, tabs, CR, control or invisible characters, duplicate keys, number forms other than plain decimals,
 * an empty file, a file that is not a mapping...). The caller then parses the text with `yaml`, which also reports
 * the problems: this reader never reports anything. test/parse/fast-yaml.test.ts holds the two equal on mutated files.
 */

import { toPointer } from '../model/pointer.js';
import { isPlainInteger, type Literal } from './yaml-data.js';

/** What the fast path read: the data, and the number-like plain scalars the full path records (yaml-data.ts). */
export interface FastParse {
  data: Record<string, unknown>;
  literals: Literal[];
}

/** Thrown (one shared object, no stack) to hand a text over to the full parser. */
const REFUSE = { refused: true };

let s = '';
let n = 0;
/** Start of the current content line, its indentation and the offset of its first non-space character. */
let lineAt = 0;
let indentOf = 0;
let contentAt = 0;
/** Collections open around the current position: deep nesting goes to the full path (and its message). */
let depth = 0;
/** Catalog entries nest four or five levels; anything much deeper is not a catalog file. */
const MAX_DEPTH = 32;

const SPACE = 0x20;
const NL = 0x0a;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;

/** The data of a catalog file, or undefined when the full parser must read it (`plain`: plainCharacters(text), when known). */
export function fastParseYaml(text: string, plain = plainCharacters(text)): FastParse | undefined {
  if (!plain) return undefined;
  s = text;
  n = text.length;
  depth = 0;
  path.length = 0;
  literals = [];
  try {
    if (!nextContent(0) || indentOf !== 0) return undefined;
    const data = parseMap(0, contentAt);
    if (contentAt < n) return undefined; // something left over at a lower indentation than the root: never valid
    return { data, literals };
  } catch (err) {
    if (err === REFUSE) return undefined;
    throw err;
  } finally {
    s = '';
    literals = [];
  }
}

/**
 * Where a node is written, as yaml's node.range gives it ([start, valueEnd]): a quoted scalar with its quotes, a plain
 * scalar's text (an empty one, `key:` with nothing after it, where yaml puts it), a block collection from its first key
 * or dash, a flow collection with its brackets. Recorded only by fastYamlPositions (source.ts locates problems with it).
 */
export interface FastNode {
  start: number;
  end: number;
  kind: 'plain' | 'quoted' | 'map' | 'seq';
  /** A mapping's entries by key, in the order written: where the key is written, and its value. */
  entries?: Map<string, { keyStart: number; keyEnd: number; value: FastNode }>;
  /** A sequence's items. */
  items?: FastNode[];
}

/** Whether the parser records positions (off on the hot path: each recording point is one test of a boolean). */
let record = false;
/** The node of the value read last, when recording. */
let lastNode: FastNode | undefined;
const leaf = (kind: 'plain' | 'quoted', start: number, end: number): FastNode => ({ start, end, kind });

/**
 * The positions of every node of a text the fast path reads (its root mapping), or undefined when it hands the text
 * over: the same parse as fastParseYaml, with positions recorded.
 */
export function fastYamlPositions(text: string): FastNode | undefined {
  record = true;
  lastNode = undefined;
  try {
    return fastParseYaml(text) ? lastNode : undefined;
  } finally {
    record = false;
    lastNode = undefined;
  }
}

/** Where the parser is in the data (for the pointers of literals). */
const path: Array<string | number> = [];
let literals: Literal[] = [];
/** Set by blockPlain: whether a comment followed the scalar on its line. */
let plainComment = false;

/** A plain scalar's value; a number-like one that is not a plain decimal integer is recorded as the full path does. */
function plainValue(start: number, end: number, hash: number): unknown {
  const source = internValue(start, end, hash);
  const value = resolvePlain(source);
  if (record) lastNode = leaf('plain', start, end);
  if ((typeof value === 'number' || typeof value === 'string') && numberLike(source) && !isPlainInteger(source))
    literals.push({ pointer: toPointer(path), source, start, end });
  return value;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** /^[-+.]?[0-9]/, without a regular expression (it runs on every plain scalar). */
function numberLike(source: string): boolean {
  const c = source.charCodeAt(0);
  if (isDigit(c)) return true;
  return (c === DASH || c === 0x2b || c === 0x2e) && isDigit(source.charCodeAt(1));
}

/**
 * Only printable ASCII, newlines and visible non-ASCII letters and marks: no tab, CR, BOM, control character,
 * unusual space, zero-width or bidirectional character, private-use or astral character (the full path judges those).
 * Every character text.ts refuses is among them, so a plain text has no refused character either (load.ts relies on
 * it). A regular expression (of code units: no u flag) scans a text about twice as fast as a loop of charCodeAt.
 */
export function plainCharacters(text: string): boolean {
  return !NOT_PLAIN.test(text);
}
const NOT_PLAIN = /[\x00-\x09\x0b-\x1f\x7f-\xa0\xad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u206f\u3000\u3164\ud800-\uf8ff\ufe00-\ufe0f\ufeff\uffa0\ufff0-\uffff]/;

/**
 * Moves to the next line that holds content (skipping blank and comment lines) at or after the line starting at
 * `from`; sets lineAt, indentOf and contentAt. Returns false at the end of the text (contentAt = n).
 */
function nextContent(from: number): boolean {
  let i = from;
  while (i < n) {
    let j = i;
    while (j < n && s.charCodeAt(j) === SPACE) j++;
    if (j === n) break;
    const c = s.charCodeAt(j);
    if (c === NL) {
      i = j + 1;
      continue;
    }
    if (c === HASH) {
      const nl = s.indexOf('\n', j);
      if (nl === -1) break;
      i = nl + 1;
      continue;
    }
    if (j === i && (c === DASH || c === 0x2e || c === 0x25) && (s.startsWith('---', j) || s.startsWith('...', j) || c === 0x25)) throw REFUSE; // document markers, directives
    lineAt = i;
    indentOf = j - i;
    contentAt = j;
    return true;
  }
  lineAt = n;
  indentOf = -1;
  contentAt = n;
  return false;
}

/** The offset after the end of the line holding `i` (past its newline). */
function afterLine(i: number): number {
  const nl = s.indexOf('\n', i);
  return nl === -1 ? n : nl + 1;
}

/** At `i`: nothing but spaces, then an optional comment (after a space), up to the end of the line. */
function expectLineEnd(i: number): number {
  const start = i;
  while (i < n && s.charCodeAt(i) === SPACE) i++;
  if (i === n) return n;
  const c = s.charCodeAt(i);
  if (c === NL) return i + 1;
  if (c === HASH && i > start) return afterLine(i);
  throw REFUSE;
}

function isSeqEntry(at: number): boolean {
  if (s.charCodeAt(at) !== DASH) return false;
  const next = at + 1 < n ? s.charCodeAt(at + 1) : NL;
  return next === SPACE || next === NL;
}

/** A block mapping whose keys sit at column `indent`; its first key starts at `first` (maybe after a `- `). */
function parseMap(indent: number, first: number): Record<string, unknown> {
  if (++depth > MAX_DEPTH) throw REFUSE;
  const map: Record<string, unknown> = {};
  const node: FastNode | undefined = record ? { start: first, end: n, kind: 'map', entries: new Map() } : undefined;
  let at = first;
  for (;;) {
    if (isSeqEntry(at)) throw REFUSE;
    const keyEnd = scanKey(at);
    if (keyEnd < 0) throw REFUSE;
    const key = keyText;
    if (key === '__proto__' || Object.hasOwn(map, key)) throw REFUSE; // duplicates: the full path reports them
    let i = keyEnd + 1; // past the colon
    while (i < n && s.charCodeAt(i) === SPACE) i++;
    const c = i < n ? s.charCodeAt(i) : NL;
    path.push(key);
    if (c === NL || c === HASH) {
      // `key:` alone: a nested block on the following lines, or null. (`pattern: # x` is the full path's to explain.)
      if (c === HASH && key === 'pattern') throw REFUSE;
      const value = nestedBlock(afterLine(i), indent);
      map[key] = value;
      // An empty value is a plain scalar where the line's content ends (at a comment or the line end).
      if (node) node.entries!.set(key, { keyStart: at, keyEnd, value: value === null ? leaf('plain', i, i) : lastNode! });
    } else {
      plainComment = false;
      map[key] = inlineValue(i);
      if (node) node.entries!.set(key, { keyStart: at, keyEnd, value: lastNode! });
      // `pattern: ^a #b$` lost its end to a comment: the full path explains it.
      if (plainComment && key === 'pattern') throw REFUSE;
      if (nextContent(afterValueLine) && indentOf > indent) throw REFUSE; // a continuation line or an error
    }
    path.pop();
    if (contentAt >= n || indentOf < indent) {
      depth--;
      if (node) lastNode = node;
      return map;
    }
    if (indentOf > indent) throw REFUSE;
    at = contentAt;
  }
}

/** A block sequence whose dashes sit at column `indent`; the current line is its first entry. */
function parseSeq(indent: number): unknown[] {
  if (++depth > MAX_DEPTH) throw REFUSE;
  const seq: unknown[] = [];
  const node: FastNode | undefined = record ? { start: contentAt, end: n, kind: 'seq', items: [] } : undefined;
  for (;;) {
    path.push(seq.length);
    let i = contentAt + 1;
    while (i < n && s.charCodeAt(i) === SPACE) i++;
    const c = i < n ? s.charCodeAt(i) : NL;
    if (c === NL || c === HASH) {
      if (c === HASH && i === contentAt + 1) throw REFUSE;
      const value = nestedBlock(afterLine(i), indent);
      seq.push(value);
      if (node) node.items!.push(value === null ? leaf('plain', i, i) : lastNode!);
    } else if (isSeqEntry(i)) {
      throw REFUSE; // `- - x`
    } else if (scanKey(i) >= 0) {
      seq.push(parseMap(i - lineAt, i));
      if (node) node.items!.push(lastNode!);
    } else {
      seq.push(inlineValue(i));
      if (node) node.items!.push(lastNode!);
      if (nextContent(afterValueLine) && indentOf > indent) throw REFUSE;
    }
    path.pop();
    if (contentAt >= n || indentOf < indent) {
      depth--;
      if (node) lastNode = node;
      return seq;
    }
    if (indentOf > indent || !isSeqEntry(contentAt)) throw REFUSE;
  }
}

/** The value of `key:` or `-` with nothing after it on its line: a block indented deeper, or null. */
function nestedBlock(from: number, indent: number): unknown {
  if (!nextContent(from) || indentOf < indent) return null;
  if (indentOf === indent) {
    if (isSeqEntry(contentAt)) throw REFUSE; // a sequence not indented under its key: valid YAML, left to the full path
    return null;
  }
  const inner = indentOf;
  if (isSeqEntry(contentAt)) return parseSeq(inner);
  return parseMap(inner, contentAt);
}

/** Set by inlineValue: where the line after the value starts. */
let afterValueLine = 0;

/** A value written on the rest of the line from `i`: quoted, flow or plain. Sets afterValueLine. */
function inlineValue(i: number): unknown {
  const c = s.charCodeAt(i);
  let value: unknown;
  if (c === DQUOTE || c === SQUOTE) {
    value = quoted(i);
    if (record) lastNode = leaf('quoted', i, scanEnd);
    afterValueLine = expectLineEnd(scanEnd);
  } else if (c === LBRACKET || c === LBRACE) {
    value = flow(i);
    afterValueLine = expectLineEnd(scanEnd);
  } else {
    value = blockPlain(i);
    afterValueLine = scanEnd;
  }
  return value;
}

/** Where the last scanned token ended. */
let scanEnd = 0;
/** The text of the last key scanned by scanKey. */
let keyText = '';

/**
 * A mapping key at `i` (plain word or quoted), followed by `:` and a space or the end of the line. Returns the offset
 * of the colon, or -1 when there is no such key here. Sets keyText.
 */
function scanKey(i: number): number {
  const c = s.charCodeAt(i);
  let end: number;
  if (c === DQUOTE || c === SQUOTE) {
    const nl = s.indexOf('\n', i);
    const lineEnd = nl === -1 ? n : nl;
    // Cheap test before decoding: the closing quote must be followed by a colon.
    const close = s.indexOf(c === DQUOTE ? '":' : "':", i + 1);
    if (close < 0 || close >= lineEnd) return -1;
    const text = quoted(i);
    end = scanEnd;
    if (s.charCodeAt(end) !== COLON) return -1;
    keyText = text;
  } else {
    end = i;
    let hash = 0;
    for (let c = s.charCodeAt(end); end < n && isKeyChar(c, end === i); c = s.charCodeAt(++end)) hash = (Math.imul(hash, 31) + c) | 0;
    if (end === i || s.charCodeAt(end) !== COLON) return -1;
    keyText = internKey(i, end, hash);
    if (typeof resolvePlain(keyText) !== 'string') throw REFUSE; // 1:, true:, null: keys
  }
  const after = end + 1 < n ? s.charCodeAt(end + 1) : NL;
  if (after !== SPACE && after !== NL) return -1;
  return end;
}

/**
 * Keys met before, by a hash of their characters (a direct-mapped cache: a slot holds the last key of its hash). Catalog
 * files repeat the same few dozen keys, so a key is nearly always the very string used before: no new string to make,
 * hash and look up in V8's string table for each key of each file.
 */
const KEY_SLOTS = 1024;
const keyCache: string[] = new Array<string>(KEY_SLOTS).fill('');

/** The key written from `start` to `end` (plain characters, `hash` of them). */
function internKey(start: number, end: number, hash: number): string {
  const slot = hash & (KEY_SLOTS - 1);
  const known = keyCache[slot];
  if (known.length === end - start && sameText(known, start)) return known;
  return (keyCache[slot] = s.slice(start, end));
}

/**
 * Values met before, the same way: catalog files repeat the same values (currencies, patterns, labels, examples,
 * addresses), and one shared string per value makes less to allocate and keep, and makes comparing them (the rules'
 * memos, Map keys) a matter of identity. Long values are not kept: they rarely repeat.
 */
const VALUE_SLOTS = 4096;
const MAX_KEPT_VALUE = 128;
const valueCache: string[] = new Array<string>(VALUE_SLOTS).fill('');

/** The value text from `start` to `end` (`hash` of its characters). */
function internValue(start: number, end: number, hash: number): string {
  const length = end - start;
  if (length > MAX_KEPT_VALUE) return s.slice(start, end);
  const slot = hash & (VALUE_SLOTS - 1);
  const known = valueCache[slot];
  if (known.length === length && sameText(known, start)) return known;
  return (valueCache[slot] = s.slice(start, end));
}

/** Whether the text holds `known` at `start` (a loop: cheaper than startsWith for these short strings). */
function sameText(known: string, start: number): boolean {
  for (let k = 0; k < known.length; k++) if (s.charCodeAt(start + k) !== known.charCodeAt(k)) return false;
  return true;
}

function isKeyChar(c: number, first: boolean): boolean {
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f) return true;
  return !first && (c === DASH || c === 0x2e);
}

/** A quoted scalar on one line at `i`; sets scanEnd past the closing quote. */
function quoted(i: number): string {
  const q = s.charCodeAt(i);
  let out = '';
  let from = i + 1;
  let hash = 0; // of the characters between the quotes, used when there is no escape
  for (let j = i + 1; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c === NL) throw REFUSE; // multi-line: folding rules are the full path's
    if (c === q) {
      if (q === SQUOTE && s.charCodeAt(j + 1) === SQUOTE) {
        out += s.slice(from, j + 1);
        from = j + 2;
        j++;
        continue;
      }
      scanEnd = j + 1;
      return from === i + 1 ? internValue(from, j, hash) : out + s.slice(from, j);
    }
    hash = (Math.imul(hash, 31) + c) | 0;
    if (c === BACKSLASH && q === DQUOTE) {
      const e = s.charCodeAt(j + 1);
      let r: string;
      if (e === DQUOTE) r = '"';
      else if (e === BACKSLASH) r = '\\';
      else if (e === 0x2f) r = '/';
      else throw REFUSE; // any other escape (\n, \t, \u...) may make a character a value never holds: the full path checks it
      out += s.slice(from, j) + r;
      from = j + 2;
      j++;
    }
  }
  throw REFUSE;
}

/** Characters a plain scalar may not start with (YAML indicators; `-` is allowed before a non-space). */
function plainStartOk(i: number): boolean {
  const c = s.charCodeAt(i);
  switch (c) {
    case 0x3f: // ?
    case COLON:
    case COMMA:
    case LBRACKET:
    case RBRACKET:
    case LBRACE:
    case RBRACE:
    case HASH:
    case 0x26: // &
    case 0x2a: // *
    case 0x21: // !
    case 0x7c: // |
    case 0x3e: // >
    case DQUOTE:
    case SQUOTE:
    case 0x25: // %
    case 0x40: // @
    case 0x60: // `
    case SPACE:
    case NL:
      return false;
    case DASH: {
      const next = i + 1 < n ? s.charCodeAt(i + 1) : NL;
      return next !== SPACE && next !== NL;
    }
    default:
      return i < n;
  }
}

/** A plain scalar in block context: to the end of the line or a ` #` comment; sets scanEnd past the line. */
function blockPlain(i: number): unknown {
  if (!plainStartOk(i)) throw REFUSE;
  let j = i;
  let end = i; // end of the last non-space character + 1
  let hash = 0; // of the characters from i
  let endHash = 0; // of the characters from i to end
  for (; j < n; j++) {
    const c = s.charCodeAt(j);
    if (c === NL) break;
    hash = (Math.imul(hash, 31) + c) | 0;
    if (c === SPACE) continue;
    if (c === HASH && s.charCodeAt(j - 1) === SPACE) {
      plainComment = true;
      break;
    }
    if (c === COLON) {
      const next = j + 1 < n ? s.charCodeAt(j + 1) : NL;
      if (next === SPACE || next === NL) throw REFUSE; // a mapping inside a scalar's line
    }
    end = j + 1;
    endHash = hash;
  }
  scanEnd = afterLine(j);
  return plainValue(i, end, endHash);
}

/** Placeholders for the kind of flow collection not being read (never written to, never returned). */
const EMPTY_SEQ: unknown[] = [];
const EMPTY_MAP: Record<string, unknown> = {};

/** A flow sequence or mapping of scalars (possibly nested) on one line at `i`; sets scanEnd past its end. */
function flow(i: number): unknown {
  if (++depth > MAX_DEPTH) throw REFUSE;
  const isSeq = s.charCodeAt(i) === LBRACKET;
  const close = isSeq ? RBRACKET : RBRACE;
  const seq: unknown[] = isSeq ? [] : EMPTY_SEQ;
  const map: Record<string, unknown> = isSeq ? EMPTY_MAP : {};
  const node: FastNode | undefined = record ? (isSeq ? { start: i, end: n, kind: 'seq', items: [] } : { start: i, end: n, kind: 'map', entries: new Map() }) : undefined;
  let j = skipSpaces(i + 1);
  if (s.charCodeAt(j) === close) {
    scanEnd = j + 1;
    depth--;
    if (node) lastNode = ((node.end = scanEnd), node);
    return isSeq ? seq : map;
  }
  for (;;) {
    if (isSeq) {
      path.push(seq.length);
      seq.push(flowItem(j));
      if (node) node.items!.push(lastNode!);
      path.pop();
    } else {
      const c = s.charCodeAt(j);
      let key: string;
      let end: number;
      if (c === DQUOTE || c === SQUOTE) {
        key = quoted(j);
        end = scanEnd;
      } else {
        end = j;
        let hash = 0;
        for (let c = s.charCodeAt(end); end < n && isKeyChar(c, end === j); c = s.charCodeAt(++end)) hash = (Math.imul(hash, 31) + c) | 0;
        if (end === j) throw REFUSE;
        key = internKey(j, end, hash);
        if (typeof resolvePlain(key) !== 'string') throw REFUSE;
      }
      if (s.charCodeAt(end) !== COLON || s.charCodeAt(end + 1) !== SPACE) throw REFUSE;
      if (key === '__proto__' || Object.hasOwn(map, key)) throw REFUSE;
      path.push(key);
      map[key] = flowItem(skipSpaces(end + 1));
      if (node) node.entries!.set(key, { keyStart: j, keyEnd: end, value: lastNode! });
      path.pop();
    }
    j = skipSpaces(scanEnd);
    const c = s.charCodeAt(j);
    if (c === close) {
      scanEnd = j + 1;
      depth--;
      if (node) lastNode = ((node.end = scanEnd), node);
      return isSeq ? seq : map;
    }
    if (c !== COMMA) throw REFUSE;
    j = skipSpaces(j + 1);
    const d = s.charCodeAt(j);
    if (d === close || d === COMMA) throw REFUSE; // trailing or doubled comma
  }
}

function skipSpaces(i: number): number {
  while (i < n && s.charCodeAt(i) === SPACE) i++;
  return i;
}

/** One item of a flow collection: quoted, nested flow, or a plain scalar without indicators. */
function flowItem(j: number): unknown {
  const c = s.charCodeAt(j);
  if (c === DQUOTE || c === SQUOTE) {
    const value = quoted(j);
    if (record) lastNode = leaf('quoted', j, scanEnd);
    return value;
  }
  if (c === LBRACKET || c === LBRACE) return flow(j);
  if (!plainStartOk(j)) throw REFUSE;
  let k = j;
  let end = j;
  let hash = 0;
  let endHash = 0;
  for (; k < n; k++) {
    const d = s.charCodeAt(k);
    if (d === COMMA || d === RBRACKET || d === RBRACE) break;
    if (d === NL || d === COLON || d === HASH || d === LBRACKET || d === LBRACE) throw REFUSE;
    hash = (Math.imul(hash, 31) + d) | 0;
    if (d !== SPACE) {
      end = k + 1;
      endHash = hash;
    }
  }
  scanEnd = end;
  return plainValue(j, end, endHash);
}

/**
 * A plain scalar's value under the YAML 1.2 core schema (the tags of yaml's core schema, in their order: null, bool,
 * int (octal, decimal, hex), float (nan/inf, exponent, fraction), else a string), for the forms catalog files use:
 * null (empty or `null`), `true`, `false`, decimal integers without a sign or leading zero up to 15 digits, plain decimal
 * fractions. Every other spelling the core schema gives a meaning to (~, Null, TRUE, 0o17, 0x1F, 012, +1, -0, 1e3,
 * .inf, .nan...) goes to the full path.
 */
function resolvePlain(text: string): unknown {
  if (text.length === 0) return null;
  const c = text.charCodeAt(0);
  if ((c >= 0x30 && c <= 0x39) || c === DASH || c === 0x2b || c === 0x2e) {
    if (isSmallInteger(text)) return Number(text);
    if (SIMPLE_NUMBER.test(text)) {
      if (text !== '-0') return Number(text);
      throw REFUSE;
    }
    if (!CORE_NUMBER.test(text)) return text;
    throw REFUSE; // a number written otherwise (SIMPLE_NUMBER is part of CORE_NUMBER)
  }
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (c === 0x7e ? text.length === 1 : (c | 0x20) !== 0x6e && (c | 0x20) !== 0x74 && (c | 0x20) !== 0x66 ? false : CORE_WORD.test(text)) throw REFUSE;
  return text;
}

/** Digits without a leading zero, at most 15 (SIMPLE_NUMBER's commonest case, without a regular expression). */
function isSmallInteger(text: string): boolean {
  const length = text.length;
  if (length > 15 || text.charCodeAt(0) === 0x30) return length === 1;
  for (let k = 0; k < length; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return true;
}

/** Every text the core schema's int and float tags match (yaml's tests, joined). */
const CORE_NUMBER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/;
/** The numbers read here: where Number() and yaml's parseInt/parseFloat agree, and no integer-literal check applies. */
const SIMPLE_NUMBER = /^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/;
/** The core schema's other spellings of null and booleans. */
const CORE_WORD = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
