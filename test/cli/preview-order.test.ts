import { describe, expect, it } from 'vitest';
import { errorsFirst } from '../../src/cli/commands/preview.js';
import type { Problem } from '../../src/model/problem.js';
import { formatters } from '../../src/report/formatters.js';

const problem = (file: string, line: number, severity: 'error' | 'warning', rule: string): Problem => ({
  file,
  line,
  column: 1,
  endLine: line,
  endColumn: 2,
  severity,
  messageId: 'test',
  rule,
  pointer: '',
  message: `${rule} here`,
});

describe("the preview's problems page", () => {
  it('lists the errors before the standing warnings, files with an error first, each in report order', () => {
    const report = {
      summary: { files: 3, errors: 2, warnings: 3 },
      problems: [
        problem('catalog/rails/AU-npp.yaml', 29, 'warning', 'stale-verification'),
        problem('catalog/rails/BR-pix.yaml', 5, 'error', 'schema'),
        problem('catalog/rails/BR-pix.yaml', 2, 'warning', 'unverified-change'),
        problem('catalog/rails/CH-sic.yaml', 29, 'warning', 'stale-verification'),
        problem('catalog/rails/CH-sic.yaml', 7, 'error', 'iso-currency'),
      ],
    };
    const page = formatters.stylish(errorsFirst(report), { color: false });
    const order = page.split('\n').flatMap((l) => /^ {2}\S+:(\d+):1\s+(error|warning)\s+(\S+)/.exec(l)?.slice(3) ?? []);
    expect(order).toEqual(['schema', 'unverified-change', 'iso-currency', 'stale-verification', 'stale-verification']);
    expect(page.indexOf('AU-npp')).toBeGreaterThan(page.indexOf('CH-sic'));
  });
});
