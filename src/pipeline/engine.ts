import type { CatalogText } from '../read/file.js';
import type { BaseDelta } from '../history/delta.js';
import type { Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import { cmp, type Problem } from '../model/problem.js';
import { displayPaths, joinPath } from '../read/paths.js';
import type { SourceFile } from '../parse/source.js';
import { loadTexts, type Loaded } from '../parse/load.js';
import { checkFiles } from '../check/catalog.js';
import { rulesByScope, type Crashed } from '../check/rules.js';
import { jsonSafe, standingProblems, type FileChange } from './across.js';
import { judgedOf, type FileVerdict, type Judged } from './verdict.js';
import { checkCatalog, type Validation } from './catalog.js';

export type { Validation } from './catalog.js';

/** What an engine is made for: one catalog folder, the rules it runs. */
export interface EngineOptions {
  /** The catalog folder, absolute. */
  dir: string;
  /** Paths in problems are relative to it. */
  cwd: string;
  /** Rules to run (default: the registry). */
  rules?: Record<string, Rule>;
}

/** The state of a run the engine goes on from (the --cache memo's last run): what it judged, and the catalog-wide problems. */
export interface PreviousRun {
  /** A file's verdict in that run (looked up, not copied: a memo holds ten thousand of them). */
  verdictOf(name: string): FileVerdict | undefined;
  /** What each catalog-wide rule reported in that run. */
  across: ReadonlyMap<string, Problem[]>;
  /** True when files of that run are gone: every catalog-wide rule runs again. */
  removed: boolean;
}

/**
 * The validation engine: the catalog's texts in, problems out. It knows nothing of where the texts come from (disk,
 * git, an editor's unsaved buffers) nor of what a caller keeps between processes. It judges each file alone once per
 * text (parse, schema, the rules of scope 'entry'), and runs a catalog-wide rule again only when a file changed what the
 * rule reads (its `reads`): so a long-lived caller (the language server, the preview) hands it each change and `run`
 * costs what the change touched.
 */
export class CatalogEngine {
  readonly dir: string;
  readonly cwd: string;
  readonly rules: Record<string, Rule>;
  private readonly entryRules: Record<string, Rule>;
  private readonly acrossRules: Record<string, Rule>;
  private readonly reads: ReadonlySet<string>;
  /** Texts set since the last judgement, by name. */
  private readonly pending = new Map<string, CatalogText>();
  private readonly judged = new Map<string, Judged>();
  /** The verdicts the catalog-wide problems in `across` were found with, by name. */
  private seen: (name: string) => FileVerdict | undefined = () => undefined;
  private across = new Map<string, Problem[]>();
  /** True when files were removed since the catalog-wide rules last ran. */
  private removed = false;
  /** Rules of scope 'entry' that threw in the last judgement (its files are judged again, and the crash told again, next run). */
  private entryCrashes: Crashed = [];
  private today?: string;

  constructor(options: EngineOptions) {
    this.dir = options.dir;
    this.cwd = options.cwd;
    this.rules = options.rules ?? registry;
    const { entry, catalog } = rulesByScope(this.rules);
    this.entryRules = entry;
    this.acrossRules = catalog;
    this.reads = new Set(Object.values(catalog).flatMap((r) => r.reads ?? []));
  }

  /** Sets the texts of files, by name inside the catalog folder ('/'-separated): a new file, or a new text for one. */
  set(texts: Iterable<CatalogText>): void {
    for (const t of texts) {
      const was = this.judged.get(t.name);
      if (was?.file && t.text !== undefined && was.file.text === t.text && !t.badUtf8 && !this.pending.has(t.name)) continue;
      this.pending.set(t.name, t);
    }
  }

  /**
   * Takes a file judged elsewhere (the --cache memo's verdict of an unchanged file): `file` is read only when a problem
   * must be located in it, `full` only when a history check needs its whole entry.
   */
  adopt(name: string, verdict: FileVerdict, file: SourceFile, full: () => Record<string, unknown>): void {
    this.pending.delete(name);
    const entry = verdict.kind ? { kind: verdict.kind, file, data: verdict.summary ?? {} } : undefined;
    this.judged.set(name, { name, file, verdict, entry, full, unknown: verdict.kind === null });
  }

  /** Goes on from a run made elsewhere (the memo's): its catalog-wide problems stand where nothing they read changed. */
  resume(previous: PreviousRun): void {
    this.seen = previous.verdictOf;
    this.across = new Map(previous.across);
    this.removed ||= previous.removed;
  }

  /** Forgets files (deleted, or closed in the editor with no file on disk behind them). */
  remove(names: Iterable<string>): void {
    for (const name of names) {
      this.pending.delete(name);
      if (this.judged.delete(name)) this.removed = true;
    }
  }

  /** The names of the files the engine holds, in catalog order. */
  names(): string[] {
    return [...new Set([...this.judged.keys(), ...this.pending.keys()])].sort(cmp);
  }

  /** The text the engine holds for a file. */
  text(name: string): CatalogText | undefined {
    const file = this.pending.get(name) ?? this.judged.get(name)?.file;
    return file && { name, text: file.text };
  }

  /** What a file alone gave in the last judgement (the memo records it). */
  verdict(name: string): FileVerdict | undefined {
    return this.judged.get(name)?.verdict;
  }

  /** What each catalog-wide rule reported in the last run (the memo records it). */
  acrossProblems(): ReadonlyMap<string, Problem[]> {
    return this.across;
  }

  /**
   * Judges each file set since the last call alone: parse, schema, the rules of scope 'entry' (all of them again when
   * the date changed). `run` does it too; a caller may do it first, while it waits for the base revision.
   */
  judge(today: string): void {
    // Another date than the last judgement's: what each file alone gives may have changed (a verification grew stale).
    // An adopted verdict stands for the date of the first run (the memo's key holds the date).
    if (this.today !== undefined && today !== this.today)
      for (const j of this.judged.values()) if (j.file && !this.pending.has(j.name)) this.pending.set(j.name, { name: j.name, text: j.file.text });
    this.today = today;
    if (this.pending.size === 0) return;
    const texts = [...this.pending.values()];
    this.pending.clear();
    for (const t of texts) this.judged.delete(t.name);
    const crashed: Crashed = [];
    const loaded = loadTexts(this.dir, texts, this.cwd);
    const shown = displayPaths(this.dir, this.cwd);
    const names = new Map(texts.map((t) => [shown(joinPath(this.dir, t.name), t.name), t.name]));
    const found = judgedOf(loaded, checkFiles(loaded, today, this.entryRules, crashed), this.reads, (path) => names.get(path) ?? path);
    for (const j of found) this.judged.set(j.name, j);
    // A rule that threw left its files half judged: they are judged again next time, and the crash told again.
    this.entryCrashes = crashed;
    if (crashed.length > 0) for (const t of texts) this.pending.set(t.name, t);
  }

  /** Every problem of the catalog as it holds it, judged on `today`, with the history checks when a base is given. */
  run(today: string, base?: BaseDelta): Validation {
    this.judge(today);
    const judged = [...this.judged.values()].sort((a, b) => cmp(a.name, b.name));
    const standing = standingProblems(this.acrossRules, this.across, this.changes(judged), this.removed);
    const validation = checkCatalog(judged, { today, rules: this.rules, acrossRules: this.acrossRules, standing, base });
    validation.crashed.unshift(...this.entryCrashes);
    if (validation.crashed.length === 0) {
      this.across = validation.across;
      const kept = new Map(judged.map((j) => [j.name, j.verdict]));
      this.seen = (name) => kept.get(name);
      this.removed = false;
    }
    return validation;
  }

  /** The files whose verdict differs from the one the kept catalog-wide problems were found with. */
  private changes(judged: Judged[]): FileChange[] {
    const changes: FileChange[] = [];
    for (const j of judged) {
      const before = this.seen(j.name);
      if (before === j.verdict || !j.file) continue;
      changes.push({ path: j.file.path, before, after: jsonSafe(j.verdict.summary) ? j.verdict : undefined });
    }
    return changes;
  }
}

/** The engine's judgement of files already parsed (tests, and callers that parsed texts themselves). */
export function judgeLoaded(loaded: Loaded, today: string, rules: Record<string, Rule>, crashed: Crashed): Judged[] {
  const { entry, catalog } = rulesByScope(rules);
  const reads = new Set(Object.values(catalog).flatMap((r) => r.reads ?? []));
  return judgedOf(loaded, checkFiles(loaded, today, entry, crashed), reads);
}
