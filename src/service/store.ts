import { open } from 'node:fs/promises';
import { SeedError, snapshotOfText, type Snapshot } from './snapshot.js';

/** How long a replaced snapshot stays available to the runs that started on it, by default. */
export const DEFAULT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** At most this many replaced snapshots are kept (the oldest goes first), so that memory stays bounded. */
export const DEFAULT_MAX_RETAINED = 16;
/** A seed file larger than this is refused before it is read. */
export const MAX_SEED_BYTES = 256 * 1024 * 1024;

export interface StoreOptions {
  /** How long a replaced snapshot is kept, in milliseconds (default 24 hours). */
  retentionMs?: number;
  /** How many replaced snapshots are kept at most (default 16). */
  maxRetained?: number;
  /** The clock, in milliseconds; injected by tests. */
  now?: () => number;
}

/** Outcome of a reload; the service serves `version` afterwards in every case. */
export type ReloadResult =
  | { status: 'replaced'; version: string; previous: string }
  | { status: 'unchanged'; version: string }
  | { status: 'rejected'; version: string; reason: string };

/** Reads and loads a seed file; throws SeedError saying what is wrong with it. */
export async function loadSeedFile(file: string): Promise<Snapshot> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_SEED_BYTES) throw new SeedError(`${file} has ${size} bytes, more than the ${MAX_SEED_BYTES} a seed may have`);
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof SeedError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new SeedError(`${file} does not exist: build it with "node bin/catalog.js build"`);
    throw new SeedError(`${file} cannot be read: ${(err as Error).message}`);
  }
  return snapshotOfText(text);
}

/**
 * Holds the snapshot being served and the ones it replaced. A run of pages carries its snapshot's version in its
 * cursor and finishes on that snapshot while it is retained, so that a reload never mixes two catalogs in one run.
 */
export class SnapshotStore {
  private currentSnapshot: Snapshot;
  /** Replaced snapshots by version, with the time they were replaced; oldest first. */
  private readonly retained = new Map<string, { snapshot: Snapshot; replacedAt: number }>();
  private readonly retentionMs: number;
  private readonly maxRetained: number;
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(initial: Snapshot, options: StoreOptions = {}) {
    this.currentSnapshot = initial;
    this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.maxRetained = options.maxRetained ?? DEFAULT_MAX_RETAINED;
    this.now = options.now ?? Date.now;
  }

  /** A store serving a seed file; throws SeedError when the file cannot be served. */
  static async fromFile(file: string, options: StoreOptions = {}): Promise<SnapshotStore> {
    return new SnapshotStore(await loadSeedFile(file), options);
  }

  /** The snapshot new runs start on. */
  get current(): Snapshot {
    return this.currentSnapshot;
  }

  /** The snapshot of a version: the current one, or a replaced one still within the retention. */
  byVersion(version: string): Snapshot | undefined {
    if (version === this.currentSnapshot.version) return this.currentSnapshot;
    const held = this.retained.get(version);
    if (!held) return undefined;
    if (this.now() - held.replacedAt >= this.retentionMs) {
      this.retained.delete(version);
      return undefined;
    }
    return held.snapshot;
  }

  /** Versions of the replaced snapshots still held. */
  retainedVersions(): string[] {
    this.prune();
    return [...this.retained.keys()];
  }

  /** Drops the replaced snapshots past the retention. */
  prune(): void {
    const now = this.now();
    for (const [version, held] of this.retained) if (now - held.replacedAt >= this.retentionMs) this.retained.delete(version);
  }

  /** Makes a snapshot current; the one it replaces is retained. The same version again changes nothing. */
  replace(next: Snapshot): ReloadResult {
    const previous = this.currentSnapshot;
    if (next.version === previous.version) return { status: 'unchanged', version: previous.version };
    this.retained.delete(next.version);
    this.retained.set(previous.version, { snapshot: previous, replacedAt: this.now() });
    this.currentSnapshot = next;
    this.prune();
    while (this.retained.size > this.maxRetained) this.retained.delete(this.retained.keys().next().value!);
    return { status: 'replaced', version: next.version, previous: previous.version };
  }

  /**
   * Re-reads a seed file and serves it if it is valid. Never throws: a file that is missing, partial, not JSON or
   * not a valid seed is rejected with the reason, and the current snapshot goes on being served. Reloads run one
   * after the other, in the order they were asked for.
   */
  reload(file: string): Promise<ReloadResult> {
    const run = this.queue.then(async (): Promise<ReloadResult> => {
      try {
        return this.replace(await loadSeedFile(file));
      } catch (err) {
        const reason = err instanceof SeedError ? err.message : `unexpected error: ${(err as Error).message}`;
        return { status: 'rejected', version: this.currentSnapshot.version, reason };
      }
    });
    this.queue = run;
    return run;
  }
}
