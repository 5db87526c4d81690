import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogText } from '../../src/parse/file.js';
import { explainSyntaxError, explainWarning, unreadableMessage } from '../../src/parse/yaml-mistakes.js';

/**
 * Every YAML error message is in the analyst's words, at the line of the mistake: mutations of real catalog files,
 * one line each, the way analysts break them (a line indented too far or not enough, a colon or a quote lost, a tab, a
 * word left behind...). The parser's own words never reach the message.
 */
const root = path.resolve(__dirname, '../..');
const FILES = ['rails/AU-npp.yaml', 'rails/BR-pix.yaml', 'rails/CH-sic.yaml', 'rails/FR-sepa.yaml', 'policies/fatf-call-for-action.yaml'];

type Mutation = [name: string, apply: (line: string) => string | undefined];
const keyed = /^\s*(- )?\w+: \S/;
const MUTATIONS: Mutation[] = [
  ['indented two spaces more', (l) => (l.trim() && !l.trimStart().startsWith('#') ? `  ${l}` : undefined)],
  ['indented one space more', (l) => (l.trim() && !l.trimStart().startsWith('#') ? ` ${l}` : undefined)],
  ['indented two spaces less', (l) => (l.startsWith('  ') ? l.slice(2) : undefined)],
  ['its colon lost', (l) => (keyed.test(l) ? l.replace(': ', ' ') : undefined)],
  ['a tab for its indentation', (l) => (l.startsWith('  ') ? `\t${l.slice(2)}` : undefined)],
  ['": " in its value', (l) => (keyed.test(l) ? `${l}: more` : undefined)],
  ['a value starting with @', (l) => (keyed.test(l) ? l.replace(': ', ': @') : undefined)],
  ['its closing quote or bracket lost', (l) => (/[\]"'}]\s*(#.*)?$/.test(l) ? l.replace(/[\]"'}](\s*(#.*)?)$/, '$1') : undefined)],
  ['no space after its dash', (l) => (/^\s*- /.test(l) ? l.replace('- ', '-') : undefined)],
  ['one bracket too many', (l) => (/\]\s*$/.test(l) ? `${l}]` : undefined)],
  ['a word left before it', (l) => `oops\n${l}`],
];

/** The parser's own phrases (yaml's error messages): none may reach an analyst. */
const JARGON =
  /implicit|compact mapping|flow-seq|flow-map|token|indicator|Unresolved tag|YAML stream|block scalar|plain scalar|must start at the same column|Nested mappings|Missing closing|unexpected end/i;

type Case = { file: string; name: string; line: number; message: string; at: number };
/**
 * Every mutation of every line of the files, parsed by each test that reads them (not while tests are collected, and not
 * memoised: mutation testing runs only the tests that run a line of the code).
 */
function brokenFiles(): Case[] {
  const cases: Case[] = [];
  for (const name of FILES) {
    const lines = readFileSync(path.join(root, 'catalog', name), 'utf8').split('\n');
    for (const [what, apply] of MUTATIONS)
      lines.forEach((original, i) => {
        const changed = apply(original);
        if (changed === undefined) return;
        const text = [...lines.slice(0, i), changed, ...lines.slice(i + 1)].join('\n');
        const issue = parseCatalogText({ name, text }).issues.find((x) => x.rule === 'yaml-syntax');
        if (!issue) return; // still YAML (a value that reads the same, a comment moved)
        // The mistake's line: a word left before a line is on that line; any other mutation is on the line it changed.
        cases.push({ file: name, name: what, line: i + 1, message: issue.message, at: text.slice(0, issue.start).split('\n').length });
      });
  }
  return cases;
}

/** The first yaml-syntax issue of a rail file: where it starts and ends (line:column, from 1) and its message. */
function reported(text: string): string {
  const issue = parseCatalogText({ name: 'rails/BR-pix.yaml', text }).issues.find((x) => x.rule === 'yaml-syntax');
  if (!issue) return 'no yaml-syntax issue';
  const place = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return `${before.length}:${before[before.length - 1].length + 1}`;
  };
  return `${place(issue.start)}-${place(issue.end)} ${issue.message}`;
}

const ADVICE =
  'check the indentation (two spaces a level, aligned with the line above), the colon after each key and the quotes; quote a value that holds ": " or " #", or starts with [ { & * ! | > @ or a quote';
const STRAY = 'which is neither key: value nor a list item (- ...): write it as key: value, make it a comment with #, or delete it';

