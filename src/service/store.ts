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
  /**
   * Loads a version the store does not hold (a cursor issued by another replica names it): the seed store of
   * `catalog serve --store`. Throws SeedError when it cannot.
   */
  loader?: (version: string) => Promise<Snapshot>;
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
  private readonly loader?: (version: string) => Promise<Snapshot>;
  /** Loads on demand under way, by version, so that a burst of cursors naming one version loads it once. */
  private readonly loading = new Map<string, Promise<Snapshot | undefined>>();
  /** Versions loaded on demand, and failures to (for logs and metrics). */
  readonly loadEvents: Array<{ version: string; ok: boolean; reason?: string }> = [];
  /** Called after each load on demand (the service logs it). */
  onLoad?: (event: { version: string; ok: boolean; reason?: string }) => void;

  constructor(initial: Snapshot, options: StoreOptions = {}) {
    this.currentSnapshot = initial;
    this.retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.maxRetained = options.maxRetained ?? DEFAULT_MAX_RETAINED;
    this.now = options.now ?? Date.now;
    this.loader = options.loader;
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

  /**
   * The snapshot of a version, loading it from the seed store when it is not held and a loader is set: a cursor from
   * any replica works on every replica while its version is in the store. A version loaded this way is held like a
   * replaced one (same retention, same bound). Undefined when it cannot be had.
   */
  async resolve(version: string): Promise<Snapshot | undefined> {
    const held = this.byVersion(version);
    if (held || !this.loader) return held;
    let pending = this.loading.get(version);
    if (!pending) {
      const loader = this.loader;
      pending = (async () => {
        try {
          const snapshot = await loader(version);
          if (snapshot.version !== version) throw new SeedError(`the store file of ${version} holds version ${snapshot.version}`);
          if (snapshot.version !== this.currentSnapshot.version && !this.retained.has(version)) {
            this.retained.set(version, { snapshot, replacedAt: this.now() });
            while (this.retained.size > this.maxRetained) this.retained.delete(this.retained.keys().next().value!);
          }
          this.onLoad?.({ version, ok: true });
          return snapshot;
        } catch (err) {
          this.onLoad?.({ version, ok: false, reason: (err as Error).message });
          return undefined;
        } finally {
          this.loading.delete(version);
        }
      })();
      this.loading.set(version, pending);
    }
    return pending;
  }

  /**
   * Follows a seed store's pointer: reads it and, when it names another version, loads that version and serves it.
   * Never throws: a store that cannot be read, or a version that is not a valid seed, is rejected with the reason and
   * the current snapshot goes on being served. Queued with the other reloads.
   */
  follow(pointer: () => Promise<string>, load: (version: string) => Promise<Snapshot>): Promise<ReloadResult> {
    const run = this.queue.then(async (): Promise<ReloadResult> => {
      try {
        const version = await pointer();
        if (version === this.currentSnapshot.version) return { status: 'unchanged', version };
        const snapshot = this.byVersion(version) ?? (await load(version));
        if (snapshot.version !== version) throw new SeedError(`the store file of ${version} holds version ${snapshot.version}`);
        return this.replace(snapshot);
      } catch (err) {
        const reason = err instanceof SeedError ? err.message : `unexpected error: ${(err as Error).message}`;
        return { status: 'rejected', version: this.currentSnapshot.version, reason };
      }
    });
    this.queue = run;
    return run;
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
