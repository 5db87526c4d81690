import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostics } from 'recheck';
import { writeAtomic } from './write-atomic.js';

const require = createRequire(import.meta.url);
const recheckVersion: string = require('recheck/package.json').version;
/** recheck is loaded on the first pattern without a kept verdict: a run that finds them all in the cache never loads it. */
let checkSync: typeof import('recheck').checkSync | undefined;

/**
 * Where verdicts survive between runs: the conventional cache folder of the package's node_modules. A verdict is a pure
 * function of the pattern and of recheck's version, so it can be reused; analysing the bundled catalog's patterns
 * costs about 0.3 s, and a cold `catalog validate` should finish in under a second.
 */
export const REDOS_CACHE_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/payout-catalog/redos.json');
/** At most this many verdicts are kept on disk (the most recently used ones). */
const MAX_CACHED = 5000;

const verdicts = new Map<string, Diagnostics>();
let loaded = false;
let dirty = false;
const used = new Set<string>();

/** recheck's verdict on a pattern with the u flag, computed once per pattern (and kept between runs when it is final). */
export function redosDiagnostics(source: string): Diagnostics {
  used.add(source);
  let result = verdicts.get(source);
  if (!result) {
    checkSync ??= (require('recheck') as typeof import('recheck')).checkSync;
    result = checkSync(source, 'u');
    verdicts.set(source, result);
    // "unknown" depends on time limits and the machine: never kept, so a later run tries again.
    if (result.status !== 'unknown') dirty = true;
  }
  return result;
}

/** Reads the verdicts of earlier runs; a missing, unreadable or foreign file is ignored. */
export function loadRedosCache(file = REDOS_CACHE_FILE): void {
  if (loaded) return;
  loaded = true;
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { recheck: string; verdicts: Record<string, Diagnostics> };
    if (data.recheck !== recheckVersion || typeof data.verdicts !== 'object') return;
    for (const [source, verdict] of Object.entries(data.verdicts)) {
      if (!verdicts.has(source) && verdict && (verdict.status === 'safe' || verdict.status === 'vulnerable')) verdicts.set(source, verdict);
    }
  } catch {
    // no cache yet, or not ours: analyse again
  }
}

/** Writes the verdicts back when this run computed new ones; failing to write (read-only install) is not an error. */
export async function saveRedosCache(file = REDOS_CACHE_FILE): Promise<void> {
  if (!dirty) return;
  dirty = false;
  const entries = [...verdicts].filter(([, v]) => v.status !== 'unknown');
  // Patterns used in this run last, so that trimming drops the ones not seen for longest.
  entries.sort(([a], [b]) => Number(used.has(a)) - Number(used.has(b)));
  const kept = Object.fromEntries(entries.slice(-MAX_CACHED));
  try {
    await writeAtomic(file, JSON.stringify({ recheck: recheckVersion, verdicts: kept }));
  } catch {
    // a read-only node_modules: the next run analyses again
  }
}
