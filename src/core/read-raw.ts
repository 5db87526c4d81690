/**
 * What reading one file gave, before decoding: its bytes (`length` of them at the start of the buffer it was read
 * into), or why there are none.
 */
export type RawRead = { length: number } | { notRegular: true } | { tooLarge: number } | { error: string };

/**
 * Reads a file into `bytes` (max + 1 long) without following a link; never throws. Everything it uses is a parameter
 * (`fs` is node:fs): the read-ahead worker (read-ahead.ts) runs this very function from its source text.
 */
export function readRaw(fs: typeof import('node:fs'), absolute: string, bytes: Uint8Array, max: number): RawRead {
  let fd: number | undefined;
  try {
    fd = fs.openSync(absolute, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
    const length = fs.readSync(fd, bytes, 0, bytes.length, null);
    if (length === 0 || length > max) {
      const info = fs.fstatSync(fd);
      if (!info.isFile()) return { notRegular: true };
      if (info.size > max) return { tooLarge: info.size };
      if (length > max) return { tooLarge: length }; // it grew while being read
    }
    return { length };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EISDIR') return { notRegular: true };
    return { error: (err as Error).message };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
