import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fastParseYaml, plainCharacters } from '../../src/parse/fast-yaml.js';
import { refusedCharacters } from '../../src/domain/characters.js';
import { YAML_OPTIONS } from '../../src/parse/source.js';
import { bundledFiles, compareParsers, runDifferential } from '../helpers/differential.js';

/** What the full path reads: yaml's first document as plain data. */
const full = (text: string) => parseAllDocuments(text, YAML_OPTIONS)[0]?.toJS();

describe('the fast YAML path', () => {
  it('reads every bundled catalog file, to the same data as yaml', () => {
    const files = bundledFiles();
    expect(files.length).toBeGreaterThan(100);
    for (const { name, text } of files) {
      const data = fastParseYaml(text)?.data;
      expect(data, `${name} should take the fast path`).toBeDefined();
      expect(data, name).toStrictEqual(full(text));
      expect(Object.keys(data!), name).toEqual(Object.keys(full(text)));
    }
  });

  // What it reads, and what yaml reads in the same text (the table says it explicitly, yaml checks the table).
  it.each([
    ['a: 1\nb: -12\nc: 0\nd: 1.50\ne: -0.5', { a: 1, b: -12, c: 0, d: 1.5, e: -0.5 }],
    ['a: true\nb: false\nc: null\nd:\ne: "true"', { a: true, b: false, c: null, d: null, e: 'true' }],
    ['a: NO\nb: yes\nc: 2026-05-01\nd: 16:00\ne: 062-000\nf: 1.2.3', { a: 'NO', b: 'yes', c: '2026-05-01', d: '16:00', e: '062-000', f: '1.2.3' }],
    ['p: ^[A-Z]{2}[0-9]{2}$ # comment\nq: a#b\nr: "x # y"', { p: '^[A-Z]{2}[0-9]{2}$', q: 'a#b', r: 'x # y' }],
    ["s: 'it''s'\nt: \"a\\\"b\\\\c\\/d\"\nu: ''", { s: "it's", t: 'a"b\\c/d', u: '' }],
    [
      'l: [a, "b, c", 1, true, [x]]\nm: { fr: Nom du compte, en: "Account name" }\nn: []\no: {}',
      { l: ['a', 'b, c', 1, true, ['x']], m: { fr: 'Nom du compte', en: 'Account name' }, n: [], o: {} },
    ],
    [
      '# head\nf:\n  - name: x\n    help:\n      fr: é 日本\n\n  - name: y\n  # between\n  -\n    z: 1\ng: 1',
      { f: [{ name: 'x', help: { fr: 'é 日本' } }, { name: 'y' }, { z: 1 }], g: 1 },
    ],
    ['"quoted key": 1\n\'single\': 2\nkey-with.dots_1: 3', { 'quoted key': 1, single: 2, 'key-with.dots_1': 3 }],
  ])('reads %j', (text, expected) => {
    expect(full(text)).toStrictEqual(expected);
    expect(fastParseYaml(text)?.data).toStrictEqual(expected);
  });

  // Everything else goes to the full path: features, number spellings it does not read, and every malformed text.
  it.each([
    ['anchor and alias', 'a: &x 1\nb: *x'],
    ['tag', 'a: !!str 1'],
    ['block scalar', 'a: |\n  x'],
    ['folded scalar', 'a: >\n  x'],
    ['multi-line plain scalar', 'a: x\n  y'],
    ['multi-line quoted scalar', 'a: "x\n  y"'],
    ['multi-line flow', 'a: [x,\n  y]'],
    ['document marker', '---\na: 1'],
    ['second document', 'a: 1\n---\nb: 2'],
    ['directive', '%YAML 1.2\n---\na: 1'],
    ['complex key', '? a\n: 1'],
    ['indentless sequence', 'a:\n- x'],
    ['odd indentation', 'a:\n  b: 1\n c: 2'],
    ['tab', 'a:\tb'],
    ['CR', 'a: 1\r\nb: 2'],
    ['BOM', '\ufeffa: 1'],
    ['no-break space', 'a: x\u00a0y'],
    ['zero-width space', 'a: x\u200by'],
    ['control character', 'a: x\u0007'],
    ['astral character', 'a: 😀'],
    ['duplicate key', 'a: 1\na: 2'],
    ['duplicate flow key', 'a: { x: 1, x: 2 }'],
    ['__proto__ key', '__proto__: 1'],
    ['number key', '1: a'],
    ['tilde', 'a: ~'],
    ['Null', 'a: Null'],
    ['TRUE', 'a: TRUE'],
    ['octal', 'a: 0o17'],
    ['hex', 'a: 0x1F'],
    ['leading zero', 'a: 012'],
    ['plus sign', 'a: +1'],
    ['minus zero', 'a: -0'],
    ['exponent', 'a: 1e3'],
    ['infinity', 'a: .inf'],
    ['not a number', 'a: .nan'],
    ['unsafe integer', 'a: 9007199254740993'],
    ['escape it does not decode', 'a: "\\u00e9"'],
    // A line break or a tab in a value: the full path reads it, and the characters check refuses it.
    ['line-break escape', 'a: "x\\ny"'],
    ['tab escape', 'a: "x\\ty"'],
    ['a mapping in a plain scalar', 'a: b: c'],
    ['trailing comma', 'a: [x, ]'],
    ['empty file', ''],
    ['only comments', '# nothing\n'],
    ['a list', '- a\n- b'],
    ['a scalar', 'hello'],
    ['unterminated quote', 'a: "x'],
    ['deep nesting', `a: ${'['.repeat(100)}${']'.repeat(100)}`],
  ])('hands over: %s', (_what, text) => {
    expect(fastParseYaml(text)).toBeUndefined();
  });

  it('gives what the full path gives, in ParsedText and in every report format, on 2,000 mutated catalog files', () => {
    const result = runDifferential(2000, 20261123);
    expect(result.mismatches.map((m) => `${m.name}: ${JSON.stringify(m.minimal)}\n${m.detail}`)).toEqual([]);
    expect(result.cases).toBe(2000);
    // Enough mutants take the fast path for the comparison to mean something (and enough go to the full path).
    expect(result.fast).toBeGreaterThan(500);
    expect(result.fast).toBeLessThan(1900);
  }, 180_000); // about 8 s on a quiet 2-core machine; the limit leaves room for a busy one

  // plainCharacters decides which texts skip the scan for refused characters (load.ts): the reference below is the
  // character loop it replaced, and every refused character must be outside the plain ones.
  it('reads as plain exactly the characters of its definition, and none that text.ts refuses', () => {
    const reference = (c: number) =>
      !(c < 0x7f
        ? c < 0x20 && c !== 0x0a
        : c <= 0xa0 ||
          c === 0xad ||
          c === 0x34f ||
          c === 0x61c ||
          (c >= 0x115f && c <= 0x1160) ||
          (c >= 0x17b4 && c <= 0x17b5) ||
          (c >= 0x180b && c <= 0x180f) ||
          (c >= 0x2000 && c <= 0x200f) ||
          (c >= 0x2028 && c <= 0x206f) ||
          c === 0x3000 ||
          c === 0x3164 ||
          (c >= 0xd800 && c <= 0xf8ff) ||
          (c >= 0xfe00 && c <= 0xfe0f) ||
          c === 0xfeff ||
          c === 0xffa0 ||
          c >= 0xfff0);
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const text = `a: x${String.fromCharCode(c)}y\n`;
      if (plainCharacters(text) !== reference(c)) wrong.push(`U+${c.toString(16)} plain`);
      if (plainCharacters(text) && refusedCharacters(text).length) wrong.push(`U+${c.toString(16)} refused`);
    }
    expect(wrong).toEqual([]);
    expect(plainCharacters('a: é\n日本\n')).toBe(true);
    expect(plainCharacters('\ufeffa: 1')).toBe(false);
  });

  // Keys are kept between files (by a hash of their characters): a key that shares a slot, a prefix or a length with
  // another must still read as itself.
  it.each([
    ['ab: 1\nabc: 2\na: 3', { ab: 1, abc: 2, a: 3 }],
    ['Aa: 1\nBB: 2', { Aa: 1, BB: 2 }], // the same hash (31 * A + a = 31 * B + B)
    ['x:\n  Aa: 1\ny:\n  BB: 2', { x: { Aa: 1 }, y: { BB: 2 } }],
    ['a: { Aa: 1, BB: 2 }', { a: { Aa: 1, BB: 2 } }],
    // Values are kept the same way (plain, quoted, in flow collections, with inner and trailing spaces).
    [
      'v: Aa\nw: BB\nx: "Aa"\ny: [BB, Aa , "B B"]\nz: { k: BB  }\nq: \'BB\'\'\'\nr: "B\\"B"\ns: A a # c',
      { v: 'Aa', w: 'BB', x: 'Aa', y: ['BB', 'Aa', 'B B'], z: { k: 'BB' }, q: "BB'", r: 'B"B', s: 'A a' },
    ],
  ])('reads the keys and values of %j as written, file after file', (text, expected) => {
    for (let round = 0; round < 3; round++) {
      expect(fastParseYaml(text)?.data).toStrictEqual(expected);
      expect(fastParseYaml('BB: Aa\nab: "BB"\nAa: [ab, B B]')?.data).toStrictEqual({ BB: 'Aa', ab: 'BB', Aa: ['ab', 'B B'] });
    }
  });

  it('compares reports too: a file with problems is located the same way on both paths', () => {
    const rail = bundledFiles().find((f) => f.name.startsWith('rails/'))!;
    const broken = rail.text.replace(/^currency: .*$/m, 'currency: usd').replace(/^phase: .*$/m, 'phase: gone');
    expect(compareParsers(rail.name, broken)).toEqual({ fast: true });
  });
});
