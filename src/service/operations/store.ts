import { open } from 'node:fs/promises';
import { SeedError, snapshotOfText, StoreUnreadableError, type Snapshot } from '../representation/snapshot.js';

/** How long a replaced snapshot stays available to the runs that started on it, by default. */
export const DEFAULT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** At most this many replaced snapshots are kept (the oldest goes first), so that memory stays bounded. */
const DEFAULT_MAX_RETAINED = 16;
/**
 * How long a version the store could not be read for is answered as unavailable without reading the store again
 * (a burst of cursors on a replica that lost its store reads it once a second, not once a request), and the
 * Retry-After of that answer.
 */
export const UNAVAILABLE_MS = 1000;
/** Retry-After, in seconds, of a cursor whose version cannot be read right now. */
export const STORE_RETRY_AFTER_S = Math.ceil(UNAVAILABLE_MS / 1000);
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

/**
 * Outcome of a reload; the service serves `version` afterwards in every case. A rejection says whether the store
 * could not be read (`unreadable`: it may work later) and, when the pointer was read, the version it names.
 */
export type ReloadResult =
  | { status: 'replaced'; version: string; previous: string }
  | { status: 'unchanged'; version: string }
  | { status: 'rejected'; version: string; reason: string; unreadable: boolean; pointer?: string };

/**
 * What `resolve` found for a version: its snapshot, or why not: `gone` (not in the store, or not a valid seed: a
 * run on it must start again) or `unavailable` (the store cannot be read right now: retry, here or elsewhere).
 */
export type Resolution = { snapshot: Snapshot } | { failure: 'gone' | 'unavailable'; reason: string };

/** A load on demand, for logs and metrics. */
export interface LoadEvent {
  version: string;
  ok: boolean;
  reason?: string;
  /** The store could not be read (the failure is `unavailable`). */
  unreadable?: boolean;
}

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
  private readonly loading = new Map<string, Promise<Resolution>>();
  /** Versions the store could not be read for, until when they are answered so without reading it again. */
  private readonly unavailable = new Map<string, { until: number; reason: string }>();
  /** Called after each load on demand (the service logs it). */
  onLoad?: (event: LoadEvent) => void;

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
   * replaced one (same retention, same bound). A failure says whether the version is gone or the store unreadable;
   * an unreadable store is not read again for that version within UNAVAILABLE_MS.
   */
  async resolve(version: string): Promise<Resolution> {
    const held = this.byVersion(version);
    if (held) return { snapshot: held };
    if (!this.loader) return { failure: 'gone', reason: 'not held, and no seed store to load it from' };
    const recent = this.unavailable.get(version);
    if (recent && this.now() < recent.until) return { failure: 'unavailable', reason: recent.reason };
    let pending = this.loading.get(version);
    if (!pending) {
      pending = this.load(version, this.loader).finally(() => this.loading.delete(version));
      this.loading.set(version, pending);
    }
    return pending;
  }

  private async load(version: string, loader: (version: string) => Promise<Snapshot>): Promise<Resolution> {
    try {
      const snapshot = await loader(version);
      if (snapshot.version !== version) throw new SeedError(`the store file of ${version} holds version ${snapshot.version}`);
      if (snapshot.version !== this.currentSnapshot.version && !this.retained.has(version)) {
        this.retained.set(version, { snapshot, replacedAt: this.now() });
        while (this.retained.size > this.maxRetained) this.retained.delete(this.retained.keys().next().value!);
      }
      this.unavailable.delete(version);
      this.onLoad?.({ version, ok: true });
      return { snapshot };
    } catch (err) {
      const reason = (err as Error).message;
      const unreadable = err instanceof StoreUnreadableError;
      if (unreadable) {
        this.unavailable.set(version, { until: this.now() + UNAVAILABLE_MS, reason });
        // Bounded like the snapshots: a client cannot grow it past the versions it can name (signed cursors).
        while (this.unavailable.size > this.maxRetained) this.unavailable.delete(this.unavailable.keys().next().value!);
      }
      this.onLoad?.({ version, ok: false, reason, unreadable });
      return { failure: unreadable ? 'unavailable' : 'gone', reason };
    }
  }

  /**
   * Follows a seed store's pointer: reads it and, when it names another version, loads that version and serves it.
   * Never throws: a store that cannot be read, or a version that is not a valid seed, is rejected with the reason and
   * the current snapshot goes on being served. Queued with the other reloads.
   */
  follow(pointer: () => Promise<string>, load: (version: string) => Promise<Snapshot>): Promise<ReloadResult> {
    const run = this.queue.then(async (): Promise<ReloadResult> => {
      let named: string | undefined;
      try {
        const version = await pointer();
        named = version;
        if (version === this.currentSnapshot.version) return { status: 'unchanged', version };
        const snapshot = this.byVersion(version) ?? (await load(version));
        if (snapshot.version !== version) throw new SeedError(`the store file of ${version} holds version ${snapshot.version}`);
        return this.replace(snapshot);
      } catch (err) {
        const reason = err instanceof SeedError ? err.message : `unexpected error: ${(err as Error).message}`;
        const rejected: ReloadResult = { status: 'rejected', version: this.currentSnapshot.version, reason, unreadable: err instanceof StoreUnreadableError };
        if (named !== undefined) rejected.pointer = named;
        return rejected;
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
        return { status: 'rejected', version: this.currentSnapshot.version, reason, unreadable: false };
      }
    });
    this.queue = run;
    return run;
  }
}
