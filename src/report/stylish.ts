import type { Problem } from '../model/problem.js';
import { visible, visiblePath } from './visible.js';
import type { Formatter } from './types.js';

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Human output grouped by file: `file:line:col  severity  message  rule`, as ESLint's stylish. Catalog text (in
 * messages and file names) is shown with its hidden characters escaped (`\n`, `\u001b`, `\u202e`): each problem stays
 * one line, no ANSI sequence of the data reaches the terminal, and no line can start a CI workflow command.
 */
const stylish: Formatter = (report, { color }) => {
  const byFile = new Map<string, Problem[]>();
  for (const p of report.problems) {
    const list = byFile.get(p.file) ?? [];
    list.push(p);
    byFile.set(p.file, list);
  }
  const out: string[] = [];
  for (const [name, problems] of byFile) {
    const file = visiblePath(name);
    out.push(paint(color, '4', file));
    const locWidth = Math.max(...problems.map((p) => `${file}:${p.line}:${p.column}`.length));
    for (const p of problems) {
      const loc = `${file}:${p.line}:${p.column}`.padEnd(locWidth);
      const sev = p.severity === 'error' ? paint(color, '31', 'error  ') : paint(color, '33', 'warning');
      out.push(`  ${loc}  ${sev}  ${visible(p.message)}  ${paint(color, '2', visible(p.rule))}`);
    }
    out.push('');
  }
  const { errors, warnings, files } = report.summary;
  const total = errors + warnings;
  if (total === 0) {
    out.push(paint(color, '32', `✔ ${plural(files, 'file')} checked, no problems`));
  } else {
    const line = `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(files, 'file')} checked`;
    out.push(paint(color, errors ? '31;1' : '33;1', line));
  }
  return out.join('\n') + '\n';
};

export default stylish;
