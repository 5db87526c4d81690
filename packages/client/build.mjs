// Builds dist/: index.js (ESM) and index.cjs (CommonJS), two esbuild bundles of src/ and the service's own modules it
// imports (src/beneficiary, src/domain/dates.ts: one source, bundled, not copied); the declarations from tsc, twice:
// *.d.ts for the ESM build and *.d.cts for the CommonJS one (TypeScript reads a .d.ts of this "type": "module" package
// as ESM, so a require needs declarations of its own).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

/** The same bundle in each module system: only the format and the file name differ. */
const bundles = { esm: 'index.js', cjs: 'index.cjs' };
let inputs = [];
for (const [format, file] of Object.entries(bundles)) {
  const result = await build({
    entryPoints: [path.join(here, 'src/index.ts')],
    outfile: path.join(dist, file),
    bundle: true,
    format,
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    metafile: true,
    legalComments: 'inline',
    logLevel: 'warning',
  });
  inputs = Object.keys(result.metafile.inputs);
  const builtins = inputs.filter((i) => i.startsWith('node:'));
  if (builtins.length) throw new Error(`the SDK bundle imports Node built-ins: ${builtins.join(', ')}`);
}

// Declarations: tsc emits them for the whole program; only the SDK's own files are kept (their exported types refer
// to the SDK's files only). Each is written as .d.ts and as .d.cts, whose relative imports name .cjs files.
const tsc = path.join(here, '../../node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json')], { stdio: 'inherit' });
const emitted = path.join(dist, '.types/packages/client/src');
for (const name of readdirSync(emitted)) {
  const text = readFileSync(path.join(emitted, name), 'utf8');
  writeFileSync(path.join(dist, name), text);
  const cts = text.replace(/(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.\.?\/[^'"]*)\.js\2/g, '$1$2$3.cjs$2');
  writeFileSync(path.join(dist, name.replace(/\.d\.ts$/, '.d.cts')), cts);
}
rmSync(path.join(dist, '.types'), { recursive: true, force: true });
console.log(`built ${path.relative(process.cwd(), dist)}: index.js (ESM) and index.cjs (CommonJS) from ${inputs.length} modules, .d.ts and .d.cts`);
