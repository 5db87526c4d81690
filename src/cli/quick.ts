import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuleMeta } from '../rules/define.js';

/**
 * What bin/catalog.js does before it loads the CLI's bundle. The answers that need no command: `catalog --version`
 * (-v) and a plain `catalog rules`, made from two JSON files (package.json and compiled/rule-meta.json). bin/catalog.js requires the CommonJS build of this module
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
