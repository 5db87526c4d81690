import { describe, expect, it } from 'vitest';
import { parsePointer, toPointer } from '../../src/model/pointer.js';

describe('JSON pointers', () => {
  it.each([
    [[], ''],
    [['fields', 0, 'pattern'], '/fields/0/pattern'],
    [['a/b', 'c~d', '~1', ''], '/a~1b/c~0d/~01/'],
    [['x//y~~'], '/x~1~1y~0~0'],
  ] as Array<[Array<string | number>, string]>)('%j is %j, and back', (segments, pointer) => {
    expect(toPointer(segments)).toBe(pointer);
    expect(parsePointer(pointer)).toEqual(segments.map(String));
  });
});
