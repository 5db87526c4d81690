import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { isEntryPlace, joinPath } from './paths.js';

/**
 * Files larger than this are refused before they are read: a rail is a few kilobytes, so no real entry comes near, and
 * the cap keeps one bad file from stalling CI.
 */
export const MAX_FILE_BYTES = 256 * 1024;

/** One catalog file's content, from disk or from git: its name inside the catalog folder, its text or why it has none. */
export interface CatalogText {
  /** Path inside the catalog folder, with forward slashes (rails/BR-pix.yaml). */
  name: string;
  text?: string;
  /** Why there is no text: too large, unreadable. */
  unreadable?: string;
  /** The text was not valid UTF-8: where its first bad byte is (the text holds U+FFFD there). */
  badUtf8?: { offset: number; byte: number };
  /** Which of yaml-syntax's messages `unreadable` is (docs/rules.md): 'unreadable-file' when absent. */
  unreadableId?: 'too-large' | 'unreadable-file';
  /** A path that is not read at all (a symbolic link, a folder), and what to do about it. */
  refused?: string;
  /** Which of file-name's messages `refused` is (docs/rules.md): 'not-regular-file' when absent. */
  refusedId?: 'symbolic-link' | 'not-regular-file' | 'empty-folder';
}

/** The buffer every file is read into (one more byte than a file may hold, so that one read tells an oversized file). */
let readBuffer: Buffer | undefined;

/**
 * Reads one file of the catalog folder, refusing files over MAX_FILE_BYTES. Synchronous: for thousands of small files,
 * one read after another is much cheaper than as many promises (measured). No stat: the file is opened without
 * following a link and read into a buffer one byte larger than the limit, so one read gives a whole file (a regular
 * file reads whole in one call) or tells an oversized one; the open file is stat'ed only then (for its size) and when it
 * reads empty (an empty file, or something that is not a file).
 */
export function readTextSync(absDir: string, name: string): CatalogText {
  if (!isEntryPlace(name)) return { name };
  const absolute = joinPath(absDir, name);
  const notRegular = { name, refused: `${name} is not a regular file (a symbolic link?): replace it with the file itself` };
  let fd: number | undefined;
  try {
    fd = openSync(absolute, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const bytes = (readBuffer ??= Buffer.allocUnsafe(MAX_FILE_BYTES + 1));
    const length = readSync(fd, bytes, 0, bytes.length, null);
    if (length === 0 || length > MAX_FILE_BYTES) {
      const info = fstatSync(fd);
      if (!info.isFile()) return notRegular;
      if (info.size > MAX_FILE_BYTES) return { name, unreadable: tooLarge(info.size), unreadableId: 'too-large' };
      if (length > MAX_FILE_BYTES) return { name, unreadable: tooLarge(length), unreadableId: 'too-large' }; // it grew while being read
    }
    return { name, ...decodeUtf8(bytes.subarray(0, length)) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EISDIR') return notRegular;
    return { name, unreadable: `cannot read the file: ${(err as Error).message}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Why a file over MAX_FILE_BYTES is refused (it is not read, let alone parsed). */
export function tooLarge(bytes: number): string {
  return `the file is ${Math.ceil(bytes / 1024)} KB, and a catalog entry is at most ${MAX_FILE_BYTES / 1024} KB (a rail is a few KB), so it is not read: keep one entry per file and remove what does not belong to it`;
}

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** A file's bytes as text; when they are not valid UTF-8, the character offset of the first bad byte and its value. */
export interface Decoded {
  text: string;
  badUtf8?: { offset: number; byte: number };
}

/**
 * Decodes bytes with a fatal UTF-8 decoder. Invalid UTF-8 is not guessed at: the text is decoded with U+FFFD in place
 * of the bad bytes (so that positions can be shown) and the first bad byte is reported.
 */
export function decodeUtf8(bytes: Uint8Array): Decoded {
  // The common case, valid UTF-8: checked and decoded by node's own fast code (a BOM is kept, as ignoreBOM keeps it).
  if (isUtf8(bytes)) return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') };
  try {
    return { text: fatal.decode(bytes) };
  } catch {
    const at = firstBadByte(bytes);
    return { text: lenient.decode(bytes), badUtf8: { offset: lenient.decode(bytes.subarray(0, at)).length, byte: bytes[at] } };
  }
}

/** Index of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629: no overlongs, no surrogates). */
function firstBadByte(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined) return i;
      if (k === 1 ? d < lo || d > hi : d < 0x80 || d > 0xbf) return i;
    }
    i += n + 1;
  }
  return b.length;
}
