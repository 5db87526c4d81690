// Builds dist/: index.js, one ESM bundle made by esbuild from src/ and the service's own modules it imports
// (src/beneficiary, src/domain/dates.ts: one source, bundled, not copied), and index.d.ts from tsc.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const result = await build({
  entryPoints: [path.join(here, 'src/index.ts')],
  outfile: path.join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  mainFields: ['module', 'main'],
  metafile: true,
  legalComments: 'inline',
  logLevel: 'warning',
});
const inputs = Object.keys(result.metafile.inputs);
const builtins = inputs.filter((i) => i.startsWith('node:'));
if (builtins.length) throw new Error(`the SDK bundle imports Node built-ins: ${builtins.join(', ')}`);

// Declarations: tsc emits them for the whole program; only the SDK's own files are kept (their exported types refer
// to the SDK's files only).
const tsc = path.join(here, '../../node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json')], { stdio: 'inherit' });
const emitted = path.join(dist, '.types/packages/client/src');
for (const name of readdirSync(emitted)) cpSync(path.join(emitted, name), path.join(dist, name));
rmSync(path.join(dist, '.types'), { recursive: true, force: true });
console.log(`built ${path.relative(process.cwd(), dist)}: index.js from ${inputs.length} modules`);
