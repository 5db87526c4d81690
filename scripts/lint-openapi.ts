/**
 * npm run lint:openapi: the service's generated OpenAPI document through Redocly (recommended) and Spectral
 * (spectral:oas), as test/service/openapi-lint.test.ts runs them. Prints what each found; exits 1 on any problem.
 */
import { lintOpenApi } from '../test/helpers/openapi-lint.js';

const results = await lintOpenApi();
for (const r of results) {
  console.log(`${r.tool}: ${r.errors} errors, ${r.warnings} warnings, ${r.others} others (exit ${r.exitCode})`);
  for (const p of r.problems) console.log(`  ${p}`);
}
process.exitCode = results.every((r) => r.problems.length === 0 && r.exitCode === 0) ? 0 : 1;
