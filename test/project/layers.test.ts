import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** The modules a file imports, as written (static and dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]);
}

/** Which folders of src/ a folder must not import from: the engine knows nothing of its callers. */
const FORBIDDEN: Array<[string, string[]]> = [
  ['pipeline', ['cache', 'cli', 'lsp', 'service', 'site', 'report']],
  ['check', ['cache', 'cli', 'lsp', 'service', 'site', 'pipeline', 'report']],
  ['rules', ['cache', 'cli', 'lsp', 'service', 'site', 'pipeline']],
];

describe('the engine imports nothing of its front ends', () => {
  it.each(FORBIDDEN)('src/%s imports nothing from %j', (folder, forbidden) => {
    const dir = path.join(SRC, folder);
    const wrong: string[] = [];
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .sort()) {
      const file = path.join(dir, name);
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
        if (forbidden.includes(target)) wrong.push(`${folder}/${name} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
