import { RAIL_BR_PIX } from '../helpers/catalog.js';
import type { HostileCase } from './hostile.js';

/**
 * YAML mistakes analysts make: one row a mistake. Each must give ONE message, at the line and column
 * of the mistake, in plain words, with the fix; no cascade of follow-on errors. Lines as in RAIL_BR_PIX (a copy named
 * BR-ted): 2 slug, 3 name, 6 countries, 9 p50Minutes, 19 fields, 20 - name, 21 label, 22 type, 23 required,
 * 24 pattern, 25 maxLength, 26 help.
 */
const R = 'rails/BR-ted.yaml';
const rail = (edit: (t: string) => string) =>
  edit(
    RAIL_BR_PIX.replace(/BR-pix/g, 'BR-ted')
      .replace('slug: pix', 'slug: ted')
      .replace('name: Pix', 'name: TED'),
  );
const pattern = (p: string) => rail((t) => t.replace(/^ {4}pattern: .*$/m, `    pattern: ${p}`));
const row = (name: string, text: string, line: number, column: number, message: RegExp, rule = 'yaml-syntax'): HostileCase => ({
  name,
  files: { [R]: text },
  expect: [{ rule, file: R, line, column, message }],
});

export const cases: HostileCase[] = [
  row('an unquoted pattern holding ": "', pattern('^(a|b): [0-9]+$'), 24, 14, /quote the pattern with single quotes: pattern: '\^\(a\|b\): \[0-9\]\+\$'/),
  row(
    'an unquoted pattern holding " #" (silently cut by a comment)',
    pattern('^[0-9]+ #?[a-z]$'),
    24,
    22,
    /starts a comment.*pattern: '\^\[0-9\]\+ #\?\[a-z\]\$'/,
  ),
  row('an unquoted pattern starting with [', pattern('[0-9]{8}'), 24, 14, /quote the pattern with single quotes: pattern: '\[0-9\]\{8\}'/),
  row('\\d inside double quotes', pattern('"^\\d{8}$"'), 24, 16, /use single quotes.*pattern: '\^\\d\{8\}\$'/),
  row(
    'a tab used for indentation',
    rail((t) => t.replace('  p50Minutes', '\tp50Minutes')),
    9,
    1,
    /tab is used for indentation/,
  ),
  row(
    'a missing space after the colon',
    rail((t) => t.replace('name: TED', 'name:TED')),
    3,
    5,
    /space is missing after the colon.*write name: TED/,
  ),
  row(
    'a missing space after the dash',
    rail((t) => t.replace('  - name: pixKey', '  -name: pixKey')),
    20,
    3,
    /space is missing after the dash.*write - name: pixKey/,
  ),
  row(
    'a missing colon after a key',
    rail((t) => t.replace('slug: ted', 'slug ted')),
    2,
    5,
    /colon is missing after the key slug: write slug: ted/,
  ),
  row(
    'a property of a field indented one space too few',
    rail((t) => t.replace('    type: text', '   type: text')),
    22,
    1,
    /type is indented 3 spaces but label just above is at 4.*indent type with 4 spaces/,
  ),
  row(
    'a property of a field indented one space too many',
    rail((t) => t.replace('    type: text', '     type: text')),
    22,
    1,
    /type is indented 5 spaces but label just above is at 4/,
  ),
  row(
    'an unclosed double quote',
    rail((t) => t.replace('verifiedAt: "2026-10-01"', 'verifiedAt: "2026-10-01')),
    29,
    13,
    /quote opened here is never closed.*verifiedAt: "2026-10-01"/,
  ),
  row(
    'an unclosed single quote',
    rail((t) => t.replace('name: TED', "name: 'TED")),
    3,
    7,
    /quote opened here is never closed/,
  ),
  row(
    'an unclosed bracket',
    rail((t) => t.replace('countries: [BR]', 'countries: [BR')),
    6,
    12,
    /\[ opened here is not closed.*countries: \[BR\]/,
  ),
  row(
    'a duplicated key',
    rail((t) => t.replace('phase: live', 'phase: live\nname: TED2')),
    8,
    1,
    /duplicate key "name": a key may appear once in a mapping, and the first "name" is at 3:1; keep one/,
  ),
  row(
    'a value starting with @',
    rail((t) => t.replace('name: TED', 'name: @ted')),
    3,
    7,
    /cannot start with @ unless it is quoted: write name: '@ted'/,
  ),
  row(
    'yes where true or false was meant',
    rail((t) => t.replace('required: true', 'required: yes')),
    23,
    15,
    /must be true or false.*write true/,
    'schema',
  ),
  { name: 'on where a text was meant is read as the text "on" (YAML 1.2)', files: { [R]: rail((t) => t.replace('name: TED', 'name: on')) }, expect: [] },
  row(
    'true where a text was meant',
    rail((t) => t.replace('name: TED', 'name: true')),
    3,
    7,
    /read as the boolean true.*quote it, "true"/,
    'schema',
  ),
  row(
    'a leading-zero code read as a number',
    rail((t) => t.replace('examples: ["+5511987654321"]', 'examples: [07]')),
    27,
    16,
    /07 was read as the number 7.*quote it, "07"/,
    'schema',
  ),
  {
    name: 'a date without quotes stays the text 2026-10-01 (YAML 1.2)',
    files: { [R]: rail((t) => t.replace('verifiedAt: "2026-10-01"', 'verifiedAt: 2026-10-01')) },
    expect: [],
  },
  row(
    'a word left on a line of its own',
    rail((t) => t.replace('phase: live', 'oops\nphase: live')),
    7,
    1,
    /this line holds "oops", which is neither key: value nor a list item.*delete it/,
  ),
  row(
    'one bracket too many',
    rail((t) => t.replace('countries: [BR]', 'countries: [BR]]')),
    6,
    16,
    /this \] closes nothing.*delete it, e\.g\. countries: \[BR\]$/,
  ),
  row(
    'the first property of a block indented too far',
    rail((t) => t.replace('  p50Minutes', '    p50Minutes')),
    9,
    1,
    /p50Minutes is indented 4 spaces but settlement above opens its block at 0.*indent p50Minutes with 2 spaces/,
  ),
  row(
    'a list item at the column of its key',
    rail((t) => t.replace('  - name: pixKey', '- name: pixKey')),
    20,
    1,
    /the list item - name is indented 0 spaces.*indent the list item - name with 2 spaces/,
  ),
  row(
    'a property that left its block (the line after it is named too)',
    rail((t) => t.replace('  p95Minutes', 'p95Minutes')),
    11,
    1,
    /businessDaysOnly is indented 2 spaces but p95Minutes just above is at 0 and holds a value: indent p95Minutes with 2 spaces/,
  ),
  row(
    'a tag YAML does not know',
    rail((t) => t.replace('name: TED', 'name: !foo TED')),
    3,
    7,
    /!foo is a YAML tag.*remove !foo and write the value alone/,
  ),
  row(
    'a date tagged as a timestamp',
    rail((t) => t.replace(/verifiedAt: (\S+)/, 'verifiedAt: !!timestamp $1')),
    RAIL_BR_PIX.split('\n').findIndex((l) => l.startsWith('verifiedAt:')) + 1,
    13,
    /catalog files hold plain text, numbers, true\/false and lists: remove !!timestamp/,
  ),
  row(
    'a second document',
    rail((t) => `${t}---\nid: BR-doc\n`),
    RAIL_BR_PIX.split('\n').length,
    1,
    /holds one entry: remove the ---/,
  ),
];
