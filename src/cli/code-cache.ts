import { closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Loads the CLI's CommonJS bundle (compiled/cli/main.cjs) with V8's code cache, which node 20 offers for scripts
 * compiled through node:vm but not for ES modules nor for require() (node 22's module compile cache is not in 20).
 *
 * The cache (compiled/cli/main.v8cache) holds the bytecode of every function a training run of the CLI compiled
 * (scripts/compile.mjs runs validate on the bundled catalog and validate --cache on a copy of it, then writes it), so
 * that a run deserializes that bytecode instead of parsing the bundle and compiling each function on its first call.
 * A function that training did not reach is compiled on first call, as without a cache.
 *
 * V8 checks that a cache was made by the same V8 with the same flags for a source of the same length; it does not
 * check the source's text. So the cache starts with a header naming the bundle's size and modification time, the
 * node version and the architecture: a bundle rebuilt or edited, or another node, and the cache is not used at all.
 * A cache V8 rejects (other V8 flags, damaged bytes) is ignored by V8 itself: the bundle is compiled as usual.
 * Nothing here writes the cache during a run: scripts/compile.mjs is its only writer, so a read-only install, or two
 * runs at once, change nothing.
 *
 * No import.meta here: the module is built as CommonJS, for bin/catalog.js and scripts/compile.mjs.
 */

/** The first word of a cache file's header: the layout of this file. */
export const CODE_CACHE_FORMAT = 'payout-catalog-code-cache/1';

/** Where the code cache of a bundle is: beside it, main.cjs -> main.v8cache. */
export const codeCacheFileOf = (bundle: string) => `${bundle.replace(/\.c?js$/, '')}.v8cache`;

/** The header a cache of a bundle (its stat) must start with, in this node. */
export function codeCacheHeader(stat: { size: number; mtimeMs: number }): string {
  return `${CODE_CACHE_FORMAT} ${process.version} ${process.arch} ${stat.size} ${stat.mtimeMs}\n`;
}

/** A bundle loaded as a CommonJS module, with the script it was compiled into and what became of its cache. */
export interface LoadedBundle {
  exports: any;
  script: vm.Script;
  /** 'accepted' (V8 used the cache), 'rejected' (V8 refused it), 'stale' (made for another bundle or node), 'none'. */
  cache: 'accepted' | 'rejected' | 'stale' | 'none';
}

/** The cache's bytes after the header, when the header matches; undefined when there is none or it does not match. */
function cachedDataFor(bundle: string, stat: { size: number; mtimeMs: number }): { data?: Buffer; stale: boolean } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(codeCacheFileOf(bundle));
  } catch {
    return { stale: false };
  }
  const header = codeCacheHeader(stat);
  if (bytes.length <= header.length || bytes.toString('latin1', 0, header.length) !== header) return { stale: true };
  return { data: bytes.subarray(header.length), stale: false };
}

/**
 * Loads `bundle` (a CommonJS file) as node's require() would, registered in require.cache under its path, but compiled
 * through node:vm with its code cache when one matches. `useCache: false` compiles it without (training).
 */
export function loadBundle(bundle: string, options: { useCache?: boolean } = {}): LoadedBundle {
  const fd = openSync(bundle, 'r');
  let source: string;
  let stat: { size: number; mtimeMs: number };
  try {
    stat = fstatSync(fd);
    source = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  const cached = options.useCache === false ? { stale: false } : cachedDataFor(bundle, stat);
  // Node's own CommonJS wrapper, on the first line, so that lines in stack traces are the bundle's lines.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: bundle,
    cachedData: cached.data,
    // The bundle turns import() into require(); should one remain, it resolves as in any module of the process.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const mod = new Module(bundle);
  mod.filename = bundle;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(bundle));
  const require = createRequire(bundle);
  require.cache[bundle] = mod;
  try {
    const wrapper = script.runInThisContext() as (e: unknown, r: NodeJS.Require, m: Module, f: string, d: string) => void;
    wrapper.call(mod.exports, mod.exports, require, mod, bundle, path.dirname(bundle));
  } catch (err) {
    delete require.cache[bundle]; // as require() does: a module that threw is not kept
    throw err;
  }
  mod.loaded = true;
  const cache = cached.data ? (script.cachedDataRejected ? 'rejected' : 'accepted') : cached.stale ? 'stale' : 'none';
  return { exports: mod.exports, script, cache };
}

/**
 * The bytes of a code cache for a loaded bundle: the header that ties it to the bundle as it is now, then the bytecode
 * of every function its script has compiled so far. scripts/compile.mjs writes them to codeCacheFileOf(bundle).
 */
export function codeCacheBytes(bundle: string, loaded: LoadedBundle): Buffer {
  return Buffer.concat([Buffer.from(codeCacheHeader(statSync(bundle)), 'latin1'), loaded.script.createCachedData()]);
}
