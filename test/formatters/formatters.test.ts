import { describe, expect, it } from 'vitest';
import { makeReport, type Problem } from '../../src/core/problem.js';
import { escapeData, escapeProperty } from '../../src/formatters/github.js';
import { formatters } from '../../src/formatters/index.js';

const problem = (over: Partial<Problem>): Problem => ({
  file: 'catalog/rails/BR-pix.yaml',
  line: 5,
  column: 11,
  endLine: 5,
  endColumn: 14,
  severity: 'error',
  rule: 'iso-currency',
  pointer: '/currency',
  message: '"BRX" is not an active ISO 4217 code',
  ...over,
});

describe('json formatter', () => {
  it('prints the documented stable shape', () => {
    const report = makeReport([problem({})], 3);
    expect(JSON.parse(formatters.json(report, { color: false }))).toEqual({
      summary: { files: 3, errors: 1, warnings: 0 },
      problems: [
        { file: 'catalog/rails/BR-pix.yaml', line: 5, column: 11, endLine: 5, endColumn: 14, severity: 'error', rule: 'iso-currency', pointer: '/currency', message: '"BRX" is not an active ISO 4217 code' },
      ],
    });
  });
});

describe('stylish formatter', () => {
  it('groups by file and prints file:line:col, severity, message and rule', () => {
    const out = formatters.stylish(makeReport([problem({}), problem({ file: 'catalog/countries/UK.yaml', line: 1, column: 7, severity: 'warning', rule: 'x' })], 2), { color: false });
    const lines = out.split('\n');
    expect(lines[0]).toBe('catalog/countries/UK.yaml');
    expect(lines[1]).toMatch(/^ {2}catalog\/countries\/UK\.yaml:1:7 +warning +.* x$/);
    expect(lines[3]).toBe('catalog/rails/BR-pix.yaml');
    expect(lines[4]).toMatch(/^ {2}catalog\/rails\/BR-pix\.yaml:5:11 +error +.* iso-currency$/);
    expect(out).toContain('2 problems (1 error, 1 warning)');
    expect(out).not.toContain('\u001b[');
  });

  it('colours only when asked', () => {
    expect(formatters.stylish(makeReport([problem({})], 1), { color: true })).toContain('\u001b[31m');
  });

  it('says so when there is nothing to report', () => {
    expect(formatters.stylish(makeReport([], 4), { color: false })).toContain('4 files checked, no problems');
  });
});

describe('github formatter', () => {
  it('escapes workflow command data and properties', () => {
    expect(escapeData('50%\r\nnext')).toBe('50%25%0D%0Anext');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
  });

  it('prints one annotation per problem with its full location', () => {
    const out = formatters.github(makeReport([problem({ message: 'line one\nline two: 100%' })], 1), { color: false });
    expect(out.split('\n')[0]).toBe('::error file=catalog/rails/BR-pix.yaml,line=5,col=11,endLine=5,endColumn=14,title=iso-currency::line one%0Aline two: 100%25');
  });

  it('shows at most 10 errors and 10 warnings, then a summary with the totals', () => {
    const many = [
      ...Array.from({ length: 14 }, (_, i) => problem({ line: i + 1 })),
      ...Array.from({ length: 12 }, (_, i) => problem({ line: i + 1, severity: 'warning', rule: 'stale-verification' })),
    ];
    const lines = formatters.github(makeReport(many, 1), { color: false }).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(10);
    expect(lines.at(-1)).toMatch(/14 error\(s\), 12 warning\(s\).*20 shown.*6 more/);
  });

  it('annotates the touched files first', () => {
    const many = Array.from({ length: 12 }, (_, i) => problem({ file: `catalog/rails/A-${String(i).padStart(2, '0')}.yaml` }));
    const touched = new Set(['catalog/rails/A-11.yaml']);
    const first = formatters.github(makeReport(many, 12), { color: false, touched }).split('\n')[0];
    expect(first).toContain('file=catalog/rails/A-11.yaml');
  });
});
