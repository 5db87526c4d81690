/**
 * The SDK's offline validateBeneficiary (the bundle) and the service's POST /api/v1/rails/{id}/beneficiary-checks
 * answer the same, for every field of every rail of the bundled catalog: its examples, its counterexamples and
 * generated mutations of them; for a dependent field, also each variant's with each of its options chosen, and the
 * field's own with no choice made.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatsOf, resolveField } from '../../src/beneficiary/dependent.js';
import { validateCatalog } from '../../src/pipeline/validate.js';
import type { Rail, RailField, SeedField } from '../../src/generated/types.js';
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
  out.add(`${value}\u200b`);
  out.add('');
  out.add('x'.repeat(300));
  out.delete(value);
  return [...out];
}

/**
 * A valid beneficiary of a rail: each select's first option, each field's first example (a name for a free-text field
 * without any), a dependent field's first example of the variant its select's choice gives, and no value for a field
 * that does not apply to that choice.
 */
function sampleValues(fields: RailField[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const resolved = resolveField(fields as SeedField[], f as SeedField, values);
    if (!resolved.applies) continue;
    const variant = f.dependsOn?.variants.find((v) => resolved.choice && v.when.includes(resolved.choice.value));
    // A free-text field without examples (a holder's name) gets a name, so that the other fields' verdicts decide.
    const first =
      variant?.examples?.[0] ?? f.examples?.[0] ?? f.options?.[0]?.value ?? (f.type === 'text' && f.pattern === undefined ? 'Ada Lovelace' : undefined);
    if (first !== undefined) values[f.name] = first;
  }
  return values;
}

/**
 * The values to try on a field, each with the values of the other fields: its examples, counterexamples and their
 * mutations with the sample choices; those of each variant of a dependent field with each option of the variant
 * chosen (and the field's own with no choice made, where the field as written applies).
 */
function trials(fields: RailField[], field: RailField, base: Record<string, string>): Array<{ given: Record<string, string>; value: string }> {
  const own = [
    ...(field.examples ?? []),
    ...(field.counterexamples ?? []),
    ...(field.examples ?? []).flatMap(mutations),
    ...(field.options ?? []).map((o) => o.value.toUpperCase()),
  ];
  own.push(...(field.counterexamples ?? []).slice(0, 2).flatMap(mutations).slice(0, 6));
  const out = own.map((value) => ({ given: base, value }));
  const controller = field.dependsOn?.field;
  if (controller === undefined) return out;
  const { [controller]: _chosen, ...unchosen } = base;
  out.push(...own.map((value) => ({ given: unchosen, value })));
  for (const { format } of formatsOf(field as SeedField)) {
    const vectors = format as RailField & { when?: string[] };
    const values = [
      ...(vectors.examples ?? []),
      ...(vectors.counterexamples ?? []),
      ...(vectors.examples ?? []).flatMap(mutations).slice(0, 8),
      ...(field.examples ?? []).slice(0, 3),
    ];
    const options = vectors.when ?? (fields.find((f) => f.name === controller)?.options ?? []).map((o) => o.value);
    for (const option of options) {
      const given = sampleValues(fields.map((f) => (f.name === controller ? { ...f, options: f.options?.filter((o) => o.value === option) } : f)));
      out.push(...values.map((value) => ({ given, value })));
    }
  }
  return out;
}

