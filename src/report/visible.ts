/**
 * Catalog text in human output: data, never markup or a command. Pure (no Node-only import): the formatters, the CLI
 * and src/compare's Markdown use it.
 */

/**
 * Characters a terminal, a CI log or a renderer would act on or hide: C0 controls (line breaks, ESC of ANSI
 * sequences), DEL and C1 controls (NEL), zero-width characters, bidirectional controls (Trojan Source), the line and
 * paragraph separators, the byte-order mark.
 */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
const HIDDEN_BUT_LINE_BREAKS =
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Shows hidden characters as escapes: a line feed as `\n`, ESC as `\u001b`, U+202E as `\u202e`. The result is one line
 * that looks like what was written and does nothing to the terminal. With `lineBreaks: 'keep'`, LF and CR stay (for
 * multi-line text whose lines are guarded apart, such as Markdown cells or workflow-command data, escaped afterwards).
 */
export function visible(text: string, options: { lineBreaks?: 'escape' | 'keep' } = {}): string {
  return text.replace(options.lineBreaks === 'keep' ? HIDDEN_BUT_LINE_BREAKS : HIDDEN, escapeOne);
}

/**
 * True when a log line would be read as a GitHub Actions workflow command: the runner trims leading white space and
 * acts on `::command::` (and on the older `##[command]` form).
 */
function looksLikeCommand(line: string): boolean {
  return /^\s*(?:::|##\[)/.test(line);
}

/** A path for human output: escaped, and never the start of a workflow command (`./` keeps it the same path). */
export function visiblePath(file: string): string {
  const shown = visible(file);
  return looksLikeCommand(shown) ? `./${shown}` : shown;
}

/**
 * Multi-line text for a log (an internal error's stack): hidden characters escaped line by line, and a line that would
 * start a workflow command indented behind a `> ` so that it stays text.
 */
export function inertLines(text: string): string {
  return visible(text.replace(/\r\n?/g, '\n'), { lineBreaks: 'keep' })
    .split('\n')
    .map((line) => (looksLikeCommand(line) ? `> ${line}` : line))
    .join('\n');
}
