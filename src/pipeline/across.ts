import type { Problem } from '../model/problem.js';
import type { Rule } from '../rules/define.js';
import type { FileVerdict } from './verdict.js';

/**
 * Which catalog-wide rules' problems of the engine's last run (or of the run a caller resumes, as the --cache memo
 * does) still stand. A catalog-wide rule (scope 'catalog')
 * declares the properties of an entry it reads (`reads`); when no file changed what the rule can see (a file added or
 * removed, a kind or a refusal changed, or one of those properties changed), its problems of the last run are its
 * problems now, and it does not run again. Its problems are also taken again only when none of them lies in a changed
 * file: a comment added above a duplicate name moves the line the problem points at.
 */

/** A file of the catalog read and checked again in this run: what the memo recorded for it, and what it gives now. */
export interface FileChange {
  /** The path problems are reported at. */
  path: string;
  /** Its verdict in the run that saved the memo; undefined when the memo did not know the file (a new file). */
  before: FileVerdict | undefined;
  /** Its verdict now; undefined when it cannot be remembered (the memo keeps no record of it). */
  after: FileVerdict | undefined;
}

/**
 * The problems that stand, by rule id, for the rules whose result can be taken again; the other rules run.
 * `everything` is true when files were removed since the last run (every rule runs again).
 */
export function standingProblems(
  rules: Record<string, Rule>,
  kept: ReadonlyMap<string, Problem[]>,
  changes: FileChange[],
  everything: boolean,
): Map<string, Problem[]> {
  const standing = new Map<string, Problem[]>();
  if (everything) return standing;
  const changedPaths = new Set(changes.map((c) => c.path));
  for (const [id, rule] of Object.entries(rules)) {
    const problems = kept.get(id);
    if (!problems || !rule.reads) continue;
    const reads = rule.reads;
    if (problems.some((p) => changedPaths.has(p.file))) continue;
    if (changes.every((c) => unseenBy(reads, c))) standing.set(id, problems);
  }
  return standing;
}

/** True when a rule that reads `reads` cannot tell the file's entry now from the one it saw in the last run. */
function unseenBy(reads: readonly string[], { before, after }: FileChange): boolean {
  if (!before || !after || before.kind !== after.kind || !same(before.broken, after.broken)) return false;
  return reads.every((key) => same(before.summary?.[key], after.summary?.[key]));
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** True when data survives JSON unchanged (YAML's .inf and .nan, and -0, do not): only such summaries compare. */
export function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.values(value).every(jsonSafe);
  return true;
}
