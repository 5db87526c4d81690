import { readFile } from 'node:fs/promises';
import type { Problem } from '../model/problem.js';
import type { BaseDelta } from '../history/delta.js';
import { fixCatalog } from '../pipeline/fix.js';
import type { EngineValidation } from '../pipeline/validate.js';
import type { Validation } from '../pipeline/catalog.js';
import { writeAtomic } from '../util/write-atomic.js';
import type { CliIO } from './io.js';

/**
 * validate --fix: the engine fixes what `wanted` keeps (src/pipeline/fix.ts), then each fixed file is written, unless
 * it changed on disk since it was read: its fixes then wait for the next run, and the run checks it as it now is.
 */
export async function fixFiles(
  made: EngineValidation,
  today: string,
  base: BaseDelta | undefined,
  wanted: (p: Problem) => boolean,
  io: CliIO,
): Promise<{ validation: Validation; fixed: Problem[] }> {
  const { engine } = made;
  const result = fixCatalog(engine, made, today, base, wanted);
  const skipped = new Set<string>();
  for (const [name, { absolute, before, text }] of result.files) {
    const now = await readFile(absolute, 'utf8');
    if (now === before) await writeAtomic(absolute, text);
    else {
      engine.set([{ name, text: now }]);
      skipped.add(absolute);
      io.stderr.write(`catalog validate --fix: ${name} changed while it was checked: not fixed, run again\n`);
    }
  }
  if (skipped.size === 0) return result;
  const fixed = result.fixed.filter((p) => !made.files.some((f) => f.path === p.file && skipped.has(f.absolute)));
  return { validation: engine.run(today, base), fixed };
}
