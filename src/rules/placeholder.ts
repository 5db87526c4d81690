import { fillInMessage, PLACEHOLDER } from '../core/placeholder.js';
import { toPointer } from '../core/pointer.js';
import { schemaAt } from '../core/schema-walk.js';
import type { Entry } from '../core/catalog.js';
import { defineRule } from './define.js';

/** Name of the value at a path, as messages say it: the property, or "item 2 of countries". */
function nameOf(path: Array<string | number>): string {
  const last = path.at(-1);
  if (last === undefined) return 'the entry';
  return typeof last === 'number' ? `item ${last + 1} of ${String(path.at(-2) ?? 'the list')}` : last;
}

export default defineRule({
  id: 'placeholder',
  severity: 'error',
  scope: 'entry',
  description: `No value is still the placeholder ${PLACEHOLDER} that catalog new writes: each one says what to fill in.`,
  check({ catalog, report }) {
    const visit = (entry: Entry<unknown>, value: unknown, path: Array<string | number>) => {
      if (value === PLACEHOLDER) report(entry, toPointer(path), fillInMessage(nameOf(path), schemaAt(entry.kind, path)));
      else if (Array.isArray(value)) value.forEach((v, i) => visit(entry, v, [...path, i]));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(entry, v, [...path, k]);
    };
    for (const entry of [...catalog.rails, ...catalog.assets, ...catalog.countries]) visit(entry, entry.data, []);
  },
});
