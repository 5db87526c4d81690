import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { EntryKind } from '../model/catalog.js';
import { cmp, type Problem } from '../model/problem.js';
import { writeAtomic } from '../util/write-atomic.js';

/**
 * The file of `catalog validate --cache` (what src/cache/incremental.ts keeps between runs), as lines of text. A run
 * that checked a few files appends their records, in one write, instead of writing the index of 10,000 files again;
 * the file is written whole (atomically) when it is new, made for other checks, damaged, or when appended records
 * outnumber the live ones. A run reads it whole, but parses only what it uses: each file's stat fields to compare with
 * the disk, and the rest of a record (its problems, its entry's summary) only when the run needs it.
 *
 * Lines (fields separated by tabs; JSON texts hold no raw tab or newline):
 *   <FORMAT> TAB <key>                                   first line: what the records are valid for
 *   S TAB number TAB <shape JSON>                        a shape of entries (records name their shape by number)
 *   F TAB name TAB stat TAB sha1 TAB racy TAB nested TAB problems? TAB <rest JSON>
 *                                                        (stat: size, mtime, ctime and inode, as FileStat's key)
 *   D TAB name                                           the file is no longer recorded
 *   W TAB <JSON>                                         the catalog-wide rules' problems (or null)
 *   C TAB <count> [TAB <seq>]                            end of a batch of <count> lines: a batch counts only once its
 *                                                        C line is whole (an append cut short is ignored); <seq>, in
 *                                                        appended batches, is 1 + the batches the writer read
 * A later record of a name replaces an earlier one. Records of a batch are applied when its C line is read. Records
 * hold for their file alone (its stat, hash and own problems), so runs that append at once lose nothing; the wide
 * problems, though, hold for the catalog a run saw: a batch whose <seq> shows another batch landed between the read
 * and the append makes the wide problems unusable (the next run runs those rules, and writes the index whole).
 */

/** Bumped whenever what is kept, or how it is read, changes. */
export const FORMAT = 'payout-catalog-validate/9';

/**
 * The shape of entries: their top-level property names in order, and for each a 1 when it holds a scalar or a list of
 * scalars (the summary, what catalog-wide rules read, kept in the cache), a 0 otherwise. A catalog has few shapes.
 */
export type Shape = [keys: string[], summary: string];

/** What a record keeps besides its stat: the problems of the file alone, its entry's kind, shape, summary values, and the pointers the schema refused (null when it accepts the entry). */
export type Rest = [problems: Problem[], kind: EntryKind | null, shape: number, values: unknown[], broken: string[] | null];

/** The stat of a file as node gives it (what decides whether the file changed without reading it). */
export interface StatLike {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/**
 * A file's stat as a run saw it: `key`, the record's stat field (size, mtime, ctime and inode, separated by spaces),
 * which a later run compares as text; and its modification time, for the racy window. Two sources make keys, which
 * never equal each other: node's `stat` (statKey: the times in milliseconds) and GNU find (find-walk.ts: the times in
 * seconds, to the nanosecond, each followed by `s`).
 */
export interface FileStat {
  key: string;
  mtimeMs: number;
}

/** The record's stat field of node's stat. */
export const statKey = (s: StatLike): string => `${s.size} ${s.mtimeMs} ${s.ctimeMs} ${s.ino}`;

/**
 * A record of the index: a line of the index's text, read on demand (a run compares most records' stat with the disk
 * and uses nothing else of them; parsing 10,000 records to do that costs more than the comparison).
 */
export class FileRecord {
  /** Where the tab after the hash is (0: not found yet). */
  private afterHash = 0;
  private parsed?: Rest;

  constructor(
    private readonly text: string,
    private readonly start: number,
    private readonly end: number,
    readonly name: string,
  ) {}

