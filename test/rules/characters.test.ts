import { describe, expect, it } from 'vitest';
import { problemsOf } from '../helpers/catalog.js';
import { characterName } from '../../src/domain/characters.js';
import { decodeUtf8 } from '../../src/read/file.js';

describe('characters', () => {
  it('accepts the valid fixtures', async () => {
    expect(await problemsOf({}, 'characters')).toEqual([]);
  });

  it.each([
    { name: 'a NUL', text: 'code: FR\nname: "x\0"\ncurrency: EUR\nstatus: open\n', line: 2, column: 9, says: 'U+0000 NULL' },
    {
      name: 'a pop directional formatting',
      text: 'code: FR\nname: x\u202c\ncurrency: EUR\nstatus: open\n',
      line: 2,
      column: 8,
      says: 'U+202C POP DIRECTIONAL FORMATTING',
    },
    { name: 'a word joiner', text: 'code: FR\nname: x\u2060y\ncurrency: EUR\nstatus: open\n', line: 2, column: 8, says: 'U+2060 WORD JOINER' },
    {
      name: 'a refused character after CR-only lines',
      text: 'code: FR\rname: x\u200d\rcurrency: EUR\rstatus: open\r',
      line: 2,
      column: 8,
      says: 'U+200D ZERO WIDTH JOINER',
    },
  ])('reports $name at its line and column, by its name', async ({ text, line, column, says }) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text }, 'characters');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'countries/FR.yaml', line, column });
    expect(problems[0].message).toContain(says);
  });

  // What YAML's escapes, block scalars and quoted forms put into the data: the scan of the raw text cannot see them.
  const C = (name: string) => `code: FR\nname: ${name}\ncurrency: EUR\nstatus: open\n`;
  it.each([
    { name: 'an escaped NUL', text: C('"Acme\\0Pay"'), at: [[2, 12]], says: 'U+0000 NULL in the value (written as the escape \\0)' },
    { name: 'an escaped ESCAPE written \\x1b', text: C('"Acme\\x1bPay"'), at: [[2, 12]], says: 'U+001B ESCAPE in the value (written as the escape \\x1b)' },
    { name: 'an escaped ESCAPE written \\e', text: C('"Acme\\ePay"'), at: [[2, 12]], says: 'U+001B ESCAPE in the value (written as the escape \\e)' },
    { name: 'an escaped BELL', text: C('"Acme\\aPay"'), at: [[2, 12]], says: 'U+0007 BELL in the value (written as the escape \\a)' },
    {
      name: 'an escaped bidi override',
      text: C('"Acme\\u202EPay"'),
      at: [[2, 12]],
      says: 'U+202E RIGHT-TO-LEFT OVERRIDE in the value (written as the escape \\u202E)',
    },
    {
      name: 'an escaped zero-width space',
      text: C('"Ac\\u200Bme"'),
      at: [[2, 10]],
      says: 'U+200B ZERO WIDTH SPACE in the value (written as the escape \\u200B)',
    },
    { name: 'a lone surrogate', text: C('"Acme\\uD800"'), at: [[2, 12]], says: 'U+D800 in the value (written as the escape \\uD800): a lone surrogate' },
    {
      name: 'two escapes of one character, each reported',
      text: C('"\\e and \\x1b"'),
      at: [
        [2, 8],
        [2, 15],
      ],
      says: 'U+001B ESCAPE',
    },
    {
      name: 'an escaped tab',
      text: C('"Acme\\tPay"'),
      at: [[2, 12]],
      says: 'U+0009 CHARACTER TABULATION in the value (written as the escape \\t): a catalog text holds no tab; write a space',
    },
    {
      name: 'an escaped line break',
      text: C('"Acme\\nPay"'),
      at: [[2, 12]],
      says: 'U+000A LINE FEED in the value (written as the escape \\n): a catalog text is one line',
    },
    {
      name: 'a block scalar (its line breaks)',
      text: 'code: FR\nname: |\n  Fr\n  ance\ncurrency: EUR\nstatus: open\n',
      at: [[2, 7]],
      says: 'U+000A LINE FEED in the value: a catalog text is one line',
    },
    {
      name: 'a raw tab inside a plain value',
      text: C('Fr\tance'),
      at: [[2, 7]],
      says: 'U+0009 CHARACTER TABULATION in the value: a catalog text holds no tab',
    },
    {
      name: 'an escape in a key',
      text: 'code: FR\n"na\\u200Bme": France\ncurrency: EUR\nstatus: open\n',
      at: [[2, 4]],
      says: 'U+200B ZERO WIDTH SPACE in the key',
    },
    {
      name: 'an escape in a list item',
      text: 'code: FR\nname: France\ncurrency: EUR\nstatus: open\ntags: [ "a\\u2066b" ]\n',
      at: [[5, 11]],
      says: 'U+2066 LEFT-TO-RIGHT ISOLATE',
    },
  ])('reports $name, at the escape or the value, by its name', async ({ text, at, says }) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text }, 'characters');
    expect(problems.map((p) => [p.line, p.column])).toEqual(at);
    for (const p of problems) expect(p.message).toContain(says);
  });

  it('reports a character written as it is once, by the scan of the raw text', async () => {
    const problems = await problemsOf({ 'countries/FR.yaml': C('"Ac\u202eme"') }, 'characters');
    expect(problems.map((p) => [p.line, p.column, p.message.startsWith('U+202E RIGHT-TO-LEFT OVERRIDE in the text:')])).toEqual([[2, 10, true]]);
  });

  it.each([
    ['a name of spaces', C('"   "'), 'name is blank (only spaces): write the text'],
    ['a name of a no-break space', C('"\\u00A0"'), 'name is blank (only spaces): write the text'],
    ['a name with a letter between spaces', C('"  F  "'), undefined],
  ])('refuses %s as blank', async (_what, text, says) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text }, 'schema');
    expect(problems.map((p) => p.message.startsWith(`${says}`))).toEqual(says ? [true] : []);
  });

  it('decodes strict UTF-8 and finds the first bad byte', () => {
    expect(decodeUtf8(Buffer.from('héllo')).badUtf8).toBeUndefined();
    expect(decodeUtf8(Buffer.from([0x61, 0xc3, 0xa9, 0x62, 0xc0, 0xaf])).badUtf8).toEqual({ offset: 3, byte: 0xc0 }); // overlong
    expect(decodeUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80])).badUtf8).toEqual({ offset: 1, byte: 0xed }); // surrogate
    expect(decodeUtf8(Buffer.from([0x61, 0xe2, 0x82])).badUtf8).toEqual({ offset: 1, byte: 0xe2 }); // cut short
    expect(characterName(0x202e)).toBe('U+202E RIGHT-TO-LEFT OVERRIDE');
  });
});
