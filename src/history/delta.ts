import path from 'node:path';
import { addEntry, idKey, type Catalog, type Entry } from '../model/catalog.js';
import { joinPath } from '../read/paths.js';
import type { RawEntry } from '../model/catalog.js';
import { cmp } from '../model/problem.js';

/**
 * The catalog at a base revision (validate --base), told by how it differs from the working tree: most files of a
 * change are the base's, byte for byte, and their entries are the working tree's own. Only the files the change
 * touched are read and parsed from the revision (src/git/base.ts), so comparing with a base costs what the change
 * touched, not the size of the catalog.
 */
export interface BaseDelta {
  /** The catalog folder, absolute: where the working tree's files are, and the base's files are shown. */
  dir: string;
  /** Every file of the catalog folder at the base, by its name inside the folder, in catalog order (code units). */
  names: ReadonlySet<string>;
  /** The names whose text at the base is not the working tree's: changed, or gone from the working tree. */
  changed: Set<string>;
  /** The entries of those files at the base: parsed from the revision's texts and schema-checked. */
  own: Catalog;
}

/**
 * The base's catalog, as the history rules see it: for each file of the base, in order, its own entry when the change
 * touched it, else the working tree's entry of that file (the same text gives the same data and the same schema
 * verdict). The history rules skip an entry whose data is the very object of the base's: nothing changed to compare.
 */
export function composeBase(delta: BaseDelta, working: Catalog): Catalog {
  const base: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: [] };
  const own = byFile(delta.own);
  const now = byFile(working);
  for (const name of delta.names) {
    const from = delta.changed.has(name) ? own : now;
    for (const e of from.raw.get(joinPath(delta.dir, name)) ?? []) {
      base.raw.push(e);
      const valid = from.valid.get(e.data);
      if (valid) addEntry(base, e.kind, valid);
    }
  }
  return base;
}

/** A catalog's entries by file (absolute path), and its schema-valid entries by their data. */
function byFile(catalog: Catalog): { raw: Map<string, RawEntry[]>; valid: Map<object, Entry<unknown>> } {
  const raw = new Map<string, RawEntry[]>();
  for (const e of catalog.raw) {
    const list = raw.get(e.file.absolute);
    if (list) list.push(e);
    else raw.set(e.file.absolute, [e]);
  }
  const valid = new Map<object, Entry<unknown>>();
  for (const list of [catalog.rails, catalog.assets, catalog.countries, catalog.policies])
    for (const e of list as Entry<unknown>[]) valid.set(e.data as object, e);
  return { raw, valid };
}

/** The kind and id of an entry, as the history checks match entries ('' when it has no text id). */
function entryKey(kind: string, data: Record<string, unknown>): string {
  const id = data[idKey(kind)];
  return typeof id === 'string' ? `${kind}:${id}` : '';
}

/** What a run knows beyond its catalog, for the history checks. */
export interface HistoryOptions {
  /**
   * Names of the working tree's files that gave no entry (a syntax error, an unreadable file): what they hold is
   * unknown, not gone, so their base entries are left out of both sides.
   */
  unknown?: ReadonlySet<string>;
  /** An entry's whole data, when the catalog holds less of it (validate --cache keeps a summary of unchanged files). */
  full?: (entry: RawEntry) => Record<string, unknown>;
}

/**
 * What the history checks see (HistoryContext in src/rules/define.ts): the working tree's entries of the files the
 * change touched (not at the base, or changed), the base's entries of those files (own), and on both sides the
 * working tree's entries of untouched files that share a kind and id with one of them. `working` holds the whole
 * catalog, in catalog order.
 */
export function historyView(delta: BaseDelta, working: Catalog, options: HistoryOptions = {}): { catalog: Catalog; base: Catalog } {
  const atBase = delta.names;
  const nameOf = fileNames(delta.dir);
  // One pass over the raw entries; a typed list's entry holds its raw entry's data object, looked up in the set kept.
  const touchedNow: RawEntry[] = [];
  const untouched: RawEntry[] = [];
  for (const e of working.raw) {
    const name = nameOf(e.file);
    (!atBase.has(name) || delta.changed.has(name) ? touchedNow : untouched).push(e);
  }
  const keys = changedKeys(delta, touchedNow);
  const keptData = new Set<unknown>(touchedNow.map((e) => e.data));
  if (keys.size > 0) for (const e of untouched) if (keys.has(keyOf(e.kind, e.data))) keptData.add(e.data);
  const kept = (e: { data: unknown }) => keptData.has(e.data);
  const catalog = whole(
    {
      rails: working.rails.filter(kept),
      assets: working.assets.filter(kept),
      countries: working.countries.filter(kept),
      policies: working.policies.filter(kept),
      raw: working.raw.filter(kept),
    },
    options.full,
  );
  // The base side: the files the change touched, and those of the view's other entries (a few, not the catalog).
  const files = new Set(delta.changed);
  for (const e of catalog.raw) {
    const name = nameOf(e.file);
    if (atBase.has(name)) files.add(name);
  }
  for (const name of options.unknown ?? []) files.delete(name);
  return { catalog, base: composeBase({ ...delta, names: new Set([...files].sort(cmp)) }, catalog) };
}

/**
 * A file's name inside the folder, from its absolute path (joinPath's: the folder and a separator before the name),
 * remembered by the file object: a long-lived engine (the language server) keeps the objects of unchanged files, and
 * the view is made again on every keystroke, over every entry of the catalog.
 */
const names = new WeakMap<object, { dir: string; name: string }>();
function fileNames(dir: string): (file: RawEntry['file']) => string {
  const prefix = joinPath(dir, 'x').slice(0, -1);
  return (file) => {
    const known = names.get(file);
    if (known?.dir === dir) return known.name;
    const absolute = file.absolute;
    const name = (absolute.startsWith(prefix) ? absolute.slice(prefix.length) : absolute).split(path.sep).join('/');
    names.set(file, { dir, name });
    return name;
  };
}

/** entryKey, remembered by the entry's data object (the same object from one run to the next while its file stands). */
const keysOfData = new WeakMap<object, string>();
function keyOf(kind: string, data: Record<string, unknown>): string {
  let key = keysOfData.get(data);
  if (key === undefined) keysOfData.set(data, (key = entryKey(kind, data)));
  return key;
}

/** The catalog with each entry's whole data (`full`), the same data object for an entry's raw and valid forms. */
function whole(catalog: Catalog, full: HistoryOptions['full']): Catalog {
  if (!full) return catalog;
  const made = new Map<unknown, Record<string, unknown>>();
  const of = (e: RawEntry) => {
    let data = made.get(e.data);
    if (!data) made.set(e.data, (data = full(e)));
    return data;
  };
  const each = <T extends { data: unknown }>(list: T[]): T[] =>
    list.map((e) => {
      const data = of(e as unknown as RawEntry);
      return data === e.data ? e : { ...e, data };
    });
  return {
    rails: each(catalog.rails),
    assets: each(catalog.assets),
    countries: each(catalog.countries),
    policies: each(catalog.policies),
    raw: each(catalog.raw),
  };
}

/** The keys (entryKey) of the touched entries, now and at the base: untouched entries with one of them are in the view. */
function changedKeys(delta: BaseDelta, touchedNow: RawEntry[]): Set<string> {
  const keys = new Set<string>();
  for (const e of [...touchedNow, ...delta.own.raw]) keys.add(entryKey(e.kind, e.data));
  keys.delete('');
  return keys;
}