  /** A new record. */
  static of(name: string, stat: FileStat, hash: string, racy: 0 | 1, nested: 0 | 1, rest: Rest): FileRecord {
    const line = `F\t${name}\t${stat.key}\t${hash}\t${racy}\t${nested}\t${rest[0].length > 0 ? 1 : 0}\t${JSON.stringify(rest)}`;
    const record = new FileRecord(line, 0, line.length, name);
    record.parsed = rest;
    return record;
  }

  /** The same record with another stat, racy flag or nested flag (the rest unchanged, not parsed). */
  with(stat: FileStat, racy: 0 | 1, nested: 0 | 1): FileRecord {
    const at = this.fields();
    const line = `F\t${this.name}\t${stat.key}\t${this.hash}\t${racy}\t${nested}\t${this.text.slice(at + 5, this.end)}`;
    const record = new FileRecord(line, 0, line.length, this.name);
    record.parsed = this.parsed;
    return record;
  }

  /** The same record with another nested flag. */
  withNested(nested: 0 | 1): FileRecord {
    const at = this.fields();
    const line = `${this.text.slice(this.start, at + 3)}${nested}${this.text.slice(at + 4, this.end)}`;
    const record = new FileRecord(line, 0, line.length, this.name);
    record.parsed = this.parsed;
    return record;
  }

  /** The record's stat is the one whose key is given (compared as text: a damaged field equals no stat). */
  sameStat(key: string): boolean {
    const at = this.start + 3 + this.name.length;
    return this.text.charCodeAt(at + key.length) === 0x09 && this.text.startsWith(key, at);
  }

  /** Finds the fields after the stat; a damaged line throws DamagedCache (the run starts again without the cache). */
  private fields(): number {
    if (this.afterHash) return this.afterHash;
    const { text } = this;
    let at = this.start + 2 + this.name.length;
    for (let i = 0; i < 2 && at >= 0; i++) at = text.indexOf('\t', at + 1);
    // racy, nested, problems? are one character each: `\t1\t0\t0\t[...`
    if (at < 0 || at + 7 > this.end || text[at + 2] !== '\t' || text[at + 4] !== '\t' || text[at + 6] !== '\t') throw new DamagedCache(`the record of ${this.name} does not parse`);
    return (this.afterHash = at);
  }

  get hash(): string {
    const at = this.fields();
    return this.text.slice(this.text.lastIndexOf('\t', at - 1) + 1, at);
  }

  /** 1 when the file was modified within the racy window of the run that recorded it: its text is hashed before its stat is trusted. */
  get racy(): 0 | 1 {
    return this.text[this.fields() + 1] === '1' ? 1 : 0;
  }

  /** 1 when a catalog-wide rule read a property of the entry outside its summary, the last time they ran. */
  get nested(): 0 | 1 {
    return this.text[this.fields() + 3] === '1' ? 1 : 0;
  }

  /** The problems of the file alone are not empty. */
  get hasProblems(): boolean {
    return this.text[this.fields() + 5] === '1';
  }

  /** The rest of the record; a damaged one throws DamagedCache. */
  rest(): Rest {
    if (this.parsed) return this.parsed;
    try {
      const rest = JSON.parse(this.text.slice(this.fields() + 7, this.end)) as Rest;
      if (!Array.isArray(rest) || rest.length !== 5 || !Array.isArray(rest[0]) || !Array.isArray(rest[3])) throw new Error('not a record');
      return (this.parsed = rest);
    } catch {
      throw new DamagedCache(`the record of ${this.name} does not parse`);
    }
  }

  /** False when the line is damaged. */
  sound(): boolean {
    try {
      this.fields();
      return this.hash.length > 0;
    } catch {
      return false;
    }
  }

  line(): string {
    return this.text.slice(this.start, this.end);
  }

