import type { SchemaNode } from '../model/schema-walk.js';

/**
 * The value `catalog new` writes where the analyst has something to fill in. It is a plain string, so a skeleton
 * parses; it fails validation everywhere (the `schema` check where the schema refuses the string, the `placeholder`
 * rule where it does not, such as a name), always with the same "fill in" message.
 */
export const PLACEHOLDER = 'TODO';

/** "fill in <name>: <what the schema says it is> (one of: ...)". */
export function fillInMessage(name: string, at: SchemaNode | undefined): string {
  const node = at?.node;
  const description = typeof node?.description === 'string' ? `: ${node.description}` : '';
  const allowed = Array.isArray(node?.enum) ? `${description.endsWith('.') ? '' : '.'} Write one of: ${node.enum.join(', ')}` : '';
  return `${name} is still ${PLACEHOLDER}: fill in ${name}${description}${allowed}`;
}
