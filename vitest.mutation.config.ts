import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests that mutation testing runs (stryker.config.mjs): those that run the checking code, the SDK and the
 * service in process. Tests of the compiled CLI (bin/catalog.js runs compiled/, made before the mutants) cannot see a
 * mutant, and are left out.
 */
export default defineConfig({
  test: {
    include: [
      'test/rules/**/*.test.ts',
      'test/beneficiary/**/*.test.ts',
      'test/history/**/*.test.ts',
      'test/parse/yaml-mistakes.test.ts',
      'test/trust/hostile.test.ts',
      // The SDK against a scripted fetch, and the service in process (fastify's inject).
      'test/client/sdk.test.ts',
      'test/client/mutation-*.test.ts',
      'test/service/auth.test.ts',
      'test/service/params.test.ts',
      'test/service/pagination.test.ts',
      'test/service/error-path.test.ts',
      // The error table against docs/service.md: what pins the table's texts.
      'test/service/http.test.ts',
      // Seeds refused or sorted (snapshotOf), and the snapshots a store keeps.
      'test/service/store.test.ts',
      'test/service/mutation-*.test.ts',
    ],
    // It reads the rules' source text for their message ids: Stryker's sandbox holds the instrumented sources, where
    // no id is written as a literal, so it fails there (and could not see a mutant anyway).
    exclude: [...configDefaults.exclude, 'test/rules/meta-messages.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
