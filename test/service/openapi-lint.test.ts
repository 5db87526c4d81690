/**
 * The OpenAPI document as the tools clients use read it: Redocly (recommended ruleset) and Spectral (spectral:oas)
 * find no error, no warning, nothing at all. Both run on the document the service generates (a few seconds).
 */
import { describe, expect, it } from 'vitest';
import { lintOpenApi } from '../helpers/openapi-lint.js';

describe('the OpenAPI document through Redocly and Spectral', () => {
  it('no error, no warning, no hint', async () => {
    const results = await lintOpenApi();
    expect(results.map((r) => r.tool)).toEqual(['redocly lint (recommended)', 'spectral lint (spectral:oas)']);
    for (const r of results) {
      expect(r.problems, r.tool).toEqual([]);
      expect({ errors: r.errors, warnings: r.warnings, others: r.others, exitCode: r.exitCode }, r.tool).toEqual({
        errors: 0,
        warnings: 0,
        others: 0,
        exitCode: 0,
      });
    }
  }, 60_000);
});
