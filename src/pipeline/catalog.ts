import { addEntry, type Catalog, type RawEntry } from '../model/catalog.js';
import { makeReport, type Problem, type Report } from '../model/problem.js';
import type { SourceFile } from '../parse/source.js';
import type { Crashed } from '../check/rules.js';
import { checkRules } from '../check/catalog.js';
import { withoutCharacterEchoes } from '../check/characters.js';
import type { InvalidEntry } from '../check/schema.js';
import { historyProblems } from '../history/check.js';
import type { BaseDelta } from '../history/delta.js';
import type { Rule } from '../rules/define.js';
import type { Judged } from './verdict.js';

/** Result of validating a catalog: the report, the files read, the catalog, for the build and --fix. */
export interface Validation {
  report: Report;
  /** The catalog's entry files, in catalog order. */
  files: SourceFile[];
  /** The valid entries; an entry the --cache memo vouched for holds only what the catalog-wide rules read. */
  catalog: Catalog;
  /** Rules that threw (a bug in the rule, not in the catalog): the other rules still ran. */
  crashed: Crashed;
  /** What each catalog-wide rule reported (the engine keeps it for its next run). */
  across: Map<string, Problem[]>;
}

/** What the checks across files need besides the judged files. */
export interface CatalogCheck {
  today: string;
  /** Every rule (the history checks run them all). */
  rules: Record<string, Rule>;
  /** The rules of scope 'catalog'. */
  acrossRules: Record<string, Rule>;
  /** The catalog-wide rules whose problems of the last run stand (src/pipeline/across.ts): they do not run. */
  standing: ReadonlyMap<string, Problem[]>;
  base?: BaseDelta;
}

/**
 * The stages after the check of each file alone: the catalog assembled from the judged files (in catalog order), the
 * checks across files, the history checks, the report.
 */
export function checkCatalog(judged: Judged[], check: CatalogCheck): Validation {
  const crashed: Crashed = [];
  const files: SourceFile[] = [];
  const catalog: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: [] };
  const invalid: InvalidEntry[] = [];
  const problems: Problem[] = [];
  const unknown = new Set<string>();
  const full = new Map<RawEntry, () => Record<string, unknown>>();
  for (const j of judged) {
    problems.push(...j.verdict.problems);
    if (j.file) files.push(j.file);
    if (j.unknown) unknown.add(j.name);
    if (!j.entry) continue;
    catalog.raw.push(j.entry);
    if (j.full) full.set(j.entry, j.full);
    if (j.verdict.broken) invalid.push({ entry: j.entry, broken: j.verdict.broken });
    else addEntry(catalog, j.entry.kind, j.entry);
  }
  const toRun = Object.fromEntries(Object.entries(check.acrossRules).filter(([id]) => !check.standing.has(id)));
  const found = checkRules(catalog, invalid, check.today, toRun, crashed);
  const across = new Map(check.standing);
  for (const id of Object.keys(toRun)) across.set(id, []);
  for (const p of found) across.get(p.rule)?.push(p);
  for (const list of [found, ...check.standing.values()]) for (const p of list) problems.push(p);
  if (check.base) {
    const whole = (e: RawEntry) => full.get(e)?.() ?? e.data;
    problems.push(...historyProblems(check.base, catalog, invalid, check.today, check.rules, crashed, { unknown, full: whole }));
  }
  return { report: makeReport(withoutCharacterEchoes(problems), files.length), files, catalog, crashed, across };
}
