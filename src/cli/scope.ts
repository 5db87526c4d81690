import { statSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from '../read/paths.js';
import { UsageError, type CliIO } from './io.js';

/** The files named on the command line, as absolute paths and folders; undefined for the whole catalog. */
export interface Scope {
  files: Set<string>;
  folders: string[];
}

const GLOB = /[*?[\]{}]/;

/** The paths and globs given to validate, inside the catalog folder; a file the change deleted is in scope too. */
export async function resolveScope(args: string[], absDir: string, deleted: Set<string>, io: CliIO): Promise<Scope | undefined> {
  if (args.length === 0) return undefined;
  // fast-glob loads only when a glob is given: a plain run does not pay for it.
  const fg = args.some((a) => GLOB.test(a)) ? (await import('fast-glob')).default : undefined;
  const scope: Scope = { files: new Set(), folders: [] };
  for (const arg of args) {
    const matches =
      fg && GLOB.test(arg)
        ? fg.sync(arg, { cwd: io.cwd, absolute: true, onlyFiles: true, dot: false }).map((f) => path.resolve(f))
        : [path.resolve(io.cwd, arg)];
    if (matches.length === 0) throw new UsageError(`${arg} matches no file`);
    for (const abs of matches) {
      if (abs !== absDir && !abs.startsWith(absDir + path.sep))
        throw new UsageError(`${displayPath(abs, io.cwd)} is not in the catalog folder ${displayPath(absDir, io.cwd)} (give the catalog folder with --dir)`);
      let isDir = false;
      try {
        isDir = statSync(abs).isDirectory();
      } catch {
        // A file deleted by the change is in scope: its deletion is what is checked.
        if (!deleted.has(displayPath(abs, io.cwd))) throw new UsageError(`${arg}: no such file`);
      }
      if (isDir) scope.folders.push(abs + path.sep);
      else scope.files.add(abs);
    }
  }
  return scope;
}

/** True when a path shown in a problem lies in the scope (always, without one). */
export function inScope(scope: Scope | undefined, display: string, cwd: string): boolean {
  if (!scope) return true;
  const abs = path.resolve(cwd, display);
  return scope.files.has(abs) || scope.folders.some((f) => abs.startsWith(f));
}
