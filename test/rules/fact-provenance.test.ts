import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

/** BR-pix without its decisions on the pointers given (each decision is two lines: pointer, reason). */
const without = (...pointers: string[]) => ({
  'rails/BR-pix.yaml': pointers.reduce((text, p) => text.replace(new RegExp(`  - pointer: ${p}\\n    reason: [^\\n]*\\n`), ''), RAIL_BR_PIX),
});
/** That rail, whose source supports the pointers given. */
const supported = (files: Record<string, string>, ...pointers: string[]) => ({
  'rails/BR-pix.yaml': files['rails/BR-pix.yaml'].replace(
    '    checked: "2026-10-01"\n',
    `    checked: "2026-10-01"\n    supports:\n${pointers.map((p) => `      - pointer: ${p}\n        quote: The page says so.\n`).join('')}`,
  ),
});

describe('fact-provenance', () => {
  it.each([
    ['every value a decision', without()],
    ['the limits supported by the source instead', supported(without('/limits'), '/limits')],
    ['each limit supported on its own', supported(without('/limits'), '/limits/minMinor', '/limits/maxMinor')],
    ['a field supported by its pattern and maxLength', supported(without('/fields/pixKey'), '/fields/pixKey/pattern', '/fields/pixKey/maxLength')],
    ['decimals alone unsupported (ISO 4217 fixes it)', supported(without('/limits'), '/limits/minMinor', '/limits/maxMinor')],
  ])('accepts a rail with %s', async (_, files) => {
    expect(await problemsOf(files, 'fact-provenance')).toEqual([]);
  });

  it('warns on each value no source supports and no decision explains, at the value', async () => {
    const problems = await problemsOf(supported(without('/limits', '/fields/pixKey'), '/limits/minMinor', '/fields/pixKey/pattern'), 'fact-provenance');
    expect(problems.map((p) => [p.rule, p.severity, p.pointer, p.line, p.column])).toEqual([
      ['fact-provenance', 'warning', '/limits/maxMinor', 14, 13],
      ['fact-provenance', 'warning', '/fields/0/maxLength', 25, 16],
    ]);
    expect(problems[0].message).toContain(
      'add to the source that states it supports: [{ pointer: /limits/maxMinor, quote: "<the page\'s sentence>" }], or, if it is the provider\'s own choice, decisions: [{ pointer: /limits/maxMinor, reason: "<why, in one line>" }]',
    );
  });

  it('warns on every fact-bearing value of a rail without provenance: currency, limits, settlement, fees, patterns and maxLengths', async () => {
    const problems = await problemsOf(without('/currency', '/settlement', '/limits', '/fees', '/fields/pixKey'), 'fact-provenance');
    expect(problems.map((p) => p.pointer)).toEqual([
      '/currency',
      '/settlement/p50Minutes',
      '/settlement/p95Minutes',
      '/settlement/businessDaysOnly',
      '/limits/minMinor',
      '/limits/maxMinor',
      '/fees/fixedMinor',
      '/fees/bps',
      '/fields/0/pattern',
      '/fields/0/maxLength',
    ]);
  });

  it('does not judge a rail whose sources are still the placeholder of catalog new', async () => {
    const files = without('/currency', '/limits');
    files['rails/BR-pix.yaml'] = files['rails/BR-pix.yaml'].replace('url: https://www.bcb.gov.br/estabilidadefinanceira/pix', 'url: TODO');
    expect(await problemsOf(files, 'fact-provenance')).toEqual([]);
  });
});
