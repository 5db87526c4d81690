import { describe, expect, it } from 'vitest';
import { boundHeapGrowth } from '../../src/service/operations/heap.js';

describe('boundHeapGrowth', () => {
  it.each([
    [[], true],
    [['--max-old-space-size=512'], true],
    [['--heap-growing-percent=100'], false],
    [['--heap_growing_percent=100'], false],
  ])('node started with %j: sets the cap %s', (execArgv, sets) => {
    expect(boundHeapGrowth(execArgv)).toBe(sets);
  });
});
