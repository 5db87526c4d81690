import type { Severity } from '../model/problem.js';
import type { Catalog } from '../model/catalog.js';
import type { SourceFile, Target } from '../parse/source.js';

/** What a report says besides the message: its message id (declared in the rule's `messages`), a target, a fix. */
interface ReportOptions<Id extends string = string> {
  /** Which of the rule's messages this is: stable across wording changes, for the JSON output and the editor. */
  messageId: Id;
  target?: Target;
  fix?: { value: unknown };
}

/** What a rule's check gets: the catalog, the date it is judged on, and a way to report a problem. */
export interface RuleContext<Id extends string = string> {
  catalog: Catalog;
  /** Today's date, YYYY-MM-DD (from --today or the clock): rules never read the clock themselves. */
  today: string;
  /** Reports a problem at a JSON pointer of an entry; the core turns it into file, line and column. */
  report(entry: { file: SourceFile }, pointer: string, message: string, options: ReportOptions<Id>): void;
}

/** What describes a rule: id (= file name), severity, what it checks and the situations it reports. */
export interface RuleMeta<Id extends string = string> {
  id: string;
  severity: Severity;
  description: string;
  /**
   * Message id → one line saying the situation it reports (docs/rules.md, the editor's hover). Every problem carries
   * one of these ids, as ESLint's messageId: kebab-case, and stable when the message's wording changes.
   */
  messages: Record<Id, string>;
  /**
   * True when the rule offers safe fixes (validate --fix): a report may then carry `fix: { value }`, the value that
   * replaces the scalar at the pointer. Safe as ESLint means it: never a change of meaning, only of how it is written.
   */
  fixable?: boolean;
  /**
   * 'entry' when every problem its `check` reports on an entry depends on that entry alone (its data and its file) and
   * on the date: never on another entry. The engine (src/pipeline/engine.ts) keeps such problems with the file and
   * judges again only the files that changed, in every front end (the editor as the analyst types, the preview, the
   * --cache memo); every other rule ('catalog', the default) runs on the whole catalog whenever a file changed what it
   * reads (`reads`). test/rules/scope.test.ts holds each entry rule to it.
   */
  scope?: 'entry' | 'catalog';
  /**
   * For a rule of scope 'catalog': the top-level properties of an entry its `check` reads. The engine takes the rule's
   * problems of its last run again while no file changed one of them (src/pipeline/across.ts): what keeps a keystroke
   * in the editor from running every catalog-wide rule on the whole catalog. The --cache memo keeps them for every
   * file, so that the rule runs without reading the files that did not change.
   * test/rules/scope.test.ts holds each catalog rule to it: on entries cut to these properties it reports what it
   * reports on whole entries.
   */
  reads?: readonly string[];
}

/**
 * What a rule's history check gets (validate --base): the change, not the whole catalog. `catalog` holds the entries of
 * the files whose text differs from the base revision's (added, changed), and `base` the entries those files had and
 * the entries of deleted files; both also hold every other entry whose kind and id (code for countries) is that of one
 * of them (a duplicate elsewhere), the same object on both sides. Each list keeps catalog order. An entry absent from
 * both is the same now and at the base, and has an id no changed entry has: a history check has nothing to say of it.
 */
interface HistoryContext<Id extends string = string> extends RuleContext<Id> {
  base: Catalog;
}

/**
 * A rule: metadata plus pure checks (no I/O). `check` runs on the whole catalog, and never sees the base revision.
 * `history` runs only with a base revision, on what the change touched (HistoryContext): so comparing with the base
 * costs what the change touched, with or without --cache. A rule has one or both.
 */
export interface Rule<Id extends string = string> extends RuleMeta<Id> {
  check?(context: RuleContext<Id>): void;
  history?(context: HistoryContext<Id>): void;
}

/**
 * Declares a rule (identity function that gives the object its type). Generic over the ids of its `messages`, so that
 * TypeScript refuses a report whose messageId the rule does not declare.
 */
export function defineRule<const Id extends string>(rule: Rule<Id>): Rule {
  return rule as unknown as Rule;
}
