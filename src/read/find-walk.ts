import { checkCatalogDir, ListingRules, type Listing } from './folder.js';
import { type CatalogText } from './file.js';
import { cmp } from '../model/problem.js';
import { startFind, type FindRun } from './find-run.js';

/**
 * The catalog folder listed, with every file's stat, by GNU find in a process of its own, for `validate --cache`.
 *
 * The listing and the 10,000 `stat` calls of a large catalog take node's main thread 80 to 95 ms, most of it in the
 * kernel; find does the same work on the other core while the main thread loads the CLI, asks git which revision to
 * compare with and reads the cache (find-run.ts runs it; bin/catalog.js starts it before it loads the CLI). What is
 * left to the main thread is reading the sorted output, about 12 ms for 10,000 files (docs/performance.md).
 *
 * Each file's stat comes as the cache compares it (a FileStat key, cache-index.ts). The key never equals one made from
 * node's stat (whose times are milliseconds, without a unit), so a cache filled by one and read by the other finds
 * every file changed, hashes it, and goes on.
 *
 * The listing is scanCatalog's, path for path (ListingRules): test/read/find-walk.test.ts compares the two on odd
 * folders. Anywhere find cannot give it (not Linux, no GNU find, busybox's find without -printf, an error, a path it
 * could not stat, names whose order by bytes is not their order by UTF-16 code units), findCatalog resolves undefined
 * and the caller lists the folder with scanCatalog.
 */

/**
 * The listing of the folder `dir` (absolute; `shown`: as the user gave it) by find, the tool's own files (`own`) left
 * out as scanCatalog leaves them out. `early`: a walk bin/catalog.js started, used when it is of this folder. Throws
 * CatalogDirError at once when the folder is missing, as scanCatalog would. Undefined, or a promise of undefined, when
 * find cannot give the listing.
 */
export function findCatalog(dir: string, shown = dir, own: string[] = [], early?: FindRun): Promise<Listing | undefined> | undefined {
  checkCatalogDir(dir, shown);
  const run = early?.dir === dir ? early : startFind(dir);
  return run?.output.then((out) => (out === undefined ? undefined : listingOf(out, new ListingRules(dir, own))));
}

/**
 * find's sorted output as scanCatalog's listing, each file with its stat key; undefined when a record is not as
 * FIND_FORMAT (find-run.ts) makes it, the records are not in scanCatalog's order (names that sort otherwise by bytes
 * than by UTF-16 code units, or a name with a tab), or one is of a path find could not stat.
 */
export function listingOf(out: string, rules: ListingRules): Listing | undefined {
  const records = out.split('\0');
  const count = records.length - 1;
  if (records[count] !== '') return undefined;
  const files: string[] = [];
  const keys: string[] = [];
  const refused: CatalogText[] = [];
  const folders: string[] = [];
  /** Folders with something listed in them. */
  const holding = new Set<string>();
  let previous = '';
  let lastParent = '';
  for (let i = 0; i < count; i++) {
    const record = records[i];
    const afterType = record.lastIndexOf('\t');
    const beforeType = record.lastIndexOf('\t', afterType - 1);
    if (beforeType < 1 || afterType !== beforeType + 2) return undefined;
    const name = record.slice(0, beforeType);
    if (!(previous < name)) return undefined;
    previous = name;
    if (rules.leavesOut(name)) continue;
    const slash = name.lastIndexOf('/');
    if (slash > 0 && !(slash === lastParent.length && name.startsWith(lastParent))) holding.add((lastParent = name.slice(0, slash)));
    const type = record.charCodeAt(afterType - 1);
    if (type === 0x66 /* f */) {
      files.push(name);
      keys.push(record.slice(afterType + 1));
    } else if (type === 0x64 /* d */) folders.push(name);
    else if (type === 0x6c /* l */) refused.push(rules.link(name));
    else if (type === 0x55 /* U */ || type === 0x3f /* ? */) return undefined; // a type find does not know, or a path it could not stat
    else refused.push(rules.other(name));
  }
  for (const name of folders) {
    if (holding.has(name)) continue;
    const empty = rules.emptyFolder(name, !name.includes('/'));
    if (empty) refused.push(empty);
  }
  return { files, refused: refused.sort((a, b) => cmp(a.name, b.name)), stats: keys };
}

/** The modification time, in milliseconds, of a stat key made by find (NaN when it is not one). */
export function findKeyMtimeMs(key: string): number {
  // <size> <seconds>.<fraction>s <seconds>.<fraction>s <inode>
  const match = /^\d+ (\d+)\.(\d+)s /.exec(key);
  if (!match) return NaN;
  return Number(match[1]) * 1000 + Number(match[2].slice(0, 9).padEnd(9, '0')) / 1e6;
}
