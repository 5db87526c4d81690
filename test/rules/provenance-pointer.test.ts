import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

/** BR-pix whose only source supports these pointers (line 34 + 2·j is the pointer of support j). */
const supporting = (...pointers: string[]) => ({
  'rails/BR-pix.yaml': RAIL_BR_PIX.replace(
    '    checked: "2026-10-01"\n',
    `    checked: "2026-10-01"\n    supports:\n${pointers.map((p) => `      - pointer: ${p}\n        quote: The page says so.\n`).join('')}`,
  ),
});
/** BR-pix with one more decision, on the pointer given (its pointer on the line after the fixture's last). */
const deciding = (pointer: string) => ({ 'rails/BR-pix.yaml': `${RAIL_BR_PIX}  - pointer: ${pointer}\n    reason: Our own choice.\n` });
const lines = RAIL_BR_PIX.split('\n').length;

describe('provenance-pointer', () => {
  it.each([
    ['a limit', '/limits/maxMinor'],
    ['a field by its name', '/fields/pixKey/pattern'],
    ['a whole field', '/fields/pixKey'],
    ['an object, for every value in it', '/settlement'],
    ['the name (a fact a page states)', '/name'],
    ['a list item', '/countries/0'],
  ])('accepts a pointer to %s', async (_, pointer) => {
    expect(await problemsOf(supporting(pointer), 'provenance-pointer')).toEqual([]);
    expect(await problemsOf(deciding(pointer), 'provenance-pointer')).toEqual([]);
  });

  it.each([
    ['a field by its position', '/fields/0/pattern', 'missing-field', /a field is named by its name, one of pixKey/],
    ['a field the rail does not have', '/fields/iban/pattern', 'missing-field', /one of pixKey/],
    ['a value the rail does not have', '/limits/maxMajor', 'missing-value', /did you mean \/limits\/maxMinor\?/],
    ['an attribute of the field it does not have', '/fields/pixKey/normalize', 'missing-value', /\/fields\/pixKey has nothing there/],
    ['the sources', '/sources/0/url', 'not-a-fact', /never \/sources, \/decisions or \/verifiedAt/],
    ['verifiedAt', '/verifiedAt', 'not-a-fact', /names no fact of the rail/],
  ])('reports a support naming %s, at the pointer', async (_, pointer, messageId, says) => {
    const problems = await problemsOf(supporting('/currency', pointer), 'provenance-pointer');
    expect(problems.map((p) => [p.rule, p.messageId, p.pointer, p.line, p.column])).toEqual([
      ['provenance-pointer', messageId, '/sources/0/supports/1/pointer', 37, 18],
    ]);
    expect(problems[0].message).toMatch(says);
  });

  it('reports a decision naming a value the rail does not have, at its pointer', async () => {
    const problems = await problemsOf(deciding('/fees/fixed'), 'provenance-pointer');
    expect(problems.map((p) => [p.messageId, p.pointer, p.line, p.column])).toEqual([['missing-value', '/decisions/5/pointer', lines, 14]]);
    expect(problems[0].message).toMatch(/did you mean \/fees\/fixedMinor\?/);
  });
});
