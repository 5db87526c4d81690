/**
 * The comparison of two published catalogs: pure (no I/O, no Node-only import), so that `catalog diff`, the service and
 * the browser share it. src/git reads the revisions and builds their seeds; this module only compares.
 */
import { checkValue } from '../beneficiary/index.js';
import { toPointer } from '../model/pointer.js';
import { cmp } from '../model/problem.js';
import type { RailField, SeedAsset, SeedCountry, SeedField, SeedRail } from '../generated/types.js';

/** The three catalogs, in the order the seed and the reports list them. */
export const CATALOG_NAMES = ['rails', 'assets', 'countries'] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

/** One changed value of an entry, in the published (seed) shape. */
export interface Change {
  /**
   * JSON pointer into the entry. Items of `fields` and of `options` are matched by name / value, not by position; the
   * pointer holds the item's index in the current entry, or at the base for an item that was removed.
   */
  pointer: string;
  /** The value at the base; null when there was none. */
  before: unknown;
  /** The value now; null when there is none. */
  after: unknown;
  /** The pointer in words, with items named: fields[iban].pattern, limits.maxMinor. */
  label: string;
}

/** An entry present on both sides whose published data differs. */
export interface ChangedEntry {
  id: string;
  changes: Change[];
  /** True when the change can break a client that worked with the base (see breakingReasons). */
  breaking: boolean;
  /** Why, in words, one reason per breaking change. */
  breakingReasons: string[];
}

/** What changed in one catalog. Lists are sorted by id (code-unit order). */
export interface CatalogChanges {
  added: string[];
  removed: string[];
  changed: ChangedEntry[];
  /** Entries that could not be compared because they do not pass their schema on one side (validate reports them). */
  skipped: string[];
  /** The published entries at the base and now, by id: for the renderers. */
  before: Map<string, Record<string, unknown>>;
  after: Map<string, Record<string, unknown>>;
}

export type CatalogDiff = Record<CatalogName, CatalogChanges>;

/** The published lists of a seed (dist/seed.json without its meta), as the service serves them. */
export interface PublishedCatalog {
  rails: SeedRail[];
  assets: SeedAsset[];
  countries: SeedCountry[];
}

/** What the seeds alone do not hold, for a finer diff (the service, comparing two seeds, gives none of it). */
export interface DiffContext {
  /**
   * Every id present in the files of each side, including entries that do not pass their schema (so not in the seed):
   * such an entry is "skipped", not added or removed. Without it, the seeds' ids are taken.
   */
  baseIds?: Record<CatalogName, Set<string>>;
  currentIds?: Record<CatalogName, Set<string>>;
  /** The base's beneficiary fields by rail id, with their examples: a change that rejects one is breaking. */
  baseFields?: Map<string, RailField[]>;
}

/**
 * Compares two published catalogs: toolkit-only attributes are not in a seed, key order does not matter, and a country's
 * derived `rails` list changes when a rail serving it is added, removed or changes its countries (listed, as clients
 * see it).
 */
export function diffSeeds(before: PublishedCatalog, after: PublishedCatalog, context: DiffContext = {}): CatalogDiff {
  const diff = {} as CatalogDiff;
  for (const name of CATALOG_NAMES) {
    const key = name === 'countries' ? 'code' : 'id';
    const b = new Map((before[name] as unknown as Record<string, unknown>[]).map((e) => [e[key] as string, e]));
    const a = new Map((after[name] as unknown as Record<string, unknown>[]).map((e) => [e[key] as string, e]));
    const baseIds = context.baseIds?.[name] ?? new Set(b.keys());
    const currentIds = context.currentIds?.[name] ?? new Set(a.keys());
    const changes: CatalogChanges = { added: [], removed: [], changed: [], skipped: [], before: b, after: a };
    for (const id of [...new Set([...baseIds, ...currentIds, ...b.keys(), ...a.keys()])].sort(cmp)) {
      const was = b.get(id);
      const now = a.get(id);
      if (was && now) {
        const list = compareEntries(was, now);
        if (list.length === 0) continue;
        const reasons = breakingReasons(name, was, now, context.baseFields?.get(id));
        changes.changed.push({ id, changes: list, breaking: reasons.length > 0, breakingReasons: reasons });
      } else if (now) {
        if (baseIds.has(id)) changes.skipped.push(id);
        else changes.added.push(id);
      } else if (was) {
        if (currentIds.has(id)) changes.skipped.push(id);
        else changes.removed.push(id);
      } else {
        changes.skipped.push(id);
      }
    }
    diff[name] = changes;
  }
  return diff;
}

