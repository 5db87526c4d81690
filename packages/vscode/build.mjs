// Bundles the extension and vscode-languageclient into dist/extension.js (CommonJS, as VS Code loads an extension), so
// that the .vsix needs no node_modules; `vscode` is the editor's own module, left external.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const result = await build({
  entryPoints: [path.join(here, 'src/extension.ts')],
  outfile: path.join(here, 'dist/extension.js'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node18', // VS Code 1.82 runs extensions on Node 18
  external: ['vscode'],
  minify: true, // a third of the size; the stack traces of a crash still name the package's functions
  keepNames: true,
  metafile: true,
  legalComments: 'inline',
  logLevel: 'warning',
});
console.log(`built packages/vscode/dist/extension.js from ${Object.keys(result.metafile.inputs).length} modules`);
