import type { Catalog } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import { eachRule, reporter, rulesOnInvalid, type Crashed } from '../check/rules.js';
import type { InvalidEntry } from '../check/schema.js';
import type { Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import { historyView, type BaseDelta, type HistoryOptions } from './delta.js';
import { outsideBroken } from './outside-broken.js';

/**
 * The history checks of rules (validate --base), on what the change touched (historyView); then, as runRules and
 * rulesOnInvalid do for the checks, on the touched entries the schema refused.
 */
export function historyProblems(
  delta: BaseDelta,
  catalog: Catalog,
  invalid: InvalidEntry[],
  today: string,
  rules: Record<string, Rule> = registry,
  crashed: Crashed,
  options: HistoryOptions = {},
): Problem[] {
  const view = historyView(delta, catalog, options);
  const problems = eachRule(rules, crashed, (rule, found) => runHistory(rule, view, today, found));
  // One view for every rule: the refused entries judged outside their broken parts (outside-broken.ts).
  let judged: { catalog: Catalog; base: Catalog } | undefined;
  const onInvalid = (rule: Rule, widened: Catalog, found: Problem[]) => {
    judged ??= outsideBroken(historyView(delta, widened, options), invalid);
    runHistory(rule, judged, today, found);
  };
  problems.push(...rulesOnInvalid(catalog, invalid, rules, problems, onInvalid));
  return problems;
}

function runHistory(rule: Rule, view: { catalog: Catalog; base: Catalog }, today: string, problems: Problem[]): void {
  rule.history?.({ ...view, today, report: reporter(rule, problems) });
}
