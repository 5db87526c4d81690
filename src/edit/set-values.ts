import { isMap, isScalar, parseDocument, stringify, type Document, type Node, type Pair } from 'yaml';
import { applyFixes, type Fix } from './fix.js';
import type { EntryKind } from '../model/catalog.js';
import { entrySchema, propertyOrder } from '../model/schema-walk.js';
import { YAML_OPTIONS } from '../parse/source.js';

/** An entry that cannot be edited in place: YAML errors, or not a block mapping. The message says what to do. */
export class EditError extends Error {}

/** How a value is written: a string keeps the quotes of the value it replaces; a new one is quoted only if needed. */
export function written(value: string | null, type?: string): string {
  if (value === null) return 'null';
  if (type === 'QUOTE_DOUBLE') return JSON.stringify(value);
  if (type === 'QUOTE_SINGLE') return `'${value.replace(/'/g, "''")}'`;
  return stringify(value, { version: '1.2' }).trimEnd();
}

/** The offset just after the line break that ends the line holding `offset` (the text's end on its last line). */
export function lineEndAfter(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl + 1;
}

/**
 * Sets top-level properties of an entry by editing its text in place: a value is replaced where it stands (its
 * trailing comment kept), a missing property is inserted on its own line after the property that precedes it in the
 * schema's order. Every other byte of the file stays as it was: comments, blank lines, quoting and layout.
 */
export function setTopLevel(text: string, kind: EntryKind, values: Array<[string, string | null]>): string {
  const doc = parseDocument(text, YAML_OPTIONS) as Document.Parsed;
  if (doc.errors.length > 0) throw new EditError(`the file has YAML errors (${doc.errors[0].message.split('\n')[0]}): fix them first, catalog validate says where`);
  const map = doc.contents;
  if (!isMap(map) || map.flow) throw new EditError('the file is not a block mapping of key: value lines; write one property per line first (catalog fmt does it)');
  const order = propertyOrder(entrySchema(kind));
  const pairOf = (key: string) => map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair<Node, Node | null> | undefined;
  const edits: Fix[] = [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  for (const [key, value] of values) {
    const pair = pairOf(key);
    const empty = pair && (!pair.value || (isScalar(pair.value) && pair.value.range && pair.value.range[0] === pair.value.range[1]));
    if (pair && !empty && isScalar(pair.value) && pair.value.range) {
      const [start, end] = pair.value.range;
      edits.push({ start, end, text: written(value, value === null ? undefined : pair.value.type) });
      continue;
    }
    if (pair && !empty && pair.value) throw new EditError(`${key} holds a list or a mapping, not a single value: write ${key}: ${written(value)} by hand`);
    if (pair && pair.key.range) {
      // `key:` with nothing after it.
      const colon = text.indexOf(':', pair.key.range[1]);
      edits.push({ start: colon + 1, end: colon + 1, text: ` ${written(value)}` });
      continue;
    }
    // Missing: after the nearest property that precedes it in the schema's order, else at the end.
    const before = order.slice(0, Math.max(0, order.indexOf(key))).reverse().map(pairOf).find(Boolean);
    const endOf = (p: Pair<Node, Node | null>) => (p.value?.range ? p.value.range[1] : p.key.range![1]);
    let at = before ? lineEndAfter(text, endOf(before)) : text.length;
    let prefix = '';
    if (at === text.length && text.length > 0 && !text.endsWith('\n')) prefix = eol;
    edits.push({ start: at, end: at, text: `${prefix}${key}: ${written(value)}${eol}` });
  }
  const { text: out } = applyFixes(text, edits);
  const check = parseDocument(out, YAML_OPTIONS);
  if (check.errors.length > 0) throw new EditError('the edit would break the YAML of this file, so it was not written (please report it)');
  return out;
}
