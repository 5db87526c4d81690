import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogText } from '../../src/parse/file.js';

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

describe('YAML mistakes', () => {
  const cases: Array<{ file: string; name: string; line: number; message: string; at: number }> = [];
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

  it('meets a few thousand broken files', () => {
    expect(cases.length).toBeGreaterThan(1500);
  });

  it("never passes the parser's words on", () => {
    expect(cases.filter((c) => JARGON.test(c.message)).map((c) => `${c.file}:${c.line} (${c.name}): ${c.message}`)).toEqual([]);
  });

  it('says what to write, at the line of the mistake (but where two lines could each be the one that moved)', () => {
    const off = cases.filter((c) => c.at !== c.line);
    // A line indented less at the end of its block reads as the next line indented more: the message names both.
    const named = (c: (typeof cases)[number]) =>
      c.name === 'indented two spaces less' && c.at === c.line + 1 && /\(or, if .* with \d+ spaces\)$/.test(c.message);
    expect(off.filter((c) => !named(c)).map((c) => `${c.file}:${c.line} (${c.name}) at ${c.at}: ${c.message}`)).toEqual([]);
    expect(off.length / cases.length).toBeLessThan(0.02);
  });
});
