#!/usr/bin/env node
/**
 * Compiles src/ (TypeScript) into compiled/ (JavaScript, one file per source, same folders), which bin/catalog.js
 * runs: no TypeScript loader at run time. Runs as the `prepare` script, so `npm ci` / `npm install` on a fresh clone
 * leaves a working CLI; `npm run compile` after changing src/. compiled/sources.json records a hash of the sources it
 * was made from, which test/build/compiled.test.ts checks (a stale compiled/ fails the tests).
 *
 * compiled/<dir>/<file>.js sits at the same depth as src/<dir>/<file>.ts, so paths the code builds from its own
 * location (../../schemas, ../../package.json) stay right.
 *
 * It also precompiles the JSON Schemas of schemas/ into compiled/validators/schemas.cjs: Ajv's standalone code (the very
 * functions Ajv would compile at run time, with the same options), bundled with the few Ajv runtime helpers it needs,
 * so that a run never loads Ajv nor compiles a schema (src/core/schemas.ts loads it).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SRC = path.join(root, 'src');
export const OUT = path.join(root, 'compiled');
export const MANIFEST = path.join(OUT, 'sources.json');
export const SCHEMAS = path.join(root, 'schemas');
/** The precompiled schema validators, loaded by src/core/schemas.ts (VALIDATORS_FILE there). */
export const VALIDATORS = path.join(OUT, 'validators', 'schemas.cjs');

/**
 * The Ajv options of the catalog's validators. strictRequired is off: the seed schema says "no rails on a restricted
 * country" as not/required. allErrors and verbose: every problem is reported, and src/core/schema-problems.ts reads
 * each error's schema, parentSchema and data.
 */
export const AJV_OPTIONS = { allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true };
/** The ajv-formats formats the schemas use. */
export const AJV_FORMATS = ['date'];
/** The validators exported by compiled/validators/schemas.cjs: entry kinds and the seed, by schema $id. */
export const VALIDATED = { rail: 'rail.schema.json', asset: 'asset.schema.json', country: 'country.schema.json', policy: 'policy.schema.json', seed: 'seed.schema.json' };

/** Every TypeScript source file under src/, relative to it, in code-unit order. */
export function sourceFiles() {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
}

/** The JSON Schemas (schemas/*.json), in code-unit order. */
export function schemaFiles() {
  return readdirSync(SCHEMAS).filter((f) => f.endsWith('.json')).sort();
}

/** A hash of the names and contents of the sources and schemas: what compiled/ must have been made from. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const f of sourceFiles()) hash.update(`${f}\0`).update(readFileSync(path.join(SRC, f))).update('\0');
  for (const f of schemaFiles()) hash.update(`schemas/${f}\0`).update(readFileSync(path.join(SCHEMAS, f))).update('\0');
  return hash.digest('hex');
}

/** An Ajv instance holding every schema of schemas/, with the CLI's options (`code` adds options, e.g. source: true). */
export function makeAjv(code = {}) {
  const require = createRequire(import.meta.url);
  const Ajv = require('ajv').default;
  const addFormats = require('ajv-formats').default;
  const ajv = new Ajv({ ...AJV_OPTIONS, code });
  addFormats(ajv, AJV_FORMATS);
  for (const f of schemaFiles()) ajv.addSchema(JSON.parse(readFileSync(path.join(SCHEMAS, f), 'utf8')));
  return ajv;
}

/** Ajv's standalone code of the validators (CommonJS, requiring a few Ajv runtime helpers). */
export function validatorsCode() {
  const require = createRequire(import.meta.url);
  const standaloneCode = require('ajv/dist/standalone').default;
  return standaloneCode(makeAjv({ source: true }), VALIDATED);
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
  // One file, the Ajv runtime helpers inlined: loading it resolves no package.
  await build({
    stdin: { contents: validatorsCode(), resolveDir: root, sourcefile: 'schemas-standalone.cjs', loader: 'js' },
    outfile: VALIDATORS,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    bundle: true,
    logLevel: 'warning',
  });
  writeFileSync(MANIFEST, JSON.stringify({ sources: hash, files: files.length }, null, 2) + '\n');
  console.log(`compiled ${files.length} files from src/ into compiled/ in ${Date.now() - started} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await compile();
