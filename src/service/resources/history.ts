import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { breakingReasons, compareEntries, type Change } from '../../compare/changes.js';
import { cmp } from '../../model/problem.js';
import type { EndpointName } from './endpoints.js';
import type { Snapshot } from '../representation/snapshot.js';
import { loadSeedFile } from '../operations/store.js';

/** At most this many catalog versions are kept for the changes feed (the oldest goes first). */
const DEFAULT_MAX_VERSIONS = 64;

/** The published entries of one catalog version, by id or code: what the changes feed compares. */
export interface VersionContent {
  version: string;
  entries: Record<EndpointName, Map<string, Record<string, unknown>>>;
}

/** One entry of the changes feed. */
export interface ChangeEntry {
  catalog: EndpointName;
  /** id of a rail or an asset, code of a country. */
  id: string;
  change: 'added' | 'changed' | 'removed';
  /** True when a client that worked with the old version can break (the classification of `catalog diff`). */
  breaking: boolean;
  /** Why, one reason per breaking change. */
  breakingReasons: string[];
  /** The changed values (empty for added and removed entries). */
  changes: Array<Pick<Change, 'pointer' | 'label' | 'before' | 'after'>>;
  /** phase (rails, assets) or status (countries) transition, or null. */
  transition: { property: 'phase' | 'status'; from: string | null; to: string | null } | null;
  /** True when the change closes the entry: a rail or an asset now in phase never, a country now restricted. */
  closed: boolean;
}

const CATALOGS: EndpointName[] = ['rails', 'assets', 'countries'];

/** The published entries of a snapshot, parsed once from the JSON it serves. */
function contentOf(snapshot: Snapshot): VersionContent {
  const entries = {} as VersionContent['entries'];
  for (const name of CATALOGS) {
    const view = snapshot.views[name];
    entries[name] = new Map(view.keys.map((key, i) => [key, JSON.parse(view.items[i].toString('utf8'))]));
  }
  return { version: snapshot.version, entries };
}

function stateOf(catalog: EndpointName, entry: Record<string, unknown> | undefined): string | null {
  if (!entry) return null;
  const value = catalog === 'countries' ? entry.status : entry.phase;
  return typeof value === 'string' ? value : null;
}

function isClosed(catalog: EndpointName, state: string | null): boolean {
  return catalog === 'countries' ? state === 'restricted' : state === 'never';
}

/**
 * Every entry that differs between two versions, catalog by catalog (rails, assets, countries), by id or code in
 * code-unit order. Changes and their breaking classification come from the pure comparison `catalog diff` runs.
 */
export function changesBetween(from: VersionContent, to: VersionContent): ChangeEntry[] {
  const out: ChangeEntry[] = [];
  for (const catalog of CATALOGS) {
    const before = from.entries[catalog];
    const after = to.entries[catalog];
    for (const id of [...new Set([...before.keys(), ...after.keys()])].sort(cmp)) {
      const was = before.get(id);
      const now = after.get(id);
      const fromState = stateOf(catalog, was);
      const toState = stateOf(catalog, now);
      const transition =
        fromState !== toState ? { property: catalog === 'countries' ? ('status' as const) : ('phase' as const), from: fromState, to: toState } : null;
      const closed = transition !== null && isClosed(catalog, toState) && !isClosed(catalog, fromState) && was !== undefined;
      if (was && now) {
        const list = compareEntries(was, now);
        if (list.length === 0) continue;
        const reasons = breakingReasons(catalog, was, now);
        out.push({
          catalog,
          id,
          change: 'changed',
          breaking: reasons.length > 0,
          breakingReasons: reasons,
          changes: list.map(({ pointer, label, before: b, after: a }) => ({ pointer, label, before: b, after: a })),
          transition,
          closed,
        });
      } else if (now) {
        out.push({ catalog, id, change: 'added', breaking: false, breakingReasons: [], changes: [], transition, closed: false });
      } else if (was) {
        out.push({
          catalog,
          id,
          change: 'removed',
          breaking: true,
          breakingReasons: [`${catalog.slice(0, -1)} removed: clients that used it lose it`],
          changes: [],
          transition,
          closed: false,
        });
      }
    }
  }
  return out;
}

/**
 * The catalog versions the changes feed can start from: every version this process has served (remembered when it
 * becomes current) and the seeds of an optional history folder (past dist/seed.json files, read at start and on
 * reload). Bounded: the oldest versions go first past `max`.
 */
export class VersionHistory {
  private readonly versions = new Map<string, VersionContent>();
  private readonly seen = new WeakSet<Snapshot>();
  private readonly diffs = new Map<string, ChangeEntry[]>();

  constructor(private readonly max = DEFAULT_MAX_VERSIONS) {}

  /** Keeps a snapshot's version (cheap when it is already kept). */
  remember(snapshot: Snapshot): void {
    if (this.seen.has(snapshot)) return;
    this.seen.add(snapshot);
    if (this.versions.has(snapshot.version)) return;
    this.add(contentOf(snapshot));
  }

  add(content: VersionContent): void {
    this.versions.delete(content.version);
    this.versions.set(content.version, content);
    while (this.versions.size > this.max) this.versions.delete(this.versions.keys().next().value!);
  }

  get(version: string): VersionContent | undefined {
    return this.versions.get(version);
  }

  /** Versions held, oldest first. */
  list(): string[] {
    return [...this.versions.keys()];
  }

  /** The changes from one held version to another (memoized: the feed is read page by page). */
  changes(from: VersionContent, to: VersionContent): ChangeEntry[] {
    const key = `${from.version}>${to.version}`;
    let list = this.diffs.get(key);
    if (!list) {
      list = changesBetween(from, to);
      this.diffs.set(key, list);
      if (this.diffs.size > 32) this.diffs.delete(this.diffs.keys().next().value!);
    }
    return list;
  }

  /**
   * Reads every *.json seed of a folder (file names sorted, so that the newest named last is kept last). A file that
   * is not a valid seed is skipped and reported; it never stops the service.
   */
  async loadFolder(dir: string, snapshotOfFile = loadSeedFile): Promise<{ loaded: string[]; rejected: Array<{ file: string; reason: string }> }> {
    const loaded: string[] = [];
    const rejected: Array<{ file: string; reason: string }> = [];
    let names: string[];
    try {
      names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort(cmp);
    } catch (err) {
      return { loaded, rejected: [{ file: dir, reason: `cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` }] };
    }
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        const snapshot = await snapshotOfFile(file);
        if (!this.versions.has(snapshot.version)) this.add(contentOf(snapshot));
        loaded.push(snapshot.version);
      } catch (err) {
        rejected.push({ file, reason: (err as Error).message });
      }
    }
    return { loaded, rejected };
  }
}
