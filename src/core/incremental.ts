import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalog } from './catalog.js';
import { displayPath, isEntryPlace, loadTexts, parseCatalogText, readTextSync, scanCatalog, type CatalogText, type EntryKind, type Loaded, type RawEntry } from './load.js';
import { makeReport, type Problem } from './problem.js';
import type { SourceFile } from './source.js';
import { addEntry, checkSchemas, rulesOnInvalid, runRules, withoutCharacterEchoes, type InvalidEntry, type Validation, type ValidateOptions } from './validate.js';
import { writeAtomic } from './write-atomic.js';
import type { Rule } from '../rules/define.js';
import { rules as registry } from '../rules/index.js';

/**
 * `catalog validate --cache`: an incremental run, as ESLint's and Biome's caches make one. What a run finds is split
 * in two:
 * - what a file alone decides: its parse, its schema check and the rules of scope 'entry' (src/rules/define.ts). These
 *   problems are kept with the file in the cache and found again only for the files that changed;
 * - what the whole catalog decides (duplicate ids and names, references, policies, history): the other rules run on
 *   every run, on every entry.
 * A file is unchanged when its size, mtime, ctime and inode are those recorded (no read at all), or, when they are
 * not (a fresh checkout in CI, a restored cache), when the hash of its text is. Unchanged files are not read: the
 * catalog-wide rules read the top-level scalars of their entries from the cache, and the rare rule that wants more of
 * such an entry (a nested property, every key) gets the file read and parsed on first use. The report is the report of
 * a run without the cache, byte for byte: test/core/incremental.test.ts compares the two on edited catalogs.
 */

/** Bumped whenever what is kept, or how it is read, changes. */
const FORMAT = 'payout-catalog-validate/4';
/**
 * A file modified this close to the start of the run that recorded it may change again within the file system's
 * time resolution without its stat changing (git's "racy clean" problem): its text is hashed on the next run.
 */
const RACY_MS = 2000;

/** What the cache keeps of one file. */
interface Kept {
  /** size, mtimeMs, ctimeMs, ino at the run that checked it. */
  stat: [number, number, number, number];
  /** sha1 of the text. */
  hash: string;
  /** Modified within RACY_MS of the start of the run that checked it: hash the text before trusting the stat. */
  racy?: true;
  /** Problems of the file alone: parse, schema, entry rules (located; fixes included). */
  problems: Problem[];
  /** The entry, when the file parsed into one. */
  entry?: {
    kind: EntryKind;
    /** Top-level properties holding a scalar or a list of scalars (what catalog-wide rules read). */
    summary: Record<string, unknown>;
    /** The other top-level property names. */
    rest: string[];
    /** Pointers the schema found wrong; absent when the schema accepts the entry. */
    broken?: string[];
  };
}

interface Index {
  format: string;
  key: string;
  files: Record<string, Kept>;
}

/** The identity of the checks: the code that runs, the schemas and the locked dependencies. */
let checksIdentity: string | undefined;
function identity(): string {
  if (checksIdentity) return checksIdentity;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../..');
  const hash = createHash('sha1');
  const manifest = path.join(here, '../sources.json'); // compiled/sources.json: the hash of the sources compiled/ came from
  if (existsSync(manifest)) hash.update(readFileSync(manifest));
  else {
    // Running the TypeScript sources (tests, tsx): their own text.
    const src = path.resolve(here, '..');
    for (const f of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort()) hash.update(f).update(readFileSync(path.join(src, f)));
  }
  for (const dir of ['schemas']) for (const f of readdirSync(path.join(root, dir)).sort()) hash.update(f).update(readFileSync(path.join(root, dir, f)));
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
    if (index.format !== FORMAT || index.key !== key || typeof index.files !== 'object' || index.files === null) return undefined;
    return index;
  } catch {
    return undefined; // no cache yet, or not one of ours: everything is checked
  }
}

const statOf = (s: Stats): Kept['stat'] => [s.size, s.mtimeMs, s.ctimeMs, s.ino];
const sameStat = (a: Kept['stat'], b: Kept['stat']) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
const hashOf = (text: string) => createHash('sha1').update(text).digest('base64');

