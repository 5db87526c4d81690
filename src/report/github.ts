import type { Problem } from '../model/problem.js';
import { visible } from './visible.js';
import type { Formatter } from './types.js';

/** GitHub shows at most this many annotations of each severity per step. */
const GITHUB_ANNOTATION_LIMIT = 10;

/**
 * Escapes the message of a workflow command as the runner decodes it: `%` → %25, CR → %0D, LF → %0A (`%` first, so
 * that a `%0A` written in the catalog stays the text %0A).
 */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value of a workflow command: as data, and `:` → %3A, `,` → %2C. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Catalog text as annotation text: other hidden characters shown as escapes (ESC as \u001b), line breaks kept. */
const asText = (s: string) => visible(s, { lineBreaks: 'keep' });

function command(p: Problem): string {
  const props = [
    `file=${escapeProperty(asText(p.file))}`,
    `line=${p.line}`,
    `col=${p.column}`,
    `endLine=${p.endLine}`,
    `endColumn=${p.endColumn}`,
    `title=${escapeProperty(asText(p.rule))}`,
  ].join(',');
  return `::${p.severity === 'error' ? 'error' : 'warning'} ${props}::${escapeData(asText(p.message))}`;
}

/**
 * GitHub Actions workflow commands: the first 10 errors and 10 warnings as annotations (those of touched files
 * first, with --base), then a summary line with the totals.
 */
const github: Formatter = (report, { touched }) => {
  const rank = (p: Problem) => (touched?.has(p.file) ? 0 : 1);
  const ordered = [...report.problems].sort((a, b) => rank(a) - rank(b)); // stable: keeps file order within a rank
  const shown: Problem[] = [];
  const count = { error: 0, warning: 0 };
  for (const p of ordered) {
    if (count[p.severity] >= GITHUB_ANNOTATION_LIMIT) continue;
    count[p.severity]++;
    shown.push(p);
  }
  const lines = shown.map(command);
  const { errors, warnings, files } = report.summary;
  const hidden = errors + warnings - shown.length;
  lines.push(
    `catalog validate: ${errors} error(s), ${warnings} warning(s) in ${files} file(s)` +
      (hidden > 0 ? `; ${shown.length} shown as annotations, ${hidden} more: run \`npx catalog validate\` locally for the full list` : ''),
  );
  return `${lines.join('\n')}\n`;
};

export default github;
