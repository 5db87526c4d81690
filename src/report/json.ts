import type { Formatter } from './types.js';

/** The stable machine-readable shape: {"summary":{...},"problems":[...]}. */
const json: Formatter = (report) =>
  `${JSON.stringify({
    summary: report.summary,
    problems: report.problems.map((p) => ({
      file: p.file,
      line: p.line,
      column: p.column,
      endLine: p.endLine,
      endColumn: p.endColumn,
      severity: p.severity,
      rule: p.rule,
      messageId: p.messageId,
      pointer: p.pointer,
      message: p.message,
    })),
  })}\n`;

export default json;
