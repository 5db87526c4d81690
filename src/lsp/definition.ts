import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isoListAt } from './iso-words.js';
import { kindOfName, nodeAt } from './node-at.js';

/**
 * Where a country code leads: from a rail's or a policy list's country code (wherever the schema asks for one) to the
 * country's file, countries/<CODE>.yaml, when the catalog has it.
 */
export function definitionAt(name: string, text: string, position: Position, pathOf: (name: string) => string): Location | null {
  const kind = kindOfName(name);
  if (!kind) return null;
  const at = nodeAt(text, TextDocument.create('file:///x', 'yaml', 0, text).offsetAt(position));
  if (!at?.scalar || at.onKey || isoListAt(kind, at.segments) !== 'country' || !/^[A-Z]{2}$/.test(at.scalar.value)) return null;
  const target = pathOf(`countries/${at.scalar.value}.yaml`);
  if (!existsSync(target)) return null;
  return { uri: pathToFileURL(target).href, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}
