import type { Catalog } from '../model/catalog.js';
import { makeReport, type Problem, type Report } from '../model/problem.js';
import { saveVerdictCaches } from '../cache/verdicts.js';
import type { Listing } from '../read/folder.js';
import { loadCatalog, type Loaded } from '../parse/load.js';
import { checkSchemas } from '../check/schema.js';
import { rulesOnInvalid, runRule, runRules, type Crashed } from '../check/rules.js';
import { withoutCharacterEchoes } from '../check/characters.js';
import { historyProblems } from '../history/check.js';
import type { BaseDelta } from '../history/delta.js';
import type { Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';

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
  crashed: Crashed;
}

/** Loads, parses, schema-checks and rule-checks a catalog folder; every problem of every file in one run. */
export async function validateCatalog(options: ValidateOptions): Promise<Validation> {
  const { cacheFile } = options;
  const validation = cacheFile
    ? await (await import('../cache/incremental.js')).validateIncremental({ ...options, cacheFile, rules: options.rules ?? registry })
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
  problems.push(...rulesOnInvalid(catalog, invalid, options.rules ?? registry, problems, (rule, widened, found) => runRule(rule, widened, options.today, found)));
  if (options.base) problems.push(...historyProblems(options.base, catalog, invalid, options.today, options.rules, crashed));
  return { catalog, problems, invalid, crashed };
}
