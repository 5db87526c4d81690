import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAtomic } from '../util/write-atomic.js';

/** The conventional cache folder of the package's node_modules, where verdicts of pure checks survive between runs. */
export const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/payout-catalog');

/**
 * Verdicts of a slow, pure check (recheck's ReDoS analysis, RE2's compilation of a pattern), kept between runs in one
 * JSON file. A verdict is a function of its key and of the checker's version, so a file written by another version is
 * ignored. At most `limit` verdicts are kept: those used by the latest run last, so trimming drops the oldest.
 */
/** Every cache made in this process, so that one call saves them all at the end of a run. */
const instances: Array<VerdictCache<unknown>> = [];

/** Saves every verdict cache that computed new verdicts in this run. */
export async function saveVerdictCaches(): Promise<void> {
  await Promise.all(instances.map((c) => c.save()));
}

export class VerdictCache<V> {
  private readonly verdicts = new Map<string, V>();
  private readonly used = new Set<string>();
  private loaded = false;
  private dirty = false;

  constructor(
    readonly file: string,
    private readonly version: string,
    /** Whether a verdict may be kept on disk (a verdict that depends on time limits or the machine may not). */
    private readonly keep: (verdict: V) => boolean = () => true,
    private readonly limit = 5000,
  ) {
    instances.push(this as VerdictCache<unknown>);
  }

  /** The kept verdict for a key (the file is read on first use). */
  get(key: string): V | undefined {
    this.load();
    this.used.add(key);
    return this.verdicts.get(key);
  }

  set(key: string, verdict: V): void {
    this.used.add(key);
    this.verdicts.set(key, verdict);
    if (this.keep(verdict)) this.dirty = true;
  }

  /** Reads the verdicts of earlier runs once; a missing, unreadable or foreign file is ignored. */
  load(file = this.file): void {
    if (this.loaded) return;
    this.loaded = true;
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { version: string; verdicts: Record<string, V> };
      if (data.version !== this.version || typeof data.verdicts !== 'object' || data.verdicts === null) return;
      for (const [key, verdict] of Object.entries(data.verdicts)) if (!this.verdicts.has(key) && verdict && this.keep(verdict)) this.verdicts.set(key, verdict);
    } catch {
      // no cache yet, or not ours: check again
    }
  }

  /** Writes the verdicts back when this run computed new ones; failing to write (read-only install) is not an error. */
  async save(file = this.file): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const entries = [...this.verdicts].filter(([, v]) => this.keep(v));
    entries.sort(([a], [b]) => Number(this.used.has(a)) - Number(this.used.has(b)));
    try {
      await writeAtomic(file, JSON.stringify({ version: this.version, verdicts: Object.fromEntries(entries.slice(-this.limit)) }));
    } catch {
      // a read-only node_modules: the next run checks again
    }
  }
}
