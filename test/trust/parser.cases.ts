import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { RAIL_BR_PIX } from '../helpers/catalog.js';
import type { HostileCase } from './hostile.js';

/** A second rail, valid, that rows below break in one place each (line numbers as RAIL_BR_PIX: limits at 12-15). */
const rail = (edit: (text: string) => string): string =>
  edit(
    RAIL_BR_PIX.replace(/BR-pix/g, 'BR-ted')
      .replace('slug: pix', 'slug: ted')
      .replace('name: Pix', 'name: TED'),
  );
const R = 'rails/BR-ted.yaml';
const set = (key: string, value: string) => (t: string) => t.replace(new RegExp(`^(\\s*)${key}: .*$`, 'm'), `$1${key}: ${value}`);

/** Integer fields: only plain decimal integer literals, as written. */
const integers: HostileCase[] = [
  ['minMinor: 100.00 (an amount written as money)', 'minMinor', '100.00', 13, /for 100\.00 BRL write minMinor: 10000/],
  ['minMinor: 1.0e4', 'minMinor', '1.0e4', 13, /write minMinor: 10000 \(100\.00 BRL/],
  ['minMinor: 1e2', 'minMinor', '1e2', 13, /write minMinor: 100\b/],
  ['maxMinor: 0x64', 'maxMinor', '0x64', 14, /write maxMinor: 100\b/],
  ['maxMinor: 0o144', 'maxMinor', '0o144', 14, /write maxMinor: 100\b/],
  ['fixedMinor: +100', 'fixedMinor', '+100', 17, /write fixedMinor: 100\b/],
  ['fixedMinor: 1_000 (YAML 1.1 digit separator)', 'fixedMinor', '1_000', 17, /write fixedMinor: 1000\b/],
  ['minMinor: 100. (trailing point)', 'minMinor', '100.', 13, /minMinor: 10000/],
  ['bps: 0100 (leading zero)', 'bps', '0100', 18, /write bps: 100\b/],
  ['p50Minutes: 1:30 (YAML 1.1 base 60)', 'p50Minutes', '1:30', 9, /write p50Minutes: 90/],
  ['decimals: 0b10 (YAML 1.1 binary)', 'decimals', '0b10', 15, /write decimals: 2/],
  ['maxLength: 77.0 inside a list of fields', 'maxLength', '77.0', 25, /write maxLength: 77\b/],
].map(([name, key, value, line, message]) => ({
  name: name as string,
  files: { [R]: rail(set(key as string, value as string)) },
  expect: [{ rule: 'schema', file: R, line: line as number, message: message as RegExp }],
}));

export const cases: HostileCase[] = [
  ...integers,
  {
    name: 'quoteLockSeconds: 3e1 in an asset (integer fields come from every schema)',
    files: {
      'assets/usdt.yaml':
        'id: usdt\nticker: USDT\nname: Tether\ndecimals: 6\nnetworks: [ethereum]\nstablecoin: true\nquoteLockSeconds: 3e1\nminDepositBase: "1000000"\nphase: live\n',
    },
    expect: [{ rule: 'schema', file: 'assets/usdt.yaml', line: 7, column: 19, message: /quoteLockSeconds: 30/ }],
  },
  {
    name: 'minDepositBase with a leading zero',
    files: {
      'assets/usdt.yaml':
        'id: usdt\nticker: USDT\nname: Tether\ndecimals: 6\nnetworks: [ethereum]\nstablecoin: true\nquoteLockSeconds: 30\nminDepositBase: "01000000"\nphase: live\n',
    },
    expect: [{ rule: 'schema', file: 'assets/usdt.yaml', line: 8 }],
  },
  {
    name: 'minDepositBase with a space',
    files: {
      'assets/usdt.yaml':
        'id: usdt\nticker: USDT\nname: Tether\ndecimals: 6\nnetworks: [ethereum]\nstablecoin: true\nquoteLockSeconds: 30\nminDepositBase: "1 000"\nphase: live\n',
    },
    expect: [{ rule: 'schema', file: 'assets/usdt.yaml', line: 8 }],
  },

  // Every path under catalog/ is read or reported (item 2).
  {
    name: 'a rail that is a symbolic link',
    files: {},
    setup: (dir) => symlink(path.join(dir, 'rails/BR-pix.yaml'), path.join(dir, 'rails/BR-ted.yaml')),
    expect: [{ rule: 'file-name', file: 'rails/BR-ted.yaml', line: 1, message: /symbolic link/ }],
  },
  {
    name: 'a folder of the catalog that is a symbolic link',
    files: {},
    setup: async (dir) => {
      await mkdir(path.join(dir, '..', `${path.basename(dir)}-elsewhere`), { recursive: true });
      await symlink(path.join(dir, '..', `${path.basename(dir)}-elsewhere`), path.join(dir, 'more'));
    },
    expect: [{ rule: 'file-name', file: 'more', line: 1, message: /symbolic link/ }],
  },
  {
    name: 'a .yml file',
    files: { 'rails/BR-ted.yml': rail((t) => t) },
    expect: [{ rule: 'file-name', file: 'rails/BR-ted.yml', line: 1, message: /rename it to BR-ted\.yaml/ }],
  },
  {
    name: 'a .YAML file',
    files: { 'rails/BR-ted.YAML': rail((t) => t) },
    expect: [{ rule: 'file-name', file: 'rails/BR-ted.YAML', line: 1, message: /rename it to BR-ted\.yaml/ }],
  },
  {
    name: 'a .json file',
    files: { 'countries/FR.json': '{"code": "FR"}' },
    expect: [{ rule: 'file-name', file: 'countries/FR.json', line: 1, message: /FR\.yaml/ }],
  },
  {
    name: 'a file with no extension',
    files: { 'countries/FR': 'code: FR\n' },
    expect: [{ rule: 'file-name', file: 'countries/FR', line: 1, message: /FR\.yaml/ }],
  },
  {
    name: 'a hidden file',
    files: { 'rails/.BR-ted.yaml': rail((t) => t) },
    expect: [{ rule: 'file-name', file: 'rails/.BR-ted.yaml', line: 1, message: /hidden/ }],
  },
  {
    name: 'an editor backup (~)',
    files: { 'rails/BR-pix.yaml~': RAIL_BR_PIX },
    expect: [{ rule: 'file-name', file: 'rails/BR-pix.yaml~', line: 1, message: /leftover/ }],
  },
  {
    name: 'a vim swap file',
    files: { 'rails/.BR-pix.yaml.swp': 'x' },
    expect: [{ rule: 'file-name', file: 'rails/.BR-pix.yaml.swp', line: 1, message: /leftover/ }],
  },
  // Folder names that are properties of every JavaScript object: not entry folders (the check once crashed on them).
  {
    name: 'an entry in a folder named constructor',
    files: { 'constructor/BR-ted.yaml': rail((t) => t) },
    expect: [{ rule: 'file-name', file: 'constructor/BR-ted.yaml', line: 1, message: /not where an entry belongs/ }],
  },
  {
    name: 'an entry in a folder named toString',
    files: { 'toString/BR-ted.yaml': rail((t) => t) },
    expect: [{ rule: 'file-name', file: 'toString/BR-ted.yaml', line: 1, message: /not where an entry belongs/ }],
  },
  {
    name: 'an empty folder named __proto__',
    files: {},
    setup: (dir) => mkdir(path.join(dir, '__proto__')),
    expect: [{ rule: 'file-name', file: '__proto__', line: 1, message: /empty folder/ }],
  },
  {
    name: 'a subfolder in rails/',
    files: { 'rails/old/BR-ted.yaml': rail((t) => t) },
    expect: [{ rule: 'file-name', file: 'rails/old/BR-ted.yaml', line: 1, message: /not where an entry belongs/ }],
  },
  {
    name: 'an empty unknown folder',
    files: {},
    setup: (dir) => mkdir(path.join(dir, 'drafts')),
    expect: [{ rule: 'file-name', file: 'drafts', line: 1, message: /empty folder/ }],
  },

  // Text hygiene (item 3).
  {
    name: 'invalid UTF-8 in a name',
    files: { 'countries/FR.yaml': Buffer.from('code: FR\nname: Fran\xe7e\ncurrency: EUR\nstatus: open\n', 'latin1') },
    expect: [{ rule: 'characters', file: 'countries/FR.yaml', line: 2, column: 11, message: /not valid UTF-8.*0xE7/ }],
  },
  {
    name: 'a NUL in a name',
    files: { 'countries/FR.yaml': 'code: FR\nname: "Fra\\0nce"\ncurrency: EUR\nstatus: open\n'.replace('\\0', '\0') },
    expect: [{ rule: 'characters', file: 'countries/FR.yaml', line: 2, column: 11, message: /U\+0000 NULL/ }],
  },
  {
    name: 'an escape character (C0) in a label',
    files: { [R]: rail((t) => t.replace('Pix key }', 'Pix\u001b key }')) },
    expect: [{ rule: 'characters', file: R, line: 21, message: /U\+001B ESCAPE/ }],
  },
  {
    name: 'a C1 control in help',
    files: { [R]: rail((t) => t.replace("beneficiary's", 'benef\u0085iciary')) },
    expect: [{ rule: 'characters', file: R, line: 26, message: /U\+0085/ }],
  },
  {
    name: 'a right-to-left override in an id',
    files: { 'countries/FR.yaml': 'code: FR\nname: France\u202e\ncurrency: EUR\nstatus: open\n' },
    expect: [{ rule: 'characters', file: 'countries/FR.yaml', line: 2, column: 13, message: /U\+202E RIGHT-TO-LEFT OVERRIDE/ }],
  },
  {
    name: 'an isolate in a pattern',
    files: { [R]: rail((t) => t.replace('pattern: ^[A-Za-z0-9', 'pattern: ^[A-Za-z0-9\u2066')) },
    expect: [{ rule: 'characters', file: R, line: 24, message: /U\+2066 LEFT-TO-RIGHT ISOLATE/ }],
  },
  {
    name: 'a zero-width space in a code',
    files: { 'countries/FR.yaml': 'code: F\u200bR\nname: France\ncurrency: EUR\nstatus: open\n' },
    expect: [{ rule: 'characters', file: 'countries/FR.yaml', line: 1, column: 8, message: /U\+200B ZERO WIDTH SPACE/ }],
  },
  {
    name: 'a byte-order mark inside the text',
    files: { 'countries/FR.yaml': 'code: FR\nname: Fr\ufeffance\ncurrency: EUR\nstatus: open\n' },
    expect: [{ rule: 'characters', file: 'countries/FR.yaml', line: 2, column: 9, message: /U\+FEFF/ }],
  },
  {
    name: 'a byte-order mark at the start (accepted)',
    files: { 'countries/FR.yaml': '\ufeffcode: FR\nname: France\ncurrency: EUR\nstatus: open\n' },
    expect: [],
  },
  // The same characters written as YAML escapes in a double-quoted value: the raw text holds none of them.
  ...[
    { written: '\\0', says: /^U\+0000 NULL in the value \(written as the escape \\0\)/ },
    { written: '\\e', says: /^U\+001B ESCAPE in the value \(written as the escape \\e\)/ },
    { written: '\\x1b', says: /^U\+001B ESCAPE in the value \(written as the escape \\x1b\)/ },
    { written: '\\a', says: /^U\+0007 BELL in the value \(written as the escape \\a\)/ },
    { written: '\\u202E', says: /^U\+202E RIGHT-TO-LEFT OVERRIDE in the value \(written as the escape \\u202E\)/ },
    { written: '\\uD800', says: /^U\+D800 in the value \(written as the escape \\uD800\): a lone surrogate/ },
  ].map(
    ({ written, says }): HostileCase => ({
      name: `a name with the escape ${written}`,
      files: { 'countries/FR.yaml': `code: FR\nname: "Fra${written}nce"\ncurrency: EUR\nstatus: open\n` },
      expect: [{ rule: 'characters', file: 'countries/FR.yaml', line: 2, column: 11, message: says }],
    }),
  ),
  {
    name: 'a label with the escape \\e',
    files: { [R]: rail((t) => t.replace('Pix key }', '"Pix\\e key" }')) },
    expect: [{ rule: 'characters', file: R, line: 21, message: /^U\+001B ESCAPE in the value \(written as the escape \\e\)/ }],
  },
  {
    name: 'a file over 256 KB',
    files: { 'countries/FR.yaml': `code: FR\nname: France\ncurrency: EUR\nstatus: open\n# ${'x'.repeat(300 * 1024)}\n` },
    expect: [{ rule: 'yaml-syntax', file: 'countries/FR.yaml', line: 1, message: /at most 256 KB/ }],
  },

  // Right place every time (item 4).
  {
    name: 'CRLF line endings',
    files: { 'countries/FR.yaml': 'code: FR\r\nname: France\r\ncurrency: EUR\r\nstatus: opened\r\n' },
    expect: [{ rule: 'schema', file: 'countries/FR.yaml', line: 4, column: 9 }],
  },
  {
    name: 'CR-only line endings',
    files: { 'countries/FR.yaml': 'code: FR\rname: France\rcurrency: EUR\rstatus: opened\r' },
    expect: [{ rule: 'schema', file: 'countries/FR.yaml', line: 4, column: 9 }],
  },
  {
    name: 'an undefined alias',
    files: { 'countries/FR.yaml': 'code: FR\nname: France\ncurrency: *cur\nstatus: open\n' },
    expect: [{ rule: 'yaml-syntax', file: 'countries/FR.yaml', line: 3, column: 11, message: /no anchor &cur/ }],
  },
  {
    name: 'a complex key',
    files: { 'countries/FR.yaml': 'code: FR\nname: France\n? [a, b]\n: c\ncurrency: EUR\nstatus: open\n' },
    expect: [{ rule: 'yaml-syntax', file: 'countries/FR.yaml', line: 3, column: 3, message: /property name, not a list/ }],
  },
  {
    name: 'a number as a key',
    files: { 'countries/FR.yaml': 'code: FR\nname: France\ncurrency: EUR\nstatus: open\n200: ok\n' },
    expect: [{ rule: 'yaml-syntax', file: 'countries/FR.yaml', line: 5, column: 1, message: /read as a number/ }],
  },
  {
    name: 'a problem inside an anchored value used through an alias',
    files: {
      [R]: rail((t) =>
        t.replace(
          '    counterexamples: ["not a key!"]\n',
          '    counterexamples: ["not a key!"]\n  - &other\n    name: pixKey2\n    label: { fr: Autre, en: Other }\n    type: text\n    required: maybe\n  - *other\n',
        ),
      ),
    },
    expect: [
      { rule: 'schema', file: R, line: 33, message: /used through \*other at line 34/ },
      { rule: 'schema', file: R, line: 34, message: /anchored as &other at line 33/ },
    ],
    only: false,
  },
  {
    name: 'a duplicated list item does not hide the other problems of the list',
    files: { [R]: rail((t) => t.replace('countries: [BR]', 'countries: [BR, BR, UK]')) },
    expect: [
      { rule: 'schema', file: R, line: 6, message: /listed twice/ },
      { rule: 'iso-country', file: R, line: 6 },
    ],
  },
  {
    name: 'many unknown keys in one file: every one reported, at its line',
    files: { 'countries/FR.yaml': `code: FR\nname: France\ncurrency: EUR\nstatus: open\n${Array.from({ length: 3000 }, (_, i) => `k${i}: ${i}\n`).join('')}` },
    expect: [
      { rule: 'schema', file: 'countries/FR.yaml', line: 5 },
      { rule: 'schema', file: 'countries/FR.yaml', line: 3004 },
    ],
    only: false,
  },
];