describe('each mistake: its place and what to write', () => {
  it.each([
    [
      'a tab for indentation',
      'id: a\n\tname: b\n',
      '2:1-2:2 a tab is used for indentation: YAML indents with spaces only; replace the tab with spaces (2 a level)',
    ],
    [
      'a tab after spaces',
      'id: a\ns:\n  \tp: 1\n',
      '3:3-3:4 a tab is used for indentation: YAML indents with spaces only; replace the tab with spaces (2 a level)',
    ],
    [
      'a backslash escape YAML does not know',
      'id: a\nname: "a\\d"\n',
      "2:9-2:11 inside double quotes a backslash starts an escape, and \\d is not one: use single quotes, which keep backslashes as written: name: 'a\\d'",
    ],
    [
      'a bad escape in an unclosed double quote',
      'id: a\nname: "a\\d\n',
      "2:9-2:11 inside double quotes a backslash starts an escape, and \\d is not one: use single quotes, which keep backslashes as written: name: 'a\\d'",
    ],
    [
      'a bad escape in a value with a single quote',
      `id: a\nname: "it's \\q"\n`,
      "2:13-2:15 inside double quotes a backslash starts an escape, and \\q is not one: use single quotes, which keep backslashes as written: name: 'it''s \\q'",
    ],
    [
      'a bad escape in a list item',
      'id: a\nl:\n  - "\\q"\n',
      '3:6-3:8 inside double quotes a backslash starts an escape, and \\q is not one: use single quotes, which keep backslashes as written',
    ],
    [
      'an unclosed single quote',
      "id: a\nname: 'abc\nx: y\n",
      "2:7-2:8 the single quote opened here is never closed: end the text with ' on the same line, e.g. name: 'abc'",
    ],
    [
      'an unclosed double quote',
      'id: a\nname: "abc\nx: y\n',
      '2:7-2:8 the double quote opened here is never closed: end the text with " on the same line, e.g. name: "abc"',
    ],
    [
      'an unclosed quote on the last line',
      'id: a\nname: "a\n',
      '2:7-2:8 the double quote opened here is never closed: end the text with " on the same line, e.g. name: "a"',
    ],
    [
      'an unclosed quote in a list item',
      'id: a\nl:\n  - "abc\n  - b\n',
      '3:5-3:6 the double quote opened here is never closed: end the text with " on the same line, e.g. - "abc"',
    ],
    [
      'an unclosed single quote in a list item',
      "id: a\nl:\n  - 'abc\n  - b\n",
      "3:5-3:6 the single quote opened here is never closed: end the text with ' on the same line, e.g. - 'abc'",
    ],
    [
      'a doubled quote inside single quotes',
      "id: a\nname: 'it''s\nx: y\n",
      "2:7-2:8 the single quote opened here is never closed: end the text with ' on the same line, e.g. name: 'it''s'",
    ],
    [
      'a doubled quote at the end of single quotes',
      "id: a\nname: 'a''\nx: y\n",
      "2:7-2:8 the single quote opened here is never closed: end the text with ' on the same line, e.g. name: 'a'''",
    ],
    [
      'an escaped double quote',
      'id: a\nname: "a\\"b\nx: y\n',
      '2:7-2:8 the double quote opened here is never closed: end the text with " on the same line, e.g. name: "a\\"b"',
    ],
    ['an unclosed list', 'id: a\nlist: [a, b\nx: y\n', '2:7-2:8 the [ opened here is not closed: end the list with ] on the same line, e.g. list: [a, b]'],
    ['an unclosed mapping', 'id: a\nm: {a: 1\nx: y\n', '2:4-2:5 the { opened here is not closed: end the mapping with } on the same line, e.g. m: {a: 1}'],
    [
      'an unclosed list holding a quoted ]',
      'id: a\ns: [a, "]", b\nt: 1\n',
      '2:4-2:5 the [ opened here is not closed: end the list with ] on the same line, e.g. s: [a, "]", b]',
    ],
    ['two unclosed lists', 'id: a\ns: [[a, b\nt: 1\n', '2:4-2:5 the [ opened here is not closed: end the list with ] on the same line, e.g. s: [[a, b]]'],
    ['a ] too many', 'id: a\nlist: [a, b]]\n', '2:13-2:14 this ] closes nothing: the list is already closed; delete it, e.g. list: [a, b]'],
    ['a } too many', 'id: a\nm: {a: 1}}\n', '2:10-2:11 this } closes nothing: the mapping is already closed; delete it, e.g. m: {a: 1}'],
    [
      'a ] too many after a quoted [',
      "id: a\ns: [a, '[', b]]\n",
      "2:15-2:16 this ] closes nothing: the list is already closed; delete it, e.g. s: [a, '[', b]",
    ],
    ['a ] too many after a nested list', 'id: a\ns: [[a], b]]\n', '2:12-2:13 this ] closes nothing: the list is already closed; delete it, e.g. s: [[a], b]'],
    [
      'a pattern starting with [',
      'id: a\npattern: [a-z]+\n',
      "2:10-2:16 YAML reads part of this pattern as its own syntax (a value starting with [ is a list or a mapping): quote the pattern with single quotes: pattern: '[a-z]+'",
    ],
    [
      'a pattern holding ": "',
      'id: a\npattern: a: b\n',
      `2:10-2:14 YAML reads part of this pattern as its own syntax (": " starts a new key): quote the pattern with single quotes: pattern: 'a: b'`,
    ],
    [
      'a regex starting with @',
      'id: a\nregex: @x\n',
      "2:8-2:10 YAML reads part of this pattern as its own syntax (a reserved character): quote the pattern with single quotes: regex: '@x'",
    ],
    [
      'a value holding ": "',
      'id: a\nname: a: b\n',
      `2:7-2:11 the value holds ": ", which YAML reads as the start of another key: quote the value with single quotes: name: 'a: b'`,
    ],
    [
      'a value holding ": " and a quote',
      "id: a\nname: it's: b\n",
      `2:7-2:14 the value holds ": ", which YAML reads as the start of another key: quote the value with single quotes: name: 'it''s: b'`,
    ],
    ['a value starting with @', 'id: a\nname: @x\n', "2:7-2:8 a value cannot start with @ unless it is quoted: write name: '@x'"],
    ['a value starting with `', 'id: a\nname: `x`\n', "2:7-2:8 a value cannot start with ` unless it is quoted: write name: '`x`'"],
    ['a space missing after a colon', 'id: a\nname:b\nx: y\n', '2:5-2:6 a space is missing after the colon, so YAML reads "name:b" as one word: write name: b'],
    ['a space missing after a dash', 'id: a\nl:\n  - a\n  -b: 1\n', '4:3-4:4 a space is missing after the dash of a list item: write - b: 1'],
    ['a space missing after a dash, under a key', 'id: a\nl:\n  - a: 1\n    -b c\n', '4:5-4:6 a space is missing after the dash of a list item: write - b c'],
    ['a colon missing after a key', 'id: a\nname b\nx: y\n', '2:5-2:6 a colon is missing after the key name: write name: b'],
    [
      'a colon missing, seen from the line below',
      'id: a\ns:\n  a:\n      b: 1\n  c:\n      d: 1\n  e:\n      f: 1\n  g:\n     h: 1\n   x y\n',
      '11:5-11:6 a colon is missing after the key x: write x: y',
    ],
    ['stray text', 'id: a\n(short stray)\nb: 1\n', `2:1-2:14 this line holds "(short stray)", ${STRAY}`],
    [
      'stray text over 40 characters, cut',
      'id: a\n(stray text of more than forty characters here, really)\nb: 1\n',
      `2:1-2:56 this line holds "(stray text of more than forty character...", ${STRAY}`,
    ],
    ['stray text of exactly 40 characters, whole', `id: a\n(${'x'.repeat(38)})\nb: 1\n`, `2:1-2:41 this line holds "(${'x'.repeat(38)})", ${STRAY}`],
    ['stray text of 41 characters, cut', `id: a\n(${'x'.repeat(39)})\nb: 1\n`, `2:1-2:42 this line holds "(${'x'.repeat(39)}...", ${STRAY}`],
    ['an indented stray dash word', 'id: a\nl:\n  -a: 1\n  - b\n', `3:3-3:8 this line holds "-a: 1", ${STRAY}`],
    ['a stray ]', 'id: a\n]\n', `2:1-2:2 this line holds "]", ${STRAY}`],
    ['the first line indented', ' id: a\nname: b\n', '1:1-1:2 id is indented 1 space but an entry starts at the left margin; indent id with 0 spaces'],
    [
      'a line deeper than a key that holds a value',
      'id: a\ns:\n  p: 1\n    q: 2\n',
      '4:1-4:5 q is indented 4 spaces but p just above is at 2: properties of the same item start at the same column (p holds a value, so nothing can be nested under it); indent q with 2 spaces',
    ],
    [
      'a line under a top-level key that holds a value',
      'id: a\nname: b\n  c: 1\n',
      '3:1-3:3 c is indented 2 spaces but name just above is at 0: properties of the same entry start at the same column (name holds a value, so nothing can be nested under it); indent c with 0 spaces',
    ],
    [
      'a line under a quoted key',
      'id: a\n"k": 1\n  b: 2\n',
      '3:1-3:3 b is indented 2 spaces but "k" just above is at 0: properties of the same entry start at the same column ("k" holds a value, so nothing can be nested under it); indent b with 0 spaces',
    ],
    [
      'a line between two columns',
      'id: a\ns:\n  p: 1\n q: 2\n',
      '4:1-4:2 q is indented 1 space but p just above is at 2: properties of the same entry start at the same column; indent q with 2 spaces',
    ],
    [
      'a property of an item, one space short',
      'id: a\ns:\n  - a: 1\n    b: 2\n   c: 3\n',
      '5:1-5:4 c is indented 3 spaces but b just above is at 4: properties of the same item start at the same column; indent c with 4 spaces',
    ],
    [
      'a property of an item, one space deep',
      'id: a\ns:\n  - a: 1\n     b: 2\n',
      '4:1-4:6 b is indented 5 spaces but a just above is at 2: properties of the same item start at the same column (a holds a value, so nothing can be nested under it); indent b with 4 spaces',
    ],
    [
      'a property deeper than a scalar list item',
      'id: a\nl:\n  - b\n   c: 1\n',
      '4:1-4:4 c is indented 3 spaces but the list item just above is at 2: properties of the same item start at the same column (the list item holds a value, so nothing can be nested under it); indent c with 2 spaces',
    ],
    [
      'a list item between two columns',
      'id: a\nl:\n  - a: 1\n  - b: 1\n - c: 1\n  - d: 1\n  - e: 1\n',
      '5:1-5:2 the list item - c is indented 1 space but b just above is at 2: properties of the same item start at the same column; indent the list item - c with 2 spaces',
    ],
    [
      'a line that moved left, between two at its block column',
      'id: a\ns:\n  p: 1\nq: 2\n  r: 3\n  t: 4\n',
      '5:1-5:3 r is indented 2 spaces but q just above is at 0 and holds a value: indent q with 2 spaces, like p above it (or, if q is where it belongs, r with 0 spaces)',
    ],
    [
      'the last line of a block that moved left',
      'id: a\ns:\n  p: 1\n  q: 2\nr: 3\n  t: 4\n',
      '6:1-6:3 t is indented 2 spaces but r just above is at 0 and holds a value: indent r with 2 spaces, like q above it (or, if r is where it belongs, t with 0 spaces)',
    ],
    [
      'the first line of a block at its key column',
      'id: a\ns:\n  p:\n  q: 1\n    r: 2\n',
      '4:1-4:3 q is indented 2 spaces but it is the first line of p above, which opens its block at 2; indent q with 4 spaces',
    ],
    [
      'the first item of a list at its key column, the next item deeper',
      'id: a\nf:\n  - name: a\n    examples:\n    - "1"\n      - "2"\n',
      '5:1-5:5 the list item - is indented 4 spaces but it is the first line of examples above, which opens its block at 4; indent the list item - with 6 spaces',
    ],
    [
      'the first key of an item at its key column',
      'id: a\ns:\n  - a: 1\n    b:\n    c: 1\n      d: 2\n',
      '5:1-5:5 c is indented 4 spaces but it is the first line of b above, which opens its block at 4; indent c with 6 spaces',
    ],
    [
      'a line deeper than a list at its key column (where YAML allows the list)',
      'id: a\ns:\n  p:\n  - x\n    q: 1\n',
      '5:1-5:5 q is indented 4 spaces but the list item just above is at 2: properties of the same item start at the same column (the list item holds a value, so nothing can be nested under it); indent q with 2 spaces',
    ],
    [
      "a property at the column of a list's dashes",
      'id: a\nl:\n  - a: 1\n  b: 2\n',
      `4:1-4:3 b is indented 2 spaces but it is at the column of the list's dashes: a property of the item above starts under its first property; a new item starts with "- "; indent b with 4 spaces`,
    ],
    [
      'a list item where a property is expected',
      'id: a\nm:\n  a: 1\n  - b\n',
      '4:1-4:4 a list item (- ...) starts here, at the column of a, where a property (key: value) is expected: indent the list two spaces under the key that holds it, or remove the dash',
    ],
    [
      'a list item at the margin after a top-level key',
      'id: a\nk: v\n- b\n',
      '3:1-3:2 a list item (- ...) starts here, at the column of k, where a property (key: value) is expected: indent the list two spaces under the key that holds it, or remove the dash',
    ],
    [
      "a block's first line off the file's step of 2",
      'id: a\ns:\n   p: 1\nt: 2\n  x: 1\n',
      '3:1-3:4 p is indented 3 spaces but s above opens its block at 0, and this file indents by 2; indent p with 2 spaces',
    ],
    [
      "a block's first line off the file's step of 4",
      'id: a\na:\n    b: 1\nc:\n    d: 1\ne:\n    f: 1\ng:\n  h: 1\n i: 2\n',
      '9:1-9:3 h is indented 2 spaces but g above opens its block at 0, and this file indents by 4; indent h with 4 spaces',
    ],
    [
      'a file without a step its blocks agree on',
      'id: a\na:\n    b: 1\nc:\n    d: 1\ne:\n  f: 1\ng:\n   h: 1\n i: 2\n',
      '10:1-10:2 i is indented 1 space but h just above is at 3: properties of the same entry start at the same column; indent i with 3 spaces',
    ],
    [
      'the text of a block scalar, then a line too deep',
      'id: a\ns:\n  p: |\n    text\n      more\n  q: 1\n   r: 2\n',
      '7:1-7:4 r is indented 3 spaces but q just above is at 2: properties of the same item start at the same column (q holds a value, so nothing can be nested under it); indent r with 2 spaces',
    ],
    [
      'a folded block scalar holding key: value text',
      'id: a\ns:\n  p: >-\n    a: b\n    text\n  q: 1\n   r: 2\n',
      '7:1-7:4 r is indented 3 spaces but q just above is at 2: properties of the same item start at the same column (q holds a value, so nothing can be nested under it); indent r with 2 spaces',
    ],
    [
      'a colon missing, a tab inside the value (not indentation)',
      'id: a\nname b\tc\nx: y\n',
      '2:5-2:6 a colon is missing after the key name: write name: b\tc',
    ],
    [
      'a bad escape inside a list written with [ ]',
      'id: a\nl: ["a\\d"]\n',
      '2:7-2:9 inside double quotes a backslash starts an escape, and \\d is not one: use single quotes, which keep backslashes as written',
    ],
    [
      'an unclosed quote after two spaces of a dash',
      'id: a\nl:\n  -  "abc\n  - b\n',
      '3:6-3:7 the double quote opened here is never closed: end the text with " on the same line, e.g. - "abc"',
    ],
    [
      'an empty double-quoted text followed by a word (closed: not a quote mistake)',
      'id: a\nname: ""x\n',
      `2:9-2:10 YAML does not expect this here (a ], } or , without its opening, or a character that belongs in quotes); if that is not it, ${ADVICE}`,
    ],
    [
      'a value holding [ after its start, and ": "',
      'id: a\nname: a [b: c\n',
      `2:7-2:14 the value holds ": ", which YAML reads as the start of another key: quote the value with single quotes: name: 'a [b: c'`,
    ],
    [
      'a value holding }} after its start, and ": "',
      'id: a\nname: a {b}}: c\n',
      `2:7-2:16 the value holds ": ", which YAML reads as the start of another key: quote the value with single quotes: name: 'a {b}}: c'`,
    ],
    [
      'an unclosed pattern: a pattern to quote, not a list to close',
      'id: a\npattern: [a-z\n',
      "2:10-2:14 YAML reads part of this pattern as its own syntax (a value starting with [ is a list or a mapping): quote the pattern with single quotes: pattern: '[a-z'",
    ],
    [
      'a pattern with a ] too many: a pattern to quote',
      'id: a\npattern: [a]]\n',
      "2:10-2:14 YAML reads part of this pattern as its own syntax (a value starting with [ is a list or a mapping): quote the pattern with single quotes: pattern: '[a]]'",
    ],
    [
      'an unclosed list holding a quoted ]]',
      'id: a\ns: [a, "]]", b\nt: 1\n',
      '2:4-2:5 the [ opened here is not closed: end the list with ] on the same line, e.g. s: [a, "]]", b]',
    ],
    [
      'an unclosed list holding a single-quoted ]]',
      "id: a\ns: [a, ']]', b\nt: 1\n",
      "2:4-2:5 the [ opened here is not closed: end the list with ] on the same line, e.g. s: [a, ']]', b]",
    ],
    [
      'a ] too many after a quoted ]]',
      'id: a\ns: [a, "]]", b]]\n',
      '2:16-2:17 this ] closes nothing: the list is already closed; delete it, e.g. s: [a, "]]", b]',
    ],
    [
      'a ] too many after a single-quoted ]]',
      "id: a\ns: [a, ']]', b]]\n",
      "2:16-2:17 this ] closes nothing: the list is already closed; delete it, e.g. s: [a, ']]', b]",
    ],
    [
      'a key that ends in pattern is no pattern',
      'id: a\nmypattern: [a-z]+\n',
      `2:17-2:18 YAML does not expect this here (a ], } or , without its opening, or a character that belongs in quotes); if that is not it, ${ADVICE}`,
    ],
    [
      'a key that starts with pattern is no pattern',
      'id: a\npatterns: [a-z]+\n',
      `2:16-2:17 YAML does not expect this here (a ], } or , without its opening, or a character that belongs in quotes); if that is not it, ${ADVICE}`,
    ],
    [
      'a pattern holding a quote after its start',
      "id: a\npattern: [a-z']+\n",
      "2:10-2:17 YAML reads part of this pattern as its own syntax (a value starting with [ is a list or a mapping): quote the pattern with single quotes: pattern: '[a-z'']+'",
    ],
    [
      'a pattern holding ": " then [',
      'id: a\npattern: a: [b\n',
      `2:10-2:15 YAML reads part of this pattern as its own syntax (": " starts a new key): quote the pattern with single quotes: pattern: 'a: [b'`,
    ],
    [
      'a value that repeats its key (the place is the value)',
      'id: a\na: a: a\n',
      `2:4-2:8 the value holds ": ", which YAML reads as the start of another key: quote the value with single quotes: a: 'a: a'`,
    ],
    [
      'a pattern that repeats its key (the place is the value)',
      'id: a\nregex: regex: regex\n',
      `2:8-2:20 YAML reads part of this pattern as its own syntax (": " starts a new key): quote the pattern with single quotes: regex: 'regex: regex'`,
    ],
    [
      'an indented key with a space missing after its colon',
      'id: a\ns:\n  name:b\n  x: y\n',
      '3:7-3:8 a space is missing after the colon, so YAML reads "name:b" as one word: write name: b',
    ],
    [
      'a space missing after a colon, spaces after the value',
      'id: a\nname:b  \nx: y\n',
      '2:5-2:6 a space is missing after the colon, so YAML reads "name:b  " as one word: write name: b',
    ],
    [
      'a space missing after a dash, spaces after the item',
      'id: a\nl:\n  - a\n  -b: 1  \n',
      '4:3-4:4 a space is missing after the dash of a list item: write - b: 1',
    ],
    ['a colon missing, spaces after the value', 'id: a\nname b  \nx: y\n', '2:5-2:6 a colon is missing after the key name: write name: b'],
    ['a colon missing before two spaces', 'id: a\nname  b\nx: y\n', '2:5-2:6 a colon is missing after the key name: write name: b'],
    // The line below looks too deep; the mistake is the line above it, which misses its colon or a space.
    [
      'a list item that misses its colon, a line under it',
      'id: a\nl:\n  - name b\n    c: 1\n',
      '3:9-3:10 a colon is missing after the key name: write name: b',
    ],
    [
      'a list item that misses a space after its colon, a line under it',
      'id: a\nl:\n  - name:b\n    c: 1\n',
      '3:9-3:10 a space is missing after the colon, so YAML reads "name:b" as one word: write name: b',
    ],
  ])('%s', (_name, text, expected) => {
    expect(reported(text)).toBe(expected);
  });
});

