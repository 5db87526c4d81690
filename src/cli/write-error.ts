import path from 'node:path';
import { visible } from '../report/visible.js';

/** File-system error codes a write can meet, in words, with what to do. */
const CAUSES: Record<string, (out: string) => string> = {
  ENOSPC: () => 'no space left on the device: free some space, or give --out a path on another disk',
  EDQUOT: () => 'the disk quota is exceeded: free some space, or give --out a path on another disk',
  EROFS: () => 'the file system is read-only: give --out a path on a writable disk',
  EACCES: (out) => `permission denied: this user cannot write in ${path.dirname(out)} (or replace ${path.basename(out)}); fix the permissions or give --out another path`,
  EPERM: (out) => `operation not permitted in ${path.dirname(out)}: fix the permissions (or the file's attributes) or give --out another path`,
  EISDIR: (out) => `it is a folder, not a file: give --out the path of a file, such as ${path.join(out, 'seed.json')}`,
  ENOTDIR: () => 'a part of the path is a file, not a folder: give --out a path whose folders are folders',
  EEXIST: () => 'a part of the path is a file, not a folder: give --out a path whose folders are folders',
  ENAMETOOLONG: () => 'the path is too long: give --out a shorter path',
  ELOOP: () => 'the path has too many symbolic links (a loop?): give --out a plain path',
  EMFILE: () => 'too many open files in this process: close other programs, then build again',
  ENFILE: () => 'too many open files on this system: close other programs, then build again',
  EIO: () => 'an input/output error on the device: check the disk, then build again',
  EBUSY: () => 'the file is busy (locked by another program): close it, then build again',
};

/** True for an error that a file-system call threw (it has a code such as ENOSPC). */
export function isFsError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((err as NodeJS.ErrnoException).code!);
}

/**
 * One line saying which path could not be written, why, and what to do; `shown` is the path as the user gave it. The
 * error's code is kept in parentheses for a search; never a stack trace.
 */
export function describeWriteError(err: NodeJS.ErrnoException, shown: string, absolute: string): string {
  const code = err.code ?? 'EUNKNOWN';
  const cause = CAUSES[code]?.(absolute) ?? (err.message.split('\n')[0] || 'unknown error');
  return `cannot write ${visible(shown)}: ${visible(cause)} (${code})`;
}
