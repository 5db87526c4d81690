import { describe, expect, it } from 'vitest';
import { makeReport, type Problem } from '../../src/model/problem.js';
import { escapeData, escapeProperty } from '../../src/report/github.js';
import { formatters } from '../../src/report/formatters.js';

const problem = (over: Partial<Problem>): Problem => ({
  file: 'catalog/rails/BR-pix.yaml',
  line: 5,
  column: 11,
  endLine: 5,
  endColumn: 14,
  severity: 'error',
  rule: 'iso-currency',
  messageId: 'unknown-code',
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
        {
          file: 'catalog/rails/BR-pix.yaml',
          line: 5,
          column: 11,
          endLine: 5,
          endColumn: 14,
          severity: 'error',
          rule: 'iso-currency',
          messageId: 'unknown-code',
          pointer: '/currency',
          message: '"BRX" is not an active ISO 4217 code',
        },
      ],
    });
  });
});

describe('stylish formatter', () => {
  it('groups by file and prints file:line:col, severity, message and rule', () => {
    const out = formatters.stylish(
      makeReport([problem({}), problem({ file: 'catalog/countries/UK.yaml', line: 1, column: 7, severity: 'warning', rule: 'x' })], 2),
      { color: false },
    );
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
    expect(out.split('\n')[0]).toBe(
      '::error file=catalog/rails/BR-pix.yaml,line=5,col=11,endLine=5,endColumn=14,title=iso-currency::line one%0Aline two: 100%25',
    );
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

describe('catalog text in the formatters is data', () => {
  const hostile = problem({ file: 'catalog/rails/x\n::error::y.yaml', message: 'name "Pix"\n::error::pwned \u001b[2J \u202Eexe\r::warning::cr' });

  it.each([
    ['a line feed', 'a\nb', 'a\\nb'],
    ['a carriage return', 'a\rb', 'a\\rb'],
    ['an ANSI escape', '\u001b[31mred', '\\u001b[31mred'],
    ['a C1 control (NEL)', 'a\u0085b', 'a\\u0085b'],
    ['a right-to-left override', 'a\u202Eb', 'a\\u202eb'],
    ['a zero-width space', 'a\u200Bb', 'a\\u200bb'],
    ['plain text with a backslash pattern', '^\\d{8}$', '^\\d{8}$'],
  ])('stylish shows %s escaped', (_name, message, shown) => {
    const out = formatters.stylish(makeReport([problem({ message })], 1), { color: false });
    expect(out.split('\n')[1]).toContain(`  ${shown}  iso-currency`);
  });

  it('stylish keeps each problem on one line and starts no line with a workflow command', () => {
    const out = formatters.stylish(makeReport([hostile, problem({ file: '::error::top.yaml' })], 2), { color: false });
    expect(out.split('\n').filter((l) => /^\s*(::|##\[)/.test(l))).toEqual([]);
    expect(out).toContain('./::error::top.yaml');
    expect(out).not.toMatch(/[\u001b\u202e\r]/);
  });

  it('github escapes data and properties as the runner decodes them, and shows ANSI escapes as text', () => {
    const line = formatters.github(makeReport([hostile], 1), { color: false }).split('\n')[0];
    expect(line).toBe(
      '::error file=catalog/rails/x%0A%3A%3Aerror%3A%3Ay.yaml,line=5,col=11,endLine=5,endColumn=14,title=iso-currency::' +
        'name "Pix"%0A::error::pwned \\u001b[2J \\u202eexe%0D::warning::cr',
    );
    expect(formatters.github(makeReport([problem({ message: "pattern '^[0-9]%0A$'" })], 1), { color: false })).toContain("pattern '^[0-9]%250A$'");
  });
});

describe('markdown formatter (the problems of the pull-request comment)', () => {
  it('says so when there is nothing to report', () => {
    expect(formatters.markdown(makeReport([], 4), { color: false })).toBe('## Problems\n\n✅ No problem in 4 files checked.\n');
  });

  it('lists the touched files first, errors before warnings, with catalog text escaped', () => {
    const out = formatters.markdown(
      makeReport(
        [
          problem({ file: 'catalog/rails/A.yaml', severity: 'warning', rule: 'stale-verification', message: 'old' }),
          problem({ file: 'catalog/rails/B.yaml', message: 'name "x | <img src=x> @team"' }),
          problem({ file: 'catalog/rails/B.yaml', severity: 'warning', rule: 'w', message: 'w' }),
        ],
        2,
      ),
      { color: false, touched: new Set(['catalog/rails/B.yaml']) },
    );
    const rows = out.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toEqual([
      '| `catalog/rails/B.yaml:5:11` | error | name "x \\| &lt;img src=x> @&#8203;team" | `iso-currency` |',
      '| `catalog/rails/B.yaml:5:11` | warning | w | `w` |',
      '| `catalog/rails/A.yaml:5:11` | warning | old | `stale-verification` |',
    ]);
    expect(out).toContain('❌ **1 error, 2 warnings** in 2 files checked.');
  });

  it('shows at most 100 rows, then says how many more', () => {
    const out = formatters.markdown(
      makeReport(
        Array.from({ length: 130 }, (_, i) => problem({ line: i + 1 })),
        1,
      ),
      { color: false },
    );
    expect(out.split('\n').filter((l) => l.startsWith('| `'))).toHaveLength(100);
    expect(out).toContain('_… 30 more problems not shown: run `npx catalog validate` for the full list._');
  });
});
