import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DamagedCache, FileRecord, readIndex, recordable, saveIndex, statKey, wideOf, type FileStat, type IndexFile, type Shape } from './index-file.js';
import { findKeyMtimeMs } from '../read/find-walk.js';
import { addEntry, idKey, type Catalog } from '../model/catalog.js';
import { displayPath, displayPaths, isEntryPlace, joinPath } from '../read/paths.js';
import { loadTexts, type Loaded } from '../parse/load.js';
import { parseCatalogText } from '../parse/file.js';
import { readTextSync, type CatalogText } from '../read/file.js';
import { scanCatalog, type Listing } from '../read/folder.js';
import { type EntryKind, type RawEntry } from '../model/catalog.js';
import { makeReport, type Problem } from '../model/problem.js';
import type { SourceFile } from '../parse/source.js';
import { checkLoaded, type Validation, type ValidateOptions } from '../pipeline/validate.js';
import { historyProblems } from '../history/check.js';
import { rulesOnInvalid, runRule, runRules } from '../check/rules.js';
import { withoutCharacterEchoes } from '../check/characters.js';
import { type InvalidEntry } from '../check/schema.js';
import { changedKeys, entryKey, type BaseDelta } from '../history/delta.js';
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
 * a run without the cache, byte for byte: test/cache/incremental.test.ts compares the two on edited catalogs.
 */

/**
 * A file modified this close to the start of the run that recorded it may change again within the file system's
 * time resolution without its stat changing (git's "racy clean" problem): its text is hashed on the next run.
 */
const RACY_MS = 2000;

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

const hashOf = (text: string) => createHash('sha1').update(text).digest('base64');

/** True when data survives JSON unchanged (YAML's .inf and .nan, and -0, do not): only such entries are kept. */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.values(value).every(jsonSafe);
  return true;
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** The shapes of entries: those of the index, then the new ones this run meets (each once). */
class Shapes {
  readonly list: Shape[];
  private readonly index = new Map<string, number>();
  private readonly known: number;

  constructor(previous: Shape[] = []) {
    this.list = [...previous];
    this.known = previous.length;
    previous.forEach((shape, i) => this.index.set(JSON.stringify(shape), i));
  }

  /** The shapes met by this run that the index does not hold yet. */
  get added(): Shape[] {
    return this.list.slice(this.known);
  }

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

  /** The index of a shape in the list. */
  private add(shape: Shape): number {
    const key = JSON.stringify(shape);
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.list.push(shape) - 1;
      this.index.set(key, i);
    }
    return i;
  }
}

/**
 * A file of the catalog that was not read in this run: its text is read when a problem must be located in it. Its
 * paths are worked out on first use (most runs use none of them for most files).
 */
class KeptFile implements SourceFile, Owner {
  nested = false;
  private read?: string;
  private shown?: string;
  private abs?: string;
  constructor(
    private readonly absDir: string,
    readonly name: string,
    private readonly shownOf: (absolute: string, name: string) => string,
    /** Its record in the index. */
    readonly record: FileRecord,
  ) {}

  get absolute(): string {
    return (this.abs ??= joinPath(this.absDir, this.name));
  }

