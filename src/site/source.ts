import path from 'node:path';
import { CatalogEngine } from '../pipeline/engine.js';
import { readFolder, runEngine, type Validation } from '../pipeline/validate.js';
import { siteFromCatalog, type SiteData } from './model.js';

/**
 * Validates the catalog in `dir` and, when it has no error, the site's data from it (with the fields' examples, which
 * the seed strips). `data` is undefined when the catalog has errors or a rule crashed: the validation says why. The
 * preview keeps one engine across rebuilds, so that a rebuild checks again only what changed.
 */
export async function siteFromDir(
  dir: string,
  cwd: string,
  today: string,
  engine = new CatalogEngine({ dir: path.resolve(cwd, dir), cwd }),
): Promise<{ validation: Validation; data?: SiteData }> {
  readFolder(engine, dir);
  const validation = await runEngine(engine, { today });
  if (validation.crashed.length > 0 || validation.report.summary.errors > 0) return { validation };
  return { validation, data: siteFromCatalog(validation.catalog, today) };
}
