import { closeSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * GNU find and sort, run on a catalog folder in processes of their own, for `validate --cache` (find-walk.ts reads
 * their output). This module imports nothing of the project and loads node:child_process only when it runs: besides
 * the CLI's bundle, it is built into compiled/cli/quick.cjs, with which bin/catalog.js starts the walk before it loads
 * the bundle (tens of milliseconds that find then has on the other core).
 */

/**
 * One record per path, NUL-terminated (NUL is the one byte a name cannot hold): the path inside the folder, TAB, its
 * type, TAB, its stat key (size, modification and change times in seconds to the nanosecond each followed by `s`,
 * inode). A name may hold tabs: the record is read from its end. The records start with the names, so that `sort -z`
 * puts them in the listing's order and the main thread does not sort 10,000 strings.
 */
export const FIND_FORMAT = '%P\\t%y\\t%s %T@s %C@s %i\\0';

/** A walk under way: the folder (absolute) and, once find and sort have finished, their output (undefined: failed). */
export interface FindRun {
  dir: string;
  output: Promise<string | undefined>;
}

/**
 * Starts `find <dir> | sort -z` (LC_ALL=C: seconds with a point, whatever the user's locale, and records sorted by
 * their bytes), the output in a temporary file unlinked at once: a pipe holds 64 KB, and find would stop, waiting for
 * the main thread to read, while the main thread is busy. Undefined where it cannot start (not Linux, no temporary
 * folder, CATALOG_NO_FIND set): the caller lists the folder itself.
 */
export function startFind(dir: string): FindRun | undefined {
  if (process.platform !== 'linux' || process.env.CATALOG_NO_FIND) return undefined;
  const childProcess = process.getBuiltinModule?.('node:child_process');
  if (!childProcess) return undefined;
  const file = path.join(tmpdir(), `catalog-walk-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
  let fd: number;
  try {
    fd = openSync(file, 'wx+', 0o600);
  } catch {
    return undefined;
  }
  try {
    const env = { ...process.env, LC_ALL: 'C' };
    const ended = (child: import('node:child_process').ChildProcess) =>
      new Promise<number | null>((resolve) => {
        child.on('error', () => resolve(null));
        child.on('close', (code) => resolve(code));
      });
    const sort = childProcess.spawn('sort', ['-z'], { cwd: dir, stdio: ['pipe', fd, 'ignore'], env });
    const sorted = ended(sort);
    // The root's .git (a catalog folder that is a repository's root) is neither listed nor entered.
    const find = childProcess.spawn('find', ['.', '-mindepth', '1', '-path', './.git', '-prune', '-o', '-printf', FIND_FORMAT], { cwd: dir, stdio: ['ignore', sort.stdin!, 'ignore'], env });
    sort.stdin!.destroy(); // find holds the pipe now: sort reads to its end when find exits
    const output = Promise.all([ended(find), sorted]).then(([found, done]) => {
      try {
        if (found !== 0 || done !== 0) return undefined;
        const size = fstatSync(fd).size;
        const bytes = Buffer.allocUnsafe(size);
        for (let at = 0; at < size; ) {
          const n = readSync(fd, bytes, at, size - at, at);
          if (n === 0) return undefined;
          at += n;
        }
        return bytes.toString('utf8');
      } catch {
        return undefined;
      } finally {
        closeSync(fd);
      }
    });
    return { dir, output };
  } catch {
    closeSync(fd);
    return undefined;
  } finally {
    // The processes hold the file open: nothing is left behind, even when the process ends before they do.
    try {
      unlinkSync(file);
    } catch {
      // gone already
    }
  }
}
