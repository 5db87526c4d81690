import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuleMeta } from '../rules/define.js';
import { startFind, type FindRun } from '../read/find-run.js';
import { catalogDir } from './catalog-dir.js';

/**
 * What bin/catalog.js does before it loads the CLI's bundle. The answers that need no command: `catalog --version`
 * (-v) and a plain `catalog rules`, made from two JSON files (package.json and compiled/rule-meta.json). And the walk
 * of the catalog folder for `validate --cache` (startWalk). bin/catalog.js requires the CommonJS build of this module
 * (compiled/cli/quick.cjs) before anything else, so those answers do not read the CLI's bundle; src/cli/main.ts
 * gives the same answers when the CLI is run in process. No import.meta here: the module is also built as CommonJS.
 */

/** Where compiled/rule-meta.json (every rule's metadata, made by scripts/compile.mjs) is, in the project `root`. */
export const ruleMetaFile = (root: string) => path.join(root, 'compiled', 'rule-meta.json');

/** The listing `catalog rules` prints: one line per rule, its id, severity and description in columns. */
export function ruleListing(metas: RuleMeta[]): string {
  const width = Math.max(...metas.map((m) => m.id.length));
  return metas.map((m) => `${m.id.padEnd(width)}  ${m.severity.padEnd(7)}  ${m.description}\n`).join('');
}

/**
 * What the CLI prints for argv when it needs no command, or undefined (a command must run: anything else, or a file
 * that cannot be read, which the command then reports as it always did). `root` is the project's folder.
 */
export function quickAnswer(argv: readonly string[], root: string): string | undefined {
  const [name, ...rest] = argv;
  try {
    if (name === '--version' || name === '-v') return `${(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version}\n`;
    if (name === 'rules' && rest.length === 0) return ruleListing(JSON.parse(readFileSync(ruleMetaFile(root), 'utf8')) as RuleMeta[]);
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * For `catalog validate ... --cache ...`: starts find on the catalog folder (find-run.ts), so that it works on the
 * other core while the CLI loads; the command takes it (io.walk) when it is of the folder the command validates, and
 * lists the folder itself otherwise. A guess from argv alone: flags are read as validate reads them, and anything odd
 * (no folder found, a flag without its value) starts nothing. Undefined for every other command.
 */
export function startWalk(argv: readonly string[], cwd: string): FindRun | undefined {
  const [name, ...rest] = argv;
  if (name !== 'validate' || !rest.includes('--cache')) return undefined;
  try {
    let flag: string | undefined;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '--dir') flag = rest[i + 1];
      else if (rest[i].startsWith('--dir=')) flag = rest[i].slice('--dir='.length);
    }
    if (flag === undefined && rest.includes('--dir')) return undefined;
    return startFind(path.resolve(cwd, catalogDir(flag, cwd)));
  } catch {
    return undefined; // no catalog folder: the command says so
  }
}