/** The stable JSON shape of `catalog diff --format json`. */
export function diffToJson(diff: CatalogDiff): string {
  const out: Record<string, unknown> = {};
  for (const name of CATALOG_NAMES) {
    const c = diff[name];
    out[name] = {
      added: c.added,
      removed: c.removed,
      changed: c.changed.map((e) => ({
        id: e.id,
        changes: e.changes.map((x) => ({ pointer: x.pointer, before: x.before, after: x.after })),
        breaking: e.breaking,
      })),
    };
  }
  return JSON.stringify(out, null, 2) + '\n';
}

/** Every changed value between two published entries, in the schema's property order. */
export function compareEntries(before: unknown, after: unknown): Change[] {
  const out: Change[] = [];
  walk(before, after, [], [], out);
  return out;
}

/** Lists whose items are matched by a key, so that an inserted item does not show every later item as changed. */
const ITEM_KEYS: Record<string, string> = { fields: 'name', options: 'value' };

function walk(before: unknown, after: unknown, segments: Array<string | number>, words: string[], out: Change[]): void {
  if (equal(before, after)) return;
  const at = (segs: Array<string | number>, w: string[], b: unknown, a: unknown) =>
    out.push({ pointer: toPointer(segs), before: b === undefined ? null : b, after: a === undefined ? null : a, label: w.join('.') || '(entry)' });
  const last = segments[segments.length - 1];
  const itemKey = typeof last === 'string' ? ITEM_KEYS[last] : undefined;
  if (itemKey && Array.isArray(before) && Array.isArray(after) && [...before, ...after].every((i) => isObject(i) && typeof i[itemKey] === 'string')) {
    walkKeyed(before as Record<string, unknown>[], after as Record<string, unknown>[], itemKey, segments, words, out);
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...Object.keys(after), ...Object.keys(before).filter((k) => !(k in after))];
    for (const key of keys) walk(before[key], after[key], [...segments, key], [...words, key], out);
    return;
  }
  at(segments, words, before, after);
}

function walkKeyed(
  before: Record<string, unknown>[],
  after: Record<string, unknown>[],
  key: string,
  segments: Array<string | number>,
  words: string[],
  out: Change[],
): void {
  const last = words.length ? words[words.length - 1] : '';
  const named = (name: string) => [...words.slice(0, -1), `${last}[${name}]`];
  const was = new Map(before.map((item, index) => [item[key] as string, { item, index }]));
  const now = new Map(after.map((item, index) => [item[key] as string, { item, index }]));
  for (const [name, { item, index }] of now) {
    const old = was.get(name);
    if (old) walk(old.item, item, [...segments, index], named(name), out);
    else out.push({ pointer: toPointer([...segments, index]), before: null, after: item, label: named(name).join('.') });
  }
  for (const [name, { item, index }] of was)
    if (!now.has(name)) out.push({ pointer: toPointer([...segments, index]), before: item, after: null, label: named(name).join('.') });
  const order = (list: Record<string, unknown>[], other: Map<string, unknown>) => list.map((i) => i[key] as string).filter((n) => other.has(n));
  const beforeOrder = order(before, now);
  const afterOrder = order(after, was);
  if (!equal(beforeOrder, afterOrder))
    out.push({ pointer: toPointer(segments), before: beforeOrder, after: afterOrder, label: `${words.join('.')} (order)` });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Deep equality of JSON values (key order ignored). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => equal(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => equal(a[k], b[k]));
  }
  return false;
}

/**
 * Why a change can break a client that worked with the base: a new required beneficiary field (or one made required),
 * a removed field (the service refuses unknown fields), a removed select option, a changed field type, a pattern,
 * maxLength or normalization that now rejects an example that passed before, a lower or new maxLength, a new pattern,
 * a new or changed dependency on a select (dependsOn);
 * a changed currency, a rail closed, a limit lowered (maxMinor down, minMinor up); for assets, changed decimals, a removed
 * network or the asset closed; for countries, a changed currency or the country refused. `baseFields`: the base rail's
 * fields with their examples (toolkit-only, not in the seed).
 */
