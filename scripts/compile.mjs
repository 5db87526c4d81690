#!/usr/bin/env node
/**
 * Compiles src/ (TypeScript) into compiled/, which bin/catalog.js runs: no TypeScript loader at run time. Runs as the
 * `prepare` script, so `npm ci` / `npm install` on a fresh clone leaves a working CLI; `npm run compile` after changing
 * src/ or schemas/. compiled/sources.json records a hash of the sources it was made from, which
 * test/build/compiled.test.ts checks (a stale compiled/ fails the tests).
 *
 * The CLI is one esbuild bundle in CommonJS, compiled/cli/main.cjs: a run reads one file instead of resolving a hundred
 * modules, and each module of it runs only when first imported (each command, the service, git...), so what a command
 * does not use is still not run. The small pure-JavaScript packages of the validation path (BUNDLED) are bundled in;
 * yaml and fast-glob (VENDOR), which only some runs use, are each one file of compiled/vendor/; every other package
 * stays a require() of node_modules. Every output sits two folders below the project, as src/<dir>/<file>.ts does, so
 * that paths the code builds from its own location (../../schemas, ../../package.json, ../../src/site/browser) stay
 * right. compiled/sources.json also says which bundled packages each output holds (test/build/lazy.test.ts reads it to
 * see what a command loaded).
 *
 * Then a training run of the CLI writes V8's code cache of the bundle (compiled/cli/main.v8cache): bin/catalog.js
 * loads the bundle through src/cli/code-cache.ts (built as compiled/cli/code-cache.cjs), which hands V8 that bytecode
 * instead of compiling every function again (docs/performance.md, "The CLI's bundle and V8's code cache").
 *
 * It also precompiles the JSON Schemas of schemas/ into compiled/validators/ (entries.cjs and seed.cjs): Ajv's standalone code (the very
 * functions Ajv would compile at run time, with the same options), bundled with the few Ajv runtime helpers it needs,
 * so that a run never loads Ajv nor compiles a schema (src/model/schemas.ts loads it). And the pointer shapes of the
 * integer fields of each entry kind (compiled/integer-shapes.json, read by src/check/integers.ts), walked from the schemas.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SRC = path.join(root, 'src');
export const OUT = path.join(root, 'compiled');
export const MANIFEST = path.join(OUT, 'sources.json');
export const SCHEMAS = path.join(root, 'schemas');
/** Every rule's metadata (allRuleMeta() of src/rules/index.ts), for `catalog rules` (RULE_META_FILE in src/cli/rule-meta.ts). */
export const RULE_META = path.join(OUT, 'rule-meta.json');
/** The integer fields' pointer shapes of each entry kind (integerShapesJson() of src/check/integers.ts; INTEGER_SHAPES_FILE there). */
export const INTEGER_SHAPES = path.join(OUT, 'integer-shapes.json');
/** The CommonJS build of src/cli/quick.ts (bin/catalog.js answers `--version` and `rules` with it). */
export const QUICK = path.join(OUT, 'cli', 'quick.cjs');
/** The CLI: one CommonJS bundle of src/cli/main.ts and every module it imports (bin/catalog.js loads it). */
export const ENTRY = path.join(OUT, 'cli', 'main.cjs');
/** The CommonJS build of src/cli/code-cache.ts: bin/catalog.js loads ENTRY with it, and the training below uses it. */
export const CODE_CACHE_LOADER = path.join(OUT, 'cli', 'code-cache.cjs');

/**
 * Packages bundled into the CLI (with the packages they import): small, pure JavaScript, on the path of validate and
 * rules, where resolving and loading their many files cost more than their code. Every other package (fastify, ajv,
 * simple-git, recheck, re2-wasm, esbuild...) is imported from node_modules at run time, as before.
 */
export const BUNDLED = ['currency-codes', 'i18n-iso-countries', 'ibantools', 'regjsparser'];
/**
 * Packages bundled each into a CommonJS file of their own, compiled/vendor/<name>.cjs, which the CLI requires when a
 * command first needs one (yaml: a file the fast path hands over, fmt, new; fast-glob: a glob): one file to read
 * instead of dozens, and none of their code in the CLI's bundle when they are not used.
 */
export const VENDOR = ['yaml', 'fast-glob'];

/** The package a node_modules path belongs to (@scope/name or name). */
function packageOf(file) {
  const m = /(?:^|[\\/])node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
  return m ? m[1].replace(/\\/g, '/') : undefined;
}
/** The folder of the precompiled schema validators, loaded by src/model/schemas.ts (VALIDATORS_DIR there). */
export const VALIDATORS = path.join(OUT, 'validators');

