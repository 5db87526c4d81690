import { fillInMessage, PLACEHOLDER } from '../domain/placeholder.js';
import { toPointer } from '../model/pointer.js';
import { schemaAt } from '../model/schema-walk.js';
import type { Entry } from '../model/catalog.js';
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
  messages: {
    placeholder: 'A value is still the placeholder TODO that catalog new writes.',
  },
  check({ catalog, report }) {
    // One path, extended and shortened in place (empty again after each entry): copied only when a placeholder is found.
    const path: Array<string | number> = [];
    const visit = (entry: Entry<unknown>, value: unknown) => {
      if (value === PLACEHOLDER) {
        const at = [...path];
        report(entry, toPointer(at), fillInMessage(nameOf(at), schemaAt(entry.kind, at)), { messageId: 'placeholder' });
      } else if (typeof value === 'object' && value !== null) {
        if (Array.isArray(value)) {
          for (let i = 0; i < value.length; i++) {
            path.push(i);
            visit(entry, value[i]);
            path.pop();
          }
        } else {
          for (const k of Object.keys(value)) {
            path.push(k);
            visit(entry, (value as Record<string, unknown>)[k]);
            path.pop();
          }
        }
      }
    };
    for (const entry of [...catalog.rails, ...catalog.assets, ...catalog.countries]) {
      // An entry's data is read from its text: without TODO in the text, and without a backslash (an escape such as
      // "\x54ODO" or a line joined by a backslash could spell it), no value can be TODO. Most entries stop here.
      const text = entry.file.text;
      if (typeof text === 'string' && !text.includes(PLACEHOLDER) && !text.includes('\\')) continue;
      visit(entry, entry.data);
    }
  },
});
