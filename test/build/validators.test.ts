import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { makeAjv, VALIDATED } from '../../scripts/compile.mjs';
import { ENTRY_KINDS } from '../../src/model/catalog.js';
import { integerFields } from '../../src/check/integers.js';
import { schemaAtRef, schemaErrors } from '../../src/model/schemas.js';
import { buildSeed } from '../../src/seed/build.js';
import { validateCatalog } from '../../src/pipeline/validate.js';

const ROOT = path.resolve(__dirname, '../..');
const CATALOG = path.join(ROOT, 'catalog');

// The CLI validates with the standalone code scripts/compile.mjs made from schemas/ (compiled/validators/ (entries.cjs and seed.cjs)).
// It must answer exactly what Ajv compiling the same schemas at run time answers: the same errors, in the same order,
// with the same schema, parentSchema and data (schema-problems.ts words its messages from them).
const ajv = makeAjv();
type Kind = 'rail' | 'asset' | 'country' | 'policy' | 'seed';
const atRunTime = (kind: Kind, value: unknown) => {
  const validate = ajv.getSchema(VALIDATED[kind])!;
  return validate(value) ? [] : [...(validate.errors ?? [])];
};

/** Every bundled entry, parsed: [kind, data]. */
const entries: Array<[Kind, unknown]> = Object.entries(ENTRY_KINDS).flatMap(([folder, kind]) =>
  readdirSync(path.join(CATALOG, folder))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => [kind as Kind, parse(readFileSync(path.join(CATALOG, folder, f), 'utf8'))] as [Kind, unknown]),
);

/** A small seeded generator (mulberry32): the same mutants on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REPLACEMENTS: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e21,
  '',
  'x',
  'brl',
  ' EUR ',
  '2026-02-30',
  '2026-13-01',
  true,
  'yes',
  [],
  [1],
  {},
  { extra: 1 },
  'a'.repeat(300),
];

/** Every path (list of keys and indexes) in a value. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...paths(v, [...at, i]));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

/** A copy of value with the node at `at` replaced (or deleted, or given an unknown key). */
function mutate(value: unknown, at: Array<string | number>, how: 'delete' | 'unknown' | { to: unknown }): unknown {
  const copy = structuredClone(value) as any;
  if (at.length === 0) return how === 'delete' ? undefined : how === 'unknown' ? { ...copy, unknownKey: 1 } : (how as { to: unknown }).to;
  let parent = copy;
  for (const seg of at.slice(0, -1)) parent = parent[seg];
  const last = at.at(-1)!;
  if (how === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (how === 'unknown') {
    if (parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last])) parent[last].unknownKey = 'x';
    else parent[last] = { unknownKey: 'x' };
  } else parent[last] = how.to;
  return copy;
}

/** The bundled entries and about 3,000 seeded mutants of them, with their kind. */
function cases(): Array<[Kind, unknown]> {
  const rand = random(9);
  const out: Array<[Kind, unknown]> = [...entries];
  for (const [kind, data] of entries) {
    const all = paths(data);
    for (let i = 0; i < 12; i++) {
      const at = all[Math.floor(rand() * all.length)];
      const r = rand();
      const how = r < 0.15 ? 'delete' : r < 0.25 ? 'unknown' : { to: REPLACEMENTS[Math.floor(rand() * REPLACEMENTS.length)] };
      out.push([kind, mutate(data, at, how)]);
    }
  }
  return out;
}

describe('the precompiled schema validators (compiled/validators/ (entries.cjs and seed.cjs))', () => {
  it('give the errors Ajv gives at run time, on the bundled entries and seeded mutants of them', () => {
    let invalid = 0;
    for (const [kind, value] of cases()) {
      const expected = atRunTime(kind, value);
      if (expected.length) invalid++;
      expect(schemaErrors(kind, value)).toEqual(expected);
    }
    expect(invalid).toBeGreaterThan(1000); // the mutants do exercise the errors
  });

  it('give the errors Ajv gives at run time on the seed and on mutants of it', async () => {
    const validation = await validateCatalog({ dir: CATALOG, cwd: ROOT, today: '2026-11-22' });
    const seed = buildSeed(validation.catalog);
    expect(schemaErrors('seed', seed)).toEqual([]);
    const rand = random(11);
    const all = paths(seed);
    let invalid = 0;
    for (let i = 0; i < 300; i++) {
      const at = all[Math.floor(rand() * all.length)];
      const r = rand();
      const value = mutate(seed, at, r < 0.15 ? 'delete' : r < 0.25 ? 'unknown' : { to: REPLACEMENTS[Math.floor(rand() * REPLACEMENTS.length)] });
      const expected = atRunTime('seed', value);
      if (expected.length) invalid++;
      expect(schemaErrors('seed', value)).toEqual(expected);
    }
    expect(invalid).toBeGreaterThan(100);
  });
});

// integers.ts finds the integer fields by walking the schemas through their $refs: it used Ajv's getSchema to follow
// a $ref, and follows them in the schema JSON now (schemaAtRef). The fields behind a $ref (a rail's fields, the seed's
// rails and assets) are the ones that would go missing.
describe('the integer fields, found through the $refs of the schemas', () => {
  it.each([
    [
      'rail',
      [
        '/fees/bps',
        '/fees/fixedMinor',
        '/fields/*/dependsOn/otherwise/maxLength',
        '/fields/*/dependsOn/variants/*/maxLength',
        '/fields/*/maxLength',
        '/limits/decimals',
        '/limits/maxMinor',
        '/limits/minMinor',
        '/settlement/p50Minutes',
        '/settlement/p95Minutes',
      ],
    ],
    ['asset', ['/decimals', '/quoteLockSeconds']],
    ['country', []],
    ['policy', []],
    [
      'seed',
      [
        '/assets/*/decimals',
        '/assets/*/quoteLockSeconds',
        '/meta/counts/assets',
        '/meta/counts/countries',
        '/meta/counts/rails',
        '/rails/*/fees/bps',
        '/rails/*/fees/fixedMinor',
        '/rails/*/fields/*/dependsOn/otherwise/maxLength',
        '/rails/*/fields/*/dependsOn/variants/*/maxLength',
        '/rails/*/fields/*/maxLength',
        '/rails/*/limits/decimals',
        '/rails/*/limits/maxMinor',
        '/rails/*/limits/minMinor',
        '/rails/*/settlement/p50Minutes',
        '/rails/*/settlement/p95Minutes',
      ],
    ],
  ])('%s: %j', (kind, expected) => {
    expect(integerFields(kind)).toEqual(expected);
  });

  it.each([
    ['common.schema.json#/definitions/date', 'rail.schema.json', 'string'],
    ['#/definitions/field', 'rail.schema.json', 'object'],
    ['#/definitions/rail', 'seed.schema.json', 'object'],
  ])('schemaAtRef(%s) from %s is the schema there', (ref, base, type) => {
    const target = schemaAtRef(ref.startsWith('#') ? base + ref : ref);
    expect(target?.type).toBe(type);
  });

  it('schemaAtRef is undefined for a $ref to nothing', () => {
    expect(schemaAtRef('common.schema.json#/definitions/noSuchThing')).toBeUndefined();
    expect(schemaAtRef('no-such.schema.json')).toBeUndefined();
  });
});
