import { createRequire } from 'node:module';
import path from 'node:path';
import { CACHE_DIR, VerdictCache } from './verdict-store.js';

const require = createRequire(import.meta.url);
const re2Version: string = require('re2-wasm/package.json').version;

/** How RE2 (the engine of Go's regexp, built to WebAssembly by re2-wasm) reads a pattern: compiles or not, and which values it matches. */
export type Re2Verdict = { ok: true; matches: boolean[] } | { ok: false; reason: string };

/**
 * Loading re2-wasm and compiling a pattern costs about 0.1 s and 4 ms: verdicts are kept between runs, keyed by the
 * pattern and the values tried, and the module is loaded only for a pattern without a kept verdict.
 */
const RE2_CACHE_FILE = path.join(CACHE_DIR, 're2.json');
// The second part names the verdicts' format: change it when Re2Verdict or its wording changes.
const cache = new VerdictCache<Re2Verdict>(RE2_CACHE_FILE, `re2-wasm ${re2Version}, verdicts 2`);
let RE2: typeof import('re2-wasm').RE2 | undefined;

/** RE2's verdict on a pattern (unicode mode, as Go reads UTF-8 text) and on each value: does it match, as RegExp.test. */
export function re2Verdict(source: string, values: readonly string[]): Re2Verdict {
  const key = JSON.stringify([source, values]);
  let verdict = cache.get(key);
  if (verdict) return verdict;
  RE2 ??= (require('re2-wasm') as typeof import('re2-wasm')).RE2;
  try {
    const re = new RE2(source, 'u');
    verdict = { ok: true, matches: values.map((v) => re.test(v)) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    verdict = { ok: false, reason: /^Invalid regular expression: \/.*\/[a-z]*: (.*)$/s.exec(message)?.[1] ?? message };
  }
  cache.set(key, verdict);
  return verdict;
}
