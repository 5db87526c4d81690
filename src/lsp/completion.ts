import type { CompletionItem, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { COUNTRY_CODES, CURRENCY_CODES, countryName, currencyName } from '../domain/iso.js';
import { propertyOrder, schemaAt } from '../model/schema-walk.js';
import type { EntryKind } from '../model/catalog.js';
import type { CatalogWorkspace } from './workspace.js';
import { codesOf, enumOf, keyHelp, meaningOf } from './schema-help.js';
import { keySlotAt, valuePathAt } from './yaml-at.js';

/** LSP's CompletionItemKind (Property, Value, EnumMember) and MarkupKind, without the protocol's module for constants. */
const PROPERTY = 10;
const VALUE = 12;
const ENUM_MEMBER = 20;
const markdown = (value: string) => ({ kind: 'markdown' as const, value });

/**
 * What goes at the cursor, from the schemas: the keys of the mapping being written (at any depth, those not written
 * yet, in the schema's order, each with its description), or the values of the key being written (an enum's values
 * with what each means, true and false, ISO codes with their names: the countries that have a file in the catalog
 * first, the currencies those countries use first).
 */
export function completion(ws: CatalogWorkspace, doc: TextDocument, position: Position): CompletionItem[] {
  const name = ws.nameOf(doc.uri);
  const kind = name && ws.kindOf(name);
  if (!kind) return [];
  const text = doc.getText();
  const offset = doc.offsetAt(position);
  const slot = keySlotAt(text, offset);
  if (slot) return keys(kind, slot.path, slot.present);
  const path = valuePathAt(text, offset);
  return path ? values(ws, kind, path) : [];
}

function keys(kind: EntryKind, path: Array<string | number>, present: Set<string>): CompletionItem[] {
  const at = schemaAt(kind, path);
  const order = propertyOrder(at);
  const required = new Set<string>(Array.isArray(at?.node.required) ? at.node.required : []);
  return order
    .filter((key) => !present.has(key))
    .map((key, i) => {
      const node = schemaAt(kind, [...path, key])?.node ?? {};
      const holds = node.type === 'object' ? 'mapping' : node.type === 'array' ? 'list' : undefined;
      return {
        label: key,
        kind: PROPERTY,
        detail: `${required.has(key) ? 'required' : 'optional'}${holds ? `, a ${holds}` : ''}`,
        documentation: markdown(keyHelp([...path, key], node)),
        insertText: `${key}: `,
        sortText: String(i).padStart(3, '0'),
      };
    });
}

function values(ws: CatalogWorkspace, kind: EntryKind, path: Array<string | number>): CompletionItem[] {
  const node = schemaAt(kind, path)?.node;
  if (!node) return [];
  const allowed = enumOf(node);
  if (allowed.length)
    return allowed.map((value, i) => ({
      label: value,
      kind: ENUM_MEMBER,
      detail: meaningOf(node, value),
      documentation: markdown(node.description ?? ''),
      sortText: String(i).padStart(3, '0'),
    }));
  if (node.type === 'boolean') return ['true', 'false'].map((label) => ({ label, kind: VALUE }));
  const codes = codesOf(node.pattern);
  const items: CompletionItem[] = codes.words.map((label) => ({ label, kind: VALUE, sortText: `0${label}` }));
  if (codes.countries) {
    const filed = ws.countryCodes();
    for (const code of COUNTRY_CODES)
      items.push({
        label: code,
        kind: VALUE,
        detail: `${countryName(code)}${filed.has(code) ? '' : ' (no file in the catalog)'}`,
        sortText: `${filed.has(code) ? 1 : 2}${code}`,
      });
  }
  if (codes.currencies) {
    const used = ws.currenciesUsed();
    for (const code of CURRENCY_CODES) items.push({ label: code, kind: VALUE, detail: currencyName(code), sortText: `${used.has(code) ? 1 : 2}${code}` });
  }
  return items;
}