/** What the parser's error codes mean, when no mistake of the table explains the error. */
const BY_CODE: Array<[code: string, meaning: string]> = [
  ['UNEXPECTED_TOKEN', 'YAML does not expect this here (a ], } or , without its opening, or a character that belongs in quotes)'],
  ['MISSING_CHAR', 'something is missing here (a closing quote or bracket, a colon after a key, or the dash of a list item)'],
  ['BAD_INDENT', 'this line is not aligned with the lines of its block'],
  ['BLOCK_AS_IMPLICIT_KEY', 'this line is not aligned with the lines around it, or the line above misses its colon'],
  ['MULTILINE_IMPLICIT_KEY', 'a key must be on one line, followed by a colon'],
  ['BAD_SCALAR_START', 'a value cannot start with this character unless it is quoted'],
  ['TAB_AS_INDENT', 'a tab is used for indentation'],
  ['BLOCK_IN_FLOW', 'a list or mapping written with [ ] or { } cannot hold lines indented under it'],
  ['DUPLICATE_KEY', 'a key appears twice in the same mapping'],
  ['KEY_OVER_1024_CHARS', 'a key is longer than 1,024 characters'],
  ['MULTIPLE_ANCHORS', 'a value has two anchors (&name): keep one'],
  ['MULTIPLE_TAGS', 'a value has two tags (!name): remove them (a catalog value needs no tag)'],
  ['BAD_ALIAS', 'an alias (*name) that names no anchor'],
  ['ALIAS_PROPS', 'an alias (*name) cannot carry an anchor or a tag'],
  ['BAD_DIRECTIVE', 'a % directive that YAML 1.2 does not read: remove the line (a catalog file needs no directive)'],
  ['BAD_PROP_ORDER', 'an anchor or tag is not where YAML expects it'],
  ['NON_STRING_KEY', 'a key that is not text'],
];

