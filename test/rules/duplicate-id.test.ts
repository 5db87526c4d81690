import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

describe('duplicate-id', () => {
  it('accepts distinct ids', async () => {
    expect(await problemsOf({}, 'duplicate-id')).toEqual([]);
  });

  it('reports the second entry with an id already used, at its id', async () => {
    // BR-pix.yaml and BR-pix2.yaml both say id: BR-pix; the second in path order is the duplicate.
    const problems = await problemsOf({ 'rails/BR-pix2.yaml': RAIL_BR_PIX }, 'duplicate-id');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['rails/BR-pix2.yaml', '/id', 1, 5]]);
    expect(problems[0].message).toContain('rails/BR-pix.yaml');
  });
});
