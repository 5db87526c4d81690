import { addEntry, type Catalog } from './catalog.js';
import type { Rule, RuleContext } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import { loadCatalog, type Listing, type Loaded, type RawEntry } from './load.js';
import { historyView, type BaseDelta } from './base-delta.js';
import { makeReport, type Problem, type Report } from './problem.js';
import { schemaErrors } from './schemas.js';
import type { ErrorObject } from 'ajv';
import { schemaProblems } from './schema-problems.js';
import { integerLiteralProblems, type IntegerLiteralProblem } from './integers.js';
import { locateAll } from './source.js';
import { inertLines } from './visible.js';
import { replaceScalar } from './fix.js';
import { saveVerdictCaches } from './verdict-cache.js';

export interface ValidateOptions {
  /** Catalog folder, relative to cwd. */
  dir: string;
  /** Working directory: paths in problems are relative to it. */
  cwd?: string;
  /** The date the catalog is judged on, YYYY-MM-DD. */
  today: string;
  /** Rules to run (default: the registry). */
  rules?: Record<string, Rule>;
  /**
   * The base revision (validate --base), for the rules' history checks: told by what differs from the working tree
   * (they see what the change touched: historyView). A promise is awaited only when the history checks run: the
   * working tree is read and checked meanwhile (the CLI reads the base with git processes).
   */
  base?: BaseDelta | Promise<BaseDelta | undefined>;
  /** Cache file (validate --cache), relative to cwd: only what changed since the run that wrote it is checked again. */
  cacheFile?: string;
  /**
   * The folder as the caller listed it (scanCatalog, the cache file left out), instead of listing it again. A promise:
   * a listing under way (findCatalog, with each file's stat for the cache), awaited when the run needs it; undefined
   * when it could not be made (the folder is then listed here).
   */
  listing?: Listing | Promise<Listing | undefined>;
}

/** Result of validating a catalog: the report, plus what was loaded, for the build and the history checks. */
export interface Validation {
  report: Report;
  loaded: Loaded;
  catalog: Catalog;
  /** Rules that threw (a bug in the rule, not in the catalog): the other rules still ran. */
  crashed: Array<{ rule: string; error: Error }>;
}

/** An entry the schema refused, with the pointers of its broken parts. */
export interface InvalidEntry {
  entry: RawEntry;
  /** Pointers the schema found wrong (for a missing property, where it should be). */
  broken: string[];
}

