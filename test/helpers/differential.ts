/**
 * The differential check of the two YAML paths (docs/performance.md, "Two parsers, one contract"): catalog files are
 * mutated in many ways, each mutant is parsed by the fast path (with the full path behind it) and by the full path
 * alone, and the two results must be the same ParsedText and give byte-identical reports in every output format.
 * Used by test/parse/fast-yaml.test.ts (a few thousand cases) and scripts/fuzz-parse.ts (as many as asked).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { fastParseYaml } from '../../src/parse/fast-yaml.js';
import { loadTexts } from '../../src/parse/load.js';
import { parseCatalogText, type Parser } from '../../src/parse/file.js';
import { validateLoaded } from '../../src/pipeline/validate.js';
import { FORMATS, formatters } from '../../src/report/formatters.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const CATALOG = path.join(ROOT, 'catalog');

/** Every bundled catalog file: its name inside the catalog folder and its text, in code-unit order of names. */
export function bundledFiles(): Array<{ name: string; text: string }> {
  const files: Array<{ name: string; text: string }> = [];
  for (const folder of ['assets', 'countries', 'rails'])
    for (const file of readdirSync(path.join(CATALOG, folder)).sort())
      if (file.endsWith('.yaml')) files.push({ name: `${folder}/${file}`, text: readFileSync(path.join(CATALOG, folder, file), 'utf8') });
  return files;
}

/** A small seeded generator (mulberry32): the same seed gives the same cases on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Random, n: number) => Math.floor(r() * n);

/** Characters worth inserting: YAML indicators, whitespace, line breaks, quotes, and the unicode a hole hides in. */
const CHARS = [
  ' ',
  ' ',
  '\n',
  ':',
  '-',
  '#',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '&',
  '*',
  '!',
  '|',
  '>',
  '?',
  '%',
  '@',
  '`',
  '~',
  '.',
  '\\',
  '0',
  '1',
  'x',
  'e',
  '\t',
  '\r',
  'é',
  '日',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\u2028',
  '\u0085',
  '\u0000',
  '\u001b',
  '\u007f',
  '😀',
  '\ud800',
];

/** Plain values with a meaning in the YAML 1.2 core schema, or on the edge of one. */
const SCALARS = [
  '~',
  'null',
  'Null',
  'NULL',
  'true',
  'True',
  'TRUE',
  'false',
  'FALSE',
  'yes',
  'no',
  'on',
  'NO',
  'y',
  '0',
  '-0',
  '+0',
  '00',
  '012',
  '0o17',
  '0o8',
  '0x1F',
  '0xg',
  '0b101',
  '1_000',
  '+5',
  '-5',
  '1.5',
  '1.',
  '.5',
  '-.5',
  '1e3',
  '1E-3',
  '1.5e+3',
  '.inf',
  '-.Inf',
  '+.INF',
  '.nan',
  '.NaN',
  '9007199254740993',
  '123456789012345',
  '1234567890123456',
  '0.1000000000000000055511',
  '2026-05-01',
  '16:00',
  '1:2',
  '-',
  '--',
  '---',
  '...',
  '""',
  "''",
  '"a\\"b"',
  '"\\u00e9"',
  '"\\x41"',
  '"tab\\there"',
  "'it''s'",
  'a #b',
  'a# b',
  '[]',
  '{}',
  '[a, b]',
  '[a,b]',
  '[ a , b ]',
  '[a, [b, c]]',
  '{a: 1}',
  '{ a: 1, a: 2 }',
  '{a:1}',
  '[a: 1]',
  '[a, ]',
  '[, a]',
  '"unterminated',
  "'unterminated",
  '&anchor value',
  '*alias',
  '!!str 1',
  '!!int "1"',
  '!tag x',
  '|',
  '>-',
  '? x',
  '@x',
  '`x`',
  '%x',
  '"multi\n  line"',
  'a: b',
  'a:b',
  'é',
  'x\u00a0y',
];

