import { existsSync, lstatSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver';
import { ENTRY_KINDS, type EntryKind } from '../model/catalog.js';
import type { RawEntry } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import { todayOf } from '../domain/dates.js';
import { CatalogEngine } from '../pipeline/engine.js';
import type { Validation } from '../pipeline/catalog.js';
import { readFolder } from '../pipeline/validate.js';
import { fixCatalog } from '../pipeline/fix.js';
import { scanCatalog, type Listing } from '../read/folder.js';
import { MAX_FILE_BYTES, readTextSync, tooLarge, type CatalogText } from '../read/file.js';
import { loadTexts } from '../parse/load.js';
import { checkSchemas } from '../check/schema.js';
import { displayPath, nameInDir } from '../read/paths.js';
import type { BaseDelta } from '../history/delta.js';
import { chooseBase } from '../git/choose-base.js';
import { KeptFile } from '../cache/kept-file.js';
import { crashDiagnostic, toDiagnostic } from './diagnostics.js';
import { collectGarbage, collectWhenGrown } from './memory.js';

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
  /** Compare with a base revision in a git checkout, as `catalog validate` does (false: --no-base, and git never runs). */
  history: boolean;
  /** The --cache memo to start from and keep (absolute path), as `catalog validate --cache` does; none without it. */
  memo?: string;
  log(line: string): void;
  publish(uri: string, diagnostics: Diagnostic[]): void;
  /** True while a newer text of some document is on its way (received, not yet handed in): a check would be wasted. */
  superseded?(): boolean;
}

/** How long a burst of edits is let settle before the catalog is checked again (edits already received wait anyway). */
const SETTLE_MS = 5;
/** How many files a first run may judge itself before the server starts again from the memo it kept (fromKeptMemo). */
const COMPACT_FILES = 1000;
/** How long the disk is let settle after a change seen there (a save, a checkout of many files). */
const DISK_SETTLE_MS = 50;

/**
 * The catalog as the editor sees it: every file of the folder from disk, the open ones from their unsaved text, in one
 * long-lived engine that checks again what each change touched. Publishes the diagnostics of every file whose
 * diagnostics changed (files not open too, so that the problems panel shows the whole catalog), and of every file
 * just opened, an empty list included.
 */
export class CatalogWorkspace {
  engine: CatalogEngine;
  /** The open documents, by name in the folder: what the engine was handed (a buffer over the size cap: its refusal). */
  private readonly open = new Map<string, CatalogText>();
  private readonly published = new Map<string, string>();
  private readonly forced = new Set<string>();
  /** The URI of each file problems were reported in, by the path problems show. */
  private readonly uris = new Map<string, string>();
  private base?: BaseDelta;
  /** The base as it differs from the open documents (historyBase), for the base and the documents it was made for. */
  private baseView?: { base: BaseDelta; key: string; view: BaseDelta };
  /** The disk's text of open documents, read once per base revision read (the base is read against the disk). */
  private readonly diskTexts = new Map<string, CatalogText>();
  private timer?: NodeJS.Timeout;
  private last?: Validation;
  private dirty = true;
  /** False until the folder (and the base, in a git checkout) has been read: edits meanwhile wait for that first check. */
  private ready = false;
  private readonly watchers: FSWatcher[] = [];
  private readonly factsOf = new WeakMap<Validation, { countries: Set<string>; currencies: Set<string> }>();

  constructor(private readonly options: WorkspaceOptions) {
    this.engine = new CatalogEngine({ dir: options.dir, cwd: options.root });
  }

  private today(): string {
    return this.options.today ?? todayOf(new Date());
  }

  /**
   * Reads the folder (from the memo of `validate --cache` when there is one) while git reads the base revision, checks
   * the catalog once with both, publishes every file's diagnostics, then follows the base revision and the disk.
   */
  async start(): Promise<void> {
    // Watching first: a file saved while the folder is read is read again.
    this.follow();
    // Listed once, for git (the base's names) and for the read.
    const listing = this.list();
    const base = this.options.history ? this.chooseBase(listing) : undefined;
    const fromMemo = this.options.memo && listing ? await this.fromMemo(listing, base) : undefined;
    if (!fromMemo) {
      this.readDisk(listing);
      this.engine.judge(this.today());
    }
    await base;
    this.ready = true;
    // The memo's run read every text the editor has (the disk's) and the base as it stands: its problems are the catalog's.
    if (fromMemo && this.base === fromMemo.base && this.holdsOpenTexts(fromMemo.validation) && this.historyBase() === this.base)
      this.publishAll(fromMemo.validation);
    else this.check();
    // Reading ten thousand files leaves much garbage: it goes back to the system now, not at V8's leisure.
    collectGarbage();
    if (fromMemo && this.judgedItself(fromMemo.validation)) setImmediate(() => void this.fromKeptMemo());
  }

