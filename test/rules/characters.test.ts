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
    { name: 'a pop directional formatting', text: 'code: FR\nname: x\u202c\ncurrency: EUR\nstatus: open\n', line: 2, column: 8, says: 'U+202C POP DIRECTIONAL FORMATTING' },
    { name: 'a word joiner', text: 'code: FR\nname: x\u2060y\ncurrency: EUR\nstatus: open\n', line: 2, column: 8, says: 'U+2060 WORD JOINER' },
    { name: 'a refused character after CR-only lines', text: 'code: FR\rname: x\u200d\rcurrency: EUR\rstatus: open\r', line: 2, column: 8, says: 'U+200D ZERO WIDTH JOINER' },
  ])('reports $name at its line and column, by its name', async ({ text, line, column, says }) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text }, 'characters');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'countries/FR.yaml', line, column });
    expect(problems[0].message).toContain(says);
  });

  it('decodes strict UTF-8 and finds the first bad byte', () => {
    expect(decodeUtf8(Buffer.from('héllo')).badUtf8).toBeUndefined();
    expect(decodeUtf8(Buffer.from([0x61, 0xc3, 0xa9, 0x62, 0xc0, 0xaf])).badUtf8).toEqual({ offset: 3, byte: 0xc0 }); // overlong
    expect(decodeUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80])).badUtf8).toEqual({ offset: 1, byte: 0xed }); // surrogate
    expect(decodeUtf8(Buffer.from([0x61, 0xe2, 0x82])).badUtf8).toEqual({ offset: 1, byte: 0xe2 }); // cut short
    expect(characterName(0x202e)).toBe('U+202E RIGHT-TO-LEFT OVERRIDE');
  });
});
