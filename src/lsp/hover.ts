import type { Hover, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { countryName, currencyName, minorUnit } from '../domain/iso.js';
import { schemaAt } from '../model/schema-walk.js';
import { rules } from '../rules/index.js';
import type { CatalogWorkspace } from './workspace.js';
import { enumOf, keyHelp, valueHelp } from './schema-help.js';
import { nodeAt } from './yaml-at.js';

/**
 * What is under the cursor: the rule behind each problem there; on a key, what it means (the schema's description) and
 * what it holds; on a value of an enum, what that value means; on an ISO code, the currency or country it names.
 */
export function hover(ws: CatalogWorkspace, doc: TextDocument, position: Position): Hover | null {
  const parts: string[] = [];
  const line = position.line + 1;
  const column = position.character + 1;
  for (const p of ws.problemsOf(doc.uri)) {
    const within = (p.line < line || (p.line === line && p.column <= column)) && (p.endLine > line || (p.endLine === line && p.endColumn >= column));
    if (within)
      parts.push(
        `**${p.rule}** (${p.severity}): ${(rules as Record<string, { description: string } | undefined>)[p.rule]?.description ?? 'reading and YAML checks'}`,
      );
  }
  const name = ws.nameOf(doc.uri);
  const kind = name && ws.kindOf(name);
  const at = kind ? nodeAt(doc.getText(), doc.offsetAt(position)) : undefined;
  if (at && kind) {
    const node = schemaAt(kind, at.path)?.node;
    if (at.onKey && node) parts.push(keyHelp(at.path, node));
    else if (typeof at.value === 'string' && node && enumOf(node).includes(at.value)) parts.push(valueHelp(at.path, node, at.value));
    else if (typeof at.value === 'string') {
      const code = codeInfo(at.value);
      if (code) parts.push(code);
    }
  }
  return parts.length ? { contents: { kind: 'markdown', value: parts.join('\n\n') } } : null;
}

/** What an ISO code names: a currency with its minor units, or a country. */
function codeInfo(value: string): string | undefined {
  const currency = currencyName(value);
  if (currency) return `${value}: ${currency}, ISO 4217, ${minorUnit(value)} minor unit(s) (decimals: ${minorUnit(value)})`;
  const country = countryName(value);
  return country ? `${value}: ${country}, ISO 3166-1 alpha-2` : undefined;
}
