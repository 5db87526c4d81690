import { isDeepStrictEqual } from 'node:util';
import { isMap, isPair, isScalar, isSeq, Lexer, parse, parseDocument, type Scalar, type Document, type Node, type ToStringOptions } from 'yaml';
import type { EntryKind } from '../model/catalog.js';
import { childSchema, entrySchema, propertyOrder, type SchemaNode } from '../model/schema-walk.js';
import { YAML_OPTIONS } from '../parse/source.js';

/** How `catalog fmt` writes YAML: 2-space indentation, lists indented under their key, no line folding. */
const TO_STRING: ToStringOptions = { indent: 2, indentSeq: true, lineWidth: 0, minContentWidth: 0, flowCollectionPadding: true, singleQuote: null };

/** The modeline that maps a file to its schema in an editor (yaml-language-server), first line of every entry. */
function modeline(kind: EntryKind): string {
  return `# yaml-language-server: $schema=../../schemas/${kind}.schema.json`;
}

/** A file that cannot be formatted: its YAML has errors (catalog validate says which), or formatting would lose data. */
export class FormatError extends Error {}

/** True when a string written without quotes reads back as the same string in YAML 1.2 and in YAML 1.1 tools. */
function plainIsSafe(value: string): boolean {
  if (value === '' || value !== value.trim()) return false;
  for (const version of ['1.1', '1.2'] as const) {
    try {
      if (parse(value, { version, logLevel: 'silent' }) !== value) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The style of a string scalar: a pattern single-quoted (a backslash is a backslash, a later `#` stays in it); an
 * example or counterexample double-quoted (its exact text is what is tested: leading zeros and spaces stay visible);
 * any other text plain unless a YAML reader could take it for something else.
 */
function styleOf(value: string, key: unknown): Scalar.Type {
  if (key === 'pattern' && !value.includes('\n')) return 'QUOTE_SINGLE';
  if (key === 'examples' || key === 'counterexamples') return 'QUOTE_DOUBLE';
  return plainIsSafe(value) ? 'PLAIN' : 'QUOTE_DOUBLE';
}

/** Orders the keys of every mapping as the schema lists its properties (unknown keys after, as written) and sets quoting. */
function canonicalize(node: unknown, schema: SchemaNode | undefined, key: unknown): void {
  if (isMap(node)) {
    const order = propertyOrder(schema);
    const rank = (k: unknown) => {
      const i = order.indexOf(String(isScalar(k) ? k.value : k));
      return i === -1 ? order.length : i;
    };
    // A stable sort: unknown keys keep their written order after the known ones.
    const items = node.items.map((pair, i) => ({ pair, i })).sort((a, b) => rank(a.pair.key) - rank(b.pair.key) || a.i - b.i);
    // A blank line or comment written before the first key belongs to the block (the modeline, a title), not to
    // whichever key ends up first.
    const oldFirst = node.items[0]?.key as Node | undefined;
    node.items = items.map((x) => x.pair);
    const newFirst = node.items[0]?.key as Node | undefined;
    if (oldFirst && newFirst && oldFirst !== newFirst && isScalar(oldFirst) && isScalar(newFirst)) {
      newFirst.commentBefore = [oldFirst.commentBefore, newFirst.commentBefore].filter(Boolean).join('\n') || undefined;
      newFirst.spaceBefore = oldFirst.spaceBefore;
      oldFirst.commentBefore = undefined;
      oldFirst.spaceBefore = undefined;
    }
    for (const pair of node.items) {
      const name = isScalar(pair.key) ? pair.key.value : pair.key;
      if (isScalar(pair.key) && typeof pair.key.value === 'string') pair.key.type = plainIsSafe(pair.key.value) ? 'PLAIN' : 'QUOTE_DOUBLE';
      canonicalize(pair.value, schema && typeof name === 'string' ? childSchema(schema, name) : undefined, name);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      canonicalize(item, schema ? childSchema(schema, i) : undefined, key);
    });
  } else if (isScalar(node) && typeof node.value === 'string') {
    node.type = styleOf(node.value, key);
  } else if (isPair(node)) {
    canonicalize(node.value, schema, key);
  }
}

/** The comments of a YAML text, in order (from the lexer: every `#` comment token). */
export function commentsOf(text: string): string[] {
  const out: string[] = [];
  for (const token of new Lexer().lex(text)) if (token.startsWith('#')) out.push(token.trim());
  return out;
}

/**
 * Formats one catalog entry in the canonical layout: the schema's key order, one quoting style, 2-space indentation,
 * the modeline first; comments and blank lines between blocks are kept. Idempotent. Throws FormatError on a file with
 * YAML errors, and when the result would not hold the same data and comments (it is then not written).
 */
export function formatEntry(text: string, kind: EntryKind): string {
  const doc = parseDocument(text, YAML_OPTIONS) as Document.Parsed;
  if (doc.errors.length > 0)
    throw new FormatError(`the YAML has errors (${doc.errors[0].message.split('\n')[0]}): fix them first, catalog validate says where`);
  canonicalize(doc.contents, entrySchema(kind), undefined);
  const line = modeline(kind);
  const hasModeline = commentsOf(text).some((c) => c.startsWith('# yaml-language-server:'));
  if (!hasModeline) {
    // On top of the file's first comment block, with no blank line between them.
    const first = isMap(doc.contents) ? (doc.contents.items[0]?.key as Node | undefined) : undefined;
    const holder: { commentBefore?: string | null } = doc.commentBefore || !first ? doc : first;
    holder.commentBefore = holder.commentBefore ? `${line.slice(1)}\n${holder.commentBefore}` : line.slice(1);
  }
  let out = doc.toString(TO_STRING);
  if (!out.endsWith('\n')) out += '\n';
  // Formatting never changes the data or drops a comment: checked on every file, so a yaml quirk cannot lose a word.
  const reread = parseDocument(out, YAML_OPTIONS);
  if (reread.errors.length > 0 || !isDeepStrictEqual(reread.toJS(), doc.toJS()))
    throw new FormatError('formatting would change the data of this file, so it was left as it is (please report it)');
  const want = commentsOf(text);
  if (!want.some((c) => c.startsWith('# yaml-language-server:'))) want.unshift(line);
  if (!isDeepStrictEqual(commentsOf(out).sort(), want.sort()))
    throw new FormatError('formatting would move or drop a comment of this file, so it was left as it is (please report it)');
  return out;
}