  /** True when the record's line holds one of `needles`; `inIndex`: the lines of the index's text that hold one. */
  mentions(needles: string[], inIndex: { text: string; lines: Set<number> }): boolean {
    if (this.text === inIndex.text) return inIndex.lines.has(this.start);
    const line = this.line();
    return needles.some((n) => line.includes(n));
  }
}

/** A record or the wide problems in the file do not parse: the run goes on as if there were no cache. */
export class DamagedCache extends Error {}

/** True when a name can be kept in a record (a tab or a line break would break the line). */
export const recordable = (name: string) => !/[\t\n\r]/.test(name);

const num = (s: string) => (s === '' ? NaN : Number(s));

/** The record on the line text[start, end) (which starts with `F\t`). */
function recordAt(text: string, start: number, end: number): FileRecord {
  const nameEnd = text.indexOf('\t', start + 2);
  return new FileRecord(text, start, end, text.slice(start + 2, nameEnd < 0 || nameEnd > end ? end : nameEnd));
}

/**
 * The index as the last runs left it. Its first batch (the base, written whole) holds the records sorted by name, as
 * the catalog's listing is: a run looks its files up in that order, walking the base once without building a table of
 * 10,000 names (what a run keeps alive, the garbage collector copies). Records appended since are few: they are kept
 * by name, and replace the base's.
 */
export class IndexFile {
  /** Where the base's next record starts. */
  private at: number;
  /** Names of the base's records passed over by find (no such file now). */
  private readonly passed: string[] = [];
  /** Names of appended records find returned. */
  private readonly met = new Set<string>();

  constructor(
    private readonly text: string,
    readonly shapes: Shape[],
    private readonly baseStart: number,
    private readonly baseEnd: number,
    /** Records appended after the base (null: the name is no longer recorded). */
    private readonly later: Map<string, FileRecord | null>,
    /** The catalog-wide rules' problems as JSON text ('null' when there are none to reuse). */
    readonly wideText: string,
    /** Lines in the file (to decide when to write it whole again). */
    readonly lines: number,
    /** The file ends with a whole batch, and its batches were appended one after another: appending to it is safe. */
    readonly whole: boolean,
    /** Batches appended since the base. */
    readonly batches: number,
  ) {
    this.at = baseStart;
  }

  /** The record of a file. Names must be asked in ascending code-unit order (the order of scanCatalog's listing). */
  find(name: string): FileRecord | undefined {
    const { text } = this;
    let base: FileRecord | undefined;
    while (this.at < this.baseEnd) {
      const start = this.at;
      const end = text.indexOf('\n', start);
      const nameEnd = text.indexOf('\t', start + 2);
      const same = nameEnd - start - 2 === name.length && text.startsWith(name, start + 2);
      if (!same) {
        const there = text.slice(start + 2, nameEnd);
        if (there > name) break; // the base has no record of name
        this.passed.push(there);
        this.at = end + 1;
        continue;
      }
      base = new FileRecord(text, start, end, name);
      this.at = end + 1;
      break;
    }
    const later = this.later.get(name);
    if (later === undefined) return base;
    if (later) this.met.add(name);
    return later ?? undefined;
  }

  /**
   * After every name of the listing was looked up: the names recorded that the listing does not hold (files deleted
   * since, or the index made for other files).
   */
  gone(): string[] {
    const gone: string[] = [];
    const seen = new Set<string>();
    const add = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      if (this.later.get(name) !== null) gone.push(name);
    };
    for (const name of this.passed) add(name);
    for (let start = this.at; start < this.baseEnd; start = this.text.indexOf('\n', start) + 1) add(this.text.slice(start + 2, this.text.indexOf('\t', start + 2)));
    for (const [name, record] of this.later) if (record && !this.met.has(name) && !seen.has(name)) gone.push(name);
    return gone;
  }

