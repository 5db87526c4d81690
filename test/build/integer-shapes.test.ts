import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTEGER_SHAPES_FILE, integerFields, integerShapesJson, isIntegerField, SHAPED_KINDS, walkShape, type Shape } from '../../src/check/integers.js';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { INTEGER_SHAPES } from '../../scripts/compile.mjs';

/** Every pointer shape of a walked trie, integer or not (`/fields/*\/maxLength`). */
function pointers(shape: Shape, prefix = ''): Array<[string, boolean]> {
  return [[prefix, shape.integer === true] as [string, boolean], ...[...shape.children].flatMap(([k, v]) => pointers(v, `${prefix}/${k}`))];
}

// compiled/integer-shapes.json is the walk of the schemas that a run would otherwise do: the same trie, kind by kind.
describe('compiled/integer-shapes.json', () => {
  it('is where src/check/integers.ts reads it, and what the walk of the schemas gives', () => {
    expect(INTEGER_SHAPES_FILE).toBe(INTEGER_SHAPES);
    expect(JSON.parse(readFileSync(INTEGER_SHAPES_FILE, 'utf8'))).toEqual(integerShapesJson());
  });

  it.each(SHAPED_KINDS)('answers every pointer shape of %s as the walk does', (kind) => {
    const walked = pointers(walkShape(kind));
    for (const [pointer, integer] of walked) expect(isIntegerField(kind, pointer.replace(/\*/g, '7')), `${kind} ${pointer}`).toBe(integer);
    expect(integerFields(kind)).toEqual(
      walked
        .filter(([, integer]) => integer)
        .map(([p]) => p)
        .sort(),
    );
  });
});
