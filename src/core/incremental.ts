import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog } from './catalog.js';
import { displayPath, displayPaths, isEntryPlace, joinPath, loadTexts, parseCatalogText, readTextSync, scanCatalog, type CatalogText, type EntryKind, type Loaded, type RawEntry } from './load.js';
import { makeReport, type Problem } from './problem.js';
import type { SourceFile } from './source.js';
import { addEntry, checkLoaded, rulesOnInvalid, runRules, withoutCharacterEchoes, type InvalidEntry, type Validation, type ValidateOptions } from './validate.js';
import { writeAtomic } from './write-atomic.js';
import type { Rule } from '../rules/define.js';

/**
 * `catalog validate --cache`: an incremental run, as ESLint's and Biome's caches make one. What a run finds is split
 * in two:
 * - what a file alone decides: its parse, its schema check and the rules of scope 'entry' (src/rules/define.ts). These
 *   problems are kept with the file in the cache and found again only for the files that changed;
 * - what the whole catalog decides (duplicate ids and names, references, policies, history): the other rules run on
 *   every entry, unless nothing they can have seen changed since they last ran (their problems are then reused).
 * A file is unchanged when its size, mtime, ctime and inode are those recorded (no read at all), or, when they are
 * not (a fresh checkout in CI, a restored cache), when the hash of its text is. Unchanged files are not read: the
 * catalog-wide rules read the top-level scalars of their entries from the cache, and the rare rule that wants more of
 * such an entry (a nested property, every key) gets the file read and parsed on first use. The report is the report of
 * a run without the cache, byte for byte: test/core/incremental.test.ts compares the two on edited catalogs.
 */

/** Bumped whenever what is kept, or how it is read, changes. */
const FORMAT = 'payout-catalog-validate/7';
/**
 * A file modified this close to the start of the run that recorded it may change again within the file system's
 * time resolution without its stat changing (git's "racy clean" problem): its text is hashed on the next run.
 */
const RACY_MS = 2000;

/**
 * What the cache keeps of one file, as a tuple (the cache of 10,000 files is read on every run: no property names):
 * size, mtimeMs, ctimeMs, inode at the run that checked it; the sha1 of its text; 1 when it was modified within
 * RACY_MS of the start of that run (hash the text before trusting the stat); the problems of the file alone (parse,
 * schema, entry rules; located, fixes included); and, when the file holds an entry: its kind, its shape (an index in
 * Index.shapes), the values of the shape's summary properties, and the pointers the schema found wrong (null when the
 * schema accepts it); and 1 when a catalog-wide rule read a property of the entry outside its summary (the last time
 * they ran).
 */
type Kept = [size: number, mtimeMs: number, ctimeMs: number, ino: number, hash: string, racy: 0 | 1, problems: Problem[], kind: EntryKind | null, shape: number, values: unknown[], broken: string[] | null, nested: 0 | 1];

/**
 * The shape of entries: their top-level property names in order, and for each a 1 when it holds a scalar or a list of
 * scalars (the summary, what catalog-wide rules read, kept in the cache), a 0 otherwise. A catalog has few shapes.
 */
type Shape = [keys: string[], summary: string];

interface Index {
  format: string;
  key: string;
  shapes: Shape[];
  files: Record<string, Kept>;
  /**
   * The problems the catalog-wide rules found, when they ran without a base revision and did not crash: reused as they
   * are when no value those rules can have seen changed (see validateIncremental); null otherwise.
   */
  wide: Problem[] | null;
}

