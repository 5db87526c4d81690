/** Something a BoundedCache holds: it says what it costs in memory, in bytes, beyond the cache's own bookkeeping. */
export interface Costed {
  readonly cost: number;
}

/**
 * What one entry costs besides its value's own `cost` and its key: the Map's slot (its hash table doubles, so up to
 * half of it is free) and the record of the entry. Measured on Node 20 by scripts/measure-cache.ts.
 */
export const ENTRY_OVERHEAD = 112;

/** What V8 holds for a flat string: a header and one byte a character (two when any is past U+00FF). */
export function stringBytes(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the Latin-1 range, which V8 stores one byte a character
  return 16 + (/[^\x00-\xff]/.test(text) ? 2 : 1) * text.length;
}

export interface CacheLimits {
  /** Bytes held at most, counting every entry's true cost (default 32 MiB). */
  maxBytes?: number;
  /** Entries held at most, whatever their size (default 10,000). */
  maxEntries?: number;
}

/**
 * A least-recently-used cache bounded by entry count AND by the true cost of its entries: the value's own cost plus
 * its key (a flat string: build keys with join, not template literals, whose trees of concatenations V8 keeps) plus
 * ENTRY_OVERHEAD. Counting body bytes alone let a flood of distinct small entries
 * (empty pages) grow the process without bound. A value whose cost changes after it was stored (a compressed variant
 * added) is re-counted with `recount`.
 */
export class BoundedCache<V extends Costed> {
  private readonly entries = new Map<string, { value: V; cost: number }>();
  private bytes = 0;
  readonly maxBytes: number;
  readonly maxEntries: number;

  constructor(limits: CacheLimits = {}) {
    this.maxBytes = limits.maxBytes ?? 32 * 1024 * 1024;
    this.maxEntries = limits.maxEntries ?? 10_000;
  }

  /** The true cost of holding `value` under `key`. */
  static costOf(key: string, value: Costed): number {
    return ENTRY_OVERHEAD + stringBytes(key) + value.cost;
  }

  /** The value under `key`, which becomes the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Already the most recently used (the same page asked again): nothing to move.
    if (entry !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = entry;
    }
    return entry.value;
  }

  /** The entry last stored or moved to the end of `entries` (the most recently used), if still held. */
  private newest: { value: V; cost: number } | undefined;

  /** Stores a value (the most recently used) and drops the least recently used ones past either bound. */
  set(key: string, value: V): void {
    const cost = BoundedCache.costOf(key, value);
    this.delete(key);
    if (cost > this.maxBytes || this.maxEntries < 1) return;
    const entry = { value, cost };
    this.entries.set(key, entry);
    this.newest = entry;
    this.bytes += cost;
    this.evict();
  }

  /** Counts again what `value`, stored under `key`, costs (after it grew); a value no longer held is left alone. */
  recount(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return;
    const cost = BoundedCache.costOf(key, value);
    this.bytes += cost - entry.cost;
    entry.cost = cost;
    if (cost > this.maxBytes) this.delete(key);
    else this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.cost;
    if (entry === this.newest) this.newest = undefined;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
      this.bytes -= entry.cost;
      if (entry === this.newest) this.newest = undefined;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held, true cost. */
  get heldBytes(): number {
    return this.bytes;
  }
}
