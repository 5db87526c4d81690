import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { ENTRY_KINDS, type EntryKind, type Folder } from '../model/catalog.js';

/** What sits at a position of a YAML entry: the path of keys and indexes to it, and the scalar under the cursor. */
export interface NodeAt {
  /** Keys and list indexes from the entry's root to the node (a key's own path when on a key). */
  segments: Array<string | number>;
  /** True when the cursor is on a key (hover shows the field's description). */
  onKey: boolean;
  /** The scalar under the cursor, its text and character range, when there is one. */
  scalar?: { value: string; start: number; end: number };
}

/** The entry kind of a file, from its folder (rails/x.yaml is a rail), or undefined. */
export function kindOfName(name: string): EntryKind | undefined {
  const [folder, file, more] = name.split('/');
  if (more !== undefined || !file?.endsWith('.yaml') || !Object.hasOwn(ENTRY_KINDS, folder)) return undefined;
  return ENTRY_KINDS[folder as Folder];
}

const within = (node: Node | null | undefined, offset: number) => Boolean(node?.range && node.range[0] <= offset && offset <= node.range[1]);

/** The node at a character offset of a YAML text; undefined when the text does not parse into a mapping. */
export function nodeAt(text: string, offset: number): NodeAt | undefined {
  const doc = parseDocument(text, { keepSourceTokens: false });
  let at: unknown = doc.contents;
  const segments: Array<string | number> = [];
  for (let depth = 0; depth < 64; depth++) {
    if (isMap(at)) {
      const pair = at.items.find((p) => within(p.key as Node, offset) || within(p.value as Node, offset));
      if (!pair || !isScalar(pair.key)) return undefined;
      segments.push(String(pair.key.value));
      if (within(pair.key as Node, offset)) return { segments, onKey: true, scalar: scalarOf(pair.key) };
      at = pair.value;
    } else if (isSeq(at)) {
      const index = at.items.findIndex((item) => within(item as Node, offset));
      if (index < 0) return undefined;
      segments.push(index);
      at = at.items[index];
    } else if (isScalar(at)) {
      return { segments, onKey: false, scalar: scalarOf(at) };
    } else if (isPair(at)) {
      return undefined;
    } else return undefined;
  }
  return undefined;
}

function scalarOf(node: unknown): NodeAt['scalar'] {
  if (!isScalar(node) || !node.range) return undefined;
  return { value: String(node.value), start: node.range[0], end: node.range[1] };
}
