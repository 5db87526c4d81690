import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleMeta } from '../rules/define.js';
import { ruleMetaFile } from './quick.js';

/**
 * Every rule's metadata as allRuleMeta() (src/rules/index.ts) returns it, written to JSON by scripts/compile.mjs, so
 * that `catalog rules` lists the rules without loading their checks (and the packages they use). Two folders up from
 * src/cli and from compiled/cli. test/build/compiled.test.ts checks that it is what allRuleMeta() returns.
 */
export const RULE_META_FILE = ruleMetaFile(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));

/** The metadata of every rule, core checks first, read from the file scripts/compile.mjs made. */
export function compiledRuleMeta(): RuleMeta[] {
  try {
    return JSON.parse(readFileSync(RULE_META_FILE, 'utf8')) as RuleMeta[];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new Error(`the rules' metadata is missing (${RULE_META_FILE}): run \`npm run compile\` (or \`npm ci\`) in the project folder`);
  }
}
