import type { CodeAction, Diagnostic, Range, TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Problem } from '../model/problem.js';
import { formatEntry } from '../edit/format.js';
import type { CatalogWorkspace } from './workspace.js';

/** LSP's CodeActionKind.QuickFix, and the fix-all kind of this server (source.fixAll, as ESLint's and Ruff's). */
export const QUICK_FIX = 'quickfix';
export const FIX_ALL = 'source.fixAll.catalog';

/** What a fix builder gets besides the problem: the document, and the diagnostic the editor shows for the problem. */
interface FixContext {
  doc: TextDocument;
  diagnostic: Diagnostic;
}

/**
 * Builds the quick fixes of one problem. The builders are looked up by the problem's rule and message id
 * (`rule/messageId`, as docs/rules.md lists them); a problem without one gets the rule's safe fix, when it has one.
 */
type FixBuilder = (problem: Problem, context: FixContext) => CodeAction[];

/** A builder for each message whose text names a fix beyond the rule's safe one, by `rule/messageId`. */
const builders: Record<string, FixBuilder> = {};

/** The rule's safe fix, as `catalog validate --fix` applies it: the preferred quick fix. */
const safeFix: FixBuilder = (problem, { doc, diagnostic }) => {
  if (!problem.fix) return [];
  const { start, end, text } = problem.fix;
  return [
    {
      title: `Fix: write ${text} (${problem.rule})`,
      kind: QUICK_FIX,
      isPreferred: true,
      diagnostics: [diagnostic],
      edit: { changes: { [doc.uri]: [{ range: { start: doc.positionAt(start), end: doc.positionAt(end) }, newText: text }] } },
    },
  ];
};

/** The builder of a problem: its message's own, else the safe fix. */
function builderOf(problem: Problem): FixBuilder {
  return builders[`${problem.rule}/${problem.messageId}`] ?? safeFix;
}

/**
 * The code actions over a range: the quick fixes of each problem there (each lists the diagnostic it fixes), and when
 * the client asks for them (or for every kind), the file's fix-all: every safe fix of `catalog validate --fix`.
 */
export function codeActions(ws: CatalogWorkspace, doc: TextDocument, range: Range, only: string[] | undefined): CodeAction[] {
  const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  const actions: CodeAction[] = [];
  if (wants(QUICK_FIX)) {
    const from = range.start.line + 1;
    const to = range.end.line + 1;
    for (const problem of ws.problemsOf(doc.uri))
      if (problem.line <= to && problem.endLine >= from) actions.push(...builderOf(problem)(problem, { doc, diagnostic: ws.diagnosticOf(problem) }));
  }
  if (wants(FIX_ALL)) {
    const all = fixAll(ws, doc);
    if (all) actions.push(all);
  }
  return actions;
}

/**
 * Every safe fix of the file, as `catalog validate <file> --fix` applies them (the same passes of the same fix path,
 * src/pipeline/fix.ts), as one edit; undefined when there is none. Lists the diagnostics shown now that it fixes.
 */
function fixAll(ws: CatalogWorkspace, doc: TextDocument): CodeAction | undefined {
  const before = doc.getText();
  const shown = new Map(ws.problemsOf(doc.uri).map((p) => [problemKey(p), p]));
  const { text, fixed } = ws.fixFile(doc.uri, before);
  if (text === before) return undefined;
  const diagnostics = fixed.flatMap((p) => {
    const now = shown.get(problemKey(p));
    return now ? [ws.diagnosticOf(now)] : [];
  });
  return {
    title: `Fix all: the ${fixed.length} safe fix${fixed.length === 1 ? '' : 'es'} of catalog validate --fix`,
    kind: FIX_ALL,
    diagnostics,
    edit: { changes: { [doc.uri]: [wholeText(doc, text)] } },
  };
}

function problemKey(p: Problem): string {
  return `${p.rule}\n${p.messageId}\n${p.pointer}\n${p.line}:${p.column}\n${p.message}`;
}

function wholeText(doc: TextDocument, text: string): TextEdit {
  return { range: { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) }, newText: text };
}

/** `catalog fmt` as document formatting: one edit of the whole text, none when it is formatted or cannot be read. */
export function formatting(ws: CatalogWorkspace, doc: TextDocument): TextEdit[] {
  const name = ws.nameOf(doc.uri);
  const kind = name && ws.kindOf(name);
  if (!kind) return [];
  const text = doc.getText();
  let formatted: string;
  try {
    formatted = formatEntry(text, kind);
  } catch {
    return []; // a file that does not parse: its diagnostic says why
  }
  return formatted === text ? [] : [wholeText(doc, formatted)];
}
