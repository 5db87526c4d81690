import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import path from 'node:path';

/** The file-system calls writeAtomic makes: node:fs/promises, or a stand-in that fails on purpose in tests. */
export interface AtomicFs {
  mkdir: typeof fsp.mkdir;
  open: typeof fsp.open;
  rename: typeof fsp.rename;
  rm: typeof fsp.rm;
  readdir: (dir: string) => Promise<string[]>;
  stat: typeof fsp.stat;
}

export const nodeFs: AtomicFs = {
  mkdir: fsp.mkdir,
  open: fsp.open,
  rename: fsp.rename,
  rm: fsp.rm,
  readdir: (dir) => fsp.readdir(dir),
  stat: fsp.stat,
};

/**
 * The temporary file of a write: `.<name>.<pid>.<random>.tmp`, hidden, beside the target (a rename across file
 * systems is not atomic), and named after the process that writes it, so that a later write can tell a leftover of a
 * killed process from the file of a write still running.
 */
function tempName(target: string, pid = process.pid): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${pid}.${randomBytes(4).toString('hex')}.tmp`);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True while a process with this id exists (signal 0 checks without sending anything; EPERM: it exists, not ours). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files a killed write of `target` left behind: those whose process is gone. Best effort: a
 * folder that cannot be listed or a file that cannot be removed is left as it is (the write that follows reports the
 * real cause). A process id reused since keeps its leftover until that process ends, which is harmless (hidden, small).
 */
export async function removeStaleTemps(target: string, fs: AtomicFs = nodeFs, alive = processAlive): Promise<string[]> {
  const dir = path.dirname(target);
  const pattern = new RegExp(`^\\.${escapeRegExp(path.basename(target))}\\.(\\d+)\\.[0-9a-f]+\\.tmp$`);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    try {
      await fs.rm(path.join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // left for a later run
    }
  }
  return removed;
}

/**
 * Writes a file atomically: the bytes go to a temporary file beside the target, are flushed to disk, and the
 * temporary file is renamed over the target. A reader sees the old file or the new one, never half of one; on any
 * failure (a full disk, a read-only folder, a target that is a folder) the temporary file is removed, the target is
 * untouched, and the file-system error is thrown as it came (with its `code`). Leftovers of killed writes are removed
 * first. `durable: false` skips the flush, for a cache that may be lost in a power cut (a reader still never sees half).
 */
export async function writeAtomic(target: string, text: string, fs: AtomicFs = nodeFs, options: { durable?: boolean } = {}): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const existing = await fs.stat(target).catch(() => undefined);
  if (existing?.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, ${target}`), { code: 'EISDIR', path: target });
  await removeStaleTemps(target, fs);
  const tmp = tempName(target);
  try {
    const handle = await fs.open(tmp, 'w');
    try {
      await handle.writeFile(text);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, target);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined); // a read-only folder may refuse this too: keep the first error
    throw err;
  }
}
