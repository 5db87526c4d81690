import type { CompletionItem, Position } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { COUNTRY_CODES, CURRENCY_CODES, countryName } from '../domain/iso.js';
import { currencyName, isoListAt } from './iso-words.js';
import { kindOfName, nodeAt, type NodeAt } from './node-at.js';

/** CompletionItemKind.Value, written here so that this file loads nothing of the protocol at run time. */
const VALUE = 12;

let currencies: CompletionItem[] | undefined;
let countries: CompletionItem[] | undefined;

/** The node at the cursor, or just before it (the cursor sits after what is typed, or after `key: `). */
function placeAt(text: string, offset: number): NodeAt | undefined {
  return nodeAt(text, offset) ?? (offset > 0 ? nodeAt(text, offset - 1) : undefined);
}

/** A value typed after `key: ` on the cursor's line, when YAML has no node there yet. */
function keyOfLine(text: string, offset: number): string | undefined {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^\s*([A-Za-z]+):\s*\[?[A-Z, ]*$/.exec(text.slice(start, offset))?.[1];
}

/** The ISO currency or country codes, with their names, where the schema asks for one; none elsewhere. */
export function completionAt(name: string, text: string, position: Position): CompletionItem[] {
  const kind = kindOfName(name);
  if (!kind) return [];
  const offset = TextDocument.create('file:///x', 'yaml', 0, text).offsetAt(position);
  const at = placeAt(text, offset);
  let list = at && !at.onKey ? isoListAt(kind, at.segments) : undefined;
  const key = list ? undefined : keyOfLine(text, offset);
  if (key) list = isoListAt(kind, [key]) ?? isoListAt(kind, [key, 0]);
  if (list === 'currency') return (currencies ??= CURRENCY_CODES.map((c) => ({ label: c, kind: VALUE, detail: currencyName(c) })));
  if (list === 'country') return (countries ??= COUNTRY_CODES.map((c) => ({ label: c, kind: VALUE, detail: countryName(c) })));
  return [];
}
