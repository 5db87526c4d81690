import type { Diagnostic, Hover, Position } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { RuleMeta } from '../rules/define.js';
import { schemaAt } from '../model/schema-walk.js';
import { describeCode } from './iso-words.js';
import { kindOfName, nodeAt } from './node-at.js';

const contains = (d: Diagnostic, p: Position) =>
  (d.range.start.line < p.line || (d.range.start.line === p.line && d.range.start.character <= p.character)) &&
  (p.line < d.range.end.line || (p.line === d.range.end.line && p.character <= d.range.end.character));

/**
 * The hover of a position: on a key, what the field means (the schema's description); on an ISO code, the country or
 * currency it names; on a diagnostic's range, the rule behind it. Null when there is nothing to say.
 */
export function hoverAt(name: string, text: string, position: Position, diagnostics: Diagnostic[], rules: Map<string, RuleMeta>): Hover | null {
  const parts: string[] = [];
  const kind = kindOfName(name);
  const at = kind ? nodeAt(text, TextDocument.create('file:///x', 'yaml', 0, text).offsetAt(position)) : undefined;
  if (kind && at?.onKey) {
    const description = schemaAt(kind, at.segments)?.node.description;
    if (typeof description === 'string') parts.push(`**${at.segments.join('.')}**: ${description}`);
  } else if (at?.scalar) {
    const code = describeCode(at.scalar.value);
    if (code) parts.push(code);
  }
  for (const d of diagnostics.filter((x) => contains(x, position))) {
    const meta = rules.get(String(d.code));
    if (meta) parts.push(`**${meta.id}** (${meta.severity}): ${meta.description}${d.codeDescription ? ` ([rules](${d.codeDescription.href}))` : ''}`);
  }
  return parts.length > 0 ? { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } } : null;
}
