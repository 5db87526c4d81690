#!/usr/bin/env node
/**
 * Compiles src/ (TypeScript) into compiled/ (JavaScript, one file per source, same folders), which bin/catalog.js
 * runs: no TypeScript loader at run time. Runs as the `prepare` script, so `npm ci` / `npm install` on a fresh clone
 * leaves a working CLI; `npm run compile` after changing src/. compiled/sources.json records a hash of the sources it
 * was made from, which test/build/compiled.test.ts checks (a stale compiled/ fails the tests).
 *
 * compiled/<dir>/<file>.js sits at the same depth as src/<dir>/<file>.ts, so paths the code builds from its own
 * location (../../schemas, ../../package.json) stay right.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SRC = path.join(root, 'src');
export const OUT = path.join(root, 'compiled');
export const MANIFEST = path.join(OUT, 'sources.json');

/** Every TypeScript source file under src/, relative to it, in code-unit order. */
export function sourceFiles() {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
}

/** A hash of the names and contents of the sources: what compiled/ must have been made from. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const f of sourceFiles()) hash.update(`${f}\0`).update(readFileSync(path.join(SRC, f))).update('\0');
  return hash.digest('hex');
}

async function compile() {
  const { build } = await import('esbuild');
  const started = Date.now();
  const hash = sourceHash();
  const files = sourceFiles();
  rmSync(OUT, { recursive: true, force: true });
  await build({
    entryPoints: files.map((f) => path.join(SRC, f)),
    outdir: OUT,
    outbase: SRC,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    bundle: false,
    logLevel: 'warning',
  });
  writeFileSync(MANIFEST, JSON.stringify({ sources: hash, files: files.length }, null, 2) + '\n');
  console.log(`compiled ${files.length} files from src/ into compiled/ in ${Date.now() - started} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await compile();
