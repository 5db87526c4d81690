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

/** The node at `offset` in `text` (yaml's own parser: positions for any file, even one the fast path reads). */
export function nodeAt(text: string, offset: number): NodeAt | undefined {
  const doc = parseDocument(text, { keepSourceTokens: false, prettyErrors: false, uniqueKeys: false });
  return walk(doc.contents as Node | null, offset, []);
}

function inside(node: Node | null | undefined, offset: number): boolean {
  const r = node?.range;
  return Boolean(r) && offset >= r![0] && offset <= r![1];
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
