import type { CatalogText } from '../read/file.js';
import type { BaseDelta } from '../history/delta.js';
import type { Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';
import { cmp } from '../model/problem.js';
import { loadTexts } from '../parse/load.js';
import { validateLoaded, type Validation } from './validate.js';

/** What an engine is made for: one catalog folder, the rules it runs. */
export interface EngineOptions {
  /** The catalog folder, absolute. */
  dir: string;
  /** Paths in problems are relative to it. */
  cwd: string;
  /** Rules to run (default: the registry). */
  rules?: Record<string, Rule>;
}

/**
 * The validation engine: the catalog's texts in, problems out. It knows nothing of where the texts come from (disk,
 * git, an editor's unsaved buffers) nor of what a caller remembers between runs. A long-lived caller (the language
 * server) keeps one engine and hands it each change: `run` checks again what the change touched.
 */
export class CatalogEngine {
  private readonly texts = new Map<string, CatalogText>();
  readonly dir: string;
  readonly cwd: string;
  readonly rules: Record<string, Rule>;

  constructor(options: EngineOptions) {
    this.dir = options.dir;
    this.cwd = options.cwd;
    this.rules = options.rules ?? registry;
  }

  /** Sets the texts of files, by name inside the catalog folder ('/'-separated): a new file, or a new text for one. */
  set(texts: Iterable<CatalogText>): void {
    for (const t of texts) this.texts.set(t.name, t);
  }

  /** Forgets files (deleted, or closed in the editor with no file on disk behind them). */
  remove(names: Iterable<string>): void {
    for (const name of names) this.texts.delete(name);
  }

  /** The names of the files the engine holds, in catalog order. */
  names(): string[] {
    return [...this.texts.keys()].sort(cmp);
  }

  /** The text the engine holds for a file. */
  text(name: string): CatalogText | undefined {
    return this.texts.get(name);
  }

  /** Every problem of the catalog as it holds it, judged on `today`, with the history checks when a base is given. */
  run(today: string, base?: BaseDelta): Validation {
    const loaded = loadTexts(this.dir, [...this.texts.values()], this.cwd);
    return validateLoaded(loaded, { today, rules: this.rules, base });
  }
}