/** True when data survives JSON unchanged (YAML's .inf and .nan, and -0, do not): only such entries are kept. */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.values(value).every(jsonSafe);
  return true;
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** The top-level scalars and lists of scalars of an entry's data, and the names of its other properties. */
function summaryOf(data: Record<string, unknown>): { summary: Record<string, unknown>; rest: string[] } {
  const summary: Record<string, unknown> = {};
  const rest: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (isScalar(v) || (Array.isArray(v) && v.every(isScalar))) summary[k] = v;
    else rest.push(k);
  }
  return { summary, rest };
}

/**
 * An entry's data as catalog-wide rules see it: its summary at once, the whole data (`load`) on first use of anything
 * else. It behaves as the plain object it stands for (keys, `in`, spreading, JSON).
 */
function keptData(summary: Record<string, unknown>, rest: string[], load: () => Record<string, unknown>): Record<string, unknown> {
  let full: Record<string, unknown> | undefined;
  const all = () => (full ??= load());
  return new Proxy({} as Record<string, unknown>, {
    get: (_t, k) => (typeof k === 'string' && Object.hasOwn(summary, k) ? summary[k] : Reflect.get(all(), k)),
    has: (_t, k) => (typeof k === 'string' && (Object.hasOwn(summary, k) || rest.includes(k))) || Reflect.has(Object.prototype, k),
    ownKeys: () => Reflect.ownKeys(all()),
    getOwnPropertyDescriptor: (_t, k) => Reflect.getOwnPropertyDescriptor(all(), k),
    set: () => false,
    deleteProperty: () => false,
    defineProperty: () => false,
    getPrototypeOf: () => Object.prototype,
  });
}

/** A file of the catalog that was not read in this run: its text is read when a problem must be located in it. */
function keptFile(absDir: string, name: string, shown: string, absolute: string): SourceFile {
  let text: string | undefined;
  return {
    path: shown,
    absolute,
    get text() {
      return (text ??= readTextSync(absDir, name).text ?? '');
    },
    set text(value: string) {
      text = value;
    },
  };
}