/** The identity of the checks: the code that runs, the schemas and the locked dependencies. */
let checksIdentity: string | undefined;
function identity(): string {
  if (checksIdentity) return checksIdentity;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../..');
  const hash = createHash('sha1');
  // compiled/sources.json holds the hash of the sources and schemas compiled/ was made from.
  const manifest = path.join(here, '../sources.json');
  if (existsSync(manifest)) hash.update(readFileSync(manifest));
  else {
    // Running the TypeScript sources (tests, tsx): their own text, and the schemas.
    const hashFolder = (dir: string, keep: (f: string) => boolean) => {
      for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(keep).sort()) hash.update(f).update(readFileSync(path.join(dir, f)));
    };
    hashFolder(path.resolve(here, '..'), (f) => f.endsWith('.ts'));
    hashFolder(path.join(root, 'schemas'), (f) => f.endsWith('.json'));
  }
  for (const f of ['package.json', 'package-lock.json']) if (existsSync(path.join(root, f))) hash.update(readFileSync(path.join(root, f)));
  return (checksIdentity = hash.digest('hex'));
}

/** What a kept result depends on besides the file: the checks, the date, and where paths are shown from. */
function runKey(absDir: string, cwd: string, today: string, rules: Record<string, Rule>): string {
  return JSON.stringify([identity(), absDir, cwd, today, Object.keys(rules)]);
}

/** The cache of the previous run, or undefined when there is none, it is unreadable, or it was made for other checks. */
function readKept(file: string, key: string): Index | undefined {
  try {
    const index = JSON.parse(readFileSync(file, 'utf8')) as Index;
    if (index.format !== FORMAT || index.key !== key || typeof index.files !== 'object' || index.files === null || !Array.isArray(index.shapes)) return undefined;
    return index;
  } catch {
    return undefined; // no cache yet, or not one of ours: everything is checked
  }
}

const sameStat = (k: Kept, s: Stats) => k[0] === s.size && k[1] === s.mtimeMs && k[2] === s.ctimeMs && k[3] === s.ino;
const hashOf = (text: string) => createHash('sha1').update(text).digest('base64');

/** True when data survives JSON unchanged (YAML's .inf and .nan, and -0, do not): only such entries are kept. */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.values(value).every(jsonSafe);
  return true;
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** Shapes of the entries kept by a run, each once. */
class Shapes {
  readonly list: Shape[] = [];
  private readonly index = new Map<string, number>();

  /** The shape of an entry's data and the values of its summary. */
  of(data: Record<string, unknown>): { shape: number; values: unknown[] } {
    const keys = Object.keys(data);
    let summary = '';
    const values: unknown[] = [];
    for (const k of keys) {
      const v = data[k];
      const kept = isScalar(v) || (Array.isArray(v) && v.every(isScalar));
      summary += kept ? '1' : '0';
      if (kept) values.push(v);
    }
    return { shape: this.add([keys, summary]), values };
  }

  /** The index of a shape in this run's list. */
  add(shape: Shape): number {
    const key = JSON.stringify(shape);
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.list.push(shape) - 1;
      this.index.set(key, i);
    }
    return i;
  }
}

/** A file of the catalog that was not read in this run: its text is read when a problem must be located in it. */
class KeptFile implements SourceFile, Owner {
  nested = false;
  private read?: string;
  constructor(
    readonly path: string,
    readonly absolute: string,
    private readonly absDir: string,
    private readonly name: string,
  ) {}

  get text(): string {
    return (this.read ??= readTextSync(this.absDir, this.name).text ?? '');
  }

  set text(value: string) {
    this.read = value;
  }

  private full?: Record<string, unknown>;
  /** The data of the unchanged file, parsed again (a rule wanted more of the entry than the cache keeps). */
  data(): Record<string, unknown> {
    this.nested = true;
    this.full ??= parseCatalogText({ name: this.name, text: this.text }).data;
    if (!this.full) throw new Error(`${this.path} changed during the run: run catalog validate again`);
    return this.full;
  }
}

/** What stands behind an entry's data in the catalog-wide pass: its whole data, and whether a rule asked for it. */
interface Owner {
  /** The whole data (for a kept entry, its file parsed again); marks the entry as read beyond its summary. */
  data(): Record<string, unknown>;
  nested: boolean;
}

