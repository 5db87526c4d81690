import { defineConfig } from 'vitest/config';

/**
 * The tests that mutation testing runs (stryker.config.mjs): those that run the checking code in process. Tests of
 * the compiled CLI (bin/catalog.js runs compiled/, made before the mutants) cannot see a mutant, and are left out.
 */
export default defineConfig({
  test: {
    include: ['test/rules/**/*.test.ts', 'test/beneficiary/**/*.test.ts', 'test/history/**/*.test.ts', 'test/parse/yaml-mistakes.test.ts', 'test/trust/hostile.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
