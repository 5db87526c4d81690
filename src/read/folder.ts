import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ENTRY_KINDS } from '../model/catalog.js';
import { cmp } from '../model/problem.js';
import type { CatalogText } from './file.js';

/** Thrown for a catalog folder that cannot be read at all (a usage error, exit code 2). */
export class CatalogDirError extends Error {}

/** Throws the CatalogDirError (a usage error) that listing `dir` would give when it is missing or not a folder. */
export function checkCatalogDir(dir: string, shown = dir): void {
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(dir);
  } catch {
    throw new CatalogDirError(`cannot read the catalog folder ${shown}: it does not exist (give the folder with --dir)`);
  }
  if (!info.isDirectory()) throw new CatalogDirError(`${shown} is not a folder (give the catalog folder with --dir)`);
}

/** The lock of `catalog sources check`, at the top of the catalog folder: what each source page was when last checked. */
export const SOURCES_LOCK = 'sources.lock.json';

/** A catalog folder as scanCatalog lists it: its regular files in code-unit order, and the paths it refuses. */
export interface Listing {
  files: string[];
  refused: CatalogText[];
  /** Each file's stat (stats[i] is files[i]'s); no listing fills it: validate --cache stats each file itself. */
  stats?: string[];
}

/** What a listing of the folder `dir` (scanCatalog) leaves out and refuses: the tool's own files, links, empty folders. */
class ListingRules {
  /** The tool's own files inside the folder (the cache, when --cache-location points there), as names in it. */
  readonly ownNames: Set<string>;
  private readonly folders = Object.keys(ENTRY_KINDS)
    .map((f) => `${f}/`)
    .join(', ');

  constructor(dir: string, own: string[]) {
    // Compared as names (no path joined per file: for thousands of files it costs more than the listing).
    this.ownNames = new Set(
      own
        .map((f) => path.relative(path.resolve(dir), path.resolve(f)).split(path.sep).join('/'))
        .filter((r) => r && !r.startsWith('..') && !path.isAbsolute(r)),
    );
  }

  /** A folder that holds one of the tool's own files (left out of the listing): not an empty folder. */
  holdsOwn(name: string): boolean {
    for (const f of this.ownNames) if (f.startsWith(`${name}/`)) return true;
    return false;
  }

  link(name: string): CatalogText {
    return {
      name,
      refusedId: 'symbolic-link',
      refused: `${name} is a symbolic link, and the catalog reads no links (a link can point outside the catalog, and git stores it as a link): replace it with the file or folder itself`,
    };
  }

  other(name: string): CatalogText {
    return { name, refused: `${name} is not a regular file (a pipe, socket or device): remove it from the catalog` };
  }

  /** A folder with nothing listed in it (`top`: directly in the catalog folder); undefined when that is allowed. */
  emptyFolder(name: string, top: boolean): CatalogText | undefined {
    if (this.holdsOwn(name)) return undefined;
    const kindFolder = top && Object.hasOwn(ENTRY_KINDS, name);
    if (kindFolder) return undefined; // rails/ with nothing in it yet
    return { name: `${name}/`, refusedId: 'empty-folder', refused: `${name}/ is an empty folder, and the catalog holds ${this.folders} only: delete it` };
  }
}

/**
 * Every path of a catalog folder, in a stable order (code-unit order, not the file system's): `files` are the regular
 * files (each is read, or reported by parseCatalogText for its name), `refused` the paths that are not read, each with
 * what to do (symbolic links, folders where entries belong, anything that is not a regular file). Nothing is skipped
 * silently: see docs/catalog.md, "What is read".
 */
export function scanCatalog(dir: string, shown = dir, own: string[] = []): Listing {
  checkCatalogDir(dir, shown);
  const files: string[] = [];
  const refused: CatalogText[] = [];
  const rules = new ListingRules(dir, own);
  const { ownNames } = rules;
  /** Lists a folder; returns how many paths under it were listed or reported. */
  const visit = (rel: string): number => {
    let count = 0;
    for (const d of readdirSync(rel ? path.join(dir, rel) : dir, { withFileTypes: true })) {
      const name = rel ? `${rel}/${d.name}` : d.name;
      if (ownNames.has(name)) continue;
      if (!rel && d.name === '.git') continue; // a catalog folder that is a repository's root: git's own folder
      if (!rel && d.name === SOURCES_LOCK) continue; // the lock of `catalog sources check`: the tool's own file
      count++;
      if (d.isSymbolicLink()) refused.push(rules.link(name));
      else if (d.isDirectory()) {
        if (visit(name) === 0) {
          const empty = rules.emptyFolder(name, !rel);
          if (empty) refused.push(empty);
        }
      } else if (d.isFile()) files.push(name);
      else refused.push(rules.other(name));
    }
    return count;
  };
  visit('');
  // sort() without a comparator orders strings by code units, as cmp does, without a call per comparison.
  return { files: files.sort(), refused: refused.sort((a, b) => cmp(a.name, b.name)) };
}

/** Lists the catalog's regular files in a stable order (code-unit order of their paths, not the file system's order). */
export function listFiles(dir: string, shown = dir): string[] {
  return scanCatalog(dir, shown).files;
}
