/**
 * outsideBroken: an entry the schema refused is judged by the history rules outside its broken parts. Each broken
 * pointer takes the base's value there, or is left out where the base has none; a list item stays in its place.
 */
import { describe, expect, it } from 'vitest';
import type { InvalidEntry } from '../../src/check/schema.js';
import type { Catalog } from '../../src/model/catalog.js';
import { outsideBroken } from '../../src/history/outside-broken.js';

const file = { path: 'catalog/rails/BR-pix.yaml', absolute: '/catalog/rails/BR-pix.yaml', text: '' };
const entry = (kind: 'rail' | 'country', data: unknown) => ({ kind, file, data }) as any;

function catalogOf(kind: 'rail' | 'country', ...data: unknown[]): Catalog {
  const entries = data.map((d) => entry(kind, d));
  return {
    rails: kind === 'rail' ? entries : [],
    assets: [],
    countries: kind === 'country' ? entries : [],
    policies: [],
    raw: entries,
  };
}

/** The data the history rules see for a refused rail `now` with the broken pointers, against base rails. */
function judged(now: unknown, broken: string[], ...base: unknown[]): unknown {
  const catalog = catalogOf('rail', now);
  const invalid: InvalidEntry[] = [{ entry: catalog.raw[0], broken }];
  return outsideBroken({ catalog, base: catalogOf('rail', ...base) }, invalid).catalog.rails[0].data;
}

describe('outsideBroken', () => {
  it.each([
    // [what, the entry now, broken pointers, base entries, what is judged]
    ['a broken value takes the base value', { id: 'BR-pix', fee: 'x' }, ['/fee'], [{ id: 'BR-pix', fee: 1 }], { id: 'BR-pix', fee: 1 }],
    ['a broken key the base lacks is left out', { id: 'BR-pix', feee: 1 }, ['/feee'], [{ id: 'BR-pix' }], { id: 'BR-pix' }],
    [
      'nested: the base value at the same place',
      { id: 'BR-pix', l: { max: 'x', min: 1 } },
      ['/l/max'],
      [{ id: 'BR-pix', l: { max: 5 } }],
      { id: 'BR-pix', l: { max: 5, min: 1 } },
    ],
    [
      'nested, the base has no parent there: left out',
      { id: 'BR-pix', l: { max: 'x', min: 1 } },
      ['/l/max'],
      [{ id: 'BR-pix' }],
      { id: 'BR-pix', l: { min: 1 } },
    ],
    ['nested, the base parent is not an object: left out', { id: 'BR-pix', l: { max: 'x' } }, ['/l/max'], [{ id: 'BR-pix', l: 3 }], { id: 'BR-pix', l: {} }],
    [
      'a list item the base lacks stays in its place',
      { id: 'BR-pix', c: ['BR', 'x', 'AR'] },
      ['/c/1'],
      [{ id: 'BR-pix', c: ['BR'] }],
      { id: 'BR-pix', c: ['BR', 'x', 'AR'] },
    ],
    [
      'a list item the base has takes its value',
      { id: 'BR-pix', c: ['BR', 'x'] },
      ['/c/1'],
      [{ id: 'BR-pix', c: ['BR', 'UY'] }],
      { id: 'BR-pix', c: ['BR', 'UY'] },
    ],
    ['the whole entry broken: left as it is', { id: 'BR-pix', fee: 'x' }, [''], [{ id: 'BR-pix', fee: 1 }], { id: 'BR-pix', fee: 'x' }],
    ['a pointer under a missing parent: nothing to change', { id: 'BR-pix' }, ['/l/max'], [{ id: 'BR-pix', l: { max: 5 } }], { id: 'BR-pix' }],
    ['a pointer under a null: nothing to change', { id: 'BR-pix', l: null }, ['/l/x/y'], [{ id: 'BR-pix', l: { x: { y: 1 } } }], { id: 'BR-pix', l: null }],
    ['a pointer under a scalar: nothing to change', { id: 'BR-pix', l: 2 }, ['/l/max'], [{ id: 'BR-pix', l: { max: 5 } }], { id: 'BR-pix', l: 2 }],
    ['no base entry of that id: broken parts left out', { id: 'BR-pix', fee: 'x', n: 1 }, ['/fee'], [{ id: 'BR-ted', fee: 1 }], { id: 'BR-pix', n: 1 }],
    [
      'two base entries of one id: the first',
      { id: 'BR-pix', fee: 'x' },
      ['/fee'],
      [
        { id: 'BR-pix', fee: 1 },
        { id: 'BR-pix', fee: 2 },
      ],
      { id: 'BR-pix', fee: 1 },
    ],
    ['a base entry that is not a mapping is no match', { id: 'BR-pix', fee: 'x' }, ['/fee'], [null, { id: 'BR-pix', fee: 1 }], { id: 'BR-pix', fee: 1 }],
  ])('%s', (_what, now, broken, base, expected) => {
    expect(judged(now, broken, ...base)).toEqual(expected);
  });

  it('the base value is copied, not shared', () => {
    const base = { id: 'BR-pix', l: { max: { v: 5 } } };
    const data = judged({ id: 'BR-pix', l: { max: 'x' } }, ['/l/max'], base) as { l: { max: { v: number } } };
    data.l.max.v = 6;
    expect(base.l.max.v).toBe(5);
  });

  it('a country is matched by its code, and entries the schema accepted are the same objects', () => {
    const catalog = catalogOf('country', { code: 'FR', name: 1 }, { code: 'DE', name: 'Germany' });
    const base = catalogOf('country', { code: 'DE', name: 'Deutschland' }, { code: 'FR', name: 'France' });
    const view = outsideBroken({ catalog, base }, [{ entry: catalog.raw[0], broken: ['/name'] }]);
    expect(view.catalog.countries.map((c) => c.data)).toEqual([
      { code: 'FR', name: 'France' },
      { code: 'DE', name: 'Germany' },
    ]);
    expect(view.catalog.countries[1]).toBe(catalog.countries[1]);
    expect(view.base).toBe(base);
  });
});
