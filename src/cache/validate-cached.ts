import { statSync } from 'node:fs';
import path from 'node:path';
import { readTextSync, type CatalogText } from '../read/file.js';
import { scanCatalog } from '../read/folder.js';
import { displayPaths, isEntryPlace, joinPath } from '../read/paths.js';
import { CatalogEngine } from '../pipeline/engine.js';
import { jsonSafe } from '../pipeline/across.js';
import type { FileVerdict } from '../pipeline/verdict.js';
import { runEngine, type EngineValidation, type ValidateOptions } from '../pipeline/validate.js';
import { hashOf, memoKey, statKey, ValidateMemo } from './memo.js';
import { KeptFile } from './kept-file.js';

/** A file read in this run, as the memo can record it: the hash of its text and its stat. */
interface Fresh {
  name: string;
  hash?: string;
  stat?: { key: string; mtimeMs: number };
}

/**
 * `catalog validate --cache`: the engine, wrapped in the memo (src/cache/memo.ts), as ESLint's cache wraps its linter.
 * Before a file is read, the memo answers for it when it knows it (by its stat, else by the hash of its text): the engine
 * adopts that verdict instead of judging the file, and goes on from the memo's last run, so that a catalog-wide rule
 * runs again only when a file changed what it reads. After the run, the memo records what the engine judged.
 */
export async function validateCached(options: ValidateOptions & { cacheFile: string }): Promise<EngineValidation> {
  const cwd = options.cwd ?? process.cwd();
  const absDir = path.resolve(cwd, options.dir);
  const engine = new CatalogEngine({ dir: absDir, cwd, rules: options.rules });
  const memo = ValidateMemo.open(path.resolve(cwd, options.cacheFile), memoKey(absDir, cwd, options.today, Object.keys(engine.rules)));
  const listing = (await options.listing) ?? scanCatalog(absDir, options.dir, [memo.file]);
  const shown = displayPaths(absDir, cwd);
  const fresh: Fresh[] = [];
  for (const name of listing.files) {
    const read = isEntryPlace(name) ? lookUp(memo, absDir, name) : { text: readTextSync(absDir, name) };
    if ('verdict' in read) {
      const file = new KeptFile(absDir, name, shown(joinPath(absDir, name), name));
      engine.adopt(name, read.verdict, file, () => file.data());
    } else {
      engine.set([read.text]);
      fresh.push({ name, hash: read.hash, stat: read.stat });
    }
  }
  engine.set(listing.refused);
  engine.resume({ verdictOf: (name) => memo.verdictOf(name), across: memo.across, removed: memo.missesFiles() });
  const validation = await runEngine(engine, options);
  if (validation.crashed.length === 0) {
    for (const { name, hash, stat } of fresh) {
      const verdict = isEntryPlace(name) ? engine.verdict(name) : undefined;
      if (verdict && hash !== undefined && stat && jsonSafe(verdict.summary)) memo.record(name, hash, stat.key, stat.mtimeMs, verdict);
      else memo.forget(name);
    }
    memo.keepAcross(validation.across);
    await memo.save();
  }
  return validation;
}

/** The memo's verdict of a file (by its stat, else by the hash of its text), or the file's text when it has none. */
function lookUp(memo: ValidateMemo, absDir: string, name: string): { verdict: FileVerdict } | ({ text: CatalogText } & Omit<Fresh, 'name'>) {
  const found = statSync(joinPath(absDir, name), { throwIfNoEntry: false });
  const stat = found && { key: statKey(found), mtimeMs: found.mtimeMs };
  const known = stat && memo.byStat(name, stat.key);
  if (known) return { verdict: known };
  const text: CatalogText = readTextSync(absDir, name);
  const hash = text.text !== undefined && !text.badUtf8 ? hashOf(text.text) : undefined;
  const verdict = stat && hash !== undefined ? memo.byHash(name, hash, stat.key, stat.mtimeMs) : undefined;
  return verdict ? { verdict } : { text, hash, stat };
}
