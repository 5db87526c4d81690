/**
 * node:crypto with its timingSafeEqual counted, for tests that check how many key comparisons the service makes. A test
 * file mocks node:crypto with it (vi.mock is hoisted per file, so the call stays in each file; the factory is here):
 *
 *   vi.mock('node:crypto', async (original) => (await import('./counting-crypto.js')).countingCrypto(original));
 *   const { comparisons } = await import('./counting-crypto.js');
 */
export const comparisons = { count: 0 };

export async function countingCrypto(importOriginal: <T>() => Promise<T>): Promise<typeof import('node:crypto')> {
  const original = await importOriginal<typeof import('node:crypto')>();
  return {
    ...original,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      comparisons.count++;
      return original.timingSafeEqual(a, b);
    },
  };
}