describe('an error no mistake explains: what the parser met, in plain words', () => {
  // Lines that make none of the mistakes (a quoted key is no key: value of the table): the message says what the error code means, at the parser's place.
  it.each(BY_CODE)('%s', (code, meaning) => {
    expect(explainSyntaxError('"k": b\n', { code, message: 'the parser', start: 1, end: 3 })).toEqual({
      start: 1,
      end: 3,
      messageId: 'syntax-error',
      message: `${meaning}; if that is not it, ${ADVICE}`,
    });
  });

  it('an error code it does not know', () => {
    expect(explainSyntaxError('"k": b\n', { code: 'SOMETHING_NEW', message: 'x', start: 1, end: 3 })).toEqual({
      start: 1,
      end: 3,
      messageId: 'syntax-error',
      message: `YAML cannot read this line: ${ADVICE}`,
    });
  });

  it.each([
    ['two anchors', 'id: a\nx: &a 1\ny: &b &c 2\n', `3:7-3:9 a value has two anchors (&name): keep one; if that is not it, ${ADVICE}`],
    [
      'two tags',
      'id: a\nx: !!str !!str 1\n',
      `2:10-2:15 a value has two tags (!name): remove them (a catalog value needs no tag); if that is not it, ${ADVICE}`,
    ],
  ])('%s, in a file', (_name, text, expected) => {
    expect(reported(text)).toBe(expected);
  });

  // The quote is three lines below the line after the error: only a missing quote sends the search there.
  const far = 'id: a\nb: 1\nc: 2\nd: 3\ne: "x\n';
  it('a missing quote the parser notices elsewhere: at the quote that opened it', () => {
    expect(explainSyntaxError(far, { code: 'MISSING_CHAR', message: 'Missing closing "quote', start: 0, end: 2 })).toEqual({
      start: 24,
      end: 25,
      messageId: 'unclosed-quote',
      message: 'the double quote opened here is never closed: end the text with " on the same line, e.g. e: "x"',
    });
  });

  it('a missing character that is not a quote: no search for an opening quote', () => {
    expect(explainSyntaxError(far, { code: 'MISSING_CHAR', message: 'Missing a colon', start: 0, end: 2 }).message).toBe(
      `something is missing here (a closing quote or bracket, a colon after a key, or the dash of a list item); if that is not it, ${ADVICE}`,
    );
  });
});

