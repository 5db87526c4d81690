import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCatalog } from '../../src/pipeline/validate.js';
import { schemaErrors } from '../../src/model/schemas.js';
import { buildSeed } from '../../src/seed/build.js';

const root = path.resolve(__dirname, '../..');

describe('the bundled catalog', () => {
  // Judged on a date far ahead, so that no verifiedAt can be in the future whatever the day the suite runs;
  // staleness is only a warning.
  it("has no error, and its seed meets the seed schema and the issue's coverage", async () => {
    const { report, catalog } = await validateCatalog({ dir: 'catalog', cwd: root, today: '2099-12-31' });
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const seed = buildSeed(catalog);
    expect(schemaErrors('seed', seed)).toEqual([]);
    expect(seed.rails.length).toBeGreaterThanOrEqual(30);
    expect(new Set(seed.rails.flatMap((r) => r.countries)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(seed.rails.map((r) => r.kind)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(seed.rails.map((r) => r.phase))).toEqual(new Set(['live', 'beta', 'planned', 'never']));
    expect(seed.assets.length).toBeGreaterThanOrEqual(8);
    expect(seed.assets.some((a) => a.phase === 'never' && a.reason)).toBe(true);
    expect(seed.countries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seed.countries.map((c) => c.status))).toEqual(new Set(['open', 'coming', 'restricted']));
    expect(new Set(seed.countries.filter((c) => c.status === 'restricted').map((c) => c.reason))).toEqual(
      new Set(['international_sanctions', 'restrictive_measures', 'money_laundering_risk']),
    );
    expect([0, 2, 3].every((d) => seed.rails.some((r) => r.limits.decimals === d))).toBe(true);
    // The written country policy (not published) and a source for every rail (published).
    expect(catalog.policies.map((p) => p.data.id).sort()).toEqual([
      'eu-high-risk-third-countries',
      'eu-restrictive-measures',
      'fatf-call-for-action',
      'fatf-increased-monitoring',
      'us-ofac-comprehensive-sanctions',
    ]);
    expect(seed).not.toHaveProperty('policies');
    expect(seed.rails.filter((r) => !r.sources?.length).map((r) => r.id)).toEqual([]);
    expect(seed.countries.filter((c) => c.status === 'restricted' && c.currency !== null).map((c) => c.code)).toEqual([]);
  });
});
