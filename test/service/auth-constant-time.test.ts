import { describe, expect, it, vi } from 'vitest';

// Counts the comparisons KeyRing makes: it must compare the presented key with every key, match or not.
vi.mock('node:crypto', async (original) => (await import('../helpers/counting-crypto.js')).countingCrypto(original));
const { comparisons: calls } = await import('../helpers/counting-crypto.js');

const { digestOf, KeyRing } = await import('../../src/service/access/auth.js');

describe('KeyRing.verify', () => {
  const keys = ['first-key-0123456789', 'second-key-0123456789', 'third-key-0123456789'];
  const ring = new KeyRing(keys.map(digestOf));

  it.each([
    ['the first key', keys[0], true],
    ['the last key', keys[2], true],
    ['no key', 'unknown-key-0123456789', false],
  ])('compares %s with every key, without stopping at a match', (_name, key, expected) => {
    calls.count = 0;
    expect(ring.verify(key)).toBe(expected);
    expect(calls.count).toBe(keys.length);
  });

  it('compares fixed-size digests, whatever the length of the presented key', () => {
    calls.count = 0;
    expect(ring.verify('x'.repeat(4000))).toBe(false);
    expect(ring.verify('')).toBe(false);
    expect(calls.count).toBe(2 * keys.length);
  });
});