export function breakingReasons(
  catalog: CatalogName,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  baseFields: RailField[] = [],
): string[] {
  const reasons: string[] = [];
  if (catalog === 'rails') {
    const b = before as unknown as SeedRail;
    const a = after as unknown as SeedRail;
    if (b.currency !== a.currency) reasons.push(`currency ${b.currency} -> ${a.currency}: amounts, limits and fees now mean another currency`);
    if (b.phase !== 'never' && a.phase === 'never') reasons.push(`rail closed (phase ${b.phase} -> never): payouts are refused`);
    if (b.limits && a.limits && b.currency === a.currency) {
      if (a.limits.maxMinor < b.limits.maxMinor) reasons.push(`limits.maxMinor lowered ${b.limits.maxMinor} -> ${a.limits.maxMinor}: larger payouts are refused`);
      if (a.limits.minMinor > b.limits.minMinor) reasons.push(`limits.minMinor raised ${b.limits.minMinor} -> ${a.limits.minMinor}: smaller payouts are refused`);
    }
    reasons.push(...fieldBreaks(b.fields, a.fields, baseFields));
  } else if (catalog === 'assets') {
    const b = before as unknown as SeedAsset;
    const a = after as unknown as SeedAsset;
    if (b.decimals !== a.decimals) reasons.push(`decimals ${b.decimals} -> ${a.decimals}: base units now mean another amount`);
    const gone = b.networks.filter((n) => !a.networks.includes(n));
    if (gone.length) reasons.push(`network${gone.length > 1 ? 's' : ''} ${gone.join(', ')} removed: deposits there are no longer accepted`);
    if (b.phase !== 'never' && a.phase === 'never') reasons.push(`asset no longer offered (phase ${b.phase} -> never): deposits are refused`);
  } else {
    const b = before as unknown as SeedCountry;
    const a = after as unknown as SeedCountry;
    if (b.currency !== null && a.currency !== null && b.currency !== a.currency) reasons.push(`currency ${b.currency} -> ${a.currency}`);
    if (b.status !== 'restricted' && a.status === 'restricted') reasons.push(`country refused (status ${b.status} -> restricted): payouts there are refused`);
  }
  return reasons;
}

function fieldBreaks(before: SeedField[], after: SeedField[], baseFields: RailField[]): string[] {
  const reasons: string[] = [];
  const was = new Map(before.map((f) => [f.name, f]));
  const now = new Map(after.map((f) => [f.name, f]));
  const examples = new Map(baseFields.map((f) => [f.name, f.examples ?? []]));
  for (const f of after) {
    const old = was.get(f.name);
    if (!old) {
      if (f.required) reasons.push(`new required field ${f.name}: a payout without it is refused`);
      continue;
    }
    if (!old.required && f.required) reasons.push(`field ${f.name} is now required`);
    if (old.type !== f.type) reasons.push(`field ${f.name}: type ${old.type} -> ${f.type}`);
    const options = (f.options ?? []).map((o) => o.value);
    const removed = (old.options ?? []).map((o) => o.value).filter((v) => !options.includes(v));
    if (removed.length) reasons.push(`field ${f.name}: option${removed.length > 1 ? 's' : ''} ${removed.join(', ')} removed`);
    const rejected = (examples.get(f.name) ?? []).find((ex) => !checkValue(old, ex).error && checkValue(f, ex).error);
    if (rejected !== undefined) {
      const error = checkValue(f, rejected).error!;
      reasons.push(`field ${f.name} now rejects ${JSON.stringify(rejected)}, an example valid before (${error.code.replace('_', ' ')})`);
      continue;
    }
    if (f.maxLength !== undefined && (old.maxLength === undefined || f.maxLength < old.maxLength))
      reasons.push(`field ${f.name}: maxLength ${old.maxLength ?? 'none'} -> ${f.maxLength}: longer values are now refused`);
    if (f.pattern !== undefined && old.pattern === undefined) reasons.push(`field ${f.name} now has a pattern: values that do not match it are refused`);
    // A new or changed dependency can narrow the field for some choices (a stricter format, required, not applicable).
    if (f.dependsOn !== undefined && !equal(old.dependsOn, f.dependsOn))
      reasons.push(`field ${f.name}: its format for each ${f.dependsOn.field} ${old.dependsOn ? 'changed' : 'is new'}: values it accepted before may be refused for some choices`);
  }
  for (const f of before) if (!now.has(f.name)) reasons.push(`field ${f.name} removed: the service refuses values for fields a rail does not have`);
  return reasons;
}
