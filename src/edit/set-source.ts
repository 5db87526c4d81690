import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { applyFixes, type Fix } from './fix.js';
import { YAML_OPTIONS } from '../parse/source.js';
import { EditError, lineEndAfter, written } from './set-values.js';

/** A source of a rail as `catalog close --source` records it: the page, its title (for a new one) and the day read. */
export interface SourceEdit {
  url: string;
  title?: string;
  checked: string;
}

/** The pair `key` of a mapping, if it has one. */
function pairOf(map: YAMLMap, key: string): Pair<Node, Node | null> | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair<Node, Node | null> | undefined;
}

/** The offset where the line holding `offset` starts. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * Records in a rail's text that `source.url` was read on `source.checked`, by editing the text in place: an existing
 * source with that url gets the date (and the title, when one is given); otherwise a new item is added at the end of
 * the block list `sources:` (or a new `sources:` at the end of the file), indented as the list's items are. Every other
 * byte stays as it was. Returns the new text and whether the source was new.
 */
export function setSource(text: string, source: SourceEdit): { text: string; added: boolean } {
  const doc = parseDocument(text, YAML_OPTIONS) as Document.Parsed;
  if (doc.errors.length > 0) throw new EditError(`the file has YAML errors (${doc.errors[0].message.split('\n')[0]}): fix them first, catalog validate says where`);
  const map = doc.contents;
  if (!isMap(map) || map.flow) throw new EditError('the file is not a block mapping of key: value lines; write one property per line first (catalog fmt does it)');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const date = JSON.stringify(source.checked);
  const sources = pairOf(map, 'sources');
  const list = sources?.value;
  if (!list || (isScalar(list) && (list.value === null || list.value === ''))) {
    if (sources) throw new EditError('sources: holds no list; write the sources as a block list (- url: …) by hand');
    const at = text.length > 0 && !text.endsWith('\n') ? `${eol}` : '';
    const added = `${at}sources:${eol}  - url: ${written(source.url)}${eol}    title: ${written(source.title ?? '')}${eol}    checked: ${date}${eol}`;
    return { text: checked(text + added), added: true };
  }
  if (!isSeq(list) || list.flow || list.items.some((item) => !isMap(item) || item.flow))
    throw new EditError('sources: is not a block list of url/title/checked mappings; write it as one (catalog fmt keeps it) or add the source by hand');
  const items = list.items as YAMLMap[];
  const edits: Fix[] = [];
  const same = items.find((item) => {
    const url = pairOf(item, 'url')?.value;
    return isScalar(url) && url.value === source.url;
  });
  if (same) {
    for (const [key, value, fresh] of [['checked', source.checked, date], ['title', source.title, undefined]] as const) {
      if (value === undefined) continue;
      const pair = pairOf(same, key);
      if (pair && isScalar(pair.value) && pair.value.range) {
        // The value is replaced where it stands, in the quotes it had.
        edits.push({ start: pair.value.range[0], end: pair.value.range[1], text: written(value, pair.value.type) });
      } else {
        const first = same.items[0].key as Node;
        const indent = first.range![0] - lineStart(text, first.range![0]);
        const last = same.items[same.items.length - 1];
        const end = lineEndAfter(text, (last.value as Node | null)?.range?.[1] ?? (last.key as Node).range![1]);
        edits.push({ start: end, end, text: `${' '.repeat(indent)}${key}: ${fresh ?? written(value)}${eol}` });
      }
    }
    return { text: checked(applyFixes(text, edits).text), added: false };
  }
  const firstKey = items[0].items[0].key as Node;
  const keyColumn = firstKey.range![0] - lineStart(text, firstKey.range![0]);
  const dashColumn = text.lastIndexOf('-', firstKey.range![0]) - lineStart(text, firstKey.range![0]);
  // After the line of the last value (a map's own range runs over the comments that follow it).
  const lastPair = items[items.length - 1].items.at(-1)!;
  const end = lineEndAfter(text, (lastPair.value as Node | null)?.range?.[1] ?? (lastPair.key as Node).range![1]);
  const pad = ' '.repeat(keyColumn);
  const prefix = end === text.length && !text.endsWith('\n') ? eol : '';
  const item = `${prefix}${' '.repeat(dashColumn)}-${' '.repeat(keyColumn - dashColumn - 1)}url: ${written(source.url)}${eol}${pad}title: ${written(source.title ?? '')}${eol}${pad}checked: ${date}${eol}`;
  edits.push({ start: end, end, text: item });
  return { text: checked(applyFixes(text, edits).text), added: true };
}

/** The edited text, once it parses again without an error (else nothing is written). */
function checked(text: string): string {
  if (parseDocument(text, YAML_OPTIONS).errors.length > 0) throw new EditError('the edit would break the YAML of this file, so it was not written (please report it)');
  return text;
}
