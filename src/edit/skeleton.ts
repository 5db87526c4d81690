import { Document } from 'yaml';
import type { EntryKind } from '../model/catalog.js';
import { PLACEHOLDER } from '../domain/placeholder.js';
import { childSchema, entrySchema, type SchemaNode } from '../model/schema-walk.js';
import { formatEntry } from './format.js';

/** What `catalog new` knows in advance of a new entry (its id, and for a rail what its country file says). */
export interface SkeletonHints {
  /** Values by property path ("id", "countries", "limits/decimals"): written instead of the placeholder. */
  known: Record<string, unknown>;
}

/** A value for a schema node: its required properties (in schema order) for an object, one item for a list, else TODO. */
function skeletonOf(at: SchemaNode, path: string, known: Record<string, unknown>): unknown {
  if (Object.hasOwn(known, path)) return known[path];
  const node = at.node;
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === 'object' || node.properties) {
    const out: Record<string, unknown> = {};
    const required: string[] = Array.isArray(node.required) ? node.required : [];
    // Schema order, not the order of `required`: the file reads as the schema (and as catalog fmt) lists properties.
    for (const name of Object.keys(node.properties ?? {})) {
      const here = path ? `${path}/${name}` : name;
      // An optional property is written when a hint names it (a rail's sources: a rule, not the schema, requires them).
      if (!required.includes(name) && !Object.keys(known).some((k) => k === here || k.startsWith(`${here}/`))) continue;
      const child = childSchema(at, name);
      out[name] = child ? skeletonOf(child, here, known) : PLACEHOLDER;
    }
    return out;
  }
  if (type === 'array') {
    const item = childSchema(at, 0);
    return [item ? skeletonOf(item, `${path}/0`, known) : PLACEHOLDER];
  }
  return PLACEHOLDER;
}

/**
 * The text of a new entry: the modeline, a comment saying what to do, every required property in schema order,
 * known values filled in and TODO everywhere else (each TODO fails validation with a "fill in" message).
 */
export function skeleton(kind: EntryKind, hints: SkeletonHints): string {
  const data = skeletonOf(entrySchema(kind), '', hints.known);
  const doc = new Document(data);
  doc.commentBefore = ` New ${kind}: replace every ${PLACEHOLDER} (catalog validate <this file> says what each one takes), then delete this line.`;
  return formatEntry(doc.toString(), kind);
}
