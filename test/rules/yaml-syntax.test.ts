import { describe, expect, it } from 'vitest';
import { COUNTRY_BR, problemsOf, RAIL_BR_PIX, validateFiles, VALID } from '../helpers/catalog.js';

const bomb = [
  'code: FR',
  'a: &a [x, x, x, x, x, x, x, x, x, x]',
  'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
  '',
].join('\n');

describe('yaml-syntax', () => {
  it('accepts the valid fixtures', async () => {
    expect(await problemsOf({}, 'yaml-syntax')).toEqual([]);
  });

  it.each([
    { name: 'a duplicate key, at the second key', file: 'countries/BR.yaml', text: `${COUNTRY_BR}status: coming\n`, line: 5, column: 1 },
    { name: 'a tab used for indentation', file: 'rails/BR-pix.yaml', text: RAIL_BR_PIX.replace('  p50Minutes', '\tp50Minutes'), line: 9, column: 1 },
    { name: 'an alias bomb, at the alias that passes the limit', file: 'countries/FR.yaml', text: bomb, line: 4 },
    { name: 'an empty file', file: 'countries/FR.yaml', text: '', line: 1, column: 1 },
    { name: 'a file of comments only', file: 'countries/FR.yaml', text: '# nothing yet\n', line: 1, column: 1 },
    { name: 'a second document', file: 'countries/BR.yaml', text: `${COUNTRY_BR}---\ncode: FR\n`, line: 5, column: 1 },
    { name: 'a list instead of a mapping', file: 'countries/FR.yaml', text: '- code: FR\n- code: DE\n', line: 1, column: 1 },
    { name: 'a single value instead of a mapping', file: 'countries/FR.yaml', text: 'France\n', line: 1, column: 1 },
    // The parser notices the missing ] where the next key starts; the report is at the [ that is not closed.
    { name: 'an unclosed flow sequence', file: 'rails/BR-pix.yaml', text: RAIL_BR_PIX.replace('countries: [BR]', 'countries: [BR'), line: 6, column: 12 },
    { name: 'a file over 256 KB', file: 'countries/FR.yaml', text: `code: FR\nname: "${'x'.repeat(5 * 1024 * 1024)}"\n`, line: 1, column: 1 },
  ])('reports $name', async ({ file, text, line, column }) => {
    const problems = await problemsOf({ [file]: text }, 'yaml-syntax');
    expect(problems.length).toBeGreaterThanOrEqual(1);
    expect(problems[0]).toMatchObject({ file, rule: 'yaml-syntax', severity: 'error', line, ...(column ? { column } : {}) });
  });

  it.each([
    ['at the top', 'code: FR\nname: France\ncode: FR\n', 'the first "code" is at 1:1'],
    ['in a flow mapping', 'code: FR\nname: {fr: France, en: France, fr: France}\n', 'the first "fr" is at 2:8'],
    ['after a CRLF line', 'code: FR\r\nname: x\r\n\r\n  # c\r\nname: y\r\n', 'the first "name" is at 2:1'],
  ])('says where the first copy of a duplicate key is, %s', async (_name, text, first) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text }, 'yaml-syntax');
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining(first)]);
  });

  it.each([
    ['an empty file', ''],
    ['a file of blank lines', '\n\n'],
    ['a file of comments only', '# nothing yet\n# still nothing\n'],
  ])('says what to write in %s', async (_name, text) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text }, 'yaml-syntax');
    expect(problems.map((p) => p.message)).toEqual(['the file is empty: write the entry as a mapping, starting with code: ...']);
  });

  it('reports every broken file and still checks the others in the same run', async () => {
    const { report } = await validateFiles({
      ...VALID,
      'countries/FR.yaml': 'code: FR\ncode: FR\n',
      'countries/DE.yaml': '',
      'countries/BIG.yaml': `x: "${'y'.repeat(5 * 1024 * 1024)}"\n`,
      'countries/ES.yaml': 'code: ES\nname: Spain\ncurrency: EUR\nstatus: opened\n',
    });
    const files = [...new Set(report.problems.map((p) => `${p.file} ${p.rule}`))].sort();
    expect(files).toEqual(['countries/BIG.yaml yaml-syntax', 'countries/DE.yaml yaml-syntax', 'countries/ES.yaml schema', 'countries/FR.yaml yaml-syntax']);
    expect(report.summary.files).toBe(7);
  });

  it.each([
    { name: 'Norway NO stays a string', file: 'countries/NO.yaml', text: 'code: NO\nname: Norway\ncurrency: NOK\nstatus: coming\n' },
    { name: 'an unquoted date stays a string', file: 'rails/BR-pix.yaml', text: RAIL_BR_PIX.replace('verifiedAt: "2026-10-01"', 'verifiedAt: 2026-10-01') },
    { name: 'a YAML 1.1 boolean word is text (ON as a code)', file: 'countries/BR.yaml', text: COUNTRY_BR.replace('name: Brazil', 'name: ON') },
    {
      name: 'a modeline comment and a BOM',
      file: 'countries/BR.yaml',
      text: `\ufeff# yaml-language-server: $schema=../../schemas/country.schema.json\n${COUNTRY_BR}`,
    },
  ])('accepts $name', async ({ file, text }) => {
    expect(await problemsOf({ [file]: text })).toEqual([]);
  });
});

describe('hostile files', () => {
  const garbage = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256)).toString('latin1');
  it.each([
    { name: 'nesting 20,000 levels deep', text: `id: ${'['.repeat(20000)}${']'.repeat(20000)}\n`, rule: 'yaml-syntax' },
    { name: 'binary garbage (not UTF-8)', text: garbage, rule: 'characters' },
    { name: 'collection keys', text: '? [a, b]\n: c\n{x: 1}: 2\n', rule: 'yaml-syntax' },
    { name: 'an unknown tag', text: 'code: !custom FR\n', rule: 'yaml-syntax' },
    { name: 'a 200,000-character line', text: `code: ${'x'.repeat(200_000)}\n`, rule: 'schema' },
    { name: '.inf and .nan where text and integers belong', text: 'code: .inf\nname: .nan\ncurrency: EUR\nstatus: open\n', rule: 'schema' },
  ])('reports $name without crashing, and checks the other files', async ({ text, rule }) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text });
    expect(problems.filter((p) => p.file === 'countries/FR.yaml').map((p) => p.rule)).toContain(rule);
    expect(problems.filter((p) => p.file !== 'countries/FR.yaml')).toEqual([]);
  });
});
