import type { Document, Node } from 'yaml';
import { characterId, escapesOf, refusedInValue, valueCharacterMessage } from '../domain/characters.js';
import { toPointer } from '../model/pointer.js';
import type { Problem } from '../model/problem.js';
import { isAlias, isMap, isScalar, isSeq } from '../parse/yaml-lazy.js';
import { aliasTarget } from '../parse/yaml-data.js';
import { offsetRange, type Range, type SourceFile } from '../parse/source.js';

/**
 * Text hygiene on what the data says: every string value and key of a file read by the full YAML path, whatever way
 * it was written (plain, quoted, escaped, block scalar), holds no refused character (src/domain/characters.ts). The scan
 * of the raw text (src/parse/file.ts) already reports the characters written as they are; this reports the others
 * (escapes, line breaks of block scalars) at the value or key. The fast path reads only texts without any of them.
 * A field's counterexamples are left to the scan of the raw text: they are values the field must refuse (a NUL, a
 * lone surrogate...), written as visible escapes, and never published.
 */
export function valueCharacters(file: SourceFile): Problem[] {
  const doc = file.doc;
  if (!doc?.contents) return [];
  const problems: Problem[] = [];
  const report = (node: Node, pointer: string, where: 'value' | 'key', value: string) => {
    const [start, end] = node.range ?? [0, 0];
    const written = file.text.slice(start, end);
    for (const code of refusedInValue(value)) {
      // Written as it is: the scan of the raw text said it (it lets tab and line breaks through, as line layout).
      const rawScanned = code !== 0x09 && code !== 0x0a && code !== 0x0d && (code < 0xd800 || code > 0xdfff);
      if (rawScanned && written.includes(String.fromCharCode(code))) continue;
      // At each escape that writes it (a double-quoted scalar), else at the whole value or key.
      const escapes = (node as { type?: string }).type === 'QUOTE_DOUBLE' ? escapesOf(written, code) : [];
      const at = (range: Range, escaped?: string) => ({
        file: file.path,
        ...range,
        severity: 'error' as const,
        rule: 'characters',
        messageId: characterId(code),
        pointer,
        message: valueCharacterMessage(code, where, escaped),
      });
      if (escapes.length === 0) problems.push(at(offsetRange(file, start, end)));
      for (const e of escapes) problems.push(at(offsetRange(file, start + e.at, start + e.at + e.text.length), e.text));
    }
  };
  walk(doc, doc.contents as Node, [], report, new Set());
  return problems;
}

type Report = (node: Node, pointer: string, where: 'value' | 'key', value: string) => void;

/** Visits every scalar of the document once (an anchored value where it is written), with its pointer. */
function walk(doc: Document, node: Node | null, at: Array<string | number>, report: Report, seen: Set<Node>): void {
  if (!node || seen.has(node)) return;
  seen.add(node);
  if (isScalar(node)) {
    if (typeof node.value === 'string') report(node, toPointer(at), 'value', node.value);
  } else if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key as Node | null;
      const name = isScalar(key) ? String(key.value) : undefined;
      if (key && isScalar(key) && typeof key.value === 'string') report(key, toPointer([...at, key.value]), 'key', key.value);
      // Counterexamples are values a field must refuse, never published: an escape there tests that it does.
      if (name !== undefined && name !== 'counterexamples') walk(doc, resolved(doc, pair.value as Node | null), [...at, name], report, seen);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      walk(doc, resolved(doc, item as Node | null), [...at, i], report, seen);
    });
  }
}

function resolved(doc: Document, node: Node | null): Node | null {
  return isAlias(node) ? (aliasTarget(doc, node) ?? null) : node;
}

/**
 * A refused character (an invisible space in a code, a bidi control in a name) also makes its value wrong for the
 * schema and the rules: on the line of the character, only the character is reported, which says what to fix.
 */
export function withoutCharacterEchoes(problems: Problem[]): Problem[] {
  const lines = new Set(problems.filter((p) => p.rule === 'characters').map((p) => `${p.file}\u0000${p.line}`));
  if (lines.size === 0) return problems;
  return problems.filter((p) => p.rule === 'characters' || !lines.has(`${p.file}\u0000${p.line}`));
}
