import path from 'node:path';
import { ENTRY_KINDS } from '../model/catalog.js';

/** Display path: relative to the working directory, with forward slashes. */
export function displayPath(absolute: string, cwd: string): string {
  const rel = path.relative(cwd, absolute) || '.';
  return rel.split(path.sep).join('/');
}

/**
 * displayPath for the files of one folder, without path arithmetic per file: unless the working directory lies inside
 * the folder, a file's display path is the folder's followed by the file's name (path.relative finds the same common
 * prefix for both). For names that are not plain (`..`, a trailing `/`), and on Windows, displayPath itself.
 */
export function displayPaths(absDir: string, cwd: string): (absolute: string, name: string) => string {
  const dirShown = path.sep === '/' && path.isAbsolute(absDir) ? path.relative(cwd, absDir) : '..';
  const plain = !/^\.\.(?:\/\.\.)*$/.test(dirShown) && !path.isAbsolute(dirShown);
  return (absolute, name) =>
    plain && isPlainName(name) && !name.endsWith('/') ? (dirShown === '' ? name : `${dirShown}/${name}`) : displayPath(absolute, cwd);
}

/**
 * path.join(dir, name) for a name of the catalog (plain segments joined by `/`) and a normalized absolute folder, without
 * path.join's normalizing work; path.join itself for anything else.
 */
export function joinPath(dir: string, name: string): string {
  if (path.sep !== '/' || !isPlainName(name) || !isNormalDir(dir)) return path.join(dir, name);
  return dir === '/' ? dir + name : `${dir}/${name}`;
}

/** A relative path of plain segments (no empty, `.` or `..` segment; a trailing `/` allowed). */
function isPlainName(name: string): boolean {
  return name.length > 0 && !PLAIN_NAME_BREAKERS.test(name);
}
const PLAIN_NAME_BREAKERS = /^\/|\/\/|(?:^|\/)\.\.?(?:\/|$)/;

/** The last folder found normalized (a run joins thousands of names to the same folder). */
let normalDir = '';
function isNormalDir(dir: string): boolean {
  if (dir === normalDir) return true;
  if (!path.isAbsolute(dir) || path.normalize(dir) !== dir || (dir.length > 1 && dir.endsWith('/'))) return false;
  normalDir = dir;
  return true;
}

/** True for a path where an entry file belongs: <folder>/<name>.yaml, not hidden. */
export function isEntryPlace(name: string): boolean {
  const slash = name.indexOf('/');
  if (slash < 0 || name.indexOf('/', slash + 1) >= 0 || !name.endsWith('.yaml') || name.charCodeAt(slash + 1) === 0x2e) return false;
  // The folder is one of ENTRY_KINDS' own keys (compared in place: no slice per name).
  for (const folder of ENTRY_FOLDERS) if (folder.length === slash && name.startsWith(folder)) return true;
  return false;
}
const ENTRY_FOLDERS = Object.keys(ENTRY_KINDS);

/** A file's name inside the catalog folder ('/'-separated), from its absolute path (joinPath's inverse). */
export function nameInDir(dir: string, absolute: string): string {
  const prefix = joinPath(dir, 'x').slice(0, -1);
  const name = absolute.startsWith(prefix) ? absolute.slice(prefix.length) : path.relative(dir, absolute);
  return name.split(path.sep).join('/');
}
