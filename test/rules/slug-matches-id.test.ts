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

  const tail = ' (a leftover from the rail this file was copied from? then check name and help too)';
  const underscores = ' (ids use underscores, and the slug follows the id)';
  it.each([
    {
      name: 'the slug of the rail it was copied from',
      id: 'BR-ted',
      slug: 'pix',
      message: `slug "pix" is not the method part of the id BR-ted: write slug: ted${tail}`,
    },
    {
      name: 'hyphens where the id has underscores',
      id: 'BR-pix_qr',
      slug: 'pix-qr',
      message: `slug "pix-qr" is not the method part of the id BR-pix_qr${underscores}: write slug: pix_qr${tail}`,
    },
    {
      name: 'every hyphen where the id has underscores',
      id: 'BR-pix_qr_code',
      slug: 'pix-qr-code',
      message: `slug "pix-qr-code" is not the method part of the id BR-pix_qr_code${underscores}: write slug: pix_qr_code${tail}`,
    },
    {
      name: 'the method as a prefix only',
      id: 'BR-pix_qr',
      slug: 'pix',
      message: `slug "pix" is not the method part of the id BR-pix_qr: write slug: pix_qr${tail}`,
    },
    {
      name: 'a longer slug than the method',
      id: 'BR-ted',
      slug: 'ted_transfer',
      message: `slug "ted_transfer" is not the method part of the id BR-ted: write slug: ted${tail}`,
    },
  ])('reports $name, at the slug', async ({ id, slug, message }) => {
    const problems = await problemsOf(copy(id, slug), 'slug-matches-id');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([[`rails/${id}.yaml`, '/slug', 2, 7, 'error', message]]);
  });

  it.each([
    { name: 'a lower-case country code', id: 'br-pix' },
    { name: 'a three-letter country prefix', id: 'BRA-pix' },
    { name: 'no hyphen after the country code', id: 'BRpix' },
    { name: 'nothing after the hyphen', id: 'BR-' },
    { name: 'a line break after the method', id: '"BR-pix\\n"' },
  ])('leaves a malformed id ($name) to the schema, whatever the slug', async ({ id }) => {
    const rail = setLine(setLine(RAIL_BR_PIX, 'id', `id: ${id}`), 'slug', 'slug: other');
    const problems = await problemsOf({ 'rails/BR-pix.yaml': rail }, 'slug-matches-id');
    expect(problems).toEqual([]);
  });
});
