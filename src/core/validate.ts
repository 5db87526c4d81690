import type { Asset, Country, Rail } from '../generated/types.js';
import type { Catalog, Entry, Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import { loadCatalog, type Loaded } from './load.js';
import { makeReport, type Problem, type Report } from './problem.js';
import { schemaErrors } from './schemas.js';
import { schemaProblems } from './schema-problems.js';
import { locate } from './source.js';
import { loadRedosCache, saveRedosCache } from './redos.js';

export interface ValidateOptions {
  /** Catalog folder, relative to cwd. */
  dir: string;
  /** Working directory: paths in problems are relative to it. */
  cwd?: string;
  /** The date the catalog is judged on, YYYY-MM-DD. */
  today: string;
  /** Rules to run (default: the registry). */
  rules?: Record<string, Rule>;
  /** The catalog at a base revision, for the history rules (validate --base). */
  base?: Catalog;
  /** Parse cache file (validate --cache), relative to cwd. */
  cacheFile?: string;
}

/** Result of validating a catalog: the report, plus what was loaded, for the build and the history checks. */
export interface Validation {
  report: Report;
  loaded: Loaded;
  catalog: Catalog;
  /** Rules that threw (a bug in the rule, not in the catalog): the other rules still ran. */
  crashed: Array<{ rule: string; error: Error }>;
}



/** Checks the shapes of loaded entries against their schemas; returns the catalog of valid entries and the problems. */
export function checkSchemas(loaded: Loaded): { catalog: Catalog; problems: Problem[] } {
  const catalog: Catalog = { rails: [], assets: [], countries: [], raw: loaded.entries };
  const problems: Problem[] = [];
  for (const entry of loaded.entries) {
    const errors = schemaErrors(entry.kind, entry.data);
    if (errors.length) {
      problems.push(...schemaProblems(entry, errors));
      continue;
    }
    const valid: Entry<unknown> = { kind: entry.kind, file: entry.file, data: entry.data };
    if (entry.kind === 'rail') catalog.rails.push(valid as Entry<Rail>);
    else if (entry.kind === 'asset') catalog.assets.push(valid as Entry<Asset>);
    else catalog.countries.push(valid as Entry<Country>);
  }
  return { catalog, problems };
}

/** Runs rules over a catalog; each problem is located at the node its pointer names. */
export function runRules(catalog: Catalog, today: string, rules: Record<string, Rule> = registry, base?: Catalog, crashed: Validation['crashed'] = []): Problem[] {
  const problems: Problem[] = [];
  for (const rule of Object.values(rules)) {
    try {
      runRule(rule, catalog, today, base, problems);
    } catch (error) {
      crashed.push({ rule: rule.id, error: error as Error });
    }
  }
  return problems;
}

function runRule(rule: Rule, catalog: Catalog, today: string, base: Catalog | undefined, problems: Problem[]): void {
  rule.check({
    catalog,
    today,
    base,
    report(entry, pointer, message, options) {
      problems.push({ file: entry.file.path, ...locate(entry.file, pointer, options?.target), severity: rule.severity, rule: rule.id, pointer, message });
    },
  });
}

/** Describes the rules that threw, for the CLI's internal-error message. */
export function crashReport(crashed: Validation['crashed']): string {
  return crashed.map((c) => `internal error in rule ${c.rule} (the other rules ran): ${c.error.stack ?? c.error.message}\n`).join('');
}

/** Loads, parses, schema-checks and rule-checks a catalog folder; every problem of every file in one run. */
export async function validateCatalog(options: ValidateOptions): Promise<Validation> {
  const loaded = await loadCatalog(options.dir, options.cwd, { cacheFile: options.cacheFile });
  const { catalog, problems } = checkSchemas(loaded);
  const crashed: Validation['crashed'] = [];
  loadRedosCache();
  problems.push(...loaded.problems, ...runRules(catalog, options.today, options.rules, options.base, crashed));
  await saveRedosCache();
  return { report: makeReport(problems, loaded.files.length), loaded, catalog, crashed };
}
