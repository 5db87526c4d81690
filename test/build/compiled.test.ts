import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { MANIFEST, OUT, sourceFiles, sourceHash, VALIDATORS } from '../../scripts/compile.mjs';
import { VALIDATORS_FILE } from '../../src/core/schemas.js';

// bin/catalog.js runs compiled/, not src/: the tests of src/ say nothing about the CLI a user runs unless compiled/
// was made from these very sources.
describe('compiled/ (what bin/catalog.js runs)', () => {
  it('was compiled from the current src/ and schemas/ (run `npm run compile` when this fails)', () => {
    expect(existsSync(MANIFEST), `${MANIFEST} is missing: run npm run compile`).toBe(true);
    const made = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { sources: string };
    expect(made.sources, 'compiled/ is older than src/: run npm run compile').toBe(sourceHash());
  });

  it('holds one JavaScript file for every TypeScript source', () => {
    const missing = (sourceFiles() as string[]).filter((f) => !existsSync(`${OUT}/${f.replace(/\.ts$/, '.js')}`));
    expect(missing).toEqual([]);
  });

  it('holds the precompiled schema validators, where src/core/schemas.ts loads them', () => {
    expect(VALIDATORS_FILE).toBe(VALIDATORS);
    expect(existsSync(VALIDATORS), `${VALIDATORS} is missing: run npm run compile`).toBe(true);
  });
});
