import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, LineCounter, type Document, type Node } from 'yaml';
import { parsePointer } from './pointer.js';

/** A catalog file as read: its display path (relative to the working directory), text and parsed document. */
export interface SourceFile {
  /** Path shown to the user, relative to the working directory, with forward slashes. */
  path: string;
  /** Absolute path. */
  absolute: string;
  text: string;
  lineCounter: LineCounter;
  /** The parsed YAML document, when the file parsed into one. */
  doc?: Document;
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
}

function resolve(doc: Document, node: unknown): unknown {
  return isAlias(node) ? node.resolve(doc) : node;
}

/** Walks the document along a JSON pointer; stops at the deepest node that exists. */
export function findNode(doc: Document, pointer: string): Found {
  let node = resolve(doc, doc.contents) as Node | null;
  let key: Node | null = null;
  for (const segment of parsePointer(pointer)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyText(p.key) === segment);
      if (!pair) return { node, key, exact: false };
      key = (pair.key as Node) ?? null;
      const value = resolve(doc, pair.value) as Node | null;
      // A key with no value (`reason:`) has no node: point at the key.
      node = value ?? key;
    } else if (isSeq(node)) {
      const index = Number(segment);
      const item = Number.isInteger(index) ? (resolve(doc, node.items[index]) as Node | undefined) : undefined;
      if (!item) return { node, key, exact: false };
      key = null;
      node = item;
    } else {
      return { node, key, exact: false };
    }
  }
  return { node, key, exact: true };
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

/** Converts a character offset range into 1-based lines and columns. */
export function offsetRange(file: SourceFile, start: number, end: number): Range {
  const a = file.lineCounter.linePos(start);
  const b = file.lineCounter.linePos(Math.max(start, end));
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/**
 * Locates the node most responsible for a problem at `pointer`: the value (or key) when it exists; otherwise the
 * deepest existing parent. A collection is located at its first line only, so an annotation does not cover a whole file.
 */
export function locate(file: SourceFile, pointer: string, target: Target = 'value'): Range {
  if (!file.doc || !file.doc.contents) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const found = findNode(file.doc, pointer);
  const node = target === 'key' && found.exact && found.key ? found.key : found.node;
  if (!node || !node.range) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
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
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl;
}

/** The source text of the node at `pointer`, as the analyst wrote it (`012345`, `yes`), when it is a plain scalar. */
export function plainScalarSource(file: SourceFile, pointer: string): string | undefined {
  if (!file.doc) return undefined;
  const found = findNode(file.doc, pointer);
  const node = found.node;
  if (!found.exact || !isScalar(node) || !node.range) return undefined;
  if (node.type !== 'PLAIN') return undefined;
  return file.text.slice(node.range[0], node.range[1]);
}
