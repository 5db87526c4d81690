import type { Report } from '../model/problem.js';

/** What a formatter may know besides the report. */
interface FormatContext {
  /** Colour output (a TTY without NO_COLOR). */
  color: boolean;
  /** Files the change touched (with --base): their problems come first where a format can show only some. */
  touched?: ReadonlySet<string>;
}

/** A formatter is a pure function from a report to text. */
export type Formatter = (report: Report, context: FormatContext) => string;
