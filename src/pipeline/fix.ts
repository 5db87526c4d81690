import { applyFixes, type Fix } from '../edit/fix.js';
import type { Problem } from '../model/problem.js';
import type { BaseDelta } from '../history/delta.js';
import { nameInDir } from '../read/paths.js';
import type { CatalogEngine } from './engine.js';
import type { Validation } from './catalog.js';

/** How many passes fixing makes at most (a fix may reveal another, as in ESLint). */
const FIX_PASSES = 10;

/** What fixing gave: the last validation, the problems fixed, and each file fixed: its text before, and now. */
export interface Fixed {
  validation: Validation;
  fixed: Problem[];
  files: Map<string, { absolute: string; before: string; text: string }>;
}

/**
 * ESLint's verifyAndFix, on the engine's texts: applies the safe fixes of the problems `wanted` keeps, file by file,
 * and checks again, until nothing is left to fix. Only the engine's texts change: the caller writes the files.
 */
export function fixCatalog(engine: CatalogEngine, validation: Validation, today: string, base: BaseDelta | undefined, wanted: (p: Problem) => boolean): Fixed {
  const fixed: Problem[] = [];
  const files: Fixed['files'] = new Map();
  for (let pass = 0; pass < FIX_PASSES; pass++) {
    const byFile = new Map<string, Problem[]>();
    for (const p of validation.report.problems) if (p.fix && wanted(p)) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
    let now = 0;
    for (const file of validation.files) {
      const list = byFile.get(file.path);
      if (!list) continue;
      const { text, applied } = applyFixes(
        file.text,
        list.map((p) => p.fix!),
      );
      if (applied.length === 0) continue;
      const name = nameInDir(engine.dir, file.absolute);
      engine.set([{ name, text }]);
      files.set(name, { absolute: file.absolute, before: files.get(name)?.before ?? file.text, text });
      const done = new Set<Fix>(applied);
      for (const p of list) if (done.has(p.fix!)) fixed.push(p);
      now += applied.length;
    }
    if (now === 0) break;
    validation = engine.run(today, base);
  }
  return { validation, fixed, files };
}
