import { createRequire } from 'node:module';
import path from 'node:path';
import type { Diagnostics } from 'recheck';
import { CACHE_DIR, VerdictCache } from './verdict-store.js';

const require = createRequire(import.meta.url);
const recheckVersion: string = require('recheck/package.json').version;
/** recheck is loaded on the first pattern without a kept verdict: a run that finds them all in the cache never loads it. */
let checkSync: typeof import('recheck').checkSync | undefined;

/**
 * Where verdicts survive between runs. A verdict is a pure function of the pattern and of recheck's version, so it can be
 * reused; analysing the bundled catalog's patterns costs about 0.3 s. "unknown" depends on time limits and the machine:
 * never kept, so a later run tries again.
 */
const REDOS_CACHE_FILE = path.join(CACHE_DIR, 'redos.json');
const cache = new VerdictCache<Diagnostics>(REDOS_CACHE_FILE, `recheck ${recheckVersion}`, (v) => v.status === 'safe' || v.status === 'vulnerable');

/** recheck's verdict on a pattern with the u flag, computed once per pattern (and kept between runs when it is final). */
export function redosDiagnostics(source: string): Diagnostics {
  let result = cache.get(source);
  if (!result) {
    checkSync ??= (require('recheck') as typeof import('recheck')).checkSync;
    result = checkSync(source, 'u');
    cache.set(source, result);
  }
  return result;
}

/** Reads the verdicts of earlier runs (done on first use anyway); a missing, unreadable or foreign file is ignored. */
export function loadRedosCache(file = REDOS_CACHE_FILE): void {
  cache.load(file);
}

/** Writes the verdicts back when this run computed new ones; failing to write (read-only install) is not an error. */
export async function saveRedosCache(file = REDOS_CACHE_FILE): Promise<void> {
  await cache.save(file);
}
