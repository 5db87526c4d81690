import type { Alias, Document, DocumentOptions, ParseOptions, Pair, SchemaOptions, Node, YAMLMap } from 'yaml';
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseAllDocuments } from './yaml-lazy.js';
import { fastYamlPositions, type FastNode } from './fast-yaml.js';
import { parsePointer } from '../model/pointer.js';
import { aliasTarget } from './yaml-data.js';
import { linePos } from './lines.js';

/**
 * How every catalog file is parsed: YAML 1.2 core schema (NO is a string, 2026-05-01 stays a string). Duplicate keys
 * are found by documentData with a Set: yaml's own check compares each key with every earlier one (quadratic).
 */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  prettyErrors: false,
  uniqueKeys: false,
  version: '1.2',
  schema: 'core',
  strict: true,
  // Problems are reported as problems; nothing is written to the console (e.g. "keys with collection values").
  logLevel: 'error',
};

/** A catalog file as read: its display path (relative to the working directory) and text. */
export interface SourceFile {
  /** Path shown to the user, relative to the working directory, with forward slashes. */
  path: string;
  /** Absolute path. */
  absolute: string;
  text: string;
  /**
   * The parsed document with source positions, made on first use: only files with a problem need one, so a large
   * clean catalog never keeps thousands of syntax trees in memory. null when the file has no error-free document.
   */
  doc?: Document | null;
  /**
   * The positions the fast path records (fast-yaml.ts), made on first use when the file has no document yet; null when
   * the fast path does not read its text. Problems are then located without building a yaml document.
   */
  positions?: FastNode | null;
  /** Offsets at which lines start, computed on first use. */
  lineStarts?: number[];
}

/** The file's first document, parsed on first use; null when it has none or it has errors. */
export function documentOf(file: SourceFile): Document | null {
  if (file.doc === undefined) {
    const first = parseAllDocuments(yamlText(file.text), YAML_OPTIONS)[0] as Document.Parsed | undefined;
    file.doc = first?.errors && first.errors.length === 0 ? first : null;
  }
  return file.doc;
}

/** A 1-based source range. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Which part of a mapping entry a problem is about: its value (default) or its key (duplicates, unknown keys). */
export type Target = 'value' | 'key';

/** A YAML node found at a pointer, with how much of the pointer it matched. */
interface Found {
  node: Node | null;
  key: Node | null;
  exact: boolean;
  /** The aliases the pointer went through (the node itself is then the anchored one). */
  via: Alias[];
}

/** Each mapping's pairs by key, built on first use: finding a pointer is then a lookup a segment, not a scan. */
const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairOf(map: YAMLMap, segment: string): Pair | undefined {
  let index = pairIndex.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items) {
      const k = isPair(p) ? keyText(p.key) : undefined;
      if (k !== undefined && !index.has(k)) index.set(k, p as Pair);
    }
    pairIndex.set(map, index);
  }
  return index.get(segment);
}

