import { existsSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver';
import { ENTRY_KINDS, type EntryKind } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import { todayOf } from '../domain/dates.js';
import { CatalogEngine } from '../pipeline/engine.js';
import type { Validation } from '../pipeline/catalog.js';
import { readFolder } from '../pipeline/validate.js';
import { scanCatalog, type Listing } from '../read/folder.js';
import { readTextSync, type CatalogText } from '../read/file.js';
import { loadTexts } from '../parse/load.js';
import { checkSchemas } from '../check/schema.js';
import { displayPath, nameInDir } from '../read/paths.js';
import type { BaseDelta } from '../history/delta.js';
import { chooseBase } from '../git/choose-base.js';
import { crashDiagnostic, toDiagnostic } from './diagnostics.js';

/** Where the server works and how it reports. */
export interface WorkspaceOptions {
  /** The workspace folder (paths in problems are relative to it). */
  root: string;
  /** The catalog folder, absolute. */
  dir: string;
  /** A fixed date to judge on (--today); the clock's date otherwise. */
  today?: string;
  /** The address of docs/rules.md: each diagnostic links to its rule's section there. */
  docsBase: string;
  /** Compare with a base revision in a git checkout, as `catalog validate` does (false: --no-base). */
  history: boolean;
  /** The --cache memo to start from and keep (absolute path), as `catalog validate --cache` does; none without it. */
  memo?: string;
  log(line: string): void;
  publish(uri: string, diagnostics: Diagnostic[]): void;
}

/** How long a burst of edits is let settle before the catalog is checked again. */
const SETTLE_MS = 15;

/**
 * The catalog as the editor sees it: every file of the folder from disk, the open ones from their unsaved text, in one
 * long-lived engine that checks again what each change touched. Publishes the diagnostics of every file whose
 * diagnostics changed (files not open too, so that the problems panel shows the whole catalog), and of every file
 * just opened, an empty list included.
 */
export class CatalogWorkspace {
  engine: CatalogEngine;
  private readonly open = new Map<string, string>();
  private readonly published = new Map<string, string>();
  private readonly forced = new Set<string>();
  private base?: BaseDelta;
  private timer?: NodeJS.Timeout;
  private last?: Validation;
  private dirty = true;
  private readonly watchers: FSWatcher[] = [];

  constructor(private readonly options: WorkspaceOptions) {
    this.engine = new CatalogEngine({ dir: options.dir, cwd: options.root });
  }

  /** Reads the folder, publishes every file's diagnostics, then follows the base revision and the disk. */
  async start(): Promise<void> {
    // Watching first: a file saved while the folder is read is read again.
    this.follow();
    if (this.options.memo) await this.fromMemo();
    this.readDisk();
    this.check();
    if (this.options.history) void this.chooseBase();
  }

  /**
   * The first check, through the memo of `catalog validate --cache` when the analyst has one (.catalogcache at the
   * workspace's root): the files it knows are not judged again, so the editor shows the catalog's problems sooner.
   */
  private async fromMemo(): Promise<void> {
    const { validateCached } = await import('../cache/validate-cached.js');
    const today = this.options.today ?? todayOf(new Date());
    try {
      const relative = displayPath(this.options.dir, this.options.root);
      this.engine = (await validateCached({ dir: relative, cwd: this.options.root, today, cacheFile: this.options.memo! })).engine;
    } catch (err) {
      this.options.log(`the memo was not used: ${(err as Error).message}`);
    }
  }

  stop(): void {
    clearTimeout(this.timer);
    for (const w of this.watchers) w.close();
  }

  /** The name inside the catalog folder of a document, or undefined when it is not in the folder. */
  nameOf(uri: string): string | undefined {
    if (!uri.startsWith('file:')) return undefined;
    const absolute = fileURLToPath(uri);
    const relative = path.relative(this.options.dir, absolute);
    return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : nameInDir(this.options.dir, absolute);
  }

  /** The entry kind of a catalog file, from its folder. */
  kindOf(name: string): EntryKind | undefined {
    return ENTRY_KINDS[name.split('/')[0] as keyof typeof ENTRY_KINDS];
  }

  uriOf(name: string): string {
    return pathToFileURL(path.join(this.options.dir, name)).href;
  }

  /** A document opened or edited: its unsaved text replaces the file's. */
  edited(uri: string, text: string, opened = false): void {
    const name = this.nameOf(uri);
    if (name === undefined) return;
    this.open.set(name, text);
    this.engine.set([{ name, text }]);
    if (opened) this.forced.add(uri);
    this.schedule();
  }

  /** A document closed: the file on disk counts again. */
  closed(uri: string): void {
    const name = this.nameOf(uri);
    if (name === undefined || !this.open.delete(name)) return;
    this.readDisk();
    this.schedule();
  }

  /** The last validation, brought up to date with every change handed in so far. */
  current(): Validation {
    if (this.dirty || !this.last) this.check();
    return this.last!;
  }

  /** The problems of one document now. */
  problemsOf(uri: string): Problem[] {
    const shown = displayPath(fileURLToPath(uri), this.options.root);
    return this.current().report.problems.filter((p) => p.file === shown);
  }

  private schedule(): void {
    this.dirty = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), SETTLE_MS);
  }

  private readDisk(): void {
    let listing: Listing;
    try {
      listing = scanCatalog(this.options.dir, displayPath(this.options.dir, this.options.root));
    } catch (err) {
      this.options.log(`cannot read the catalog folder: ${(err as Error).message}`);
      return;
    }
    readFolder(this.engine, '', listing);
    // A document open in the editor is what the analyst sees, even before it is saved (or after its file is gone).
    this.engine.set([...this.open].map(([name, text]) => ({ name, text })));
    this.dirty = true;
  }

  /** Checks the catalog and publishes what changed. A rule that crashed is told at the top of every open file. */
  private check(): void {
    clearTimeout(this.timer);
    const today = this.options.today ?? todayOf(new Date());
    const validation = this.engine.run(today, this.historyBase());
    this.last = validation;
    this.dirty = false;
    // Only the files with problems now, those published before and those just opened: not a URL per catalog file.
    const byUri = new Map<string, Diagnostic[]>();
    for (const uri of this.forced) byUri.set(uri, []);
    for (const name of this.open.keys()) byUri.set(this.uriOf(name), []);
    for (const p of validation.report.problems) {
      const uri = pathToFileURL(path.resolve(this.options.root, p.file)).href;
      const list = byUri.get(uri);
      if (list) list.push(toDiagnostic(p, this.options.docsBase));
      else byUri.set(uri, [toDiagnostic(p, this.options.docsBase)]);
    }
    for (const crash of validation.crashed)
      for (const name of this.open.keys()) byUri.get(this.uriOf(name))?.unshift(crashDiagnostic(crash, this.options.docsBase));
    for (const uri of this.published.keys()) if (!byUri.has(uri)) byUri.set(uri, []);
    // A file never published counts as clean: the problems panel is not sent thousands of empty lists.
    for (const [uri, diagnostics] of byUri) {
      const key = JSON.stringify(diagnostics);
      if ((this.published.get(uri) ?? '[]') === key && !this.forced.has(uri)) continue;
      this.published.set(uri, key);
      this.options.publish(uri, diagnostics);
    }
    this.forced.clear();
  }

  /**
   * The base as it differs from what the editor shows. The base revision was read against the disk; a file open with
   * unsaved changes whose file on disk is the base's own text is changed too, and its base entry is the disk's.
   */
  private historyBase(): BaseDelta | undefined {
    const base = this.base;
    if (!base) return undefined;
    const texts: CatalogText[] = [];
    for (const [name, text] of this.open) {
      if (!base.names.has(name) || base.changed.has(name)) continue;
      const disk = readTextSync(this.options.dir, name);
      if (disk.text !== undefined && disk.text !== text) texts.push(disk);
    }
    if (texts.length === 0) return base;
    const extra = checkSchemas(loadTexts(this.options.dir, texts, this.options.root)).catalog;
    const own = base.own;
    return {
      ...base,
      changed: new Set([...base.changed, ...texts.map((t) => t.name)]),
      own: {
        rails: [...own.rails, ...extra.rails],
        assets: [...own.assets, ...extra.assets],
        countries: [...own.countries, ...extra.countries],
        policies: [...own.policies, ...extra.policies],
        raw: [...own.raw, ...extra.raw],
      },
    };
  }

  /** The base revision `catalog validate` would compare with; checked again when it arrives or changes. */
  private async chooseBase(): Promise<void> {
    const relative = displayPath(this.options.dir, this.options.root);
    const list = async () => scanCatalog(this.options.dir, relative);
    try {
      const { reading } = await chooseBase({}, relative, this.options.root, this.options.log, list);
      this.base = (await reading)?.delta;
    } catch (err) {
      this.base = undefined;
      this.options.log(`the base revision cannot be read: ${(err as Error).message}`);
    }
    this.schedule();
  }

  /** Follows the disk (files saved, added, removed, a branch switched) and the repository's HEAD and refs. */
  private follow(): void {
    let diskTimer: NodeJS.Timeout | undefined;
    let gitTimer: NodeJS.Timeout | undefined;
    const onDisk = () => {
      clearTimeout(diskTimer);
      diskTimer = setTimeout(() => {
        this.readDisk();
        this.schedule();
        // The base revision is read against the disk: what differs from it changed.
        if (this.options.history) void this.chooseBase();
      }, 50);
    };
    this.watchFolders(this.options.dir, 1, onDisk);
    const gitDir = gitFolder(this.options.root);
    if (!this.options.history || !gitDir) return;
    const onGit = () => {
      clearTimeout(gitTimer);
      gitTimer = setTimeout(() => void this.chooseBase(), 200);
    };
    this.watchFolders(gitDir, 0, (file) => (file === 'HEAD' || file === 'packed-refs' ? onGit() : undefined));
    for (const refs of ['refs/heads', 'refs/remotes']) this.watchFolders(path.join(gitDir, refs), 2, onGit);
  }

  /**
   * Watches a folder and its subfolders down to `depth`, each on its own (inotify watches a folder's entries): not
   * `recursive`, which node 20 does on Linux by polling the stat of every file, thousands of timers for a catalog.
   */
  private watchFolders(folder: string, depth: number, changed: (file: string | null) => void): void {
    if (!existsSync(folder)) return;
    try {
      const watcher = watch(folder, (_, file) => changed(file ? String(file) : null));
      watcher.on('error', (err) => this.options.log(`watching ${folder} failed: ${err.message}`));
      this.watchers.push(watcher);
      if (depth > 0)
        for (const entry of readdirSync(folder, { withFileTypes: true }))
          if (entry.isDirectory() && !entry.name.startsWith('.')) this.watchFolders(path.join(folder, entry.name), depth - 1, changed);
    } catch (err) {
      this.options.log(`cannot watch ${folder}: ${(err as Error).message}`);
    }
  }
}

/** The repository's git folder at the workspace's root, when it is one (a worktree's `.git` file is left alone). */
function gitFolder(root: string): string | undefined {
  for (let at = root; ; at = path.dirname(at)) {
    const git = path.join(at, '.git');
    if (existsSync(path.join(git, 'HEAD'))) return git;
    if (path.dirname(at) === at) return undefined;
  }
}
