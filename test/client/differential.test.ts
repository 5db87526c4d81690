/**
 * The SDK's offline validateBeneficiary (the bundle) and the service's POST /api/v1/rails/{id}/beneficiary-checks
 * answer the same, for every field of every rail of the bundled catalog: its examples, its counterexamples and
 * generated mutations of them.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateCatalog } from '../../src/pipeline/validate.js';
import type { Rail } from '../../src/generated/types.js';
import { buildSeed } from '../../src/seed/build.js';
import { AUTH, makeApp } from '../service/helpers.js';
import { importBundledSdk, ROOT } from './bundle.js';

let app: FastifyInstance;
let rails: Rail[];
let sdk: Awaited<ReturnType<typeof importBundledSdk>>;
let seedRails: Map<string, any>;

beforeAll(async () => {
  const validation = await validateCatalog({ dir: path.join(ROOT, 'catalog'), cwd: ROOT, today: '2026-11-22' });
  rails = validation.catalog.rails.map((e) => e.data as Rail);
  const seed = buildSeed(validation.catalog);
  seedRails = new Map(seed.rails.map((r) => [r.id, r]));
  ({ app } = await makeApp(seed));
  sdk = await importBundledSdk();
}, 60_000);

/** Deterministic mutations of a value: the typos and pastes users make. */
function mutations(value: string): string[] {
  const out = new Set<string>();
  if (value.length > 1) {
    out.add(value.slice(1));
    out.add(value.slice(0, -1));
    out.add(value.slice(0, 1) + value.slice(2));
    out.add(value[1] + value[0] + value.slice(2));
  }
  out.add(value + value.slice(-1));
  out.add(` ${value} `);
  out.add(value.toLowerCase());
  out.add(value.toUpperCase());
  out.add(value.replace(/(.{4})/g, '$1 ').trim());
  out.add(value.replace(/[0-9]/, (d) => String((Number(d) + 1) % 10)));
  out.add(value.replace(/[0-9](?=[^0-9]*$)/, (d) => String((Number(d) + 7) % 10)));
  out.add(value.replace(/-/g, ''));
  out.add(value + '\u200b');
  out.add('');
  out.add('x'.repeat(300));
  out.delete(value);
  return [...out];
}

async function service(id: string, values: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/v1/rails/${id}/beneficiary-checks`, headers: { ...AUTH, 'content-type': 'application/json' }, payload: JSON.stringify({ values }) });
  return res;
}

describe('offline validateBeneficiary (SDK bundle) = beneficiary-checks (service)', () => {
  it('for every field of every bundled rail: examples, counterexamples and mutations', async () => {
    let compared = 0;
    let invalid = 0;
    for (const rail of rails) {
      const published = seedRails.get(rail.id);
      const base: Record<string, string> = {};
      for (const f of rail.fields) {
        const first = f.examples?.[0] ?? f.options?.[0]?.value;
        if (first !== undefined) base[f.name] = first;
      }
      for (const field of rail.fields) {
        const values = [...(field.examples ?? []), ...(field.counterexamples ?? []), ...(field.examples ?? []).flatMap(mutations), ...(field.options ?? []).map((o) => o.value.toUpperCase())];
        values.push(...(field.counterexamples ?? []).slice(0, 2).flatMap(mutations).slice(0, 6));
        for (const value of values) {
          const given = { ...base, [field.name]: value };
          const offline = sdk.validateBeneficiary(published, given);
          const res = await service(rail.id, given);
          if (rail.phase === 'never') {
            expect(res.statusCode).toBe(409);
            continue;
          }
          expect(res.statusCode).toBe(200);
          const online = res.json();
          expect({ rail: rail.id, value, valid: offline.valid, normalized: offline.normalized, codes: offline.errors.map((e: any) => [e.field, e.code]) }).toEqual({
            rail: rail.id,
            value,
            valid: online.valid,
            normalized: online.normalized,
            codes: online.errors.map((e: any) => [e.field, e.code]),
          });
          expect(offline).toEqual(online);
          compared++;
          if (!online.valid) invalid++;
        }
      }
    }
    console.log(`differential: ${compared} values compared, ${invalid} refused`);
    // A few hundred values at least, and both verdicts well represented.
    expect(compared).toBeGreaterThan(300);
    expect(invalid).toBeGreaterThan(100);
    expect(compared - invalid).toBeGreaterThan(80);
  }, 120_000);

  it('unknown fields and non-text values too', async () => {
    const rail = seedRails.get('BR-pix');
    for (const values of [{ pixkey: 'x' }, { pixKey: 52998224725 }, { pixKey: null }, { pixKey: ['a'] }, { pixKeyType: true }, {}]) {
      const res = await service('BR-pix', values);
      expect(sdk.validateBeneficiary(rail, values)).toEqual(res.json());
    }
  });
});
