import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../model/problem.js';
import type { FileVerdict } from '../pipeline/verdict.js';
import { writeAtomic } from '../util/write-atomic.js';

/**
 * The memo of `catalog validate --cache`, as ESLint's and Ruff's caches are: what the checks of one file found, keyed
 * by the file's content (the hash of its text) and by what the checks are (the code, the schemas, the date, where
 * paths are shown from). A file whose size, times and inode are those recorded is not even read, as git's index does;
 * otherwise its text is hashed, and an unchanged hash is still a hit (a fresh checkout in CI, a restored cache).
 * The memo holds values, never decisions: src/cache/validate-cached.ts asks it before the engine judges a file, and
 * tells it what the engine found after.
 */

/** Bumped whenever what a verdict holds, or how the file is written, changes. */
const FORMAT = 'payout-catalog-validate/12';

/**
 * A file modified this close to the start of the run that recorded it may change again within the file system's
 * time resolution without its stat changing (git's "racy clean" problem): its text is hashed on the next run.
 */
const RACY_MS = 2000;

/** A file's record: its stat when checked, the hash of its text, whether its stat is racy, and its verdict. */
type FileRecord = [stat: string, hash: string, racy: 0 | 1, verdict: FileVerdict];

/** The stat fields that tell a file changed without reading it. */
export const statKey = (s: Pick<Stats, 'size' | 'mtimeMs' | 'ctimeMs' | 'ino'>): string => `${s.size} ${s.mtimeMs} ${s.ctimeMs} ${s.ino}`;

/** The hash of a file's text: what a verdict is keyed by. */
export const hashOf = (text: string): string => createHash('sha1').update(text).digest('base64');

export class ValidateMemo {
  private readonly records: Map<string, FileRecord>;
  /** What each catalog-wide rule reported in the run that saved the memo (src/cache/across.ts says when it stands). */
  readonly across: Map<string, Problem[]>;
  private readonly seen = new Set<string>();
  private changed = false;
  private readonly startedAt = Date.now();

  private constructor(
    /** The memo's file, absolute. */
    readonly file: string,
    private readonly key: string,
    records: Map<string, FileRecord> | undefined,
    across: Map<string, Problem[]> | undefined,
  ) {
    this.records = records ?? new Map();
    this.across = across ?? new Map();
    this.changed = records === undefined;
  }

  /** The memo kept in `file` for the checks `key` names; empty when there is none, it is damaged or made for other checks. */
  static open(file: string, key: string): ValidateMemo {
    let records: Map<string, FileRecord> | undefined;
    let across: Map<string, Problem[]> | undefined;
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; key?: unknown; files?: Record<string, FileRecord>; across?: unknown };
      if (kept.format === FORMAT && kept.key === key && kept.files && typeof kept.files === 'object') {
        records = new Map(Object.entries(kept.files).filter(([, r]) => sound(r)));
        if (kept.across && typeof kept.across === 'object') across = new Map(Object.entries(kept.across).filter(([, list]) => Array.isArray(list)));
      }
    } catch {
      // no memo yet, or not one of ours: every file is checked
    }
    return new ValidateMemo(file, key, records, across);
  }

  /** The verdict of a file whose stat is the one recorded, when that stat can be trusted (no read needed). */
  byStat(name: string, stat: string): FileVerdict | undefined {
    this.seen.add(name);
    const record = this.records.get(name);
    return record && record[0] === stat && record[2] === 0 ? record[3] : undefined;
  }

  /** The verdict recorded for this very text; the record then takes the file's new stat. */
  byHash(name: string, hash: string, stat: string, mtimeMs: number): FileVerdict | undefined {
    this.seen.add(name);
    const record = this.records.get(name);
    if (!record || record[1] !== hash) return undefined;
    const racy = this.racy(mtimeMs);
    if (record[0] !== stat || record[2] !== racy) {
      this.records.set(name, [stat, hash, racy, record[3]]);
      this.changed = true;
    }
    return record[3];
  }

  /** True when a file the memo recorded was not met in this run (removed, or no longer an entry's place). */
  missesFiles(): boolean {
    for (const name of this.records.keys()) if (!this.seen.has(name)) return true;
    return false;
  }

  /** A file's verdict in the run that saved the memo. */
  verdictOf(name: string): FileVerdict | undefined {
    return this.records.get(name)?.[3];
  }

  /** Records what each catalog-wide rule reported in this run. */
  keepAcross(across: ReadonlyMap<string, Problem[]>): void {
    for (const [rule, problems] of across) {
      const before = this.across.get(rule);
      if (before && JSON.stringify(before) === JSON.stringify(problems)) continue;
      this.across.set(rule, problems);
      this.changed = true;
    }
  }

  /** Drops what the memo knew of a file it cannot keep this run's verdict of: the next run takes it as new. */
  forget(name: string): void {
    if (this.records.delete(name)) this.changed = true;
  }

  /** Records what the checks found in a file. */
  record(name: string, hash: string, stat: string, mtimeMs: number, verdict: FileVerdict): void {
    this.seen.add(name);
    this.records.set(name, [stat, hash, this.racy(mtimeMs), verdict]);
    this.changed = true;
  }

  /**
   * Writes the memo when this run changed it, without the files this run did not meet. Atomic (a reader never sees half
   * of it) and best effort: a location that cannot be written leaves the next run to check again.
   */
  async save(): Promise<void> {
    for (const name of this.records.keys()) {
      if (this.seen.has(name)) continue;
      this.records.delete(name);
      this.changed = true;
    }
    if (!this.changed) return;
    const files = Object.fromEntries([...this.records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    try {
      await writeAtomic(this.file, JSON.stringify({ format: FORMAT, key: this.key, files, across: Object.fromEntries(this.across) }), undefined, {
        durable: false,
      });
      this.changed = false;
    } catch {
      // a read-only location: the next run checks everything again
    }
  }

  /** 1 when a modification time is too close to this run's start to trust the stat next time (or cannot be read). */
  private racy(mtimeMs: number): 0 | 1 {
    return mtimeMs >= this.startedAt - RACY_MS || !Number.isFinite(mtimeMs) ? 1 : 0;
  }
}

/** A record read back whole: anything else (a hand edit, a cut file) is dropped and its file checked again. */
function sound(r: unknown): r is FileRecord {
  if (!Array.isArray(r) || r.length !== 4 || typeof r[0] !== 'string' || typeof r[1] !== 'string' || (r[2] !== 0 && r[2] !== 1)) return false;
  const v = r[3] as FileVerdict;
  return Boolean(v) && Array.isArray(v.problems) && (v.broken === null || Array.isArray(v.broken)) && (v.summary === null || typeof v.summary === 'object');
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

/** What a verdict depends on besides the file's text: the checks, the date, the folder and where paths are shown from. */
export function memoKey(absDir: string, cwd: string, today: string, ruleIds: string[]): string {
  return JSON.stringify([identity(), absDir, cwd, today, ruleIds]);
}
