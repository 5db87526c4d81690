import { RAIL_BR_PIX, setLine } from '../helpers/catalog.js';
import type { HostileCase } from './hostile.js';

/** BR-pix copied as BR-ted, with the lines given replaced (line numbers stay those of the fixture). */
function copied(lines: Record<string, string>): string {
  let text = setLine(RAIL_BR_PIX, 'id', 'id: BR-ted');
  for (const [key, line] of Object.entries(lines)) text = setLine(text, key, line);
  return text;
}

/** A rail copied from another keeps its slug or name by mistake. */
export const cases: HostileCase[] = [
  {
    name: 'a copied rail keeps the slug of its model',
    files: { 'rails/BR-ted.yaml': copied({ name: 'name: TED' }) },
    expect: [{ rule: 'slug-matches-id', file: 'rails/BR-ted.yaml', line: 2, column: 7, message: /write slug: ted/ }],
  },
  {
    name: 'a copied rail keeps the name of its model',
    files: { 'rails/BR-ted.yaml': copied({ slug: 'slug: ted' }) },
    expect: [{ rule: 'duplicate-name', file: 'rails/BR-ted.yaml', line: 3, column: 7, message: /like BR-pix/ }],
  },
  {
    name: 'a copied rail keeps both, and its name differs only in case',
    files: { 'rails/BR-ted.yaml': copied({ name: 'name: PIX' }) },
    expect: [
      { rule: 'slug-matches-id', file: 'rails/BR-ted.yaml', line: 2, column: 7 },
      { rule: 'duplicate-name', file: 'rails/BR-ted.yaml', line: 3, column: 7 },
    ],
  },
  {
    name: 'a slug with hyphens for an id with underscores',
    files: {
      'rails/BR-pix.yaml': null,
      'rails/BR-pix_qr.yaml': setLine(setLine(RAIL_BR_PIX, 'id', 'id: BR-pix_qr'), 'slug', 'slug: pix-qr'),
    },
    expect: [{ rule: 'slug-matches-id', file: 'rails/BR-pix_qr.yaml', line: 2, column: 7, message: /slug: pix_qr/ }],
  },
];
