import { pathToFileURL } from 'node:url';
import type { DocumentLink, DocumentSymbol, Location, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { schemaAt } from '../model/schema-walk.js';
import type { RawEntry } from '../model/catalog.js';
import { locate } from '../parse/source.js';
import type { CatalogWorkspace } from './workspace.js';
import { codesOf } from './schema-help.js';
import { nodeAt, outline, valuesOfKey, type OutlineNode } from './yaml-at.js';

/** LSP's SymbolKind of each shape of the outline, without the protocol's module for constants. */
const SYMBOL = { mapping: 19, list: 18, text: 15, number: 16, boolean: 17, empty: 21 } as const;

/** The country code under the cursor: a value the schema asks a country code for, or anywhere in a country's file. */
function countryAt(ws: CatalogWorkspace, doc: TextDocument, position: Position): string | undefined {
  const name = ws.nameOf(doc.uri);
  const kind = name && ws.kindOf(name);
  if (!kind) return undefined;
  const at = nodeAt(doc.getText(), doc.offsetAt(position));
  if (at && !at.onKey && typeof at.value === 'string' && codesOf(schemaAt(kind, at.path)?.node.pattern).countries && /^[A-Z]{2}$/.test(at.value))
    return at.value;
  if (kind !== 'country') return undefined;
  const code = ws.entryOf(doc.uri)?.data.code;
  return typeof code === 'string' ? code : undefined;
}

/** Where an entry's value at `pointer` is written, as an LSP location. */
function locationOf(entry: RawEntry, pointer: string): Location {
  const r = locate(entry.file, pointer);
  return {
    uri: pathToFileURL(entry.file.absolute).href,
    range: { start: { line: r.line - 1, character: r.column - 1 }, end: { line: r.endLine - 1, character: r.endColumn - 1 } },
  };
}

/** From a country code (in a rail, a policy list, a calendar) to that country's entry: the line of its `code`. */
export function definition(ws: CatalogWorkspace, doc: TextDocument, position: Position): Location | null {
  const name = ws.nameOf(doc.uri);
  if (!name || ws.kindOf(name) === 'country') return null;
  const code = countryAt(ws, doc, position);
  const country = code && ws.current().catalog.raw.find((e) => e.kind === 'country' && e.data.code === code);
  return country ? locationOf(country, '/code') : null;
}

/**
 * From a country (its file, or a country code anywhere) to the rails that serve it and the policy lists that name it:
 * each code in their `countries`, and the country's own `code` when the client asks for the declaration.
 */
export function references(ws: CatalogWorkspace, doc: TextDocument, position: Position, includeDeclaration: boolean): Location[] {
  const code = countryAt(ws, doc, position);
  if (!code) return [];
  const found: Location[] = [];
  const { raw } = ws.current().catalog;
  if (includeDeclaration) for (const e of raw) if (e.kind === 'country' && e.data.code === code) found.push(locationOf(e, '/code'));
  for (const kind of ['rail', 'policy'])
    for (const e of raw) {
      if (e.kind !== kind || !Array.isArray(e.data.countries)) continue;
      (e.data.countries as unknown[]).forEach((c, i) => {
        if (c === code) found.push(locationOf(e, `/countries/${i}`));
      });
    }
  return found;
}

/** The outline of an entry: its keys, nested, a rail's fields by their names, its sources by their titles. */
export function documentSymbols(ws: CatalogWorkspace, doc: TextDocument): DocumentSymbol[] {
  if (!ws.nameOf(doc.uri)) return [];
  const symbol = (node: OutlineNode): DocumentSymbol => ({
    name: node.name,
    detail: node.detail,
    kind: SYMBOL[node.shape],
    range: { start: doc.positionAt(node.range[0]), end: doc.positionAt(node.range[1]) },
    selectionRange: { start: doc.positionAt(node.nameRange[0]), end: doc.positionAt(node.nameRange[1]) },
    children: node.children.map(symbol),
  });
  return outline(doc.getText()).map(symbol);
}

/** Each `url` (a rail's sources, a policy list's page) as a link the editor opens. */
export function documentLinks(ws: CatalogWorkspace, doc: TextDocument): DocumentLink[] {
  if (!ws.nameOf(doc.uri)) return [];
  return valuesOfKey(doc.getText(), 'url')
    .filter((u) => /^https?:\/\/\S+$/.test(u.value))
    .map((u) => ({ range: { start: doc.positionAt(u.range[0]), end: doc.positionAt(u.range[1]) }, target: u.value }));
}
