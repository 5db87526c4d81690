import path from 'node:path';
import { todayOf } from '../domain/dates.js';
import { catalogDir } from './catalog-dir.js';
import type { CliIO } from './io.js';

/**
 * One line for `catalog serve --dev-key` when the seed file it serves is out of date with the catalog beside it, or
 * undefined when it is not (or when the seed is not that catalog's build: another --seed, no catalog/ folder).
 *
 * It compares versions, not file times: the catalog is validated and built in memory (what `catalog build` does, about
 * 0.3 s on the bundled catalog) and the version of that seed, a hash of its content, is compared with the served one.
 * Modification times would be wrong both ways: a git checkout or a comment touches files without changing the seed,
 * and a seed copied or restored after an edit looks newer than the catalog it does not match.
 */
export async function staleSeedNotice(seedPath: string, shownSeed: string, servedVersion: string, io: CliIO): Promise<string | undefined> {
  let dir: string;
  try {
    dir = catalogDir(undefined, io.cwd);
  } catch {
    return undefined;
  }
  if (path.resolve(io.cwd, path.dirname(dir), 'dist', 'seed.json') !== seedPath) return undefined;
  const { validateCatalog } = await import('../pipeline/validate.js');
  const { buildSeed } = await import('../seed/build.js');
  const todo = `run npm start (build, then serve), or catalog build then kill -HUP ${process.pid} (this server reloads it)`;
  try {
    const { report, catalog, crashed } = await validateCatalog({ dir, cwd: io.cwd, today: todayOf(io.now()) });
    if (report.summary.errors > 0 || crashed.length > 0)
      return `catalog serve: ${shownSeed} may be out of date: ${dir} has ${report.summary.errors} error(s) now, so it cannot be built; run catalog validate, fix them, then ${todo}`;
    const fresh = buildSeed(catalog).meta.version;
    if (fresh === servedVersion) return undefined;
    return `catalog serve: ${shownSeed} is older than the catalog: it holds version ${servedVersion}, ${dir} now builds ${fresh}; ${todo}`;
  } catch (err) {
    return `catalog serve: could not tell whether ${shownSeed} is up to date with ${dir} (${(err as Error).message}); run npm start to build and serve it`;
  }
}