/**
 * The Ajv options of the catalog's validators. strictRequired is off: the seed schema says "no rails on a restricted
 * country" as not/required. allErrors and verbose: every problem is reported, and src/check/schema-problems.ts reads
 * each error's schema, parentSchema and data.
 */
export const AJV_OPTIONS = { allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true };
/** The ajv-formats formats the schemas use. */
export const AJV_FORMATS = ['date'];
/** The validators of compiled/validators/: entry kinds and the seed, by schema $id. */
export const VALIDATED = { rail: 'rail.schema.json', asset: 'asset.schema.json', country: 'country.schema.json', policy: 'policy.schema.json', seed: 'seed.schema.json' };
/**
 * The files of compiled/validators/ and the validators each exports: validating a catalog loads the entries' file
 * only, half the code (the seed's validator, used by the build and the service, repeats the entries' definitions).
 */
export const VALIDATOR_FILES = { 'entries.cjs': ['rail', 'asset', 'country', 'policy'], 'seed.cjs': ['seed'] };

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

/** Ajv's standalone code of some validators (CommonJS, requiring a few Ajv runtime helpers); all by default. */
export function validatorsCode(kinds = Object.keys(VALIDATED)) {
  const require = createRequire(import.meta.url);
  const standaloneCode = require('ajv/dist/standalone').default;
  return standaloneCode(makeAjv({ source: true }), Object.fromEntries(kinds.map((k) => [k, VALIDATED[k]])));
}

/** What every esbuild build here shares: one file for node 20, packages bundled unless a build says otherwise. */
const NODE_BUNDLE = { platform: 'node', target: 'node20', bundle: true, logLevel: 'warning' };

async function compile() {
  const { build } = await import('esbuild');
  const started = Date.now();
  const hash = sourceHash();
  const files = sourceFiles();
  rmSync(OUT, { recursive: true, force: true });
  const externals = {
    name: 'externals',
    setup(b) {
      // A package imported by the sources is bundled when listed in BUNDLED, required from its own bundle in
      // compiled/vendor/ when listed in VENDOR, and required from node_modules otherwise; what a bundled package
      // imports is bundled too.
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || packageOf(args.importer)) return undefined;
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (BUNDLED.includes(name)) return undefined;
        if (VENDOR.includes(name) && args.path === name) return { path: `../vendor/${name}.cjs`, external: true };
        return { path: args.path, external: true };
      });
    },
  };
  const { metafile } = await build({
    entryPoints: [path.join(SRC, 'cli', 'main.ts')],
    outfile: ENTRY,
    ...NODE_BUNDLE,
    format: 'cjs',
    metafile: true,
    // import() of a module becomes a require() when it runs: the module's code is in the bundle, but it runs only when
    // first imported, as each command did in its own chunk; and a script compiled through node:vm (code-cache.ts) has
    // no module loader of its own.
    supported: { 'dynamic-import': false },
    // import.meta.url, as in an ES module: the bundle's own URL (paths built from it go two folders up, as from src/).
    define: { 'import.meta.url': '__catalogModuleUrl', CATALOG_YAML_MODULE: JSON.stringify('../vendor/yaml.cjs') },
    banner: { js: "const __catalogModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [externals],
  });
  // yaml and fast-glob, each one CommonJS file, required by the bundle when a command first needs them.
  for (const name of VENDOR) {
    const vendor = await build({
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root, sourcefile: `${name}.cjs`, loader: 'js' },
      outfile: path.join(OUT, 'vendor', `${name}.cjs`),
      ...NODE_BUNDLE,
      format: 'cjs',
      metafile: true,
    });
    Object.assign(metafile.outputs, vendor.metafile.outputs);
  }
  // The loader of the bundle with its code cache, which bin/catalog.js requires (as the quick answers, CommonJS).
  await build({ entryPoints: [path.join(SRC, 'cli', 'code-cache.ts')], outfile: CODE_CACHE_LOADER, ...NODE_BUNDLE, format: 'cjs' });
  /** Each output file (relative to compiled/) with the bundled packages it holds. */
  const outputs = Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([f]) => /\.c?js$/.test(f))
      .map(([f, o]) => [path.relative(OUT, path.resolve(root, f)).split(path.sep).join('/'), [...new Set(Object.keys(o.inputs).map(packageOf).filter(Boolean))].sort()]),
  );
  // Each file with the Ajv runtime helpers inlined: loading it resolves no package.
  for (const [file, kinds] of Object.entries(VALIDATOR_FILES))
    await build({
      stdin: { contents: validatorsCode(kinds), resolveDir: root, sourcefile: `${file}-standalone.cjs`, loader: 'js' },
      outfile: path.join(VALIDATORS, file),
      ...NODE_BUNDLE,
      format: 'cjs',
    });
  // The quick answers (--version, rules) as CommonJS: bin/catalog.js requires it before it loads the ES modules.
  await build({ entryPoints: [path.join(SRC, 'cli', 'quick.ts')], outfile: QUICK, ...NODE_BUNDLE, format: 'cjs' });
  // The rules' metadata: the registry, bundled on its own into a file that is imported here, then removed.
  const registry = path.join(OUT, 'rules', 'registry.tmp.mjs');
  await build({ entryPoints: [path.join(SRC, 'rules', 'index.ts')], outfile: registry, ...NODE_BUNDLE, format: 'esm', packages: 'external' });
  const { allRuleMeta } = await import(pathToFileURL(registry).href);
  writeFileSync(RULE_META, JSON.stringify(allRuleMeta(), null, 2) + '\n');
  rmSync(path.dirname(registry), { recursive: true, force: true });
  // The integer fields' shapes, walked from the schemas once here instead of in every run (same way: two folders down).
  const integers = path.join(OUT, 'check', 'integers.tmp.mjs');
  await build({ entryPoints: [path.join(SRC, 'check', 'integers.ts')], outfile: integers, ...NODE_BUNDLE, format: 'esm', packages: 'external' });
  const { integerShapesJson } = await import(pathToFileURL(integers).href);
  writeFileSync(INTEGER_SHAPES, JSON.stringify(integerShapesJson()) + '\n');
  rmSync(path.dirname(integers), { recursive: true, force: true });
  writeFileSync(MANIFEST, JSON.stringify({ sources: hash, files: files.length, outputs }, null, 2) + '\n');
  // The code cache of the bundle, made by a training run in a node of its own (V8 uses a cache only under the flags
  // it was made with: those of a plain `node`).
  const trained = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--train-code-cache'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (trained.status !== 0) throw new Error(`the training run of the code cache failed (exit ${trained.status})`);
  console.log(`compiled src/ (${files.length} files) into compiled/ (${Object.keys(outputs).length} files) in ${Date.now() - started} ms; ${trained.stdout.trim()}`);
}

