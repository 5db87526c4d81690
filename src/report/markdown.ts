import { cell, code } from '../compare/markdown.js';
import type { Problem } from '../model/problem.js';
import type { Formatter } from './types.js';

/** Rows of the table at most: a pull-request comment holds 65,536 characters, and the review summary goes there too. */
const MARKDOWN_PROBLEM_ROWS = 100;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Problems in Markdown, for the pull-request comment: a headline with the totals, then one table row a problem (those
 * of the files the change touched first, errors before warnings within a rank), at most 100 rows. Catalog text is
 * escaped as in the review summary: code spans for paths and rule ids, escaped text for messages (no HTML, no mention).
 */
const markdown: Formatter = (report, { touched }) => {
  const { errors, warnings, files } = report.summary;
  const lines = ['## Problems', ''];
  if (errors + warnings === 0) {
    lines.push(`✅ No problem in ${plural(files, 'file')} checked.`);
    return `${lines.join('\n')}\n`;
  }
  const rank = (p: Problem) => (touched && !touched.has(p.file) ? 2 : 0) + (p.severity === 'error' ? 0 : 1);
  const ordered = [...report.problems].sort((a, b) => rank(a) - rank(b)); // stable: file order within a rank
  const shown = ordered.slice(0, MARKDOWN_PROBLEM_ROWS);
  lines.push(`${errors ? '❌' : '⚠️'} **${plural(errors, 'error')}, ${plural(warnings, 'warning')}** in ${plural(files, 'file')} checked.`, '');
  lines.push('| Where | Severity | Problem | Rule |', '|---|---|---|---|');
  for (const p of shown) lines.push(`| ${code(`${p.file}:${p.line}:${p.column}`)} | ${p.severity} | ${cell(p.message)} | ${code(p.rule)} |`);
  if (ordered.length > shown.length)
    lines.push('', `_… ${plural(ordered.length - shown.length, 'more problem')} not shown: run \`npx catalog validate\` for the full list._`);
  return `${lines.join('\n')}\n`;
};

export default markdown;