describe("the parser's warnings and failures, in plain words", () => {
  it.each(BY_CODE)('warning %s', (code, meaning) => {
    expect(explainWarning(code, 'the parser')).toBe(`${meaning}: check the line against the entries of the catalog`);
  });

  it.each([
    [
      'an unknown tag',
      'TAG_RESOLVE_FAILED',
      'Unresolved tag: !custom',
      '!custom is a YAML tag, which changes what the value is read as; catalog files hold plain text, numbers, true/false and lists: remove !custom and write the value alone (in quotes when it must stay text)',
    ],
    [
      'an unknown tag the parser does not name',
      'TAG_RESOLVE_FAILED',
      'Unresolved',
      'the tag is a YAML tag, which changes what the value is read as; catalog files hold plain text, numbers, true/false and lists: remove the tag and write the value alone (in quotes when it must stay text)',
    ],
    ['a warning code it does not know', 'SOMETHING_NEW', 'x', 'YAML reads this line with a doubt: check the line against the entries of the catalog'],
  ])('%s', (_name, code, message, expected) => {
    expect(explainWarning(code, message)).toBe(expected);
  });

  it.each([
    ['a custom tag', 'id: !custom a\n', '1:5-1:12', '!custom'],
    ['a timestamp (a date whatever the quotes)', 'id: a\nverifiedAt: !!timestamp "2026-05-01"\n', '2:13-2:24', '!!timestamp'],
    ['bytes', 'id: !!binary aGVsbG8=\n', '1:5-1:13', '!!binary'],
    ['a set', 'id: a\nx: !!set {b}\n', '2:4-2:9', '!!set'],
    ['an ordered map', 'id: a\nx: !!omap\n  - b: 1\n', '2:4-2:10', '!!omap'],
    ['pairs', 'id: a\nx: !!pairs [b: 1]\n', '2:4-2:11', '!!pairs'],
    ['a float YAML cannot make of 100', 'id: a\nx: !!float 100\n', '2:4-2:11', '!!float'],
    ['text', 'id: !!str 12\n', '1:5-1:10', '!!str'],
    ['the non-specific tag', 'id: ! 12\n', '1:5-1:6', '!'],
    ['a verbatim tag', 'id: !<tag:yaml.org,2002:str> a\n', '1:5-1:29', '!<tag:yaml.org,2002:str>'],
    ['a tag on a key', '!!str id: a\n', '1:1-1:6', '!!str'],
  ])('%s, in a file: one error, at the tag', (_name, text, at, tag) => {
    expect(parseCatalogText({ name: 'rails/BR-pix.yaml', text }).issues).toHaveLength(1);
    expect(reported(text)).toBe(
      `${at} ${tag} is a YAML tag, which changes what the value is read as; catalog files hold plain text, numbers, true/false and lists: remove ${tag} and write the value alone (in quotes when it must stay text)`,
    );
  });

  it('a second %YAML directive, in a file', () => {
    expect(reported('%YAML 1.2\n%YAML 1.2\n---\nid: a\n')).toBe(
      '2:1-2:10 a second %YAML line: a document takes one %YAML directive at most, and a catalog file needs none: remove the line',
    );
    expect(reported('%YAML 1.2\n---\nid: a\n')).toBe('no yaml-syntax issue');
  });

  it.each([
    ['Maximum call stack size exceeded', 'the YAML nests too deeply to be read: a catalog entry needs only a few levels of nesting'],
    ['maximum CALL STACK size exceeded', 'the YAML nests too deeply to be read: a catalog entry needs only a few levels of nesting'],
    ['out of memory', 'YAML cannot read this file: check that it is an entry written as key: value lines, saved as text'],
  ])('the parser gave up: %s', (message, expected) => {
    expect(unreadableMessage(message)).toBe(expected);
  });
});

describe('YAML mistakes', () => {
  // One test reads the broken files once (a few seconds): a few thousand of them, no parser's words in any message,
  // and each message at the line of the mistake.
  it('meets a few thousand broken files and says what to write, in plain words, at the line of the mistake', () => {
    const cases = brokenFiles();
    expect(cases.length).toBeGreaterThan(1500);
    expect(cases.filter((c) => JARGON.test(c.message)).map((c) => `${c.file}:${c.line} (${c.name}): ${c.message}`)).toEqual([]);
    const off = cases.filter((c) => c.at !== c.line);
    // A line indented less at the end of its block reads as the next line indented more: the message names both.
    const named = (c: Case) => c.name === 'indented two spaces less' && c.at === c.line + 1 && /\(or, if .* with \d+ spaces?\)$/.test(c.message);
    expect(off.filter((c) => !named(c)).map((c) => `${c.file}:${c.line} (${c.name}) at ${c.at}: ${c.message}`)).toEqual([]);
    expect(off.length / cases.length).toBeLessThan(0.02);
  });
});