/** A changed file's entry in the catalog-wide pass: its data is at hand; what is recorded is whether it was asked for. */
class FreshOwner implements Owner {
  nested = false;
  constructor(private readonly full: Record<string, unknown>) {}
  data(): Record<string, unknown> {
    this.nested = true;
    return this.full;
  }
}

/** The owner of each entry's data in the catalog-wide pass (what the getters of its other properties read). */
const owners = new WeakMap<object, Owner>();
/** The getter of a property outside the summary, one per property name, shared by every entry. */
const getters = new Map<string, PropertyDescriptor>();
function getter(key: string): PropertyDescriptor {
  let d = getters.get(key);
  if (!d) {
    d = {
      get(this: object) {
        return owners.get(this)!.data()[key];
      },
      enumerable: true,
      configurable: true,
    };
    getters.set(key, d);
  }
  return d;
}

/**
 * An entry's data as catalog-wide rules see it: the summary's values as plain properties, each other property a getter
 * that asks the owner (which records the read; for a kept entry it parses the file on first use). Its keys are the
 * entry's keys, in the file's order: keys, `in`, spreading and JSON see the plain object it stands for.
 */
function keptData(shape: Shape, values: unknown[], owner: Owner): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const [keys, summary] = shape;
  for (let i = 0, v = 0; i < keys.length; i++) {
    if (summary.charCodeAt(i) !== 0x31) Object.defineProperty(data, keys[i], getter(keys[i]));
    else if (keys[i] === '__proto__') Object.defineProperty(data, keys[i], { value: values[v++], enumerable: true, writable: true, configurable: true });
    else data[keys[i]] = values[v++];
  }
  owners.set(data, owner);
  return data;
}

/** Splits rules by scope: those whose problems stay with a file, and those that need the whole catalog. */
export function rulesByScope(rules: Record<string, Rule>): { entry: Record<string, Rule>; catalog: Record<string, Rule> } {
  const entry: Record<string, Rule> = {};
  const catalog: Record<string, Rule> = {};
  for (const [id, rule] of Object.entries(rules)) (rule.scope === 'entry' ? entry : catalog)[id] = rule;
  return { entry, catalog };
}

/** One path of the catalog in this run: kept from the cache, or checked now. */
type Slot = { name: string; kept: Kept } | { name: string; text: CatalogText; stat?: Stats; hash?: string };