/** Snippets of YAML features spliced in as whole lines. */
const LINES = [
  '---',
  '...',
  '%YAML 1.2',
  '%TAG ! tag:x,2026:',
  'anchor: &a value',
  'alias: *a',
  'merge:\n  <<: *a',
  '<<: {x: 1}',
  '? complex\n: key',
  'block: |\n  line one\n  line two',
  'folded: >\n  a\n  b',
  'keep: |+\n  x\n\n',
  'tagged: !!str 12',
  'flow: { a: 1, b: [x, y] }',
  'flowmulti: [a,\n  b]',
  'empty:',
  'list:\n- a\n- b',
  'list2:\n  - a\n  -\n  - - b',
  'nested:\n  deeper:\n    deepest: 1',
  'id: duplicate',
  '"quoted key": 1',
  "'single key': 2",
  '1: number key',
  'true: bool key',
  'null: null key',
  '~: tilde key',
  '__proto__: x',
  'constructor: x',
  'key : spaced',
  'plain\n  continued',
  '# a comment',
  '   # indented comment',
  '',
  '  ',
  'a:\tb',
  '\tindented: tab',
  'x: "a\r\nb"',
  'k: v # c',
  'k: v#c',
  '- item',
  'weird: - x',
  'url: http://example.com/a#b',
  'time: 16:00:00',
  'date: 2026-05-01',
  'float: 1.0',
  'neg: -1',
  'big: 99999999999999999999',
];

