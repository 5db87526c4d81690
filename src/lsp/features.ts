import { pathToFileURL } from 'node:url';
import type { CodeAction, CompletionItem, Hover, Location, Position, TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { COUNTRY_CODES, CURRENCY_CODES, countryName, currencyName, minorUnit } from '../domain/iso.js';
import { schemaAt } from '../model/schema-walk.js';
import { formatEntry } from '../edit/format.js';
import { rules } from '../rules/index.js';
import type { CatalogWorkspace } from './workspace.js';
import { nodeAt, valuePathAt } from './yaml-at.js';

/** LSP's CodeActionKind.QuickFix and CompletionItemKind.Value, without loading the protocol's module for constants. */
const QUICK_FIX = 'quickfix';
const VALUE = 12;

/** The schemas' patterns for the ISO codes (common.schema.json's countryCode and currencyCode). */
const COUNTRY = '^[A-Z]{2}$';
const CURRENCY = '^[A-Z]{3}$';

/** Every safe fix of a problem in the range: what `catalog validate --fix` would write, one quick fix each. */
export function codeActions(ws: CatalogWorkspace, doc: TextDocument, range: { start: Position; end: Position }): CodeAction[] {
  const from = range.start.line + 1;
  const to = range.end.line + 1;
  return ws
    .problemsOf(doc.uri)
    .filter((p) => p.fix && p.line <= to && p.endLine >= from)
    .map((p) => ({
      title: `Fix: write ${p.fix!.text} (${p.rule})`,
      kind: QUICK_FIX,
      isPreferred: true,
      diagnostics: [],
      edit: { changes: { [doc.uri]: [{ range: { start: doc.positionAt(p.fix!.start), end: doc.positionAt(p.fix!.end) }, newText: p.fix!.text }] } },
    }));
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
  return formatted === text ? [] : [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: formatted }];
}

/** What a key means (its schema's description), the rule behind a problem, or the currency or country a code names. */
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
    if (at.onKey) {
      const description = schemaAt(kind, at.path)?.node.description;
      if (description) parts.push(`\`${at.path.join('.')}\`: ${description}`);
    } else if (typeof at.value === 'string') {
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

/** ISO currency and country codes with their names, where the schema asks for one. */
export function completion(ws: CatalogWorkspace, doc: TextDocument, position: Position): CompletionItem[] {
  const name = ws.nameOf(doc.uri);
  const kind = name && ws.kindOf(name);
  if (!kind) return [];
  const path = valuePathAt(doc.getText(), doc.offsetAt(position));
  const pattern = path && schemaAt(kind, path)?.node.pattern;
  if (pattern === CURRENCY) return CURRENCY_CODES.map((code) => ({ label: code, detail: currencyName(code), kind: VALUE }));
  if (pattern === COUNTRY) return COUNTRY_CODES.map((code) => ({ label: code, detail: countryName(code), kind: VALUE }));
  return [];
}

/** From a country code in a rail or a policy list to that country's file. */
export function definition(ws: CatalogWorkspace, doc: TextDocument, position: Position): Location | null {
  const name = ws.nameOf(doc.uri);
  const kind = name && ws.kindOf(name);
  if (!kind) return null;
  const at = nodeAt(doc.getText(), doc.offsetAt(position));
  if (!at || at.onKey || typeof at.value !== 'string' || schemaAt(kind, at.path)?.node.pattern !== COUNTRY) return null;
  const country = ws.current().catalog.raw.find((e) => e.kind === 'country' && e.data.code === at.value);
  const file = country?.file.absolute;
  if (!file) return null;
  const start = { line: 0, character: 0 };
  return { uri: pathToFileURL(file).href, range: { start, end: start } };
}