/** validateCatalog with the cache file `cacheFile` (relative to cwd). */
export async function validateIncremental(options: ValidateOptions & { cacheFile: string; rules: Record<string, Rule> }): Promise<Validation> {
  const cwd = options.cwd ?? process.cwd();
  const absDir = path.resolve(cwd, options.dir);
  const cacheFile = path.resolve(cwd, options.cacheFile);
  const { rules } = options;
  const startedAt = Date.now();
  const key = runKey(absDir, cwd, options.today, rules);
  const { files: names, refused } = await scanCatalog(absDir, options.dir, [cacheFile]);
  const previous = readKept(cacheFile, key);
  const shownOf = displayPaths(absDir, cwd);

  // Which files changed: the stat first, the hash of the text when the stat is not conclusive.
  const slots: Slot[] = [];
  let reread = false; // a racy file was found unchanged: recording its stat again spares the next run the hash
  for (const name of names) {
    const kept = previous?.files[name];
    if (!isEntryPlace(name)) {
      slots.push({ name, text: { name } });
      continue;
    }
    // undefined when gone since the folder was listed: reading it says so.
    const stat = statSync(joinPath(absDir, name), { throwIfNoEntry: false });
    if (kept && stat && !kept[5] && sameStat(kept, stat)) {
      slots.push({ name, kept });
      continue;
    }
    const text = readTextSync(absDir, name);
    const hash = text.text !== undefined && !text.badUtf8 && text.refused === undefined ? hashOf(text.text) : undefined;
    if (kept && stat && hash !== undefined && kept[4] === hash) {
      const again: Kept = [stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, hash, stat.mtimeMs >= startedAt - RACY_MS ? 1 : 0, kept[6], kept[7], kept[8], kept[9], kept[10], kept[11]];
      slots.push({ name, kept: again });
      if (!again[5]) reread = true; // still racy: the next run hashes it again, nothing to record
      continue;
    }
    slots.push({ name, text, stat, hash });
  }
  if (refused.length) {
    for (const r of refused) slots.push({ name: r.name, text: r });
    slots.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  const { entry: entryRules, catalog: catalogRules } = rulesByScope(rules);
  const crashed: Validation['crashed'] = [];

  // The files that changed: parsed, schema-checked and checked by the entry rules, as a run without the cache does.
  const fresh = slots.filter((s): s is Extract<Slot, { text: CatalogText }> => 'text' in s);
  const freshLoaded = loadTexts(absDir, fresh.map((s) => s.text), cwd);
  const checked = checkLoaded(freshLoaded, { today: options.today, rules: entryRules });
  crashed.push(...checked.crashed);
  const problemsByFile = new Map<string, Problem[]>();
  for (const p of checked.problems) {
    const list = problemsByFile.get(p.file);
    if (list) list.push(p);
    else problemsByFile.set(p.file, [p]);
  }
  const freshFiles = new Map(freshLoaded.files.map((f) => [f.absolute, f]));
  const freshEntries = new Map(freshLoaded.entries.map((e) => [e.file.absolute, e]));
  const brokenOf = new Map(checked.invalid.map((i) => [i.entry, i.broken]));

  // What the next run keeps of each changed file: its entry's shape and summary (files read whole, summary JSON-safe).
  const shapes = new Shapes();
  const freshKept = new Map<string, { raw?: RawEntry; broken?: string[]; shape: number; values: unknown[]; own: Problem[]; file?: SourceFile }>();
  for (const slot of fresh) {
    const absolute = joinPath(absDir, slot.name);
    const file = freshFiles.get(absolute);
    const raw = freshEntries.get(absolute);
    const { shape, values } = raw ? shapes.of(raw.data) : { shape: -1, values: [] };
    freshKept.set(slot.name, { raw, broken: raw ? brokenOf.get(raw) : undefined, shape, values, own: problemsByFile.get(file?.path ?? displayPath(absolute, cwd)) ?? [], file });
  }

  /**
   * The catalog-wide rules' problems of the previous run stand when none of what those rules can have seen changed. Rules
   * are deterministic functions of the catalog they are given; an entry shows them its kind, file, shape, summary and
   * whether the schema refused it, and its other properties only through getters that record a read. So when no base
   * revision is given, no file was added or removed, every changed file's entry has the kind, shape, summary and refusal
   * it had, none of them had a property beyond its summary read the last time the rules ran, and none of them had a
   * catalog-wide problem (whose place in the file may have moved), the rules would see exactly what they saw then.
   */
  const wideBefore = previous?.wide;
  const reuse =
    wideBefore != null &&
    !options.base &&
    refused.length === 0 &&
    slots.length === Object.keys(previous!.files).length &&
    fresh.every((slot) => {
      const was = previous!.files[slot.name];
      const now = freshKept.get(slot.name)!;
      if (!was || was[11] || !slot.stat || slot.hash === undefined) return false;
      if ((was[7] ?? undefined) !== now.raw?.kind || JSON.stringify(was[10]) !== JSON.stringify(now.broken ?? null)) return false;
      if (now.raw && (JSON.stringify(previous!.shapes[was[8]]) !== JSON.stringify(shapes.list[now.shape]) || JSON.stringify(was[9]) !== JSON.stringify(now.values))) return false;
      const shown = now.file?.path;
      return !wideBefore.some((p) => p.file === shown);
    });

  // The whole catalog, in file order, for the catalog-wide rules; and what the next run keeps.
  const loaded: Loaded = { dir: absDir, files: [], entries: [], problems: [] };
  const catalog: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: loaded.entries };
  const invalid: InvalidEntry[] = [];
  const problems: Problem[] = [];
  const next: Index = { format: FORMAT, key, shapes: shapes.list, files: {}, wide: null };
  const renumbered = new Map<number, number>();
  /** Each entry's owner in the catalog-wide pass, with the name it is kept under. */
  const owned: Array<[string, Owner]> = [];
  const enter = (raw: RawEntry, broken: string[] | null | undefined) => {
    loaded.entries.push(raw);
    if (broken) invalid.push({ entry: raw, broken });
    else addEntry(catalog, raw.kind, raw);
  };
  for (const slot of slots) {
    if ('kept' in slot) {
      const { kept, name } = slot;
      const absolute = joinPath(absDir, name);
      const file = new KeptFile(shownOf(absolute, name), absolute, absDir, name);
      loaded.files.push(file);
      for (const p of kept[6]) problems.push(p);
      const kind = kept[7];
      if (kind === null) {
        next.files[name] = kept;
        continue;
      }
      const shape = previous!.shapes[kept[8]];
      if (!reuse) {
        enter({ kind, file, data: keptData(shape, kept[9], file) }, kept[10]);
        owned.push([name, file]);
      }
      // Shapes are numbered anew by each run: most runs meet the same shapes in the same order.
      let now = renumbered.get(kept[8]);
      if (now === undefined) renumbered.set(kept[8], (now = shapes.add(shape)));
      next.files[name] = now === kept[8] ? kept : ([...kept.slice(0, 8), now, ...kept.slice(9)] as Kept);
      continue;
    }
    const k = freshKept.get(slot.name)!;
    if (k.file) loaded.files.push(k.file);
    problems.push(...k.own);
    if (k.raw && !reuse) {
      // The catalog-wide rules see the entry as they see a kept one: its summary, and getters that record a read.
      const owner = new FreshOwner(k.raw.data);
      enter({ ...k.raw, data: keptData(shapes.list[k.shape], k.values, owner) }, k.broken);
      owned.push([slot.name, owner]);
    }
    if (slot.stat && slot.hash !== undefined && jsonSafe(k.values)) {
      const { size, mtimeMs, ctimeMs, ino } = slot.stat;
      const nested = reuse ? previous!.files[slot.name][11] : 0;
      next.files[slot.name] = [size, mtimeMs, ctimeMs, ino, slot.hash, mtimeMs >= startedAt - RACY_MS ? 1 : 0, k.own, k.raw?.kind ?? null, k.shape, k.values, k.broken ?? null, nested];
    }
  }

  if (reuse) {
    problems.push(...wideBefore);
    next.wide = wideBefore;
  } else {
    const wide = runRules(catalog, options.today, catalogRules, options.base, crashed);
    wide.push(...rulesOnInvalid(catalog, invalid, { today: options.today, rules: catalogRules, base: options.base }, wide));
    problems.push(...wide);
    // What the rules read beyond each summary; their problems, kept when the next run may reuse them.
    for (const [name, owner] of owned) {
      const record = next.files[name];
      if (record && record[11] !== (owner.nested ? 1 : 0)) next.files[name] = [...record.slice(0, 11), owner.nested ? 1 : 0] as Kept;
    }
    if (!options.base && crashed.length === 0) next.wide = wide;
  }
  const report = makeReport(withoutCharacterEchoes(problems), loaded.files.length);

  // Written when something changed (a file checked, gone, or found unchanged by its hash), never after a crash.
  const changed = reread || fresh.length > 0 || !previous || Object.keys(previous.files).length !== Object.keys(next.files).length || JSON.stringify(previous.wide) !== JSON.stringify(next.wide) || Object.keys(next.files).some((n) => previous.files[n]?.[11] !== next.files[n][11]);
  if (changed && crashed.length === 0) {
    try {
      await writeAtomic(cacheFile, JSON.stringify(next), undefined, { durable: false });
    } catch {
      // a read-only location: the next run checks everything again
    }
  }
  return { report, loaded, catalog, crashed };
}
