import { validateCatalog, type Validation } from '../pipeline/validate.js';
import { siteFromCatalog, type SiteData } from './model.js';

/**
 * Validates the catalog in `dir` and, when it has no error, the site's data from it (with the fields' examples, which
 * the seed strips). `data` is undefined when the catalog has errors or a rule crashed: the validation says why.
 */
export async function siteFromDir(dir: string, cwd: string, today: string): Promise<{ validation: Validation; data?: SiteData }> {
  const validation = await validateCatalog({ dir, cwd, today });
  if (validation.crashed.length > 0 || validation.report.summary.errors > 0) return { validation };
  return { validation, data: siteFromCatalog(validation.catalog, today) };
}
