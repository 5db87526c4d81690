import { statSync } from 'node:fs';
import path from 'node:path';
import { addEntry, type Catalog, type RawEntry } from '../model/catalog.js';
import { cmp, makeReport, type Problem, type Report } from '../model/problem.js';
import { saveVerdictCaches } from '../cache/verdicts.js';
import { hashOf, memoKey, statKey, ValidateMemo, type FileVerdict } from '../cache/memo.js';
import { standingProblems, type FileChange } from '../cache/across.js';
import { readTextSync, type CatalogText } from '../read/file.js';
import { scanCatalog, type Listing } from '../read/folder.js';
import { displayPaths, isEntryPlace, joinPath } from '../read/paths.js';
import { loadTexts, type Loaded } from '../parse/load.js';
import type { SourceFile } from '../parse/source.js';
import { checkFiles, checkRules, type Checked } from '../check/catalog.js';
import { withoutCharacterEchoes } from '../check/characters.js';
import { rulesByScope, type Crashed } from '../check/rules.js';
import type { InvalidEntry } from '../check/schema.js';
import { historyProblems } from '../history/check.js';
import type { BaseDelta } from '../history/delta.js';
import type { Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import { KeptFile } from './kept-file.js';

/**
 * `catalog validate`, one pipeline: read (list the folder, read the files) → parse (one result type, positions) →
 * check (each file alone: schema, characters, entry rules; then across files: the catalog-wide rules) → history (the
 * change against the base revision) → report. With --cache, the memo (src/cache/memo.ts) answers for the files it has
 * seen, before they are read or parsed: their verdicts stand in for the check of each file alone, and a catalog-wide
 * rule's problems of the last run stand when no file changed what the rule reads (src/cache/across.ts); the history
 * checks run as they do without it.
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
  /** Cache file (validate --cache), relative to cwd: the memo of what each file alone gave. */
  cacheFile?: string;
  /** The folder as the caller listed it (scanCatalog, the cache file left out), instead of listing it again. */
  listing?: Listing | Promise<Listing>;
}

/** Result of validating a catalog: the report, the files read, the catalog, for the build and --fix. */
export interface Validation {
  report: Report;
  /** The catalog's entry files, in catalog order. */
  files: SourceFile[];
  /** The valid entries; with --cache, an unchanged file's entry holds only what the catalog-wide rules read. */
  catalog: Catalog;
  /** Rules that threw (a bug in the rule, not in the catalog): the other rules still ran. */
  crashed: Crashed;
}

/** One path of the catalog in this run: answered by the memo, or read and checked now. */
type Slot =
  | { name: string; kept: KeptFile; verdict: FileVerdict }
  | { name: string; text: CatalogText; hash?: string; stat?: { key: string; mtimeMs: number } };

/** Reads, parses and checks a catalog folder; every problem of every file in one run. */
export async function validateCatalog(options: ValidateOptions): Promise<Validation> {
  const cwd = options.cwd ?? process.cwd();
  const absDir = path.resolve(cwd, options.dir);
  const rules = options.rules ?? registry;
  const memo = options.cacheFile ? ValidateMemo.open(path.resolve(cwd, options.cacheFile), memoKey(absDir, cwd, options.today, Object.keys(rules))) : undefined;
  const listing = (await options.listing) ?? scanCatalog(absDir, options.dir, memo ? [memo.file] : []);
  const slots = readStage(absDir, listing, displayPaths(absDir, cwd), memo);
  const fresh = slots.filter((s) => 'text' in s);
  const loaded = loadTexts(
    absDir,
    fresh.map((s) => s.text),
    cwd,
  );
  const validation = checkStages(loaded, { ...options, rules, base: await options.base }, slots && { slots, memo });
  if (memo && validation.crashed.length === 0) {
    remember(memo, absDir, fresh, validation.verdicts);
    await memo.save();
  }
  await saveVerdictCaches();
  return validation;
}

/** Checks files already parsed (validateCatalog without reading the folder). */
export function validateLoaded(loaded: Loaded, options: Pick<ValidateOptions, 'today' | 'rules'> & { base?: BaseDelta }): Validation {
  return checkStages(loaded, options);
}

/**
 * The read stage: each path of the listing, in catalog order, answered by the memo when it knows the file (by its
 * stat, else by the hash of its text), otherwise read. Paths that are not read (links, folders) are reported by parsing.
 */
