/**
 * npm run docs:errors [-- --check]
 *
 * Writes the error table and the errors by route of docs/service.md, between its markers, from the error table
 * (src/service/edge/errors.ts) and the route declarations (src/service/routes.ts). --check writes nothing and exits 1
 * when the docs differ (test/service/docs-errors.test.ts checks the same).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_DOCS_MARKERS, errorDocs } from '../src/service/document/error-docs.js';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/service.md');
const text = readFileSync(FILE, 'utf8');
const start = text.indexOf(ERROR_DOCS_MARKERS.start);
const end = text.indexOf(ERROR_DOCS_MARKERS.end);
if (start === -1 || end < start) throw new Error(`docs/service.md has no ${ERROR_DOCS_MARKERS.start} ... ${ERROR_DOCS_MARKERS.end}`);
const written = `${text.slice(0, start + ERROR_DOCS_MARKERS.start.length)}\n${errorDocs()}\n${text.slice(end)}`;
if (process.argv.includes('--check')) {
  if (written !== text) {
    console.error('docs/service.md: the errors differ from the declarations; run npm run docs:errors');
    process.exit(1);
  }
} else if (written !== text) {
  writeFileSync(FILE, written);
  console.log('wrote the errors of docs/service.md');
}
