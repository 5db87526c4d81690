import type { Severity } from '../core/problem.js';
import type { Catalog } from '../core/catalog.js';
import type { SourceFile, Target } from '../core/source.js';

/** What a rule's check gets: the catalog, the date it is judged on, and a way to report a problem. */
export interface RuleContext {
  catalog: Catalog;
  /** Today's date, YYYY-MM-DD (from --today or the clock): rules never read the clock themselves. */
  today: string;
  /** The catalog at the base revision (validate --base): history rules compare against it; absent otherwise. */
  base?: Catalog;
  /** Reports a problem at a JSON pointer of an entry; the core turns it into file, line and column. */
  report(entry: { file: SourceFile }, pointer: string, message: string, options?: { target?: Target; fix?: { value: unknown } }): void;
}

/** What describes a rule: id (= file name), severity and what it checks. */
export interface RuleMeta {
  id: string;
  severity: Severity;
  description: string;
  /**
   * True when the rule offers safe fixes (validate --fix): a report may then carry `fix: { value }`, the value that
   * replaces the scalar at the pointer. Safe as ESLint means it: never a change of meaning, only of how it is written.
   */
  fixable?: boolean;
  /**
   * 'entry' when every problem the rule reports on an entry depends on that entry alone (its data and its file) and on
   * the date: never on another entry or on the base revision. `validate --cache` keeps such problems with the file and
   * checks again only the files that changed; every other rule ('catalog', the default) runs on the whole catalog on
   * every run. test/rules/scope.test.ts holds each entry rule to it.
   */
  scope?: 'entry' | 'catalog';
}

/** A rule: metadata plus a pure check over the whole catalog (no I/O). */
export interface Rule extends RuleMeta {
  check(context: RuleContext): void;
}

/** Declares a rule (identity function that gives the object its type). */
export function defineRule(rule: Rule): Rule {
  return rule;
}
