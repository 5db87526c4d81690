import path from 'node:path';
import { readTextSync } from '../read/file.js';
import { scanCatalog, type Listing } from '../read/folder.js';
import type { Loaded } from '../parse/load.js';
import { rulesByScope, type Crashed } from '../check/rules.js';
import type { BaseDelta } from '../history/delta.js';
import type { Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import { saveVerdictCaches } from '../domain/verdict-store.js';
import { CatalogEngine, judgeLoaded } from './engine.js';
import { checkCatalog, type Validation } from './catalog.js';

export type { Validation } from './catalog.js';

/**
 * `catalog validate`, one pipeline: read (list the folder, read the files) → parse (one result type, positions) →
 * check (each file alone: schema, characters, entry rules; then across files: the catalog-wide rules) → history (the
 * change against the base revision) → report. The engine (./engine.ts) does everything after reading; this module
 * hands it the folder's texts. `validate --cache` wraps the same engine in its memo (src/cache/validate-cached.ts).
 */
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
   * The base revision (validate --base), for the rules' history checks. A promise is awaited only when the history
   * checks run: the working tree is read and checked meanwhile (the CLI reads the base with git processes).
   */
  base?: BaseDelta | Promise<BaseDelta | undefined>;
  /** The folder as the caller listed it (scanCatalog), instead of listing it again. */
  listing?: Listing | Promise<Listing>;
}

/** A validation, with the engine that made it (for --fix, which goes on with it). */
export type EngineValidation = Validation & { engine: CatalogEngine };

/** Reads, parses and checks a catalog folder; every problem of every file in one run. */
export async function validateCatalog(options: ValidateOptions): Promise<EngineValidation> {
  const cwd = options.cwd ?? process.cwd();
  const engine = new CatalogEngine({ dir: path.resolve(cwd, options.dir), cwd, rules: options.rules });
  readFolder(engine, options.dir, await options.listing);
  return runEngine(engine, options);
}

/**
 * Hands the engine the catalog folder as it is on disk: the text of every listed path (an unchanged text costs its read
 * only), and forgets the paths that are gone. A long-lived caller (the preview) calls it again after each change.
 */
export function readFolder(engine: CatalogEngine, shown: string, listing: Listing = scanCatalog(engine.dir, shown)): void {
  const listed = new Set([...listing.files, ...listing.refused.map((r) => r.name)]);
  engine.remove(engine.names().filter((name) => !listed.has(name)));
  engine.set(listing.files.map((name) => readTextSync(engine.dir, name)));
  engine.set(listing.refused);
}

/** Runs an engine that holds the catalog's texts: each file is judged while the base revision is read, then the rest. */
export async function runEngine(engine: CatalogEngine, options: Pick<ValidateOptions, 'today' | 'base'>): Promise<EngineValidation> {
  engine.judge(options.today);
  const validation = engine.run(options.today, await options.base);
  await saveVerdictCaches();
  return { ...validation, engine };
}

/** Checks files already parsed (validateCatalog without reading the folder). */
export function validateLoaded(loaded: Loaded, options: Pick<ValidateOptions, 'today' | 'rules'> & { base?: BaseDelta }): Validation {
  const rules = options.rules ?? registry;
  const crashed: Crashed = [];
  const judged = judgeLoaded(loaded, options.today, rules, crashed);
  const validation = checkCatalog(judged, { today: options.today, rules, acrossRules: rulesByScope(rules).catalog, standing: new Map(), base: options.base });
  validation.crashed.unshift(...crashed);
  return validation;
}