function readStage(absDir: string, listing: Listing, shownOf: (absolute: string, name: string) => string, memo: ValidateMemo | undefined): Slot[] {
  const slots: Slot[] = [];
  for (const name of listing.files) {
    if (!memo || !isEntryPlace(name)) {
      slots.push({ name, text: readTextSync(absDir, name) });
      continue;
    }
    const absolute = joinPath(absDir, name);
    const found = statSync(absolute, { throwIfNoEntry: false });
    const stat = found && { key: statKey(found), mtimeMs: found.mtimeMs };
    const known = stat && memo.byStat(name, stat.key);
    const text = known ? undefined : readTextSync(absDir, name);
    const hash = text?.text !== undefined && !text.badUtf8 ? hashOf(text.text) : undefined;
    const verdict = known ?? (stat && hash !== undefined ? memo.byHash(name, hash, stat.key, stat.mtimeMs) : undefined);
    if (verdict) slots.push({ name, kept: new KeptFile(absDir, name, shownOf(absolute, name)), verdict });
    else slots.push({ name, text: text!, hash, stat });
  }
  for (const r of listing.refused) slots.push({ name: r.name, text: r });
  return slots.sort((a, b) => cmp(a.name, b.name));
}

/**
 * The stages after parsing: the check of each file alone (the memo's verdict stands in for it on a kept file), the
 * checks across files, the history checks, the report.
 */
function checkStages(
  loaded: Loaded,
  options: Pick<ValidateOptions, 'today' | 'rules'> & { base?: BaseDelta },
  read?: { slots: Slot[]; memo: ValidateMemo | undefined },
): Validation & { verdicts: Map<string, FileVerdict> } {
  const { entry, catalog: across } = rulesByScope(options.rules ?? registry);
  const crashed: Crashed = [];
  const checked = checkFiles(loaded, options.today, entry, crashed);
  const verdicts = verdictsOf(loaded, checked, across);
  const whole = read
    ? assemble(loaded, read.slots, verdicts)
    : { files: loaded.files, catalog: checked.catalog, invalid: checked.invalid, problems: checked.problems, unknown: new Set(loaded.unparsed) };
  const memo = read?.memo;
  const standing = memo
    ? standingProblems(across, memo.across, changesOf(memo, loaded, read.slots, verdicts), memo.missesFiles())
    : new Map<string, Problem[]>();
  const toRun = Object.fromEntries(Object.entries(across).filter(([id]) => !standing.has(id)));
  const found = checkRules(whole.catalog, whole.invalid, options.today, toRun, crashed);
  if (memo)
    for (const id of Object.keys(toRun))
      memo.keepAcross(
        id,
        found.filter((p) => p.rule === id),
      );
  const problems = [...whole.problems, ...found, ...[...standing.values()].flat()];
  if (options.base) {
    const full = (e: RawEntry) => (e.file instanceof KeptFile ? e.file.data() : e.data);
    problems.push(...historyProblems(options.base, whole.catalog, whole.invalid, options.today, options.rules, crashed, { unknown: whole.unknown, full }));
  }
  return { report: makeReport(withoutCharacterEchoes(problems), whole.files.length), files: whole.files, catalog: whole.catalog, crashed, verdicts };
}

/** What each parsed file alone gave (by absolute path), as the memo keeps it: its problems, entry kind, refusal, summary. */
function verdictsOf(loaded: Loaded, checked: Checked, across: Record<string, Rule>): Map<string, FileVerdict> {
  const reads = new Set(Object.values(across).flatMap((r) => r.reads ?? []));
  const broken = new Map<unknown, string[]>(checked.invalid.map((i) => [i.entry, i.broken]));
  const byPath = new Map<string, Problem[]>();
  for (const p of checked.problems) {
    const list = byPath.get(p.file);
    if (list) list.push(p);
    else byPath.set(p.file, [p]);
  }
  const verdicts = new Map<string, FileVerdict>();
  for (const file of loaded.files) verdicts.set(file.absolute, { problems: byPath.get(file.path) ?? [], kind: null, broken: null, summary: null });
  for (const e of loaded.entries) {
    const summary: Record<string, unknown> = {};
    for (const key of reads) if (Object.hasOwn(e.data, key)) summary[key] = e.data[key];
    Object.assign(verdicts.get(e.file.absolute)!, { kind: e.kind, broken: broken.get(e) ?? null, summary });
  }
  return verdicts;
}

