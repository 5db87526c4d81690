import path from 'node:path';
import { idKey } from '../model/catalog.js';
import { FILE_PLACE_MESSAGES } from '../model/core-messages.js';
import { defineRule } from './define.js';

export default defineRule({
  id: 'file-name',
  severity: 'error',
  scope: 'entry',
  description: "The file name is the entry's id (code for countries) followed by .yaml, in the folder of its catalog.",
  messages: {
    'name-mismatch': "The file name is not the entry's id (code for countries).",
    // Reading the catalog finds these (src/parse/file.ts, src/read): a file that is not an entry, or not where one belongs.
    ...FILE_PLACE_MESSAGES,
  },
  check({ catalog, report }) {
    for (const entry of catalog.raw) {
      const key = idKey(entry.kind);
      const id = entry.data[key];
      if (typeof id !== 'string' || id === '') continue; // the schema reports a missing or non-text id
      const base = path.basename(entry.file.absolute, '.yaml');
      if (base !== id)
        report(
          entry,
          `/${key}`,
          `the file is named ${base}.yaml but its ${key} is ${JSON.stringify(id)}: rename the file to ${id}.yaml, or set ${key}: ${base}`,
          { messageId: 'name-mismatch' },
        );
    }
  },
});
