import { addEntry, type Catalog } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import { locateAll } from '../parse/source.js';
import { replaceScalar } from '../edit/fix.js';
import type { Rule, RuleContext } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import type { InvalidEntry } from './schema.js';

/** The rules that threw (a bug in the rule, not in the catalog): the other rules still ran. */
export type Crashed = Array<{ rule: string; error: Error }>;

/** Runs one rule over a catalog, adding what it reports to `problems` (its check, or its history check). */
export type RuleRun = (rule: Rule, catalog: Catalog, problems: Problem[]) => void;

/** True when `pointer` is `prefix` or lies under it. */
function within(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(`${prefix}/`);
}

/**
 * Rules also look at the entries the schema refused, so that one run reports everything: a rail with a lowercase
 * currency still hears that UK is not a country code. Rules are written for valid data, so on this pass a rule that
 * throws is skipped, and only problems of the refused entries that lie outside their broken parts are kept.
 * `run` runs a rule over the widened catalog (its check, or its history check).
 */
export function rulesOnInvalid(catalog: Catalog, invalid: InvalidEntry[], rules: Record<string, Rule>, already: Problem[], run: RuleRun): Problem[] {
  if (invalid.length === 0) return [];
  // Rules that read catalog.raw saw the refused entries in the first pass already.
  const key = (p: Problem) => `${p.file}\u0000${p.rule}\u0000${p.pointer}\u0000${p.message}`;
  const seen = new Set(already.map(key));
  const widened: Catalog = {
    rails: [...catalog.rails],
    assets: [...catalog.assets],
    countries: [...catalog.countries],
    policies: [...catalog.policies],
    raw: catalog.raw,
  };
  const brokenByFile = new Map<string, string[]>();
  for (const { entry, broken } of invalid) {
    if (!entry.data || typeof entry.data !== 'object') continue;
    addEntry(widened, entry.kind, { kind: entry.kind, file: entry.file, data: entry.data });
    brokenByFile.set(entry.file.path, broken);
  }
  const problems: Problem[] = [];
  for (const rule of Object.values(rules)) {
    const found: Problem[] = [];
    try {
      run(rule, widened, found);
    } catch {
      continue; // a malformed entry the rule cannot read: its schema problems already say what to fix
    }
    for (const p of found) {
      const broken = brokenByFile.get(p.file);
      if (broken && !broken.some((b) => within(p.pointer, b)) && !seen.has(key(p))) problems.push(p);
    }
  }
  return problems;
}

/** Runs rules' checks over a catalog; each problem is located at the node its pointer names. */
export function runRules(catalog: Catalog, today: string, rules: Record<string, Rule> = registry, crashed: Crashed = []): Problem[] {
  return eachRule(rules, crashed, (rule, problems) => runRule(rule, catalog, today, problems));
}

/** Runs `run` for each rule, gathering their problems; a rule that throws is recorded in `crashed`, the others go on. */
export function eachRule(rules: Record<string, Rule>, crashed: Crashed, run: (rule: Rule, problems: Problem[]) => void): Problem[] {
  const problems: Problem[] = [];
  for (const rule of Object.values(rules)) {
    try {
      run(rule, problems);
    } catch (error) {
      crashed.push({ rule: rule.id, error: error as Error });
    }
  }
  return problems;
}

/** What rules report, located at the node each pointer names (a fix only from a rule that declares fixes). */
export function reporter(rule: Rule, problems: Problem[]): RuleContext['report'] {
  return (entry, pointer, message, options) => {
    // Only a rule that declares fixes may carry one: a fix is a promise that --fix changes nothing but the writing.
    const fix = rule.fixable && options.fix ? replaceScalar(entry.file, pointer, options.fix.value) : undefined;
    // TypeScript holds a rule to its declared ids (defineRule); this holds a rule built without it.
    if (!Object.hasOwn(rule.messages, options.messageId)) throw new Error(`rule ${rule.id} reports message id ${options.messageId}, which it does not declare`);
    for (const at of locateAll(entry.file, pointer, message, options.target)) {
      const problem: Problem = { file: entry.file.path, ...at, severity: rule.severity, rule: rule.id, messageId: options.messageId, pointer };
      if (fix) problem.fix = fix;
      problems.push(problem);
    }
  };
}

/** Runs a rule's check over a catalog. */
export function runRule(rule: Rule, catalog: Catalog, today: string, problems: Problem[]): void {
  rule.check?.({ catalog, today, report: reporter(rule, problems) });
}

/** Splits rules by scope: those whose problems stay with a file, and those that need the whole catalog. */
export function rulesByScope(rules: Record<string, Rule>): { entry: Record<string, Rule>; catalog: Record<string, Rule> } {
  const entry: Record<string, Rule> = {};
  const catalog: Record<string, Rule> = {};
  for (const [id, rule] of Object.entries(rules)) (rule.scope === 'entry' ? entry : catalog)[id] = rule;
  return { entry, catalog };
}
