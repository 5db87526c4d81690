/** The SDK as it ships: packages/client/src bundled by esbuild with the options of packages/client/build.mjs. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Bundles the SDK into a temporary folder and imports the bundle (not the sources). */
export async function importBundledSdk(): Promise<typeof import('../../packages/client/src/index.js')> {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'sdk-bundle-')), 'index.js');
  await build({
    entryPoints: [path.join(ROOT, 'packages/client/src/index.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  return import(pathToFileURL(out).href);
}