  get path(): string {
    return (this.shown ??= this.shownOf(this.absolute, this.name));
  }

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
    return this.parsed();
  }

  /** The data of the unchanged file, parsed again, for the history checks (which leave `nested` as it is). */
  parsed(): Record<string, unknown> {
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

/** A path of the catalog checked in this run, with what the index recorded of it. */
type Fresh = { name: string; text: CatalogText; stat?: FileStat; hash?: string; was?: FileRecord };
/** One path of the catalog in this run: kept from the cache, or checked now. */
type Slot = KeptFile | Fresh;

/** validateCatalog with the cache file `cacheFile` (relative to cwd). */
export async function validateIncremental(options: ValidateOptions & { cacheFile: string; rules: Record<string, Rule> }): Promise<Validation> {
  const cwd = options.cwd ?? process.cwd();
  const absDir = path.resolve(cwd, options.dir);
  const cacheFile = path.resolve(cwd, options.cacheFile);
  const key = runKey(absDir, cwd, options.today, options.rules);
  // The index is read while the listing may still be under way (find, in a process of its own).
  const previous = readIndex(cacheFile, key);
  const listing = (await options.listing) ?? scanCatalog(absDir, options.dir, [cacheFile]);
  try {
    return await run(options, { cwd, absDir, cacheFile, key, listing }, previous);
  } catch (err) {
    if (!(err instanceof DamagedCache)) throw err;
    return run(options, { cwd, absDir, cacheFile, key, listing }, undefined); // a damaged record: check everything
  }
}

async function run(
  options: ValidateOptions & { rules: Record<string, Rule> },
  { cwd, absDir, cacheFile, key, listing }: { cwd: string; absDir: string; cacheFile: string; key: string; listing: Listing },
  previous: IndexFile | undefined,
): Promise<Validation> {
  const { files: names, refused, stats } = listing;
  const { rules } = options;
  const startedAt = Date.now();
  const shownOf = displayPaths(absDir, cwd);
  // A time that cannot be read is taken as racy: the text is hashed again next time.
  const racyOf = (stat: FileStat): 0 | 1 => (stat.mtimeMs >= startedAt - RACY_MS || !Number.isFinite(stat.mtimeMs) ? 1 : 0);

  // Which files changed: the stat first, the hash of the text when the stat is not conclusive.
  const slots: Slot[] = [];
  /** Records written again: files found unchanged by their hash (their new stat spares the next run the hash). */
  const records: FileRecord[] = [];
  let recorded = 0; // names of this run the index holds
  // While git reads the base (a promise), the walk lets its answers in now and then: the next git process starts, and
  // the base is read by the time the history checks want it.
  const gitRuns = options.base instanceof Promise;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (gitRuns && i % 1024 === 1023) await new Promise((resolve) => setImmediate(resolve));
    if (!isEntryPlace(name)) {
      slots.push({ name, text: { name } });
      continue;
    }
    const kept = previous?.find(name);
    if (kept) recorded++;
    // From the listing when it came with the stats (find), else node's; undefined when gone since the folder was
    // listed: reading it says so.
    const found = stats?.[i];
    const own = stats ? undefined : nodeStat(joinPath(absDir, name));
    const statKeyNow = stats ? found : own?.key;
    if (kept && statKeyNow !== undefined && kept.sameStat(statKeyNow) && !kept.racy) {
      slots.push(new KeptFile(absDir, name, shownOf, kept));
      continue;
    }
    const stat = own ?? foundStat(found);
    const text = readTextSync(absDir, name);
    const hash = text.text !== undefined && !text.badUtf8 && text.refused === undefined ? hashOf(text.text) : undefined;
    if (kept && stat && hash !== undefined && kept.hash === hash) {
      const again = kept.with(stat, racyOf(stat), kept.nested);
      slots.push(new KeptFile(absDir, name, shownOf, again));
      if (!again.racy) records.push(again); // still racy: the next run hashes it again, nothing to record
      continue;
    }
    slots.push({ name, text, stat, hash, was: kept });
  }
  /** Files the index records that are gone from the catalog. */
  const gone = previous?.gone() ?? [];
  if (refused.length) {
    for (const r of refused) slots.push({ name: r.name, text: r });
    slots.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  const { entry: entryRules, catalog: catalogRules } = rulesByScope(rules);
  const crashed: Validation['crashed'] = [];

  // The files that changed: parsed, schema-checked and checked by the entry rules, as a run without the cache does.
  const fresh = slots.filter((s): s is Fresh => !(s instanceof KeptFile));
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
  const shapes = new Shapes(previous?.shapes);
  const freshKept = new Map<string, FreshKept>();
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
   * Shapes are compared by number: the index numbers each shape once.
   */
  const wideBefore = previous ? wideOf(previous) : null;
  const reuse =
    wideBefore !== null &&
    refused.length === 0 &&
    gone.length === 0 &&
    recorded === slots.length &&
    fresh.every((slot) => {
      const { was } = slot;
      const now = freshKept.get(slot.name)!;
      if (!was || was.nested || !slot.stat || slot.hash === undefined) return false;
      const [, kind, shape, values, broken] = was.rest();
      if ((kind ?? undefined) !== now.raw?.kind || JSON.stringify(broken) !== JSON.stringify(now.broken ?? null)) return false;
      if (now.raw && (shape !== now.shape || JSON.stringify(values) !== JSON.stringify(now.values))) return false;
      const shown = now.file?.path;
      return !wideBefore.some((p) => p.file === shown);
    });

  // The whole catalog, in file order, for the catalog-wide rules; and what the next run keeps.
  const loaded: Loaded = { dir: absDir, files: [], entries: [], problems: [] };
  const catalog: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: loaded.entries };
  const invalid: InvalidEntry[] = [];
  const problems: Problem[] = [];
  /** Each entry's owner in the catalog-wide pass, with its record (undefined when the file is not recorded). */
  const owned: Array<[FileRecord | undefined, Owner]> = [];
  const enter = (raw: RawEntry, broken: string[] | null | undefined) => enterEntry(catalog, invalid, raw, broken);
  for (const slot of slots) {
    if (slot instanceof KeptFile) {
      const { record: kept, name } = slot;
      const file = slot;
      loaded.files.push(file);
      if (kept.hasProblems) for (const p of kept.rest()[0]) problems.push(p);
      if (reuse) continue;
      const [, kind, shape, values, broken] = kept.rest();
      if (kind === null) continue;
      if (!previous!.shapes[shape]) throw new DamagedCache(`the record of ${name} names no shape`);
      enter({ kind, file, data: keptData(previous!.shapes[shape], values, file) }, broken);
      owned.push([kept, file]);
      continue;
    }
    const k = freshKept.get(slot.name)!;
    if (k.file) loaded.files.push(k.file);
    problems.push(...k.own);
    const record =
      slot.stat && slot.hash !== undefined && recordable(slot.name) && jsonSafe(k.values)
        ? FileRecord.of(slot.name, slot.stat, slot.hash, racyOf(slot.stat), reuse ? slot.was!.nested : 0, [k.own, k.raw?.kind ?? null, k.shape, k.values, k.broken ?? null])
        : undefined;
    if (record) records.push(record);
    else if (slot.was) gone.push(slot.name); // recorded before, not now: its record goes
    if (k.raw && !reuse) {
      // The catalog-wide rules see the entry as they see a kept one: its summary, and getters that record a read.
      const owner = new FreshOwner(k.raw.data);
      enter({ ...k.raw, data: keptData(shapes.list[k.shape], k.values, owner) }, k.broken);
      owned.push([record, owner]);
    }
  }

  let wideText: string | undefined;
  if (reuse) problems.push(...wideBefore);
  else {
    const wide = runRules(catalog, options.today, catalogRules, crashed);
    wide.push(...rulesOnInvalid(catalog, invalid, catalogRules, wide, (rule, widened, found) => runRule(rule, widened, options.today, found)));
    problems.push(...wide);
    // What the rules read beyond each summary; their problems, kept when the next run may reuse them.
    const freshRecords = new Set(records);
    for (const [record, owner] of owned) {
      const nested = owner.nested ? 1 : 0;
      if (!record || record.nested === nested) continue;
      const again = record.withNested(nested);
      if (freshRecords.has(record)) records[records.indexOf(record)] = again;
      else records.push(again);
    }
    const text = JSON.stringify(crashed.length === 0 ? wide : null);
    if (text !== previous?.wideText) wideText = text;
  }
  // The history checks (with a base revision) see what the change touched: the entries of a few files, however large
  // the catalog, and whatever the cache kept.
  const base = await options.base;
  if (base) {
    const touched = touchedEntries(base, slots, freshKept, previous);
    problems.push(...historyProblems(base, touched.catalog, touched.invalid, options.today, rules, crashed));
  }
  const report = makeReport(withoutCharacterEchoes(problems), loaded.files.length);

  // Never after a crash: the next run checks again.
  if (crashed.length === 0) await saveIndex(cacheFile, key, previous, { shapes: shapes.added, records, gone, wideText, live: recorded + records.length });
  return { report, loaded, catalog, crashed };
}

