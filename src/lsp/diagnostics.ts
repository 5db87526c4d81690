import type { Diagnostic } from 'vscode-languageserver';
import type { Problem } from '../model/problem.js';
import type { Crashed } from '../check/rules.js';

/** LSP's numbers for the two severities (DiagnosticSeverity), without loading the protocol's module for two constants. */
const SEVERITY = { error: 1, warning: 2 } as const;

/** What the editor adds to the one diagnostic of a file over the size cap: why nothing else answers for it. */
const OVER_CAP = ' The editor answers no request on this file either (hover, completion, formatting, outline) until it is back under the cap.';

/**
 * A problem as the editor shows it: the same line, column, message and severity as `catalog validate --format json`
 * (LSP counts lines and UTF-16 columns from 0), the rule as its code with a link to the rule's documentation, and
 * the message id and the safe fix in `data` for code actions.
 */
export function toDiagnostic(problem: Problem, docsBase: string): Diagnostic {
  const diagnostic: Diagnostic = {
    range: { start: { line: problem.line - 1, character: problem.column - 1 }, end: { line: problem.endLine - 1, character: problem.endColumn - 1 } },
    severity: SEVERITY[problem.severity],
    code: problem.rule,
    codeDescription: { href: `${docsBase}#${problem.rule}` },
    source: 'catalog',
    message: problem.messageId === 'too-large' ? problem.message + OVER_CAP : problem.message,
  };
  diagnostic.data = problem.fix ? { messageId: problem.messageId, fix: problem.fix } : { messageId: problem.messageId };
  return diagnostic;
}

/** A rule that threw, as a diagnostic at the top of a file: the other rules ran, and what they found is shown. */
export function crashDiagnostic(crash: Crashed[number], docsBase: string): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: SEVERITY.error,
    code: crash.rule,
    codeDescription: { href: `${docsBase}#${crash.rule}` },
    source: 'catalog',
    message: `the rule ${crash.rule} crashed (${crash.error.message}): a bug in the rule, not in the catalog; the other rules ran. Report it with this message.`,
  };
}
