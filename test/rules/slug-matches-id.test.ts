import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

/** A rail copied from BR-pix under another id, with the slug given. */
const copy = (id: string, slug: string) => ({
  [`rails/${id}.yaml`]: setLine(setLine(setLine(RAIL_BR_PIX, 'id', `id: ${id}`), 'slug', `slug: ${slug}`), 'name', `name: Copy ${id}`),
});

describe('slug-matches-id', () => {
  it.each([
    { name: 'the fixture (BR-pix, slug pix)', files: {} },
    { name: 'a method with an underscore (BR-pix_qr, slug pix_qr)', files: copy('BR-pix_qr', 'pix_qr') },
    { name: 'a method with digits (BR-ted2, slug ted2)', files: copy('BR-ted2', 'ted2') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'slug-matches-id')).toEqual([]);
  });

  it.each([
    { name: 'the slug of the rail it was copied from', id: 'BR-ted', slug: 'pix', fix: 'slug: ted' },
    { name: 'hyphens where the id has underscores', id: 'BR-pix_qr', slug: 'pix-qr', fix: 'slug: pix_qr' },
    { name: 'the method as a prefix only', id: 'BR-pix_qr', slug: 'pix', fix: 'slug: pix_qr' },
    { name: 'a longer slug than the method', id: 'BR-ted', slug: 'ted_transfer', fix: 'slug: ted' },
  ])('reports $name, at the slug', async ({ id, slug, fix }) => {
    const problems = await problemsOf(copy(id, slug), 'slug-matches-id');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([[`rails/${id}.yaml`, '/slug', 2, 7]]);
    expect(problems[0].message).toContain(fix);
  });
});
