import { isMap, isPair, isScalar, isSeq, parseDocument } from '../parse/yaml-lazy.js';

/** What lies at an offset of a catalog file: the path to the node, whether it is a key, and the scalar written there. */
export interface NodeAt {
  /** Keys and list indexes from the entry's root to the node (the key's own value for a key). */
  path: Array<string | number>;
  /** True on a mapping key. */
  onKey: boolean;
  /** The scalar's value, when the offset lies on a scalar. */
  value?: unknown;
  /** Where that scalar (or key) is written: [start, end) offsets. */
  range?: [number, number];
}

type Node = { range?: [number, number, number] | null; items?: unknown[]; value?: unknown };

/** yaml's own parser, lenient: positions for any text, even one being typed or one the fast path reads. */
function parse(text: string) {
  return parseDocument(text, { keepSourceTokens: false, prettyErrors: false, uniqueKeys: false });
}

/** The node at `offset` in `text`. */
export function nodeAt(text: string, offset: number): NodeAt | undefined {
  return walk(parse(text).contents as Node | null, offset, []);
}

/** True when `offset` lies in the node: up to a scalar's end included (the cursor just after it), a collection's excluded. */
function inside(node: Node | null | undefined, offset: number): boolean {
  const r = node?.range;
  if (!r) return false;
  return offset >= r[0] && (isScalar(node) ? offset <= r[1] : offset < r[1]);
}

function walk(node: Node | null | undefined, offset: number, path: Array<string | number>): NodeAt | undefined {
  if (!node) return undefined;
  if (isScalar(node)) return inside(node, offset) ? { path, onKey: false, value: node.value, range: [node.range![0], node.range![1]] } : undefined;
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = pair.key as Node | null;
      const name = isScalar(key) ? String(key.value) : undefined;
      if (name !== undefined && inside(key, offset)) return { path: [...path, name], onKey: true, value: name, range: [key!.range![0], key!.range![1]] };
      if (name !== undefined && inside(pair.value as Node, offset)) return walk(pair.value as Node, offset, [...path, name]);
    }
    return { path, onKey: false };
  }
  if (isSeq(node)) {
    for (const [i, item] of (node.items as Node[]).entries()) if (inside(item, offset)) return walk(item, offset, [...path, i]);
    return { path, onKey: false };
  }
  return undefined;
}

/** The path of the value being written at `offset`, from the line's own key when the value is still empty or partial. */
export function valuePathAt(text: string, offset: number): Array<string | number> | undefined {
  const at = nodeAt(text, offset);
  if (at && !at.onKey && at.value !== undefined) return at.path;
  // `currency: |` or `countries: [ FR, |`: the key on the cursor's line, with the path of its mapping above it.
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const line = text.slice(lineStart, offset);
  const key = /^(\s*)(?:-\s+)?([A-Za-z][\w-]*):/.exec(line);
  if (!key) return at?.path;
  const parent = key[1].length === 0 ? [] : (nodeAt(text, lineStart + key[1].length)?.path.slice(0, -1) ?? []);
  const inList = /\[[^\]]*$/.test(line.slice(key[0].length)) || /^\s*-\s/.test(text.slice(lineStart, offset)) ? [0] : [];
  return [...parent, key[2], ...inList];
}

/** A line of a block: where its key (or its item's dash) starts, and what is written there. */
interface Line {
  start: number;
  /** The column of its first character. */
  indent: number;
  /** The column of the key after a dash (`- name:` counts as a key at dash + 2). */
  keyColumn: number;
  dash: boolean;
  key?: string;
  blank: boolean;
}

