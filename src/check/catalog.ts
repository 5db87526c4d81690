import type { Catalog } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import type { Loaded } from '../parse/load.js';
import type { Rule } from '../rules/define.js';
import { valueCharacters } from './characters.js';
import { rulesOnInvalid, runRule, runRules, type Crashed } from './rules.js';
import { checkSchemas, type InvalidEntry } from './schema.js';

/** What the checks of files found: the catalog of valid entries, the refused ones, and every problem. */
export interface Checked {
  catalog: Catalog;
  invalid: InvalidEntry[];
  problems: Problem[];
}

/**
 * The checks of each file alone (the check stage, file by file): what parsing found, the schema (integer literals
 * included) and the rules of scope 'entry', on the entries the schema accepts and on the sound parts of those it refuses.
 */
export function checkFiles(loaded: Loaded, today: string, entryRules: Record<string, Rule>, crashed: Crashed): Checked {
  // Before anything locates a problem: only the files the full YAML path read have a document now.
  const characters = loaded.files.flatMap((file) => (file.doc ? valueCharacters(file) : []));
  const { catalog, problems, invalid } = checkSchemas(loaded);
  // Appended in a loop, not spread into push: a spread of over about 100,000 problems overflows the stack.
  for (const list of [loaded.problems, characters, checkRules(catalog, invalid, today, entryRules, crashed)]) for (const p of list) problems.push(p);
  return { catalog, invalid, problems };
}

/**
 * Rules over a catalog: on its valid entries, then on what lies outside the broken parts of the refused ones, so that one
 * run reports everything.
 */
export function checkRules(catalog: Catalog, invalid: InvalidEntry[], today: string, rules: Record<string, Rule>, crashed: Crashed): Problem[] {
  const problems = runRules(catalog, today, rules, crashed);
  for (const p of rulesOnInvalid(catalog, invalid, rules, problems, (rule, widened, found) => runRule(rule, widened, today, found))) problems.push(p);
  return problems;
}
