import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { MANIFEST } from '../../scripts/compile.mjs';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin/catalog.js');
const dir = mkdtempSync(path.join(tmpdir(), 'catalog-lazy-'));

/**
 * What the CLI loaded, seen three ways, since a package can be loaded three ways: a CommonJS module of node_modules
 * (require.cache), an ES module of node_modules, or bundled into a file of compiled/ (the CLI's bundle or a file of
 * compiled/vendor/, registered in require.cache too; compiled/sources.json says which packages each file holds). A
 * module preloaded into the CLI registers a load hook that writes every ES module loaded to a file, and prints at exit
 * the CommonJS files loaded.
 */
const hooks = path.join(dir, 'hooks.mjs');
writeFileSync(
  hooks,
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (process.env.CATALOG_LAZY_LOG) appendFileSync(process.env.CATALOG_LAZY_LOG, url + '\\n');
  return next(url, context);
}\n`,
);
const probe = path.join(dir, 'probe.mjs');
writeFileSync(
  probe,
  `import { register, createRequire } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
const require = createRequire(import.meta.url);
process.on('exit', () => {
  require('node:fs').writeSync(2, '\\n@@cjs ' + JSON.stringify(Object.keys(require.cache)) + '\\n');
});\n`,
);

/** The package a file of node_modules belongs to. */
const packageOf = (file: string) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file)?.[1];

async function loadedBy(args: string[]): Promise<string[]> {
  const log = path.join(dir, `esm-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(log, '');
  const result = await promisify(execFile)(process.execPath, ['--import', pathToFileURL(probe).href, BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, CATALOG_LAZY_LOG: log },
  }).catch((e) => e);
  const line = /@@cjs (.*)/.exec(String(result.stderr));
  expect(line, String(result.stderr)).not.toBeNull();
  // package.json files do not count: reading a version is not loading the package.
  const cjs = (JSON.parse(line![1]) as string[]).filter((f) => !f.endsWith('package.json'));
  const esm = readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => u.startsWith('file:'));
  // The CLI: its bundle, or for the quick answers (--version, rules) the CommonJS module bin/catalog.js requires.
  const compiled = cjs
    .map((f) => f.split(path.sep).join('/'))
    .map((f) => /\/compiled\/(.*)$/.exec(f)?.[1])
    .filter((f): f is string => Boolean(f));
  expect(compiled.includes('cli/main.cjs') || compiled.includes('cli/quick.cjs'), 'the probe saw the CLI load').toBe(true);
  const outputs = (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { outputs: Record<string, string[]> }).outputs;
  const bundled = compiled.flatMap((rel) => outputs[rel] ?? []);
  return [
    ...new Set(
      [...cjs, ...esm]
        .map((f) => packageOf(f))
        .concat(bundled)
        .filter((p): p is string => Boolean(p)),
    ),
  ].sort();
}

/** A catalog folder holding one country written with an anchor and an alias (YAML the fast path hands over). */
function anchored(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-lazy-yaml-'));
  mkdirSync(path.join(dir, 'countries'));
  writeFileSync(path.join(dir, 'countries', 'FR.yaml'), 'code: FR\nname: &n France\ncurrency: EUR\nstatus: open\nnote: *n\n');
  return dir;
}

// The CLI's start-up discipline: a command loads what it uses, nothing is loaded before the command is known.
describe('what each command loads', () => {
  it.each([
    [['--version'], ['ajv', 'fastify', 'recheck', 'simple-git', 'yaml', 'i18n-iso-countries', 'currency-codes', 'chokidar']],
    [['rules'], ['ajv', 'fastify', 'recheck', 'simple-git', 'yaml', 'i18n-iso-countries', 'currency-codes', 'chokidar']],
    // Run in this checkout, so the base revision is read from git, without simple-git; the schemas are precompiled.
    [
      ['validate', '--today', '2026-11-22', '--format', 'json'],
      ['ajv', 'fastify', 'simple-git', 'fast-glob', 'chokidar', 'vscode-languageserver', 'vscode-jsonrpc'],
    ],
    // The file watcher is preview's alone: the static site does not load it.
    [['site', '--out', path.join(dir, 'site'), '--today', '2026-11-22'], ['chokidar']],
    // The bundled catalog is in the fast path's subset: its problems (stale rails, years later) are located from the
    // fast path's positions, so yaml is never loaded.
    [['validate', '--today', '2030-01-01', '--format', 'json', '--no-base'], ['yaml']],
  ])(
    'catalog %j does not load %j',
    async (args, never) => {
      const loaded = await loadedBy(args);
      for (const name of never) expect(loaded, `catalog ${args.join(' ')} loaded ${name}`).not.toContain(name);
    },
    60_000,
  );

  it.each([
    // The service framework, a CommonJS package loaded from node_modules.
    [['serve', '--seed', path.join(ROOT, 'no-such-seed.json'), '--port', '0'], 'fastify'],
    // yaml, bundled into compiled/vendor/yaml.cjs: a file with an anchor goes to the full YAML path.
    [['validate', '--dir', anchored(), '--today', '2026-11-22', '--format', 'json', '--no-base'], 'yaml'],
    // simple-git, from node_modules: --base with a ref that does not exist takes the worded error path.
    [['validate', '--base', 'no-such-ref-anywhere', '--format', 'json'], 'simple-git'],
  ])(
    'sees what a command loads: catalog %j loads %s',
    async (args, name) => {
      expect(await loadedBy(args)).toContain(name);
    },
    60_000,
  );
});