function lineAt(text: string, start: number): Line {
  const end = text.indexOf('\n', start);
  const content = text.slice(start, end < 0 ? text.length : end);
  const m = /^( *)(- +)?(?:([A-Za-z][\w-]*)\s*:)?/.exec(content)!;
  const indent = m[1].length;
  const blank = /^\s*(#.*)?$/.test(content);
  return { start, indent, keyColumn: indent + (m[2]?.length ?? 0), dash: Boolean(m[2]), key: m[3], blank };
}

/** Where a key is being typed: the path of the mapping it goes in, and the keys that mapping has already. */
export interface KeySlot {
  path: Array<string | number>;
  present: Set<string>;
}

/**
 * The mapping a key typed at `offset` goes in, read from the indentation (the text being typed is rarely valid YAML):
 * the nearest line above with a smaller key column says which mapping (its key's value, or the list item it starts),
 * and the lines of that block at the same column are the keys present. Undefined where no key goes.
 */
export function keySlotAt(text: string, offset: number): KeySlot | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const typed = /^( *)(- +)?([A-Za-z][\w-]*)?$/.exec(text.slice(lineStart, offset));
  if (!typed) return undefined;
  const newItem = Boolean(typed[2]);
  const column = typed[1].length + (typed[2]?.length ?? 0);
  const lines = linesOf(text);
  const here = lines.findIndex((l) => l.start === lineStart);
  let path: Array<string | number> = [];
  let block = 0;
  for (let i = here - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.blank) continue;
    // `- name: iban` above `    type: |`: the same list item.
    const sameItem = !newItem && l.dash && l.keyColumn === column;
    if (l.keyColumn >= column && !sameItem) continue;
    if (!l.key) return undefined;
    const keyPath = nodeAt(text, l.start + l.keyColumn)?.path ?? [l.key];
    // `fields:` above `  - |`: a new item of its list; above `  ty|`: its mapping.
    path = sameItem ? keyPath.slice(0, -1) : newItem ? [...keyPath, 0] : keyPath;
    block = sameItem ? i : i + 1;
    break;
  }
  const present = new Set<string>();
  // A new item has only the keys written below it; otherwise the block runs from its first line to its end.
  for (let i = newItem ? here + 1 : block; i < lines.length; i++) {
    const l = lines[i];
    if (l.blank || i === here) continue;
    const nextItem = l.dash && l.keyColumn === column && i !== block;
    if (nextItem || (l.indent < column && !(l.dash && i === block))) break;
    if (l.key && l.keyColumn === column) present.add(l.key);
  }
  return { path, present };
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  for (let at = 0; ; ) {
    lines.push(lineAt(text, at));
    const next = text.indexOf('\n', at);
    if (next < 0) return lines;
    at = next + 1;
  }
}

/** A node of the outline: a key and what it holds, where it is written. */
export interface OutlineNode {
  name: string;
  /** The scalar written there, when the value is one. */
  detail?: string;
  shape: 'mapping' | 'list' | 'text' | 'number' | 'boolean' | 'empty';
  /** [start, end) of the whole entry, and of its name. */
  range: [number, number];
  nameRange: [number, number];
  children: OutlineNode[];
}

/** The names a list item goes by in the outline, in order of preference (a field's name, a source's title...). */
const ITEM_NAMES = ['name', 'value', 'title', 'url', 'id', 'code'];

/** The outline of a catalog file: its keys, nested, each list item named by what it names (a field by its name). */
export function outline(text: string): OutlineNode[] {
  const contents = parse(text).contents as Node | null;
  return isMap(contents) ? mapOutline(contents) : [];
}

function mapOutline(node: Node): OutlineNode[] {
  const out: OutlineNode[] = [];
  for (const pair of (node.items ?? []) as Array<{ key: Node | null; value: Node | null }>) {
    if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range) continue;
    const key = pair.key as Node & { range: [number, number, number] };
    const end = (pair.value?.range?.[1] ?? key.range[1]) as number;
    out.push(described(String(key.value), pair.value, [key.range[0], end], [key.range[0], key.range[1]]));
  }
  return out;
}

function described(name: string, value: Node | null, range: [number, number], nameRange: [number, number]): OutlineNode {
  if (isMap(value)) return { name, shape: 'mapping', range, nameRange, children: mapOutline(value) };
  if (isSeq(value)) {
    const children = ((value.items ?? []) as Node[]).flatMap((item, i) => {
      if (!item?.range) return [];
      const r: [number, number] = [item.range[0], item.range[1]];
      const named = isMap(item) ? ITEM_NAMES.map((k) => (item as { get(k: string): unknown }).get(k)).find((v) => typeof v === 'string') : undefined;
      return [described(typeof named === 'string' ? named : isScalar(item) ? String(item.value) : String(i), isScalar(item) ? null : item, r, r)];
    });
    return { name, shape: 'list', range, nameRange, children };
  }
  if (isScalar(value)) {
    const v = value.value;
    const shape = typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : v === null ? 'empty' : 'text';
    return { name, detail: v === null ? undefined : String(v), shape, range, nameRange, children: [] };
  }
  return { name, shape: 'empty', range, nameRange, children: [] };
}

/** Every scalar under a key named `key` at any depth, with where its value is written. */
export function valuesOfKey(text: string, key: string): Array<{ value: string; range: [number, number] }> {
  const found: Array<{ value: string; range: [number, number] }> = [];
  const visit = (node: Node | null | undefined) => {
    if (isMap(node))
      for (const pair of node.items as Array<{ key: Node | null; value: Node | null }>) {
        if (isScalar(pair.key) && pair.key.value === key && isScalar(pair.value) && typeof pair.value.value === 'string' && pair.value.range)
          found.push({ value: pair.value.value, range: [pair.value.range[0], pair.value.range[1]] });
        else visit(pair.value);
      }
    else if (isSeq(node)) for (const item of node.items as Node[]) visit(item);
  };
  visit(parse(text).contents as Node | null);
  return found;
}
