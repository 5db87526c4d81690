import { describe, expect, it } from 'vitest';
import { BoundedCache, ENTRY_OVERHEAD, stringBytes } from '../../src/service/representation/bounded-cache.js';
import { BUFFER_OVERHEAD, MIN_COMPRESS_BYTES, ownBytes, Representation } from '../../src/service/representation/representation.js';
import { renderPage } from '../../src/service/representation/pages.js';

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
    // A 10-character key: 16 bytes of string header and one byte a character.
    const cache = new BoundedCache<Value>({ maxBytes: 100 * (ENTRY_OVERHEAD + 26), maxEntries: 1_000_000 });
    for (let i = 0; i < 10_000; i++) cache.set(`key-${String(i).padStart(6, '0')}`, new Value(0));
    expect(cache.size).toBe(100);
    expect(cache.heldBytes).toBe(100 * (ENTRY_OVERHEAD + 26));
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
    expect(cache.heldBytes).toBe(2 * (ENTRY_OVERHEAD + 17) + 1000);
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

describe('what an entry costs', () => {
  it.each([
    ['a one-byte key', 'v1\nrails\ncountry=BR\n50\n', 16 + 23],
    ['a key with a character past U+00FF: two bytes each', 'v1\nrails\nq=\u0100\n', 16 + 2 * 13],
  ])('%s', (_what, key, bytes) => {
    expect(stringBytes(key)).toBe(bytes);
  });

  it('a representation counts its body, its ETags and, once made, each compressed body and its ETag', async () => {
    const body = ownBytes(Buffer.from(JSON.stringify({ data: 'x'.repeat(4000) })));
    const rep = new Representation(body, '"v1-abcdefghijklmnop"');
    const bare = rep.cost;
    expect(bare).toBeGreaterThan(body.length + BUFFER_OVERHEAD);
    const br = await rep.variant('br');
    expect(rep.etagOf('br')).toBe('"v1-abcdefghijklmnop-br"');
    const withBr = rep.cost;
    expect(withBr - bare).toBeGreaterThanOrEqual(br.length + BUFFER_OVERHEAD + 2 * stringBytes(rep.etagOf('br')));
    const gzip = await rep.variant('gzip');
    expect(rep.cost - withBr).toBe(gzip.length + BUFFER_OVERHEAD);
  });

  it('a small body is never compressed and costs no compressed ETags', () => {
    const rep = new Representation(ownBytes(Buffer.from('{"data":[],"next_cursor":null}')), '"v1-abcdefghijklmnop"');
    expect(MIN_COMPRESS_BYTES).toBeGreaterThan(rep.body.length);
    const cost = rep.cost;
    expect(rep.codingFor('br, gzip')).toBe('identity');
    expect(rep.matching('"v1-abcdefghijklmnop-br"', rep.etag)).toBeUndefined();
    expect(rep.matching('W/"v1-abcdefghijklmnop"', rep.etag)).toBe('"v1-abcdefghijklmnop"');
    expect(rep.cost).toBe(cost);
  });

  it("a small page has its own allocation: holding it holds no slab of Node's buffer pool", async () => {
    const { fixtureSeed } = await import('./helpers.js');
    const { snapshotOf } = await import('../../src/service/representation/snapshot.js');
    const { CursorCodec } = await import('../../src/service/representation/cursor.js');
    const { endpoints } = await import('../../src/service/resources/endpoints.js');
    const snapshot = snapshotOf(await fixtureSeed());
    const endpoint = endpoints().rails;
    const page = renderPage(
      snapshot,
      endpoint,
      { limit: 1, cursor: undefined, filters: [], filterKey: '', limitReduced: false },
      undefined,
      new CursorCodec('cursor-secret-for-tests-0123456789abcdef'),
    );
    expect(page.body.length).toBeLessThan(4096);
    expect([page.body.byteOffset, page.body.buffer.byteLength]).toEqual([0, page.body.length]);
    const pooled = Buffer.from('{"data":[1]}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    expect(ownBytes(pooled).buffer.byteLength).toBe(pooled.length);
  });
});