async function service(id: string, values: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/rails/${id}/beneficiary-checks`,
    headers: { ...AUTH, 'content-type': 'application/json' },
    payload: JSON.stringify({ values }),
  });
  return res;
}

describe('offline validateBeneficiary (SDK bundle) = beneficiary-checks (service)', () => {
  it('for every field of every bundled rail: examples, counterexamples and mutations', async () => {
    let compared = 0;
    let invalid = 0;
    // Values of dependent fields tried with a choice made in their select: [accepted, refused].
    const dependent = [0, 0];
    for (const rail of rails) {
      const published = seedRails.get(rail.id);
      const base = sampleValues(rail.fields);
      for (const field of rail.fields) {
        for (const trial of trials(rail.fields, field, base)) {
          const value = trial.value;
          const given = { ...trial.given, [field.name]: value };
          const offline = sdk.validateBeneficiary(published, given);
          const res = await service(rail.id, given);
          if (rail.phase === 'never') {
            expect(res.statusCode).toBe(409);
            continue;
          }
          expect(res.statusCode).toBe(200);
          const online = res.json();
          expect({
            rail: rail.id,
            value,
            valid: offline.valid,
            normalized: offline.normalized,
            codes: offline.errors.map((e: any) => [e.field, e.code]),
          }).toEqual({
            rail: rail.id,
            value,
            valid: online.valid,
            normalized: online.normalized,
            codes: online.errors.map((e: any) => [e.field, e.code]),
          });
          expect(offline).toEqual(online);
          compared++;
          if (!online.valid) invalid++;
          if (field.dependsOn && trial.given[field.dependsOn.field] !== undefined) dependent[online.valid ? 0 : 1]++;
        }
      }
    }
    console.log(`differential: ${compared} values compared, ${invalid} refused`);
    // A few hundred values at least, and both verdicts well represented.
    expect(compared).toBeGreaterThan(300);
    expect(invalid).toBeGreaterThan(100);
    expect(compared - invalid).toBeGreaterThan(80);
    expect(dependent[0], 'dependent values accepted').toBeGreaterThan(40);
    expect(dependent[1], 'dependent values refused').toBeGreaterThan(100);
  }, 120_000);

  it('dependent fields: the chosen option decides the format, or that the field does not apply', async () => {
    const cases: Array<[string, Record<string, unknown>, Array<[string, string]>]> = [
      ['BR-pix', { pixKeyType: 'cnpj', pixKey: 'joao.silva@example.com.br' }, [['pixKey', 'max_length']]],
      ['BR-pix', { pixKeyType: 'cnpj', pixKey: 'jo@x.com.br' }, [['pixKey', 'pattern']]],
      ['BR-pix', { pixKeyType: 'email', pixKey: 'joao.silva@example.com.br' }, []],
      ['BR-pix', { pixKeyType: 'cpf', pixKey: '11222333000181' }, [['pixKey', 'max_length']]],
      ['MX-spei', { accountType: 'clabe', clabe: '002010077777777771', bankCode: '40012', beneficiaryName: 'Ana' }, [['bankCode', 'not_applicable']]],
      ['MX-spei', { accountType: 'phone', clabe: '5512345678', beneficiaryName: 'Ana' }, [['bankCode', 'required']]],
      ['IN-imps', { transferMode: 'mobile_mmid', mobileNumber: '+919876543210', mmid: '9001111', beneficiaryName: 'Ramesh' }, []],
      [
        'IN-imps',
        { transferMode: 'mobile_mmid', ifsc: 'SBIN0000300', mobileNumber: '+919876543210', mmid: '9001111', beneficiaryName: 'Ramesh' },
        [['ifsc', 'not_applicable']],
      ],
    ];
    for (const [id, values, codes] of cases) {
      const online = (await service(id, values)).json();
      expect(sdk.validateBeneficiary(seedRails.get(id), values)).toEqual(online);
      expect(
        online.errors.map((e: any) => [e.field, e.code]),
        `${id} ${JSON.stringify(values)}`,
      ).toEqual(codes);
    }
    // Refused with what a CNPJ looks like, in both languages.
    const cnpj = (await service('BR-pix', cases[0][1])).json().errors[0];
    expect(cnpj.message.en).toMatch(/^with Pix key type CNPJ .*: too long: .*CNPJ key: the 14 characters/);
    expect(cnpj.message.fr).toContain('CNPJ');
    expect(cnpj.help.en).toMatch(/^CNPJ key/);
  });

  it('fieldFor gives a generated form the field as it stands for the choice, from the same module', () => {
    const pix = seedRails.get('BR-pix');
    const cnpj = sdk.fieldFor(pix, 'pixKey', { pixKeyType: 'cnpj' })!;
    expect(cnpj.applies).toBe(true);
    expect(cnpj.field).toMatchObject({
      name: 'pixKey',
      type: 'pix_key',
      pattern: '^[0-9A-Z]{12}[0-9]{2}$',
      maxLength: 14,
      help: { en: expect.stringMatching(/^CNPJ key/) },
    });
    expect(cnpj.field).not.toHaveProperty('dependsOn');
    // Nothing chosen: the field as written, the union of the five formats.
    expect(sdk.fieldFor(pix, 'pixKey', {})!.field).toBe(pix.fields[1]);
    expect(sdk.fieldFor(seedRails.get('MX-spei'), 'bankCode', { accountType: 'clabe' })!.applies).toBe(false);
    expect(sdk.fieldFor(seedRails.get('MX-spei'), 'bankCode', { accountType: 'phone' })!.field.required).toBe(true);
    expect(sdk.fieldFor(pix, 'nope', {})).toBeUndefined();
  });

  it('unknown fields and non-text values too', async () => {
    const rail = seedRails.get('BR-pix');
    for (const values of [{ pixkey: 'x' }, { pixKey: 52998224725 }, { pixKey: null }, { pixKey: ['a'] }, { pixKeyType: true }, {}]) {
      const res = await service('BR-pix', values);
      expect(sdk.validateBeneficiary(rail, values)).toEqual(res.json());
    }
  });
});