  /**
   * Which records hold one of a few strings (a prefilter: a record that does not hold a value's JSON text does not
   * hold that value): one pass over the index's text for all of them (a regular expression of the strings: about 1 ms
   * for 2 MB whether there are 1 or 50, where a search per string took 1.3 ms each), instead of parsing every record.
   * For FileRecord.mentions.
   */
  linesWith(needles: string[]): { text: string; lines: Set<number> } {
    const { text } = this;
    const lines = new Set<number>();
    if (needles.length === 0) return { text, lines };
    const any = new RegExp(needles.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'g');
    for (const m of text.matchAll(any)) lines.add(text.lastIndexOf('\n', m.index) + 1);
    return { text, lines };
  }

  /** Every record of the index (to write it whole again). */
  all(): Map<string, FileRecord> {
    const records = new Map<string, FileRecord>();
    for (let start = this.baseStart; start < this.baseEnd; ) {
      const end = this.text.indexOf('\n', start);
      const record = recordAt(this.text, start, end);
      if (record.sound()) records.set(record.name, record); // a damaged record is dropped: its file is checked again
      start = end + 1;
    }
    for (const [name, record] of this.later) {
      if (record) records.set(name, record);
      else records.delete(name);
    }
    return records;
  }
}

/** The index of the previous runs, or undefined when there is none, it is unreadable, or it was made for other checks. */
export function readIndex(file: string, key: string): IndexFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined; // no cache yet: everything is checked
  }
  const header = `${FORMAT}\t${key}\n`;
  if (!text.startsWith(header)) return undefined; // made by another version, for other checks, or not ours
  const shapes: Shape[] = [];
  const shapeTexts: string[] = [];
  /** Adds the shape of an S line's fields; false when it does not parse, or gives another shape a number in use. */
  const addShape = (fields: string): boolean => {
    const tab = fields.indexOf('\t');
    const i = num(fields.slice(0, tab));
    const json = fields.slice(tab + 1);
    if (!Number.isInteger(i) || i < 0 || i > 100_000 || (shapeTexts[i] !== undefined && shapeTexts[i] !== json)) return false;
    try {
      const shape = JSON.parse(json) as Shape;
      if (!Array.isArray(shape) || !Array.isArray(shape[0]) || typeof shape[1] !== 'string') return false;
      shapes[i] = shape;
      shapeTexts[i] = json;
      return true;
    } catch {
      return false;
    }
  };
  // The base: shapes, the records (sorted), the wide problems, and its C line with the count of its lines.
  let at = header.length;
  let count = 0;
  while (text.startsWith('S\t', at)) {
    const end = text.indexOf('\n', at);
    if (end < 0 || !addShape(text.slice(at + 2, end))) return undefined;
    count++;
    at = end + 1;
  }
  const baseStart = at;
  const w = text.startsWith('W\t', at) ? at : text.indexOf('\nW\t', at - 1) + 1;
  if (w <= 0) return undefined;
  const baseEnd = w;
  for (let i = baseStart; i < baseEnd; i = text.indexOf('\n', i) + 1) {
    if (!text.startsWith('F\t', i)) return undefined;
    count++;
  }
  const wEnd = text.indexOf('\n', w);
  if (wEnd < 0) return undefined;
  let wideText = text.slice(w + 2, wEnd);
  const cEnd = text.indexOf('\n', wEnd + 1);
  if (cEnd < 0 || text.slice(wEnd + 1, cEnd) !== `C\t${count + 1}`) return undefined; // the base itself is cut short
  let lines = count + 3;

  // The batches appended since, each applied when its C line is whole.
  const later = new Map<string, FileRecord | null>();
  let whole = true;
  let batches = 0;
  let shapesOk = true;
  let pending: Array<() => void> = [];
  for (let start = cEnd + 1; start < text.length; ) {
    const end = text.indexOf('\n', start);
    if (end < 0) {
      whole = false; // a cut-off line: what follows the last whole batch is ignored
      break;
    }
    lines++;
    const line = text.slice(start, end);
    const type = line.slice(0, 2);
    if (type === 'F\t') {
      const record = recordAt(text, start, end);
      if (!record.sound()) {
        whole = false;
        break;
      }
      pending.push(() => later.set(record.name, record));
    } else if (type === 'D\t') {
      const name = line.slice(2);
      pending.push(() => later.set(name, null));
    } else if (type === 'S\t') {
      const fields = line.slice(2);
      pending.push(() => (shapesOk &&= addShape(fields)));
    } else if (type === 'W\t') {
      const wide = line.slice(2);
      pending.push(() => (wideText = wide));
    } else if (type === 'C\t' && num(line.slice(2, line.indexOf('\t', 2))) === pending.length) {
      for (const apply of pending) apply();
      pending = [];
      if (num(line.slice(line.indexOf('\t', 2) + 1)) !== ++batches) {
        wideText = 'null'; // another run's batch landed between this one's read and its append
        whole = false;
      }
    } else {
      whole = false;
      break;
    }
    start = end + 1;
  }
  if (pending.length) whole = false;
  if (!shapesOk) return undefined;
  return new IndexFile(text, shapes, baseStart, baseEnd, later, wideText, lines, whole, batches);
}