/** One random mutation of a text. */
function mutateOnce(text: string, r: Random): string {
  const lines = text.split('\n');
  const line = int(r, lines.length);
  const at = int(r, text.length + 1);
  switch (int(r, 14)) {
    case 0: // insert a character
      return text.slice(0, at) + pick(r, CHARS) + text.slice(at);
    case 1: // delete one to three characters
      return text.slice(0, at) + text.slice(at + 1 + int(r, 3));
    case 2: // swap two neighbours
      return at + 1 < text.length ? text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2) : text;
    case 3: {
      // indentation: add or remove spaces at the start of a line
      const d = pick(r, [-4, -2, -1, 1, 2, 4]);
      lines[line] = d > 0 ? ' '.repeat(d) + lines[line] : lines[line].replace(new RegExp(`^ {1,${-d}}`), '');
      return lines.join('\n');
    }
    case 4: {
      // quotes: swap the kind, drop them, or add them around a value
      const l = lines[line];
      const options = [
        l.replace(/"/g, "'"),
        l.replace(/'/g, '"'),
        l.replace(/["']/g, ''),
        l.replace(/: (.+)$/, ': "$1"'),
        l.replace(/: (.+)$/, ": '$1'"),
        l.replace(/"([^"]*)"/, '"$1\\"x"'),
      ];
      lines[line] = pick(r, options);
      return lines.join('\n');
    }
    case 5: {
      // a value replaced by a scalar with a meaning (or almost one)
      const l = lines[line];
      lines[line] = /: /.test(l) ? l.replace(/: .*$/, `: ${pick(r, SCALARS)}`) : l.replace(/- .*$/, `- ${pick(r, SCALARS)}`);
      return lines.join('\n');
    }
    case 6: // a YAML feature spliced in as a line, indented like its neighbour or not
      lines.splice(line, 0, (r() < 0.5 ? (/^ */.exec(lines[line] ?? '')?.[0] ?? '') : '') + pick(r, LINES));
      return lines.join('\n');
    case 7: // a line duplicated, deleted, or moved
      if (r() < 0.4) lines.splice(line, 0, lines[line]);
      else if (r() < 0.5) lines.splice(line, 1);
      else lines.splice(int(r, lines.length), 0, ...lines.splice(line, 1));
      return lines.join('\n');
    case 8: // CR: all line ends, or one
      return r() < 0.5 ? text.replace(/\n/g, '\r\n') : `${text.slice(0, at)}\r${text.slice(at)}`;
    case 9: // tabs for indentation
      lines[line] = lines[line].replace(/^( +)/, (m) => (r() < 0.5 ? '\t' : `${m}\t`));
      return lines.join('\n');
    case 10: // anchor on a value and an alias to it
      lines[line] = lines[line].replace(/: (\S)/, ': &x $1');
      lines.splice(int(r, lines.length + 1), 0, 'copy: *x');
      return lines.join('\n');
    case 11: // the space after a colon or dash removed, or doubled
      lines[line] = r() < 0.5 ? lines[line].replace(/([:-]) /, '$1') : lines[line].replace(/([:-]) /, '$1  ');
      return lines.join('\n');
    case 12: // a comment placed somewhere
      return text.slice(0, at) + pick(r, [' # note', '#note', '\n# note\n', ' #']) + text.slice(at);
    default: // the end of the file: no final newline, extra blank lines, trailing spaces
      return pick(r, [text.replace(/\n$/, ''), `${text}\n\n`, `${text}   `, text.replace(/\n/g, '  \n'), `\n${text}`]);
  }
}

/** One to three mutations of a text. */
export function mutate(text: string, r: Random): string {
  let out = text;
  for (let k = 1 + int(r, 3); k > 0; k--) out = mutateOnce(out, r);
  return out;
}

const show = (v: unknown) => inspect(v, { depth: Infinity, breakLength: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity });

/** The reports of a one-file catalog in every format, parsed with one path. */
function reports(name: string, text: string, parser: Parser): string {
  const loaded = loadTexts(path.join(ROOT, 'catalog'), [{ name, text }], ROOT, undefined, parser);
  const { report } = validateLoaded(loaded, { today: '2026-11-22' });
  return FORMATS.map((f) => `${f}:\n${formatters[f](report, { color: f === 'stylish' })}`).join('\n');
}

/** How the two paths compare on one file: whether the fast path took it, and what differs (undefined: nothing). */
export function compareParsers(name: string, text: string): { fast: boolean; mismatch?: string } {
  const fast = fastParseYaml(text) !== undefined;
  let full: string;
  let auto: string;
  try {
    full = show(parseCatalogText({ name, text }, undefined, undefined, 'full'));
  } catch (err) {
    full = `threw ${(err as Error).message}`;
  }
  // A text the fast path refused is parsed by the full path on both sides: the same by construction.
  if (!fast) return { fast };
  try {
    auto = show(parseCatalogText({ name, text }, undefined, undefined, 'auto'));
  } catch (err) {
    auto = `threw ${(err as Error).message}`;
  }
  if (full !== auto) return { fast, mismatch: `ParsedText differs:\n  full: ${full}\n  fast: ${auto}` };
  const a = reports(name, text, 'full');
  const b = reports(name, text, 'auto');
  if (a !== b) return { fast, mismatch: `reports differ:\n--- full\n${a}\n--- fast\n${b}` };
  return { fast };
}

/** The smallest text (by removing lines, then characters) that still shows a mismatch. */
function shrink(name: string, text: string): string {
  const fails = (t: string) => compareParsers(name, t).mismatch !== undefined;
  let best = text;
  for (let progress = true; progress; ) {
    progress = false;
    const lines = best.split('\n');
    for (let size = Math.max(1, lines.length >> 1); size >= 1; size >>= 1) {
      for (let i = 0; i + size <= lines.length; ) {
        const candidate = [...lines.slice(0, i), ...lines.slice(i + size)].join('\n');
        if (candidate !== best && fails(candidate)) {
          best = candidate;
          lines.splice(i, size);
          progress = true;
        } else i += size;
      }
    }
    for (let i = 0; i < best.length; ) {
      const candidate = best.slice(0, i) + best.slice(i + 1);
      if (fails(candidate)) {
        best = candidate;
        progress = true;
      } else i++;
    }
  }
  return best;
}

/** Runs `cases` seeded cases over the bundled files; returns counts and the first mismatches, shrunk. */
export function runDifferential(cases: number, seed: number, onProgress?: (done: number) => void, maxMismatches = 5) {
  const files = bundledFiles();
  const r = rng(seed);
  let fast = 0;
  let ran = 0;
  const mismatches: Array<{ case: number; name: string; text: string; minimal: string; detail: string }> = [];
  for (let c = 0; c < cases && mismatches.length < maxMismatches; c++) {
    const base = files[c % files.length];
    const text = mutate(base.text, r);
    const result = compareParsers(base.name, text);
    ran++;
    if (result.fast) fast++;
    if (result.mismatch) {
      const minimal = shrink(base.name, text);
      mismatches.push({ case: c, name: base.name, text, minimal, detail: compareParsers(base.name, minimal).mismatch ?? result.mismatch });
    }
    if (onProgress && (c + 1) % 1000 === 0) onProgress(c + 1);
  }
  return { cases: ran, fast, mismatches };
}
