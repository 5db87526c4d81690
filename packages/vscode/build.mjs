// Builds what the .vsix holds, so that it needs nothing of the workspace (as the Ruff extension carries ruff):
// - dist/extension.js: the extension and vscode-languageclient in one CommonJS bundle (`vscode`, the editor's own
//   module, left external);
// - server/: the catalog's own CLI as `npm ci` leaves it (bin/catalog.js, compiled/, schemas/, docs/rules.md) with the
//   packages `catalog lsp` requires at run time in server/node_modules, their production dependencies and nothing else.
//   recheck's native binaries (recheck-linux-x64, ...) and its Java build are left out: recheck falls back to its
//   JavaScript build (docs/editor.md says what that costs), and one .vsix serves every platform. The verdicts the
//   checkout's own runs kept (node_modules/.cache/payout-catalog) go with it: a pattern of the bundled catalog is not
//   analysed again on first start.
// Run `npm run compile` first (npm ci does): compiled/ is copied as it is.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
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

/**
 * The packages `catalog lsp` requires from node_modules when it runs (compiled/cli/main.cjs bundles the others): the
 * protocol, recheck and RE2 for the pattern rules, the English names of the countries, simple-git for the base revision.
 */
const SERVER_PACKAGES = ['vscode-languageserver', 'vscode-languageserver-textdocument', 'recheck', 're2-wasm', 'i18n-iso-countries', 'simple-git'];
/** What no run reads: types, source maps, documentation, recheck's browser build, the other languages' country names. */
const LEFT_OUT = [
  /\.d\.ts$/,
  /\.map$/,
  /\.md$/i,
  /\/recheck\/lib\/browser\.js$/,
  /\/i18n-iso-countries\/langs\/(?!en\.json$)[^/]+$/,
  /\/i18n-iso-countries\/entry-node\.d/,
];

const server = path.join(here, 'server');
rmSync(server, { recursive: true, force: true });
if (!existsSync(path.join(root, 'compiled/cli/main.cjs'))) throw new Error('compiled/ is missing: run npm run compile (or npm ci) first');
for (const part of ['bin/catalog.js', 'bin/package.json', 'compiled', 'schemas', 'docs/rules.md'])
  cpSync(path.join(root, part), path.join(server, part), { recursive: true });
const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
writeFileSync(
  path.join(server, 'package.json'),
  `${JSON.stringify({ name: own.name, version: own.version, private: true, type: own.type, license: own.license }, null, 2)}\n`,
);

/** Copies a package and its production dependencies (not the optional ones) from the project's node_modules. */
const copied = new Set();
function copyPackage(name) {
  if (copied.has(name)) return;
  copied.add(name);
  const from = path.join(root, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
  cpSync(from, path.join(server, 'node_modules', name), { recursive: true, filter: (file) => !LEFT_OUT.some((re) => re.test(file.split(path.sep).join('/'))) });
  // A dependency npm nested in the package's own node_modules (another version) came with it.
  for (const dependency of Object.keys(manifest.dependencies ?? {})) if (!existsSync(path.join(from, 'node_modules', dependency))) copyPackage(dependency);
}
for (const name of SERVER_PACKAGES) copyPackage(name);
const verdicts = path.join(root, 'node_modules/.cache/payout-catalog');
if (existsSync(verdicts)) {
  mkdirSync(path.join(server, 'node_modules/.cache'), { recursive: true });
  cpSync(verdicts, path.join(server, 'node_modules/.cache/payout-catalog'), { recursive: true });
}
console.log(`built packages/vscode/server/ with ${copied.size} packages: ${[...copied].sort().join(', ')}`);
