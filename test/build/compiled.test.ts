import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { MANIFEST, OUT, RULE_META, SRC, sourceFiles, sourceHash, VALIDATOR_FILES, VALIDATORS } from '../../scripts/compile.mjs';
import { RULE_META_FILE } from '../../src/cli/rule-meta.js';
import { allRuleMeta } from '../../src/rules/index.js';
import { VALIDATORS_DIR } from '../../src/model/schemas.js';

// bin/catalog.js runs compiled/, not src/: the tests of src/ say nothing about the CLI a user runs unless compiled/
// was made from these very sources.
describe('compiled/ (what bin/catalog.js runs)', () => {
  it('was compiled from the current src/ and schemas/ (run `npm run compile` when this fails)', () => {
    expect(existsSync(MANIFEST), `${MANIFEST} is missing: run npm run compile`).toBe(true);
    const made = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { sources: string };
    expect(made.sources, 'compiled/ is older than src/: run npm run compile').toBe(sourceHash());
  });

  it('holds the CLI (compiled/cli/main.cjs, what bin/catalog.js loads) and the vendor bundles it requires', () => {
    const made = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { outputs: Record<string, string[]> };
    expect(Object.keys(made.outputs)).toEqual(expect.arrayContaining(['cli/main.cjs', 'vendor/yaml.cjs', 'vendor/fast-glob.cjs']));
    const missing = Object.keys(made.outputs).filter((f) => !existsSync(`${OUT}/${f}`));
    expect(missing).toEqual([]);
  });

  // Every output sits two folders below the project (compiled/cli, compiled/vendor), as src/<dir>/<file>.ts does: a
  // path built from import.meta.url (../../schemas) is right only in a source at that depth.
  it('builds paths from import.meta.url only in sources two folders below the project', () => {
    const deeper = (sourceFiles() as string[]).filter((f) => f.split('/').length !== 2 && readFileSync(`${SRC}/${f}`, 'utf8').includes('import.meta.url'));
    expect(deeper).toEqual([]);
  });

  it('holds the metadata of every rule, as the sources declare it (what catalog rules lists)', () => {
    expect(RULE_META_FILE).toBe(RULE_META);
    expect(JSON.parse(readFileSync(RULE_META, 'utf8'))).toEqual(allRuleMeta());
  });

  it('holds the precompiled schema validators, where src/model/schemas.ts loads them', () => {
    expect(VALIDATORS_DIR).toBe(VALIDATORS);
    for (const file of Object.keys(VALIDATOR_FILES)) expect(existsSync(path.join(VALIDATORS, file)), `${file} is missing: run npm run compile`).toBe(true);
  });
});
