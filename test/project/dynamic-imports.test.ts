/**
 * `npm test` prints no vite warning about a dynamic import: vite (vitest's transform) can resolve `import(\`./${x}\`)`
 * only when the static part of the path names the file's extension, and otherwise warns and leaves it to Node.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const files = ['test', 'src', 'scripts']
  .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
  .filter((f) => f.endsWith('.ts') && !f.includes('node_modules') && f !== path.join('test', 'project', 'dynamic-imports.test.ts'))
  .sort();

/** A dynamic import of a template whose text after its last `${…}` has no extension. */
const NO_EXTENSION = /import\(`[^`]*\$\{[^}]*\}(?![^`]*\.[a-z]+`)[^`]*`\)/;

describe('dynamic imports', () => {
  it('tells a path the test can read from one it cannot', () => {
    expect(NO_EXTENSION.test('await import(`./${file}`)')).toBe(true);
    expect(NO_EXTENSION.test('await import(`./${name}.cases.ts`)')).toBe(false);
  });

  it('every template import names its extension in the static part', () => {
    const offending = files.filter((f) => NO_EXTENSION.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offending).toEqual([]);
  });
});
