import { defineRule } from './define.js';
import { idKey } from '../model/catalog.js';

export default defineRule({
  id: 'duplicate-id',
  severity: 'error',
  reads: ['id', 'code'],
  description: 'No two entries of a catalog share an id (code for countries).',
  messages: {
    'duplicate-id': 'Two entries of one kind have the same id (code for countries).',
  },
  check({ catalog, report }) {
    const first = new Map<string, string>();
    for (const entry of catalog.raw) {
      const key = idKey(entry.kind);
      const id = entry.data[key];
      if (typeof id !== 'string' || id === '') continue;
      const seenIn = first.get(`${entry.kind}\u0000${id}`);
      if (seenIn === undefined) first.set(`${entry.kind}\u0000${id}`, entry.file.path);
      else
        report(
          entry,
          `/${key}`,
          `${key} ${JSON.stringify(id)} is already used by ${seenIn}: each ${entry.kind} has one file; merge the two or give this one its own ${key}`,
          { messageId: 'duplicate-id' },
        );
    }
  },
});