/** The whole catalog in catalog order: kept files as the memo summarised them, fresh ones as just checked. */
function assemble(loaded: Loaded, slots: Slot[], verdicts: Map<string, FileVerdict>): Checked & { files: SourceFile[]; unknown: Set<string> } {
  const freshFiles = new Map(loaded.files.map((f) => [f.absolute, f]));
  const freshEntries = new Map(loaded.entries.map((e) => [e.file.absolute, e]));
  const placed = new Set(loaded.files.map((f) => f.path));
  const whole = { files: [] as SourceFile[], catalog: emptyCatalog(), invalid: [] as InvalidEntry[], problems: [] as Problem[], unknown: new Set<string>() };
  // Problems of paths that are no entry file (a stray file, a link): reported by parsing, kept by no file.
  whole.problems.push(...loaded.problems.filter((p) => !placed.has(p.file)));
  for (const slot of slots) {
    const absolute = joinPath(loaded.dir, slot.name);
    const file = 'kept' in slot ? slot.kept : freshFiles.get(absolute);
    const verdict = 'kept' in slot ? slot.verdict : verdicts.get(absolute);
    if (!file || !verdict) continue; // no entry belongs there (a stray file, a folder): parsing reported it
    whole.files.push(file);
    whole.problems.push(...verdict.problems);
    const entry = 'kept' in slot ? verdict.kind && { kind: verdict.kind, file, data: verdict.summary! } : freshEntries.get(absolute);
    if (entry) enter(whole.catalog, whole.invalid, entry, verdict.broken);
  }
  for (const name of loaded.unparsed) whole.unknown.add(name);
  for (const slot of slots) if ('kept' in slot && slot.verdict.kind === null) whole.unknown.add(slot.name);
  return whole;
}

/** Puts an entry in a catalog: in `raw`, then among the valid entries of its kind or, with `broken`, the refused ones. */
function enter(catalog: Catalog, invalid: InvalidEntry[], raw: RawEntry, broken: string[] | null): void {
  catalog.raw.push(raw);
  if (broken) invalid.push({ entry: raw, broken });
  else addEntry(catalog, raw.kind, raw);
}

const emptyCatalog = (): Catalog => ({ rails: [], assets: [], countries: [], policies: [], raw: [] });

/** The entry files read and checked again in this run, with what the memo recorded for each and what it keeps now. */
function changesOf(memo: ValidateMemo, loaded: Loaded, slots: Slot[], verdicts: Map<string, FileVerdict>): FileChange[] {
  const shown = new Map(loaded.files.map((f) => [f.absolute, f.path]));
  const changes: FileChange[] = [];
  for (const slot of slots) {
    if (!('text' in slot) || !isEntryPlace(slot.name)) continue;
    const absolute = joinPath(loaded.dir, slot.name);
    changes.push({ path: shown.get(absolute) ?? slot.name, before: memo.previous(slot.name), after: keepable(slot, verdicts.get(absolute)) });
  }
  return changes;
}

/** The verdict of a file read in this run, when the memo can keep it (its text hashed, its stat known, its data JSON). */
function keepable(slot: Slot, verdict: FileVerdict | undefined): FileVerdict | undefined {
  if (!('text' in slot) || slot.hash === undefined || !slot.stat) return undefined;
  return verdict && jsonSafe(verdict.summary) ? verdict : undefined;
}

/** Tells the memo what the files checked in this run gave; a file whose verdict cannot be kept is forgotten. */
function remember(memo: ValidateMemo, absDir: string, fresh: Slot[], verdicts: Map<string, FileVerdict>): void {
  for (const slot of fresh) {
    if (!('text' in slot)) continue;
    const verdict = keepable(slot, verdicts.get(joinPath(absDir, slot.name)));
    if (verdict && slot.stat && slot.hash !== undefined) memo.record(slot.name, slot.hash, slot.stat.key, slot.stat.mtimeMs, verdict);
    else memo.forget(slot.name);
  }
}

/** True when data survives JSON unchanged (YAML's .inf and .nan, and -0, do not): only such verdicts are kept. */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.values(value).every(jsonSafe);
  return true;
}
