import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * src/compare is shared by `catalog diff`, the service and the browser: it must bundle for a browser, with no Node
 * built-in module and no Node global anywhere in what it imports.
 */
describe('src/compare is pure', () => {
  for (const file of ['changes.ts', 'markdown.ts', 'amounts.ts']) {
    it(`${file} bundles for the browser without Node built-ins or globals`, async () => {
      const result = await build({
        entryPoints: [path.join(root, 'src/compare', file)],
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
        metafile: true,
      });
      const inputs = Object.keys(result.metafile!.inputs);
      expect(inputs.filter((i) => i.startsWith('node:') || /(^|\/)src\/(git|seed|cli|service)\//.test(i))).toEqual([]);
      const text = result.outputFiles[0].text;
      expect(text).not.toMatch(/\bBuffer\.|\bprocess\.(env|cwd|argv)|import\.meta\.url|createRequire/);
    });
  }
});