  /** True when a run judged most files itself (no memo yet, or one of another version): it holds every file whole. */
  private judgedItself(validation: Validation): boolean {
    const whole = validation.files.filter((f) => !(f instanceof KeptFile)).length;
    return whole > COMPACT_FILES && whole > validation.files.length / 2;
  }

  /**
   * Starts again from the memo the first run kept, once its diagnostics are out: an engine that judged ten thousand
   * files holds each whole (its text, its data), about 80 MB, where the memo's engine holds what the catalog-wide rules
   * read, about 30 MB. The editor's texts are handed to the new engine, and what it finds is published as any change.
   */
  private async fromKeptMemo(): Promise<void> {
    const listing = this.list();
    if (!listing) return;
    const base = this.base;
    const again = await this.fromMemo(listing, Promise.resolve());
    if (again && this.base === base) this.check();
    else this.schedule();
    collectGarbage();
  }

  /**
   * The first check, through the memo of `catalog validate --cache` when the analyst has one (.catalogcache at the
   * workspace's root): the files it knows are not judged again, so the editor shows the catalog's problems sooner.
   */
  private async fromMemo(listing: Listing, base: Promise<void> | undefined): Promise<{ validation: Validation; base?: BaseDelta } | undefined> {
    const { validateCached } = await import('../cache/validate-cached.js');
    try {
      const relative = displayPath(this.options.dir, this.options.root);
      const withBase = base?.then(() => this.base);
      const options = { dir: relative, cwd: this.options.root, today: this.today(), cacheFile: this.options.memo!, base: withBase, listing };
      const done = await validateCached(options);
      this.engine = done.engine;
      // Documents opened meanwhile: their unsaved text, not the disk's.
      this.engine.set(this.open.values());
      return { validation: done, base: await withBase };
    } catch (err) {
      this.options.log(`the memo was not used: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** True when a validation was made with the text of every open document (opened unchanged from the disk). */
  private holdsOpenTexts(validation: Validation): boolean {
    if (this.open.size === 0) return true;
    const files = new Map(validation.files.map((f) => [f.path, f]));
    return [...this.open.values()].every((t) => t.text !== undefined && files.get(this.shownOf(this.uriOf(t.name)))?.text === t.text);
  }

  stop(): void {
    clearTimeout(this.timer);
    for (const w of this.watchers) w.close();
    this.watchers.length = 0;
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

  /** The file's path as problems show it (relative to the workspace folder). */
  shownOf(uri: string): string {
    return displayPath(fileURLToPath(uri), this.options.root);
  }

  /** A document opened or edited: its unsaved text replaces the file's (a text over the size cap is refused as on disk). */
  edited(uri: string, text: string, opened = false): void {
    const name = this.nameOf(uri);
    if (name === undefined) return;
    const handed = overCap(text) ? { name, unreadable: tooLarge(Buffer.byteLength(text)), unreadableId: 'too-large' as const } : { name, text };
    this.open.set(name, handed);
    this.engine.set([handed]);
    if (opened) this.forced.add(uri);
    this.schedule();
  }

  /** A document closed: the file on disk counts again. */
  closed(uri: string): void {
    const name = this.nameOf(uri);
    const was = name === undefined ? undefined : this.open.get(name);
    if (name === undefined || !was || !this.open.delete(name)) return;
    this.diskTexts.delete(name);
    this.readFiles([name]);
    this.schedule();
    // A buffer over the cap held megabytes (the editor's text, the client's copy): they go back to the system.
    if (was.text === undefined) setImmediate(collectGarbage);
  }

  /** The last validation, brought up to date with every change handed in so far. */
  current(): Validation {
    if (this.dirty || !this.last) this.check(true);
    return this.last!;
  }

  /** The problems of one document now. */
  problemsOf(uri: string): Problem[] {
    const shown = this.shownOf(uri);
    return this.current().report.problems.filter((p) => p.file === shown);
  }

  /** A problem as the editor shows it. */
  diagnosticOf(problem: Problem): Diagnostic {
    return toDiagnostic(problem, this.options.docsBase);
  }

  /** The entry a document holds now (undefined when it holds none: a syntax error, not a mapping). */
  entryOf(uri: string): RawEntry | undefined {
    const shown = this.shownOf(uri);
    return this.current().catalog.raw.find((e) => e.file.path === shown);
  }

  /** The codes of the countries that have a file, and the currencies those countries use (completion offers them first). */
  countryCodes(): Set<string> {
    return this.facts().countries;
  }

  currenciesUsed(): Set<string> {
    return this.facts().currencies;
  }

  private facts(): { countries: Set<string>; currencies: Set<string> } {
    const validation = this.current();
    let facts = this.factsOf.get(validation);
    if (!facts) {
      facts = { countries: new Set(), currencies: new Set() };
      // Every country file that holds a mapping counts, valid or not (one being written is still the country's file).
      for (const e of validation.catalog.raw) {
        if (e.kind !== 'country') continue;
        if (typeof e.data.code === 'string') facts.countries.add(e.data.code);
        if (typeof e.data.currency === 'string') facts.currencies.add(e.data.currency);
      }
      this.factsOf.set(validation, facts);
    }
    return facts;
  }

  /**
   * The text of a document with every safe fix of `catalog validate <file> --fix` applied (the same fix path, with the
   * same passes), and the problems fixed. The engine is handed the document's text back: the editor sends the edit
   * as a change, as any other.
   */
  fixFile(uri: string, text: string): { text: string; fixed: Problem[] } {
    const name = this.nameOf(uri);
    if (name === undefined || this.open.get(name)?.text !== text) return { text, fixed: [] };
    const shown = this.shownOf(uri);
    const result = fixCatalog(this.engine, this.current(), this.today(), this.historyBase(), (p) => p.file === shown);
    this.engine.set([{ name, text }]);
    this.dirty = true;
    return { text: result.files.get(name)?.text ?? text, fixed: result.fixed };
  }

  private schedule(): void {
    this.dirty = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), SETTLE_MS);
  }

  /** The catalog folder's listing (the memo left out when it lies inside); undefined, and said, when it cannot be read. */
  private list(): Listing | undefined {
    try {
      const own = this.options.memo ? [this.options.memo] : [];
      return scanCatalog(this.options.dir, displayPath(this.options.dir, this.options.root), own);
    } catch (err) {
      this.options.log(`cannot read the catalog folder: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** Every file of the folder from disk (the open documents keep their unsaved text). */
  private readDisk(listing = this.list()): void {
    if (!listing) return;
    readFolder(this.engine, '', listing);
    // A document open in the editor is what the analyst sees, even before it is saved (or after its file is gone).
    this.engine.set(this.open.values());
    this.dirty = true;
  }

  /** Files of the folder named by the disk's events, read again (or forgotten when gone), open documents aside. */
  private readFiles(names: Iterable<string>): void {
    const gone: string[] = [];
    const read: CatalogText[] = [];
    for (const name of names) {
      if (this.open.has(name)) continue;
      const info = lstatSync(path.join(this.options.dir, name), { throwIfNoEntry: false });
      if (!info) gone.push(name);
      else if (info.isDirectory()) {
        // A folder appeared: the listing's rules say what it holds.
        this.readDisk();
        return;
      } else read.push(readTextSync(this.options.dir, name));
    }
    this.engine.remove(gone);
    this.engine.set(read);
    this.dirty = true;
  }

  /**
   * Checks the catalog and publishes what changed. Waits while a newer text is on its way: a check of a text already
   * replaced would be wasted (`now`: a request needs the answer at once).
   */
  private check(now = false): void {
    clearTimeout(this.timer);
    if (!this.ready) {
      // A request before the folder is read: answered from what the engine holds, and nothing published (the open
      // file's problems without the catalog around it would be wrong).
      if (now) this.last = this.engine.run(this.today());
      return;
    }
    if (!now && this.options.superseded?.()) {
      this.timer = setTimeout(() => this.check(), SETTLE_MS);
      return;
    }
    const validation = this.engine.run(this.today(), this.historyBase());
    this.publishAll(validation);
    // After the diagnostics are on their way: the analyst is not kept waiting for the collector.
    setImmediate(collectWhenGrown);
  }

  /** Publishes what changed since the last publication. A rule that crashed is told at the top of every open file. */
  private publishAll(validation: Validation): void {
    this.last = validation;
    this.dirty = false;
    // Only the files with problems now, those published before and those just opened: not a URL per catalog file.
    const byUri = new Map<string, Diagnostic[]>();
    for (const uri of this.forced) byUri.set(uri, []);
    for (const name of this.open.keys()) byUri.set(this.uriOf(name), []);
    for (const p of validation.report.problems) {
      let uri = this.uris.get(p.file);
      if (uri === undefined) this.uris.set(p.file, (uri = pathToFileURL(path.resolve(this.options.root, p.file)).href));
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
      if (key === '[]') this.published.delete(uri);
      else this.published.set(uri, key);
      this.options.publish(uri, diagnostics);
    }
    this.forced.clear();
  }

  /**
   * The base as it differs from what the editor shows. The base revision was read against the disk; a file open with
   * unsaved changes whose file on disk is the base's own text is changed too, and its base entry is the disk's. Made
   * again only when the base or the set of such files changes, not on every keystroke.
   */
  private historyBase(): BaseDelta | undefined {
    const base = this.base;
    if (!base) return undefined;
    const texts: CatalogText[] = [];
    for (const [name, handed] of this.open) {
      if (!base.names.has(name) || base.changed.has(name)) continue;
      let disk = this.diskTexts.get(name);
      if (!disk) this.diskTexts.set(name, (disk = readTextSync(this.options.dir, name)));
      if (disk.text !== undefined && disk.text !== handed.text) texts.push(disk);
    }
    if (texts.length === 0) return base;
    const key = texts.map((t) => t.name).join('\n');
    if (this.baseView?.base === base && this.baseView.key === key) return this.baseView.view;
    const extra = checkSchemas(loadTexts(this.options.dir, texts, this.options.root)).catalog;
    const own = base.own;
    const view = {
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
    this.baseView = { base, key, view };
    return view;
  }

  /** The base revision `catalog validate` would compare with; checked again when it arrives or changes. */
  private async chooseBase(listing?: Listing): Promise<void> {
    const relative = displayPath(this.options.dir, this.options.root);
    const list = async () => listing ?? scanCatalog(this.options.dir, relative);
    try {
      const { reading } = await chooseBase({}, relative, this.options.root, this.options.log, list);
      this.base = (await reading)?.delta;
    } catch (err) {
      this.base = undefined;
      this.options.log(`the base revision cannot be read: ${(err as Error).message}`);
    }
    this.diskTexts.clear();
    if (this.ready) this.schedule();
  }

  /** Follows the disk (files saved, added, removed, a branch switched) and the repository's HEAD and refs. */
  private follow(): void {
    let diskTimer: NodeJS.Timeout | undefined;
    let gitTimer: NodeJS.Timeout | undefined;
    const changed = new Set<string>();
    let rescan = false;
    const onDisk = (name: string | undefined) => {
      if (name === undefined) rescan = true;
      else changed.add(name);
      clearTimeout(diskTimer);
      diskTimer = setTimeout(() => {
        if (rescan) this.readDisk();
        else this.readFiles(changed);
        rescan = false;
        changed.clear();
        this.schedule();
        // The base revision is read against the disk: what differs from it changed.
        if (this.options.history) void this.chooseBase();
      }, DISK_SETTLE_MS);
    };
    // In the catalog folder a change to a folder rescans (rare); in a kind's folder, the file named is read again.
    this.watchFolder(this.options.dir, () => onDisk(undefined));
    for (const folder of Object.keys(ENTRY_KINDS))
      this.watchFolder(path.join(this.options.dir, folder), (file) => onDisk(file ? `${folder}/${file}` : undefined));
    const gitDir = gitFolder(this.options.root);
    if (!this.options.history || !gitDir) return;
    const onGit = () => {
      clearTimeout(gitTimer);
      gitTimer = setTimeout(() => void this.chooseBase(), 200);
    };
    this.watchFolder(gitDir, (file) => (file === 'HEAD' || file === 'packed-refs' ? onGit() : undefined));
    for (const refs of ['refs/heads', 'refs/remotes']) this.watchFolders(path.join(gitDir, refs), 2, onGit);
  }

  private watchFolder(folder: string, changed: (file: string | null) => void): void {
    this.watchFolders(folder, 0, changed);
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

/** True when a text is over the size cap of a catalog file (counted in UTF-8 bytes only when it may be). */
export function overCap(text: string): boolean {
  return text.length * 3 > MAX_FILE_BYTES && Buffer.byteLength(text) > MAX_FILE_BYTES;
}

/** The repository's git folder at the workspace's root, when it is one (a worktree's `.git` file is left alone). */
function gitFolder(root: string): string | undefined {
  for (let at = root; ; at = path.dirname(at)) {
    const git = path.join(at, '.git');
    if (existsSync(path.join(git, 'HEAD'))) return git;
    if (path.dirname(at) === at) return undefined;
  }
}
