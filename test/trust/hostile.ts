/**
 * The hostile-input suite's row format. Every `*.cases.ts` file of this folder exports `cases: HostileCase[]`;
 * hostile.test.ts runs them all. Adding a hole to the suite is adding one row.
 */
export interface HostileCase {
  /** What the careless analyst or hostile contributor did, in a few words. */
  name: string;
  /**
   * Files written over the small valid catalog of test/helpers/catalog.ts (names relative to the catalog folder);
   * a Buffer is written as bytes (invalid UTF-8), null deletes the file.
   */
  files: Record<string, string | Buffer | null>;
  /** Extra setup inside the catalog folder, after the files are written (symbolic links, permissions). */
  setup?: (dir: string) => Promise<void> | void;
  /** Problems that must be reported, each at this rule, file, line and column. */
  expect: ExpectedProblem[];
  /** Unless false, no error other than the expected ones is reported (no cascade of follow-on errors). */
  only?: boolean;
}

interface ExpectedProblem {
  rule: string;
  file: string;
  line: number;
  column?: number;
  severity?: 'error' | 'warning';
  /** Words the message must contain (the fix it proposes), when the row is about the message. */
  message?: RegExp;
}
