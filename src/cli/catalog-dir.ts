import { statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './io.js';

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The catalog folder: --dir when given (relative to the working directory); otherwise the first `catalog/` folder
 * holding rails/, assets/ or countries/, found by walking up from the working directory to the file system's root,
 * as git finds `.git`. Returned relative to the working directory, so that the paths printed stay relative to it.
 */
export function catalogDir(flag: string | undefined, cwd: string): string {
  if (flag !== undefined) return flag;
  for (let at = path.resolve(cwd); ; ) {
    const candidate = path.join(at, 'catalog');
    if (['rails', 'assets', 'countries'].some((sub) => isDir(path.join(candidate, sub)))) return path.relative(cwd, candidate) || '.';
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  throw new UsageError(
    `no catalog/ folder (with rails/, assets/ or countries/) in ${path.resolve(cwd)} or any folder above it: run catalog inside the repository, or give the folder with --dir`,
  );
}
