import type { EntryKind } from './catalog.js';
import { schemaValidators, SCHEMA_FILES, type JsonSchema } from './schemas.js';

/** Resolves a `$ref` of the catalog's schemas ("common.schema.json#/definitions/x" or "#/definitions/y"). */
function deref(node: JsonSchema | undefined, home: JsonSchema): { node: JsonSchema | undefined; home: JsonSchema } {
  let guard = 0;
  while (node && typeof node.$ref === 'string' && guard++ < 20) {
    const [file, fragment = ''] = node.$ref.split('#');
    const { schemas } = schemaValidators();
    const target = file ? Object.values(schemas).find((s) => s.$id === file) : home;
    let next: any = target;
    for (const seg of fragment.split('/').filter(Boolean)) next = next?.[seg];
    // Keep the referring node's description: it is the more specific one (rail currency vs currency code).
    node = next ? { ...next, ...(node.description ? { description: node.description } : {}) } : undefined;
    if (target) home = target;
  }
  return { node, home };
}

/** A schema node with the document it lives in (for its relative `$ref`s). */
export interface SchemaNode {
  node: JsonSchema;
  home: JsonSchema;
}

/** The schema of an entry kind, its `$ref`s resolved on the way down. */
export function entrySchema(kind: EntryKind): SchemaNode {
  const root = schemaValidators().schemas[kind as keyof typeof SCHEMA_FILES];
  return { node: root, home: root };
}

/** The child schema for a property name or a list index; undefined where the schema says nothing. */
export function childSchema(parent: SchemaNode, segment: string | number): SchemaNode | undefined {
  const here = deref(parent.node, parent.home);
  if (!here.node) return undefined;
  const raw = typeof segment === 'number' || /^\d+$/.test(segment) ? (here.node.items ?? here.node.properties?.[segment]) : here.node.properties?.[segment];
  if (!raw) return undefined;
  const child = deref(raw, here.home);
  return child.node ? { node: child.node, home: child.home } : undefined;
}

/** The schema node at a path of segments from an entry's root, or undefined. */
export function schemaAt(kind: EntryKind, segments: Array<string | number>): SchemaNode | undefined {
  let at: SchemaNode | undefined = entrySchema(kind);
  for (const s of segments) {
    if (!at) return undefined;
    at = childSchema(at, s);
  }
  return at ? { ...deref(at.node, at.home), node: deref(at.node, at.home).node! } : undefined;
}

/** The property names a mapping node's schema declares, in the schema's order (the canonical key order). */
export function propertyOrder(at: SchemaNode | undefined): string[] {
  const node = at && deref(at.node, at.home).node;
  return node?.properties ? Object.keys(node.properties) : [];
}