/** Walks the document along a JSON pointer; stops at the deepest node that exists. */
function findNode(doc: Document, pointer: string): Found {
  const via: Alias[] = [];
  const resolve = (node: unknown): unknown => {
    if (!isAlias(node)) return node;
    via.push(node);
    return aliasTarget(doc, node) ?? null;
  };
  let node = resolve(doc.contents) as Node | null;
  let key: Node | null = null;
  for (const segment of parsePointer(pointer)) {
    if (isMap(node)) {
      const pair = pairOf(node, segment);
      if (!pair) return { node, key, exact: false, via };
      key = (pair.key as Node) ?? null;
      const value = resolve(pair.value) as Node | null;
      // A key with no value (`reason:`) has no node: point at the key.
      node = value ?? key;
    } else if (isSeq(node)) {
      const index = Number(segment);
      const item = Number.isInteger(index) ? (resolve(node.items[index]) as Node | undefined) : undefined;
      if (!item) return { node, key, exact: false, via };
      key = null;
      node = item;
    } else {
      return { node, key, exact: false, via };
    }
  }
  return { node, key, exact: true, via };
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

/** Converts a character offset range into 1-based lines and columns. */
export function offsetRange(file: SourceFile, start: number, end: number): Range {
  const a = linePos(file, start);
  const b = linePos(file, Math.max(start, end));
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/**
 * Locates the node most responsible for a problem at `pointer`: the value (or key) when it exists; otherwise the
 * deepest existing parent. A collection is located at its first line only, so an annotation does not cover a whole file.
 */
export function locate(file: SourceFile, pointer: string, target: Target = 'value'): Range {
  const positions = positionsOf(file);
  if (positions) return rangeOfFast(file, findFast(positions, pointer), target);
  const doc = documentOf(file);
  if (!doc?.contents) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  return rangeOfNode(file, findNode(doc, pointer), target);
}

/**
 * Where a problem at `pointer` is reported: the node (as locate), and, when the pointer goes through an alias, also
 * the alias where the anchored value is used, each with a note saying where the other is. A problem inside an anchored
 * value then shows both where it is written and where it takes effect.
 */
export function locateAll(file: SourceFile, pointer: string, message: string, target: Target = 'value'): Array<Range & { message: string }> {
  const positions = positionsOf(file);
  // The fast path reads no alias: the node is the only place to report.
  if (positions) return [{ ...rangeOfFast(file, findFast(positions, pointer), target), message }];
  const doc = documentOf(file);
  if (!doc?.contents) return [{ line: 1, column: 1, endLine: 1, endColumn: 1, message }];
  const found = findNode(doc, pointer);
  const at = rangeOfNode(file, found, target);
  const alias = found.via.at(-1);
  if (!alias?.range) return [{ ...at, message }];
  const used = offsetRange(file, alias.range[0], alias.range[1]);
  if (used.line === at.line) return [{ ...at, message }];
  return [
    { ...at, message: `${message} (this anchored value is used through *${alias.source} at line ${used.line})` },
    { ...used, message: `${message} (in the value anchored as &${alias.source} at line ${at.line})` },
  ];
}

function rangeOfNode(file: SourceFile, found: Found, target: Target): Range {
  const node = target === 'key' && found.exact && found.key ? found.key : found.node;
  if (!node?.range) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const [start, valueEnd] = node.range;
  if (isCollection(node)) {
    // From the collection's start to the end of its first line (or of its first key, for a block mapping).
    const first = isMap(node) ? (node.items[0]?.key as Node | undefined) : undefined;
    const end = first?.range ? first.range[1] : Math.min(valueEnd, lineEnd(file.text, start));
    return offsetRange(file, start, end);
  }
  return offsetRange(file, start, valueEnd);
}

function lineEnd(text: string, offset: number): number {
  for (let i = offset; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

/**
 * The scalar at `pointer` (the pointer must exist): where it is written, quotes included, and its style as yaml names it
 * (PLAIN, QUOTE_SINGLE, QUOTE_DOUBLE...); undefined when the pointer names no scalar. What a fix replaces (fix.ts).
 */
export function scalarAt(file: SourceFile, pointer: string): { start: number; end: number; type: string | undefined } | undefined {
  const positions = positionsOf(file);
  if (positions) {
    const { node, exact } = findFast(positions, pointer);
    if (!exact || node.kind === 'map' || node.kind === 'seq') return undefined;
    const type = node.kind === 'plain' ? 'PLAIN' : file.text.charCodeAt(node.start) === 0x27 ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
    return { start: node.start, end: node.end, type };
  }
  const doc = documentOf(file);
  if (!doc) return undefined;
  const found = findNode(doc, pointer);
  const node = found.node;
  if (!found.exact || !isScalar(node) || !node.range) return undefined;
  return { start: node.range[0], end: node.range[1], type: node.type };
}

/** The source text of the node at `pointer`, as the analyst wrote it (`012345`, `yes`), when it is a plain scalar. */
export function plainScalarSource(file: SourceFile, pointer: string): string | undefined {
  const scalar = scalarAt(file, pointer);
  return scalar?.type === 'PLAIN' ? file.text.slice(scalar.start, scalar.end) : undefined;
}

/**
 * The fast path's positions of a file without a document yet (the file was read by the fast path, or not read at
 * all), when it reads the text: locating a problem then needs no yaml document (building one costs more than reading).
 * Undefined when the file has a document, or the fast path hands its text over.
 */
function positionsOf(file: SourceFile): FastNode | undefined {
  if (file.doc !== undefined) return undefined;
  if (file.positions === undefined) file.positions = fastYamlPositions(file.text) ?? null;
  return file.positions ?? undefined;
}

/** findNode on the fast path's positions, with the same semantics (there are no aliases). */
function findFast(root: FastNode, pointer: string): { node: FastNode; key: { start: number; end: number } | null; exact: boolean } {
  let node = root;
  let key: { start: number; end: number } | null = null;
  for (const segment of parsePointer(pointer)) {
    if (node.entries) {
      const entry = node.entries.get(segment);
      if (!entry) return { node, key, exact: false };
      key = { start: entry.keyStart, end: entry.keyEnd };
      node = entry.value;
    } else if (node.items) {
      const index = Number(segment);
      const item = Number.isInteger(index) ? node.items[index] : undefined;
      if (!item) return { node, key, exact: false };
      key = null;
      node = item;
    } else {
      return { node, key, exact: false };
    }
  }
  return { node, key, exact: true };
}

/** rangeOfNode on the fast path's positions. */
function rangeOfFast(file: SourceFile, found: ReturnType<typeof findFast>, target: Target): Range {
  if (target === 'key' && found.exact && found.key) return offsetRange(file, found.key.start, found.key.end);
  const node = found.node;
  if (node.kind === 'map' || node.kind === 'seq') {
    const first = node.entries?.values().next().value;
    const end = first ? first.keyEnd : Math.min(node.end, lineEnd(file.text, node.start));
    return offsetRange(file, node.start, end);
  }
  return offsetRange(file, node.start, node.end);
}

/**
 * The text the YAML parser reads: a lone CR (old Mac line endings) becomes LF. Same length, so every offset stays
 * valid; CRLF is left alone (YAML reads it as one line break).
 */
export function yamlText(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}
