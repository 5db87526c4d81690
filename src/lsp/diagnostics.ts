import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver';
import type { Problem } from '../model/problem.js';
import type { Validation } from '../pipeline/validate.js';

/** LSP's severities (DiagnosticSeverity), written here so that this file loads nothing at run time. */
const SEVERITY = { error: 1, warning: 2 } as const;

/** Where a rule's documentation is: `<docsBase>rules.md#<rule id>`. */
export function ruleHref(docsBase: string, rule: string): string {
  return `${docsBase}rules.md#${rule}`;
}

/** The default address of the rules' documentation: the docs/ folder of this checkout of the toolkit (two folders up from src/lsp, as from compiled/cli). */
export function localDocsBase(): string {
  return `${pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs')).href}/`;
}

/** One problem as an LSP diagnostic: the same line, column, message and severity as `catalog validate --format json`. */
export function toDiagnostic(p: Problem, docsBase: string): Diagnostic {
  const messageId = (p as Problem & { messageId?: string }).messageId;
  return {
    range: { start: { line: p.line - 1, character: p.column - 1 }, end: { line: p.endLine - 1, character: p.endColumn - 1 } },
    severity: SEVERITY[p.severity],
    code: p.rule,
    codeDescription: { href: ruleHref(docsBase, p.rule) },
    source: 'catalog',
    message: p.message,
    ...(messageId !== undefined ? { data: { messageId } } : {}),
  };
}

/** The diagnostic of a rule that threw: the other rules ran, as the CLI says (exit 2 with "internal error in rule"). */
export function crashDiagnostic(rule: string, error: Error, docsBase: string): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: SEVERITY.error,
    code: rule,
    codeDescription: { href: ruleHref(docsBase, rule) },
    source: 'catalog',
    message: `internal error in rule ${rule} (the other rules ran, this one's problems are missing): ${error.message}; please report it with the file`,
  };
}

/** The problems of a validation grouped by absolute path; every file held appears, clean ones with an empty list. */
export function problemsByFile(validation: Validation, root: string, names: string[], pathOf: (name: string) => string): Map<string, Problem[]> {
  const byFile = new Map<string, Problem[]>();
  for (const name of names) byFile.set(pathOf(name), []);
  for (const p of validation.report.problems) {
    const abs = path.resolve(root, p.file);
    const list = byFile.get(abs);
    if (list) list.push(p);
    else byFile.set(abs, [p]);
  }
  return byFile;
}