/** The pointer a schema error is about: the property itself for a missing or unknown property. */
function brokenPointer(e: ErrorObject): string {
  const params = e.params as { missingProperty?: string; additionalProperty?: string; i?: number };
  // A duplicated list item breaks that item, not the list: the other items' problems are still reported.
  if (e.keyword === 'uniqueItems' && typeof params.i === 'number') return `${e.instancePath}/${params.i}`;
  const child = params.missingProperty ?? params.additionalProperty;
  return child === undefined ? e.instancePath : `${e.instancePath}/${child.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** What the schemas say of an entry: its refused integer literals and Ajv's other errors. */
function schemaVerdict(entry: RawEntry): { literals: IntegerLiteralProblem[]; errors: ErrorObject[] } {
  // Integer fields written as 100.00, 1e2, 0x64...: reported instead of what the schema says about the same value.
  const literals = integerLiteralProblems(entry);
  const refused = new Set(literals.map((l) => l.pointer));
  const errors = schemaErrors(entry.kind, entry.data).filter((e) => !refused.has(e.instancePath));
  return { literals, errors };
}

/** Checks the shapes of loaded entries against their schemas; returns the catalog of valid entries and the problems. */
export function checkSchemas(loaded: Loaded): { catalog: Catalog; problems: Problem[]; invalid: InvalidEntry[] } {
  const catalog: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: loaded.entries };
  const problems: Problem[] = [];
  const invalid: InvalidEntry[] = [];
  for (const entry of loaded.entries) {
    const { literals, errors } = schemaVerdict(entry);
    if (errors.length || literals.length) {
      problems.push(...schemaProblems(entry, errors));
      for (const l of literals)
        for (const at of locateAll(entry.file, l.pointer, l.message)) problems.push({ file: entry.file.path, ...at, severity: 'error', rule: 'schema', pointer: l.pointer });
      invalid.push({ entry, broken: [...new Set([...errors.map(brokenPointer), ...literals.map((l) => l.pointer)])] });
      continue;
    }
    addEntry(catalog, entry.kind, { kind: entry.kind, file: entry.file, data: entry.data });
  }
  return { catalog, problems, invalid };
}

/** True when `pointer` is `prefix` or lies under it. */
function within(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(prefix + '/');
}

/**
 * Rules also look at the entries the schema refused, so that one run reports everything: a rail with a lowercase
 * currency still hears that UK is not a country code. Rules are written for valid data, so on this pass a rule that
 * throws is skipped, and only problems of the refused entries that lie outside their broken parts are kept.
 * `base`: the history checks' pass (each rule's `history`), else the checks' (`check`).
 */
export function rulesOnInvalid(catalog: Catalog, invalid: InvalidEntry[], options: Pick<ValidateOptions, 'today' | 'rules'> & { base?: BaseDelta }, already: Problem[]): Problem[] {
  if (invalid.length === 0) return [];
  // Rules that read catalog.raw saw the refused entries in the first pass already.
  const key = (p: Problem) => `${p.file}\u0000${p.rule}\u0000${p.pointer}\u0000${p.message}`;
  const seen = new Set(already.map(key));
  const widened: Catalog = { rails: [...catalog.rails], assets: [...catalog.assets], countries: [...catalog.countries], policies: [...catalog.policies], raw: catalog.raw };
  const brokenByFile = new Map<string, string[]>();
  for (const { entry, broken } of invalid) {
    if (!entry.data || typeof entry.data !== 'object') continue;
    addEntry(widened, entry.kind, { kind: entry.kind, file: entry.file, data: entry.data });
    brokenByFile.set(entry.file.path, broken);
  }
  const view = options.base && historyView(options.base, widened);
  const problems: Problem[] = [];
  for (const rule of Object.values(options.rules ?? registry)) {
    const found: Problem[] = [];
    try {
      if (view) runHistory(rule, view, options.today, found);
      else runRule(rule, widened, options.today, found);
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
export function runRules(catalog: Catalog, today: string, rules: Record<string, Rule> = registry, crashed: Validation['crashed'] = []): Problem[] {
  return eachRule(rules, crashed, (rule, problems) => runRule(rule, catalog, today, problems));
}

/** Runs `run` for each rule, gathering their problems; a rule that throws is recorded in `crashed`, the others go on. */
function eachRule(rules: Record<string, Rule>, crashed: Validation['crashed'], run: (rule: Rule, problems: Problem[]) => void): Problem[] {
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

/**
 * The history checks of rules (validate --base), on what the change touched (historyView); then, as runRules and
 * rulesOnInvalid do for the checks, on the touched entries the schema refused.
 */
export function historyProblems(delta: BaseDelta, catalog: Catalog, invalid: InvalidEntry[], today: string, rules: Record<string, Rule> = registry, crashed: Validation['crashed'] = []): Problem[] {
  const view = historyView(delta, catalog);
  const problems = eachRule(rules, crashed, (rule, found) => runHistory(rule, view, today, found));
  problems.push(...rulesOnInvalid(catalog, invalid, { today, rules, base: delta }, problems));
  return problems;
}

/** What rules report, located at the node each pointer names (a fix only from a rule that declares fixes). */
function reporter(rule: Rule, problems: Problem[]): RuleContext['report'] {
  return (entry, pointer, message, options) => {
    // Only a rule that declares fixes may carry one: a fix is a promise that --fix changes nothing but the writing.
    const fix = rule.fixable && options?.fix ? replaceScalar(entry.file, pointer, options.fix.value) : undefined;
    for (const at of locateAll(entry.file, pointer, message, options?.target)) {
      const problem: Problem = { file: entry.file.path, ...at, severity: rule.severity, rule: rule.id, pointer };
      if (fix) problem.fix = fix;
      problems.push(problem);
    }
  };
}

function runRule(rule: Rule, catalog: Catalog, today: string, problems: Problem[]): void {
  rule.check?.({ catalog, today, report: reporter(rule, problems) });
}

function runHistory(rule: Rule, view: { catalog: Catalog; base: Catalog }, today: string, problems: Problem[]): void {
  rule.history?.({ ...view, today, report: reporter(rule, problems) });
}

/** Describes the rules that threw, for the CLI's internal-error message. */
export function crashReport(crashed: Validation['crashed']): string {
  return crashed.map((c) => `internal error in rule ${c.rule} (the other rules ran): ${inertLines(c.error.stack ?? c.error.message)}\n`).join('');
}

/** Loads, parses, schema-checks and rule-checks a catalog folder; every problem of every file in one run. */
export async function validateCatalog(options: ValidateOptions): Promise<Validation> {
  const { cacheFile } = options;
  const validation = cacheFile
    ? await (await import('./incremental.js')).validateIncremental({ ...options, cacheFile, rules: options.rules ?? registry })
    : await loadThenCheck(options);
  await saveVerdictCaches();
  return validation;
}

/** validateCatalog without the cache: the folder read whole, then checked (with the base, once it is read). */
async function loadThenCheck(options: ValidateOptions): Promise<Validation> {
  const loaded = await loadCatalog(options.dir, options.cwd, { listing: await options.listing });
  return validateLoaded(loaded, { ...options, base: await options.base });
}

/** Schema-checks and rule-checks files already loaded (validateCatalog without the reading). */
export function validateLoaded(loaded: Loaded, options: Pick<ValidateOptions, 'today' | 'rules'> & { base?: BaseDelta }): Validation {
  const { catalog, problems, crashed } = checkLoaded(loaded, options);
  return { report: makeReport(withoutCharacterEchoes(problems), loaded.files.length), loaded, catalog, crashed };
}

/** Every problem of files already loaded (parse, schema, rules), before they are made a report. */
export function checkLoaded(loaded: Loaded, options: Pick<ValidateOptions, 'today' | 'rules'> & { base?: BaseDelta }): ReturnType<typeof checkSchemas> & Pick<Validation, 'crashed'> {
  const { catalog, problems, invalid } = checkSchemas(loaded);
  const crashed: Validation['crashed'] = [];
  problems.push(...loaded.problems, ...runRules(catalog, options.today, options.rules, crashed));
  problems.push(...rulesOnInvalid(catalog, invalid, { today: options.today, rules: options.rules }, problems));
  if (options.base) problems.push(...historyProblems(options.base, catalog, invalid, options.today, options.rules, crashed));
  return { catalog, problems, invalid, crashed };
}

/**
 * A refused character (an invisible space in a code, a bidi control in a name) also makes its value wrong for the
 * schema and the rules: on the line of the character, only the character is reported, which says what to fix.
 */
export function withoutCharacterEchoes(problems: Problem[]): Problem[] {
  const lines = new Set(problems.filter((p) => p.rule === 'characters').map((p) => `${p.file}\u0000${p.line}`));
  if (lines.size === 0) return problems;
  return problems.filter((p) => p.rule === 'characters' || !lines.has(`${p.file}\u0000${p.line}`));
}