/** A file's stat as node gives it; undefined when the file is gone. */
function nodeStat(absolute: string): FileStat | undefined {
  const stat = statSync(absolute, { throwIfNoEntry: false });
  return stat && { key: statKey(stat), mtimeMs: stat.mtimeMs };
}

/** A file's stat as find gave it (findCatalog): its key as is; its time read only when the record is made or checked. */
function foundStat(key: string | undefined): FileStat | undefined {
  if (key === undefined) return undefined;
  let mtimeMs: number | undefined;
  return {
    key,
    get mtimeMs() {
      return (mtimeMs ??= findKeyMtimeMs(key));
    },
  };
}

/** What a changed file of this run keeps for the next, and what the checks found in it. */
type FreshKept = { raw?: RawEntry; broken?: string[]; shape: number; values: unknown[]; own: Problem[]; file?: SourceFile };

/**
 * The entries the history checks need (historyView): those of the files whose text is not the base's, and those of
 * other files that share a kind and id with one of them or with a base entry of those files. Entries of unchanged
 * files come with their whole data (parsed again when the cache kept them: a few files, not the catalog); the other
 * files' kind and id are read from their summaries.
 */
function touchedEntries(delta: BaseDelta, slots: Slot[], freshKept: Map<string, FreshKept>, previous: IndexFile | undefined): { catalog: Catalog; invalid: InvalidEntry[] } {
  const atBase = delta.names;
  type Found = { raw: RawEntry; broken: string[] | null | undefined };
  /** A slot's entry with its whole data, or undefined (no entry). */
  const entryOf = (slot: Slot): Found | undefined => {
    if (!(slot instanceof KeptFile)) {
      const k = freshKept.get(slot.name)!;
      return k.raw && { raw: k.raw, broken: k.broken };
    }
    const [, kind, , , broken] = slot.record.rest();
    return kind === null ? undefined : { raw: { kind, file: slot, data: slot.parsed() }, broken };
  };
  /** A slot's kind and id (entryKey), without parsing a kept file. */
  const keyOf = (slot: Slot): string => {
    if (!(slot instanceof KeptFile)) {
      const raw = freshKept.get(slot.name)!.raw;
      return raw ? entryKey(raw.kind, raw.data) : '';
    }
    const [, kind, shape, values] = slot.record.rest();
    const [keys, summary] = previous?.shapes[shape] ?? [[], ''];
    const at = kind === null ? -1 : keys.indexOf(idKey(kind));
    if (at < 0 || summary[at] !== '1') return '';
    let v = 0;
    for (let i = 0; i < at; i++) if (summary.charCodeAt(i) === 0x31) v++;
    return entryKey(kind!, { [idKey(kind!)]: values[v] });
  };
  const found = new Map<Slot, Found>();
  for (const slot of slots) {
    if (atBase.has(slot.name) && !delta.changed.has(slot.name)) continue;
    const entry = entryOf(slot);
    if (entry) found.set(slot, entry);
  }
  const keys = changedKeys(delta, [...found.values()].map((f) => f.raw));
  if (keys.size > 0) {
    // The untouched entries with one of those keys: most kept records do not even hold the id's text.
    const needles = [...new Set([...keys].map((key) => JSON.stringify(key.slice(key.indexOf(':') + 1))))];
    const lines = previous?.linesWith(needles);
    for (const slot of slots) {
      if (found.has(slot) || (slot instanceof KeptFile && lines && !slot.record.mentions(needles, lines))) continue;
      if (!keys.has(keyOf(slot))) continue;
      const entry = entryOf(slot);
      if (entry) found.set(slot, entry);
    }
  }
  const catalog: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: [] };
  const invalid: InvalidEntry[] = [];
  for (const slot of slots) {
    const entry = found.get(slot);
    if (entry) enterEntry(catalog, invalid, entry.raw, entry.broken);
  }
  return { catalog, invalid };
}

/** Puts an entry in a catalog: in `raw`, then among the valid entries of its kind or, with `broken`, the refused ones. */
function enterEntry(catalog: Catalog, invalid: InvalidEntry[], raw: RawEntry, broken: string[] | null | undefined): void {
  catalog.raw.push(raw);
  if (broken) invalid.push({ entry: raw, broken });
  else addEntry(catalog, raw.kind, raw);
}
