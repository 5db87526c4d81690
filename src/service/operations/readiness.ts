import type { LoadEvent, ReloadResult } from './store.js';

/**
 * Whether a replica should get traffic (GET /readyz), and why not. Not ready: while it starts and once it drains;
 * while it cannot read its seed store (the last read of the store failed for a reason that may pass: permissions, a
 * mount gone, the network); while a read of the store has not answered for longer than the poll interval. A version
 * refused as invalid does not count: every replica refuses it and goes on serving the last good one, and making them
 * all not ready at once would take the whole fleet out.
 */
export class Readiness {
  private phase: 'starting' | 'serving' | 'stopping' = 'starting';
  /** The store could not be read, since when, why, and the version its pointer named when it was read. */
  private unreadable: { since: number; reason: string; pointer?: string } | null = null;
  /** A read of the store under way, since when. */
  private readingSince: number | null = null;

  /**
   * `pollMs`: how often the store is read (0: only on SIGHUP, so a read is never overdue). `served`: the version
   * served now, for the reasons given.
   */
  constructor(
    private readonly pollMs: number,
    private readonly served: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The replica listens with a seed loaded. */
  started(): void {
    if (this.phase === 'starting') this.phase = 'serving';
  }

  /** The replica drains (SIGTERM): never ready again. */
  stopping(): void {
    this.phase = 'stopping';
  }

  /** A read of the store's pointer begins (a poll or SIGHUP). */
  reading(): void {
    this.readingSince ??= this.now();
  }

  /** A read of the store's pointer ended with this result. */
  read(result: ReloadResult): void {
    this.readingSince = null;
    if (result.status === 'rejected' && result.unreadable) this.failed(result.reason, result.pointer);
    else this.unreadable = null;
  }

  /** A version loaded on demand for a cursor: a failure to read the store counts, a success clears it. */
  loaded(event: LoadEvent): void {
    if (event.ok) this.unreadable = null;
    else if (event.unreadable) this.failed(event.reason ?? 'unknown');
  }

  private failed(reason: string, pointer?: string): void {
    this.unreadable = { since: this.unreadable?.since ?? this.now(), reason, ...(pointer !== undefined ? { pointer } : {}) };
  }

  /** null when ready; otherwise why not, in words for the operator. */
  reason(): string | null {
    if (this.phase === 'starting') return 'starting: the seed is not served yet';
    if (this.phase === 'stopping') return 'stopping: draining in-flight requests';
    const now = this.now();
    if (this.unreadable) {
      const { pointer, reason, since } = this.unreadable;
      const seconds = Math.floor((now - since) / 1000);
      const lag = pointer !== undefined && pointer !== this.served() ? `serving ${this.served()} while the store's current version is ${pointer}; ` : '';
      return `${lag}the seed store cannot be read (for ${seconds} s): ${reason}`;
    }
    if (this.pollMs > 0 && this.readingSince !== null && now - this.readingSince > this.pollMs)
      return `a read of the seed store has not answered for ${Math.floor((now - this.readingSince) / 1000)} s (poll interval ${this.pollMs / 1000} s): serving ${this.served()}, which may lag the store`;
    return null;
  }
}
