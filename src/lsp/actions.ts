import type { CodeAction, Diagnostic, Range, TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatEntry, FormatError } from '../edit/format.js';
import type { Problem } from '../model/problem.js';
import { kindOfName } from './node-at.js';

/** Whether two ranges share a position (a code action request names the range the cursor or selection covers). */
function touches(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/**
 * The quick fixes of a file: each safe fix (what `catalog validate --fix` applies) of a problem whose diagnostic
 * touches `range`, as a quickfix action carrying that diagnostic.
 */
export function quickFixes(uri: string, text: string, problems: Array<{ problem?: Problem; diagnostic: Diagnostic }>, range: Range): CodeAction[] {
  const doc = TextDocument.create(uri, 'yaml', 0, text);
  return problems
    .flatMap(({ problem, diagnostic }) => (problem?.fix && touches(diagnostic.range, range) ? [{ problem, diagnostic, fix: problem.fix }] : []))
    .map(({ problem, diagnostic, fix }): CodeAction => {
      const edit: TextEdit = { range: { start: doc.positionAt(fix.start), end: doc.positionAt(fix.end) }, newText: fix.text };
      return {
        title: `Fix: write ${fix.text} (${problem.rule})`,
        kind: 'quickfix',
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [uri]: [edit] } },
      };
    });
}

/**
 * The whole document in the layout of `catalog fmt`, as one edit; none when it already is. Throws FormatError (with
 * what to do) on a file with YAML errors or that is not an entry.
 */
export function formatDocument(name: string, text: string): TextEdit[] {
  const kind = kindOfName(name);
  if (!kind)
    throw new FormatError(
      `${name} is not a catalog entry: catalog fmt formats rails/<id>.yaml, assets/<id>.yaml, countries/<CODE>.yaml and policies/<id>.yaml`,
    );
  const out = formatEntry(text, kind);
  if (out === text) return [];
  const doc = TextDocument.create('file:///x', 'yaml', 0, text);
  return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: out }];
}
