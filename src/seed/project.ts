import type { JsonSchema } from '../model/schemas.js';

/**
 * Copies a value keeping only what the schema describes, in the schema's property order. This is how the seed holds
 * exactly the published fields (toolkit-only attributes such as examples are not in the seed schema) and how its bytes
 * do not depend on the order in which an analyst wrote the keys.
 */
export function project(value: unknown, schema: JsonSchema, root: JsonSchema): unknown {
  const s = deref(schema, root);
  if (Array.isArray(value)) {
    const items = s.items ? deref(s.items, root) : undefined;
    return items ? value.map((v) => project(v, items, root)) : [...value];
  }
  if (value !== null && typeof value === 'object') {
    const props: Record<string, JsonSchema> = s.properties ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(props)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = project(v, sub, root);
    }
    return out;
  }
  return value;
}

function deref(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let s = schema;
  while (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce((node: any, seg: string) => node?.[seg], root);
  }
  return s;
}
