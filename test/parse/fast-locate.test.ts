import { describe, expect, it } from 'vitest';
import { fastParseYaml, fastYamlPositions } from '../../src/parse/fast-yaml.js';
import { toPointer } from '../../src/model/pointer.js';
import { replaceScalar } from '../../src/edit/fix.js';
import { documentOf, locate, locateAll, plainScalarSource, type SourceFile } from '../../src/parse/source.js';
import { bundledFiles, mutate, rng } from '../helpers/differential.js';

/**
 * A file the fast path reads is located from the positions it records (source.ts), never from a yaml document: the
 * two must give the same ranges, byte for byte, for every pointer, existing or not.
 */

/** Every pointer of the data, plus pointers that do not exist: a missing child of each mapping, an index past each list, a child of a scalar. */
function pointersOf(data: unknown): string[] {
  const out: string[] = [];
  const walk = (value: unknown, path: Array<string | number>) => {
    out.push(toPointer(path));
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, i]);
      out.push(toPointer([...path, value.length]), toPointer([...path, 'x']), toPointer([...path, value.length, 'deeper']));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      out.push(toPointer([...path, 'no such key']), toPointer([...path, 'no such key', 0]));
    } else {
      out.push(toPointer([...path, 'below']), toPointer([...path, 0]));
    }
  };
  walk(data, []);
  return out;
}

const fileOf = (text: string): SourceFile => ({ path: 'catalog/x.yaml', absolute: '/x.yaml', text });

/** What each locating function (and each fix) gives for each pointer: one line each, so a difference names its pointer. */
function located(file: SourceFile, pointers: string[]): string[] {
  return pointers.map((p) =>
    JSON.stringify([
      p,
      locate(file, p),
      locate(file, p, 'key'),
      locateAll(file, p, 'm'),
      locateAll(file, p, 'm', 'key'),
      plainScalarSource(file, p) ?? null,
      // The fixes of validate --fix: a new value written in the style of the old one, or in double quotes.
      replaceScalar(file, p, "it's") ?? null,
      replaceScalar(file, p, 12) ?? null,
      replaceScalar(file, p, 'x', 'QUOTE_DOUBLE') ?? null,
    ]),
  );
}

/** Compares the two ways on a text the fast path reads; returns the lines that differ. */
function compare(text: string): string[] {
  const data = fastParseYaml(text)!.data;
  const pointers = pointersOf(data);
  const fast = fileOf(text);
  const full = fileOf(text);
  full.doc = documentOf(fileOf(text)); // the yaml path, forced
  expect(full.doc).not.toBeNull();
  const a = located(fast, pointers);
  const b = located(full, pointers);
  expect(fast.doc).toBeUndefined(); // no yaml document was built
  expect(fast.positions).toBeTruthy();
  return a.flatMap((line, i) => (line === b[i] ? [] : [`fast ${line}\nyaml ${b[i]}`]));
}

describe('locating in a file the fast path reads', () => {
  it.each([
    ['scalars', "a: plain text  # c\nb: \"quoted\"  \nc: 'it''s'\nd: 12\n\"e k\": 1\n'f': x"],
    ['empty values', 'a:\nb:   # c\nc:  \nd:\n\ne: # x\nf:'],
    ['block collections', 'a:\n  # c\n  b: 1\n  c:\n    - x\n    -\n      d: 1\n    - e: 2\n      f: 3\n    -   \ng: 1'],
    ['empty items', 'a:\n  - # c\nb:\n  -\nc:\n  - x\n  -'],
    ['flow collections', 'a: [ x, "y" ,z ]  # c\nb: {k: 1, "q": [ ]}\nc: {  }\nd: []\ne: [[a], {b: c}]'],
    ['non-ASCII', 'a: é 日本\nb:\n  c: "à"'],
    ['no final newline', 'a:\n  - x'],
  ])('gives what yaml gives: %s', (_what, text) => {
    expect(fastParseYaml(text)).toBeDefined();
    expect(compare(text)).toEqual([]);
  });

  it('leaves a text the fast path refuses to yaml', () => {
    expect(fastYamlPositions('a: &x 1\nb: *x')).toBeUndefined();
    const file = fileOf('a: &x 1\nb: *x');
    expect(locate(file, '/b')).toEqual({ line: 1, column: 7, endLine: 1, endColumn: 8 }); // the anchored value
    expect(file.doc).toBeTruthy();
    expect(file.positions).toBeNull();
  });

  it('gives what yaml gives on every bundled catalog file, for every pointer', () => {
    const files = bundledFiles();
    expect(files.length).toBeGreaterThan(100);
    for (const { name, text } of files) expect(compare(text), name).toEqual([]);
  });

  it('gives what yaml gives on the mutated catalog files the fast path reads (those of the differential test)', () => {
    const files = bundledFiles();
    const r = rng(20261123);
    let read = 0;
    const wrong: string[] = [];
    for (let c = 0; c < 1500 && wrong.length < 5; c++) {
      const text = mutate(files[c % files.length].text, r);
      if (!fastParseYaml(text)) continue;
      read++;
      const differences = compare(text);
      if (differences.length) wrong.push(`${JSON.stringify(text)}\n${differences.slice(0, 3).join('\n')}`);
    }
    expect(wrong).toEqual([]);
    expect(read).toBeGreaterThan(400);
  }, 180_000);
});