/** The data of an unchanged file, read and parsed again (a rule wanted more of it than the cache keeps). */
function dataOf(file: SourceFile, name: string): Record<string, unknown> {
  const data = parseCatalogText({ name, text: file.text }).data;
  if (!data) throw new Error(`${file.path} changed during the run: run catalog validate again`);
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
export async function validateIncremental(options: ValidateOptions & { cacheFile: string }): Promise<Validation> {
  const cwd = options.cwd ?? process.cwd();
  const absDir = path.resolve(cwd, options.dir);
  const cacheFile = path.resolve(cwd, options.cacheFile);
  const rules = options.rules ?? registry;
  const startedAt = Date.now();
  const key = runKey(absDir, cwd, options.today, rules);
  const { files: names, refused } = await scanCatalog(absDir, options.dir, [cacheFile]);
  const previous = readKept(cacheFile, key);
  // Paths of the catalog's files, made by concatenation: path.join and path.relative per file cost more than the rest.
  const shownDir = displayPath(absDir, cwd);
  const shownOf = (name: string) => (shownDir === '.' ? name : `${shownDir}/${name}`);
  const absoluteOf = (name: string) => absDir + path.sep + (path.sep === '/' ? name : name.split('/').join(path.sep));

  // Which files changed: the stat first, the hash of the text when the stat is not conclusive.
  const slots: Slot[] = [];
  let reread = false; // a racy file was found unchanged: recording its stat again spares the next run the hash
  for (const name of names) {
    const kept = previous?.files[name];
    if (!isEntryPlace(name)) {
      slots.push({ name, text: { name } });
      continue;
    }
    let stat: Stats | undefined;
    try {
      stat = statSync(absoluteOf(name));
    } catch {
      stat = undefined; // gone since the folder was listed: reading it says so
    }
    if (kept && stat && !kept.racy && sameStat(kept.stat, statOf(stat))) {
      slots.push({ name, kept });
      continue;
    }
    const text = readTextSync(absDir, name);
    const hash = text.text !== undefined && !text.badUtf8 && text.refused === undefined ? hashOf(text.text) : undefined;
    if (kept && stat && hash !== undefined && kept.hash === hash) {
      slots.push({ name, kept: { ...kept, stat: statOf(stat), racy: stat.mtimeMs >= startedAt - RACY_MS || undefined } });
      reread = true;
      continue;
    }
    slots.push({ name, text, stat, hash });
  }
  for (const r of refused) slots.push({ name: r.name, text: r });
  slots.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const { entry: entryRules, catalog: catalogRules } = rulesByScope(rules);
  const crashed: Validation['crashed'] = [];

  // The files that changed: parsed, schema-checked and checked by the entry rules, as a run without the cache does.
  const fresh = slots.filter((s): s is Extract<Slot, { text: CatalogText }> => 'text' in s);
  const freshLoaded = loadTexts(absDir, fresh.map((s) => s.text), cwd);
  const checked = checkSchemas(freshLoaded);
  const freshProblems = [...checked.problems, ...freshLoaded.problems, ...runRules(checked.catalog, options.today, entryRules, undefined, crashed)];
  freshProblems.push(...rulesOnInvalid(checked.catalog, checked.invalid, { today: options.today, rules: entryRules }, freshProblems));
  const problemsByFile = new Map<string, Problem[]>();
  for (const p of freshProblems) {
    const list = problemsByFile.get(p.file);
    if (list) list.push(p);
    else problemsByFile.set(p.file, [p]);
  }
  const freshFiles = new Map(freshLoaded.files.map((f) => [f.absolute, f]));
  const freshEntries = new Map(freshLoaded.entries.map((e) => [e.file.absolute, e]));
  const brokenOf = new Map(checked.invalid.map((i) => [i.entry, i.broken]));

  // The whole catalog, in file order, for the catalog-wide rules; and what the next run keeps.
  const loaded: Loaded = { dir: absDir, files: [], entries: [], problems: [] };
  const catalog: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: loaded.entries };
  const invalid: InvalidEntry[] = [];
  const problems: Problem[] = [];
  const next: Index = { format: FORMAT, key, files: {} };
  for (const slot of slots) {
    if ('kept' in slot) {
      const { kept, name } = slot;
      const file = keptFile(absDir, name, shownOf(name), absoluteOf(name));
      loaded.files.push(file);
      problems.push(...kept.problems);
      if (kept.entry) {
        const data = keptData(kept.entry.summary, kept.entry.rest, () => dataOf(file, name));
        const raw: RawEntry = { kind: kept.entry.kind, file, data };
        loaded.entries.push(raw);
        if (kept.entry.broken) invalid.push({ entry: raw, broken: kept.entry.broken });
        else addEntry(catalog, raw.kind, raw);
      }
      next.files[name] = kept;
      continue;
    }
    const absolute = path.join(absDir, slot.name);
    const file = freshFiles.get(absolute);
    if (file) loaded.files.push(file);
    const own = problemsByFile.get(file?.path ?? displayPath(absolute, cwd)) ?? [];
    problems.push(...own);
    const raw = freshEntries.get(absolute);
    const broken = raw ? brokenOf.get(raw) : undefined;
    if (raw) {
      loaded.entries.push(raw);
      if (broken) invalid.push({ entry: raw, broken });
      else addEntry(catalog, raw.kind, raw);
    }
    // Kept for the next run: files that were read whole, whose summary survives JSON.
    if (slot.stat && slot.hash !== undefined) {
      const record: Kept = { stat: statOf(slot.stat), hash: slot.hash, problems: own };
      if (slot.stat.mtimeMs >= startedAt - RACY_MS) record.racy = true;
      if (raw) {
        const { summary, rest } = summaryOf(raw.data);
        record.entry = { kind: raw.kind, summary, rest, ...(broken ? { broken } : {}) };
      }
      if (jsonSafe(record.entry?.summary)) next.files[slot.name] = record;
    }
  }

  const wide = runRules(catalog, options.today, catalogRules, options.base, crashed);
  wide.push(...rulesOnInvalid(catalog, invalid, { today: options.today, rules: catalogRules, base: options.base }, wide));
  problems.push(...wide);
  const report = makeReport(withoutCharacterEchoes(problems), loaded.files.length);

  // Written when something changed (a file checked, gone, or found unchanged by its hash), never after a crash.
  const changed = reread || fresh.length > 0 || !previous || Object.keys(previous.files).length !== Object.keys(next.files).length;
  if (changed && crashed.length === 0) {
    try {
      await writeAtomic(cacheFile, JSON.stringify(next));
    } catch {
      // a read-only location: the next run checks everything again
    }
  }
  return { report, loaded, catalog, crashed };
}