/** The commands a training run of the code cache runs, in process, on a copy of the bundled catalog in `dir`. */
function trainingRuns(dir) {
  const copy = path.join(dir, 'catalog');
  const cache = ['--cache', '--cache-location', path.join(dir, 'validate-cache')];
  return [
    // An analyst's run in the checkout (the base revision read from git), in both formats.
    ['validate'],
    ['validate', '--format', 'json'],
    // The --cache loop: the first run fills the cache, the second finds one file changed (edit: appended to it).
    ['validate', '--dir', copy, '--format', 'json', ...cache],
    { edit: path.join(copy, 'rails', readdirSync(path.join(copy, 'rails')).sort()[0]) },
    ['validate', '--dir', copy, ...cache],
  ];
}

/**
 * Runs the CLI's bundle through the commands of trainingRuns (output discarded), then writes the code cache of every
 * function they compiled (src/cli/code-cache.ts says how a run uses it). Prints what it wrote.
 */
async function trainCodeCache() {
  const require = createRequire(import.meta.url);
  const { loadBundle, codeCacheBytes, codeCacheFileOf } = require(CODE_CACHE_LOADER);
  const loaded = loadBundle(ENTRY, { useCache: false });
  const cli = loaded.exports;
  const sink = { write: () => true };
  const io = { ...cli.processIO(), cwd: root, stdout: sink, stderr: sink };
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-code-cache-'));
  try {
    // Without the bundled catalog (a copy of the toolkit without it), the cache holds the bundle's top level only.
    const bundled = existsSync(path.join(root, 'catalog', 'rails'));
    if (bundled) cpSync(path.join(root, 'catalog'), path.join(dir, 'catalog'), { recursive: true });
    for (const run of bundled ? trainingRuns(dir) : []) {
      if (Array.isArray(run)) await cli.main(run, io);
      else appendFileSync(run.edit, '# edited\n');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const bytes = codeCacheBytes(ENTRY, loaded);
  writeFileSync(codeCacheFileOf(ENTRY), bytes);
  console.log(`code cache ${(bytes.length / 1024).toFixed(0)} KB`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--train-code-cache') await trainCodeCache();
  else await compile();
}
