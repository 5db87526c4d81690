import { describe, expect, it } from 'vitest';
import { BoundedCache, ENTRY_OVERHEAD } from '../../src/service/cache.js';

class Value {
  constructor(public cost: number) {}
}

describe('BoundedCache', () => {
  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new BoundedCache<Value>({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) cache.set(k, new Value(1));
    cache.get('a');
    cache.set('d', new Value(1));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('counts the key and the bookkeeping, not only the bytes of the value: empty values still fill it', () => {
    const cache = new BoundedCache<Value>({ maxBytes: 100 * (ENTRY_OVERHEAD + 20), maxEntries: 1_000_000 });
    for (let i = 0; i < 10_000; i++) cache.set(`key-${String(i).padStart(6, '0')}`, new Value(0));
    expect(cache.size).toBe(100);
    expect(cache.heldBytes).toBe(100 * (ENTRY_OVERHEAD + 20));
  });

  it('re-counts a value that grew, and drops the oldest to stay within bounds', () => {
    const cache = new BoundedCache<Value>({ maxBytes: 3 * ENTRY_OVERHEAD + 1000, maxEntries: 10 });
    const values = ['a', 'b', 'c'].map((k) => {
      const v = new Value(0);
      cache.set(k, v);
      return v;
    });
    expect(cache.size).toBe(3);
    values[2].cost = 1000;
    cache.recount('c', values[2]);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.heldBytes).toBe(2 * (ENTRY_OVERHEAD + 2) + 1000);
  });

  it('never holds a value larger than the whole budget; 0 entries turns it off', () => {
    const cache = new BoundedCache<Value>({ maxBytes: 1000 });
    cache.set('big', new Value(2000));
    expect(cache.size).toBe(0);
    const off = new BoundedCache<Value>({ maxEntries: 0 });
    off.set('a', new Value(1));
    expect(off.size).toBe(0);
  });
});
