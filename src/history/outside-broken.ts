import { idKey, type Catalog, type Entry } from '../model/catalog.js';
import { parsePointer } from '../model/pointer.js';
import type { InvalidEntry } from '../check/schema.js';

type Json = Record<string, unknown> | unknown[];

/**
 * The history view with each refused entry judged outside its broken parts: every broken pointer takes the base's value
 * (or is left out where the base has none), so that what the schema already reports (a misspelt key, and the key it
 * meant) is not also reported as a change (an `unverified-change` about the key the analyst meant to keep).
 */
export function outsideBroken(view: { catalog: Catalog; base: Catalog }, invalid: InvalidEntry[]): { catalog: Catalog; base: Catalog } {
  const broken = new Map<unknown, string[]>(invalid.map(({ entry, broken }) => [entry.data, broken]));
  // The base entry of the same kind and id, as the history rules match them (the first, as they take it).
  const key = (kind: string, data: unknown) => `${kind}\u0000${String((data as Record<string, unknown> | null)?.[idKey(kind)])}`;
  const baseOf = new Map<string, unknown>();
  for (const e of view.base.raw) if (!baseOf.has(key(e.kind, e.data))) baseOf.set(key(e.kind, e.data), e.data);
  const judged = <T>(list: Entry<T>[]): Entry<T>[] =>
    list.map((e) => {
      const pointers = broken.get(e.data);
      return pointers ? { ...e, data: withBaseAt(e.data, baseOf.get(key(e.kind, e.data)), pointers) as T } : e;
    });
  const { catalog } = view;
  return {
    base: view.base,
    catalog: {
      rails: judged(catalog.rails),
      assets: judged(catalog.assets),
      countries: judged(catalog.countries),
      policies: judged(catalog.policies),
      raw: catalog.raw,
    },
  };
}

/** A copy of `data` where each pointer holds what `base` holds there, or nothing when the base holds nothing. */
function withBaseAt(data: unknown, base: unknown, pointers: string[]): unknown {
  const copy = structuredClone(data);
  for (const pointer of pointers) {
    const path = parsePointer(pointer);
    if (path.length === 0) continue;
    const parent = at(copy, path.slice(0, -1));
    if (!parent) continue;
    const last = path[path.length - 1];
    const from = at(base, path.slice(0, -1));
    if (from && Object.hasOwn(from, last)) (parent as Record<string, unknown>)[last] = structuredClone((from as Record<string, unknown>)[last]);
    else if (Array.isArray(parent))
      continue; // an item of a list: left in place, not shifted
    else delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}

/** The object or list at a path of plain data, if there is one. */
function at(data: unknown, path: string[]): Json | undefined {
  let node = data;
  for (const key of path) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node && typeof node === 'object' ? (node as Json) : undefined;
}
