/** Severity of a problem: errors fail validation, warnings only inform (unless over --max-warnings). */
export type Severity = 'error' | 'warning';

/** One problem found in the catalog, located at the YAML node most responsible for it. */
export interface Problem {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  rule: string;
  /** Which of the rule's messages this is (docs/rules.md lists them under the rule): stable when the wording changes. */
  messageId: string;
  pointer: string;
  message: string;
  /** A safe fix, when the rule that found the problem declares one (applied by validate --fix; not in the JSON output). */
  fix?: import('../edit/fix.js').Fix;
}

/** What `catalog validate` produces: the stable JSON shape of the `json` format. */
export interface Report {
  summary: { files: number; errors: number; warnings: number };
  problems: Problem[];
}

/** Orders problems by file, position, rule and message, so that output never depends on the order of discovery. */
function compareProblems(a: Problem, b: Problem): number {
  return cmp(a.file, b.file) || a.line - b.line || a.column - b.column || cmp(a.rule, b.rule) || cmp(a.pointer, b.pointer) || cmp(a.message, b.message);
}

/** Plain code-unit comparison (not locale order): the same result on every machine. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Builds the report from the problems of a run. */
export function makeReport(problems: Problem[], files: number): Report {
  const sorted = [...problems].sort(compareProblems);
  let errors = 0;
  for (const p of sorted) if (p.severity === 'error') errors++;
  return { summary: { files, errors, warnings: sorted.length - errors }, problems: sorted };
}