/** The wide problems kept in the index, or null. */
export function wideOf(index: IndexFile): Problem[] | null {
  try {
    const wide = JSON.parse(index.wideText) as Problem[] | null;
    if (wide !== null && !Array.isArray(wide)) throw new Error('not a list');
    return wide;
  } catch {
    throw new DamagedCache('the catalog-wide problems do not parse');
  }
}

/** What a run changes in the index. */
export interface IndexChanges {
  shapes: Shape[];
  /** New or changed records. */
  records: FileRecord[];
  /** Names no longer recorded. */
  gone: string[];
  /** The wide problems' JSON text, when it changed. */
  wideText?: string;
  /** About how many records the index holds after the run. */
  live: number;
}

/**
 * Records a run's changes: appended to the file in one write when it is whole and mostly live records, otherwise the
 * whole index written again (atomically, so a reader never sees half of it), its records sorted by name. Best effort:
 * a location that cannot be written leaves the next run to check again.
 */
export async function saveIndex(file: string, key: string, previous: IndexFile | undefined, changes: IndexChanges): Promise<void> {
  const batch: string[] = [];
  const first = previous?.shapes.length ?? 0;
  changes.shapes.forEach((shape, i) => batch.push(`S\t${first + i}\t${JSON.stringify(shape)}`));
  for (const record of changes.records) batch.push(record.line());
  for (const name of changes.gone) batch.push(`D\t${name}`);
  if (changes.wideText !== undefined) batch.push(`W\t${changes.wideText}`);
  if (previous && batch.length === 0) return;
  if (previous && previous.whole && previous.lines + batch.length < 2 * changes.live + 64) {
    batch.push(`C\t${batch.length}\t${previous.batches + 1}`);
    try {
      // One write to a file opened for appending: runs that append at once do not interleave their batches.
      const fd = openSync(file, 'a');
      try {
        writeSync(fd, batch.join('\n') + '\n');
      } finally {
        closeSync(fd);
      }
    } catch {
      // a read-only location: the next run checks again what this one checked
    }
    return;
  }
  const files = previous?.all() ?? new Map<string, FileRecord>();
  for (const record of changes.records) files.set(record.name, record);
  for (const name of changes.gone) files.delete(name);
  const body: string[] = [`${FORMAT}\t${key}`];
  [...(previous?.shapes ?? []), ...changes.shapes].forEach((shape, i) => body.push(`S\t${i}\t${JSON.stringify(shape)}`));
  for (const name of [...files.keys()].sort(cmp)) body.push(files.get(name)!.line());
  body.push(`W\t${changes.wideText ?? previous?.wideText ?? 'null'}`);
  body.push(`C\t${body.length - 1}`);
  try {
    await writeAtomic(file, body.join('\n') + '\n', undefined, { durable: false });
  } catch {
    // a read-only location: the next run checks everything again
  }
}
