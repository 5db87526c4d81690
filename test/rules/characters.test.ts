import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';
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

  /** Why each kind of refused character is refused, as the messages say it. */
  const CONTROL = 'a control character has no place in a catalog file (it is invisible and breaks the seed and the forms)';
  const BIDI = 'a bidirectional control changes the order in which text is displayed, so what a reviewer reads is not what the file holds';
  const INVISIBLE = 'an invisible character makes two values that look the same differ';
  const BOM = 'an invisible character; a byte-order mark is accepted only as the very first character of the file';

  /** Every refused character but tab and the line breaks (which have messages of their own), by name and reason. */
  const REFUSED: Array<[number, string, string]> = [
    [0x00, 'NULL', CONTROL],
    [0x01, 'START OF HEADING', CONTROL],
    [0x02, 'START OF TEXT', CONTROL],
    [0x03, 'END OF TEXT', CONTROL],
    [0x04, 'END OF TRANSMISSION', CONTROL],
    [0x05, 'ENQUIRY', CONTROL],
    [0x06, 'ACKNOWLEDGE', CONTROL],
    [0x07, 'BELL', CONTROL],
    [0x08, 'BACKSPACE', CONTROL],
    [0x0b, 'LINE TABULATION', CONTROL],
    [0x0c, 'FORM FEED', CONTROL],
    [0x0e, 'SHIFT OUT', CONTROL],
    [0x0f, 'SHIFT IN', CONTROL],
    [0x10, 'DATA LINK ESCAPE', CONTROL],
    [0x11, 'DEVICE CONTROL ONE', CONTROL],
    [0x12, 'DEVICE CONTROL TWO', CONTROL],
    [0x13, 'DEVICE CONTROL THREE', CONTROL],
    [0x14, 'DEVICE CONTROL FOUR', CONTROL],
    [0x15, 'NEGATIVE ACKNOWLEDGE', CONTROL],
    [0x16, 'SYNCHRONOUS IDLE', CONTROL],
    [0x17, 'END OF TRANSMISSION BLOCK', CONTROL],
    [0x18, 'CANCEL', CONTROL],
    [0x19, 'END OF MEDIUM', CONTROL],
    [0x1a, 'SUBSTITUTE', CONTROL],
    [0x1b, 'ESCAPE', CONTROL],
    [0x1c, 'INFORMATION SEPARATOR FOUR', CONTROL],
    [0x1d, 'INFORMATION SEPARATOR THREE', CONTROL],
    [0x1e, 'INFORMATION SEPARATOR TWO', CONTROL],
    [0x1f, 'INFORMATION SEPARATOR ONE', CONTROL],
    [0x7f, 'DELETE', CONTROL],
    [0x80, 'C1 CONTROL CHARACTER', CONTROL],
    [0x85, 'NEXT LINE', CONTROL],
    [0x9f, 'C1 CONTROL CHARACTER', CONTROL],
    [0x061c, 'ARABIC LETTER MARK', BIDI],
    [0x200b, 'ZERO WIDTH SPACE', INVISIBLE],
    [0x200c, 'ZERO WIDTH NON-JOINER', INVISIBLE],
    [0x200d, 'ZERO WIDTH JOINER', INVISIBLE],
    [0x200e, 'LEFT-TO-RIGHT MARK', BIDI],
    [0x200f, 'RIGHT-TO-LEFT MARK', BIDI],
    [0x2028, 'LINE SEPARATOR', INVISIBLE],
    [0x2029, 'PARAGRAPH SEPARATOR', INVISIBLE],
    [0x202a, 'LEFT-TO-RIGHT EMBEDDING', BIDI],
    [0x202b, 'RIGHT-TO-LEFT EMBEDDING', BIDI],
    [0x202c, 'POP DIRECTIONAL FORMATTING', BIDI],
    [0x202d, 'LEFT-TO-RIGHT OVERRIDE', BIDI],
    [0x202e, 'RIGHT-TO-LEFT OVERRIDE', BIDI],
    [0x2060, 'WORD JOINER', INVISIBLE],
    [0x2066, 'LEFT-TO-RIGHT ISOLATE', BIDI],
    [0x2067, 'RIGHT-TO-LEFT ISOLATE', BIDI],
    [0x2068, 'FIRST STRONG ISOLATE', BIDI],
    [0x2069, 'POP DIRECTIONAL ISOLATE', BIDI],
    [0xfeff, 'ZERO WIDTH NO-BREAK SPACE (byte-order mark)', BOM],
  ];
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
  const TABLE = REFUSED.map(([code, name, why]) => ({ code: `U+${hex(code)}`, char: String.fromCharCode(code), name, why, control: code <= 0x9f }));

  it.each(TABLE)('reports $code $name written as an escape, with its name and why', async ({ code, name, why }) => {
    const written = `\\u${code.slice(2)}`;
    const problems = await problemsOf({ 'countries/FR.yaml': C(`"Acme${written}Pay"`) }, 'characters');
    expect(problems.map((p) => [p.line, p.column, p.endColumn, p.message])).toEqual([
      [2, 12, 18, `${code} ${name} in the value (written as the escape ${written}): ${why}; delete the escape`],
    ]);
  });

  it.each(TABLE)('reports $code $name written as it is, with its name and why', async ({ code, char, name, why, control }) => {
    const problems = await problemsOf({ 'countries/FR.yaml': C(`"Acmé${char}${char}Pay"`) }, 'characters');
    // A run of the same character is one finding, from its first to its last.
    const editors = control ? '' : ' (most editors show it only with "show invisible characters")';
    expect(problems.map((p) => [p.line, p.column, p.endColumn, p.message])).toEqual([[2, 12, 14, `${code} ${name} in the text: ${why}; delete it${editors}`]]);
  });

  // The neighbours of every refused range, written as escapes and as they are: nothing to report.
  it.each(
    [0x20, 0x7e, 0xa0, 0xa1, 0x061b, 0x061d, 0x200a, 0x2010, 0x2027, 0x202f, 0x205f, 0x2061, 0x2065, 0x206a, 0xfefe, 0xff00].map((code) => ({
      at: `U+${hex(code)}`,
      code,
    })),
  )('accepts $at, next to a refused range', async ({ code }) => {
    const char = String.fromCharCode(code);
    const written = `\\u${hex(code)}`;
    expect(await problemsOf({ 'countries/FR.yaml': C(`"Acme${written}Pay"`) }, 'characters')).toEqual([]);
    expect(await problemsOf({ 'countries/FR.yaml': C(`"Acmé${char}Pay"`) }, 'characters')).toEqual([]);
  });

  /** Every problem of the catalog (all rules), as file, rule, line, columns, pointer and message. */
  const located = async (files: Record<string, string | undefined>) =>
    (await problemsOf(files)).map((p) => [p.file, p.rule, p.line, p.column, p.endColumn, p.pointer, p.message]);
  const SURROGATE = 'a lone surrogate is half of a character, which no file or seed can hold; write the character itself, or the whole pair of \\u escapes';
  const ONE_LINE =
    'a catalog text is one line (a block scalar | or > keeps its line breaks); write it on one line, or fold it with >- so that YAML joins its lines with spaces';
  const lone = (code: string, column: number) => [
    'countries/FR.yaml',
    'characters',
    2,
    column,
    column + 6,
    '/name',
    `U+${code} in the value (written as the escape \\u${code}): ${SURROGATE}`,
  ];

  it.each([
    { name: 'two lone low surrogates in a row', text: C('"Acme\\uDC00\\uDC01"'), found: [lone('DC00', 12), lone('DC01', 18)] },
    { name: 'a lone high surrogate after a whole pair written as it is', text: C('"😀\\uD83D"'), found: [lone('D83D', 10)] },
    { name: 'a lone low surrogate after a whole pair written as it is', text: C('"😀\\uDE00"'), found: [lone('DE00', 10)] },
    { name: 'a lone high surrogate before a whole pair', text: C('"a\\uD800\\uD83D\\uDE00"'), found: [lone('D800', 9)] },
    { name: 'the last low surrogate, alone', text: C('"Acme\\uDFFF"'), found: [lone('DFFF', 12)] },
    { name: 'the last high surrogate, alone', text: C('"Acme\\uDBFF"'), found: [lone('DBFF', 12)] },
    { name: 'a lone first high surrogate after a pair that holds it, written as it is', text: C('"𐀀\\uD800"'), found: [lone('D800', 10)] },
    { name: 'a lone last low surrogate after a pair that holds it, written as it is', text: C('"𐏿\\uDFFF"'), found: [lone('DFFF', 10)] },
    { name: 'a whole pair written as two escapes', text: C('"\\uD83D\\uDE00"'), found: [] },
  ])('reports $name: every lone surrogate, at its escape', async ({ text, found }) => {
    expect(await located({ 'countries/FR.yaml': text })).toEqual(found);
  });

  // Each escape of YAML's double-quoted scalars, at its place in the value.
  const control = (code: string, name: string, written: string, column: number) => [
    2,
    column,
    column + written.length,
    `U+${code} ${name} in the value (written as the escape ${written}): a control character has no place in a catalog file (it is invisible and breaks the seed and the forms); delete the escape`,
  ];
  it('reports each escape that writes a refused character, at the escape', async () => {
    const problems = await problemsOf({ 'countries/FR.yaml': C('"\\b\\v\\f\\r\\N\\L\\P\\\tx\\U0000202E"') }, 'characters');
    expect(problems.map((p) => [p.line, p.column, p.endColumn, p.message])).toEqual([
      control('0008', 'BACKSPACE', '\\b', 8),
      control('000B', 'LINE TABULATION', '\\v', 10),
      control('000C', 'FORM FEED', '\\f', 12),
      [2, 14, 16, `U+000D CARRIAGE RETURN in the value (written as the escape \\r): ${ONE_LINE}`],
      control('0085', 'NEXT LINE', '\\N', 16),
      [
        2,
        18,
        20,
        'U+2028 LINE SEPARATOR in the value (written as the escape \\L): an invisible character makes two values that look the same differ; delete the escape',
      ],
      [
        2,
        20,
        22,
        'U+2029 PARAGRAPH SEPARATOR in the value (written as the escape \\P): an invisible character makes two values that look the same differ; delete the escape',
      ],
      [2, 22, 24, 'U+0009 CHARACTER TABULATION in the value (written as the escape \\\t): a catalog text holds no tab; write a space'],
      [
        2,
        25,
        35,
        'U+202E RIGHT-TO-LEFT OVERRIDE in the value (written as the escape \\U0000202E): a bidirectional control changes the order in which text is displayed, so what a reviewer reads is not what the file holds; delete the escape',
      ],
    ]);
  });

  // Tab and line breaks written as they are in the scalar's source are line layout to the scan of the raw text: an
  // escape of the same character in the value is still reported.
  it.each([
    {
      name: 'a tab',
      text: C('"Fr\\t\tance"'),
      says: 'U+0009 CHARACTER TABULATION in the value (written as the escape \\t): a catalog text holds no tab; write a space',
    },
    { name: 'a line feed', text: C('"Fr\\n\n  ance"'), says: `U+000A LINE FEED in the value (written as the escape \\n): ${ONE_LINE}` },
    {
      name: 'a carriage return (CRLF lines)',
      text: 'code: FR\r\nname: "Fr\\r\r\n  ance"\r\ncurrency: EUR\r\nstatus: open\r\n',
      says: `U+000D CARRIAGE RETURN in the value (written as the escape \\r): ${ONE_LINE}`,
    },
  ])('reports $name written as an escape in a scalar that also holds one as it is', async ({ text, says }) => {
    expect(await located({ 'countries/FR.yaml': text })).toEqual([['countries/FR.yaml', 'characters', 2, 10, 12, '/name', says]]);
  });

  const ZWSP_TEXT =
    'U+200B ZERO WIDTH SPACE in the text: an invisible character makes two values that look the same differ; delete it (most editors show it only with "show invisible characters")';
  const BOM_TEXT =
    'U+FEFF ZERO WIDTH NO-BREAK SPACE (byte-order mark) in the text: an invisible character; a byte-order mark is accepted only as the very first character of the file; delete it (most editors show it only with "show invisible characters")';
  it.each([
    { name: 'a byte-order mark as the first character: accepted', text: `\ufeff${C('France')}`, found: [] },
    { name: 'a second byte-order mark after it', text: `\ufeff\ufeff${C('France')}`, found: [[1, 2, 3, BOM_TEXT]] },
    { name: 'another invisible character as the first character', text: `\u200b${C('France')}`, found: [[1, 1, 2, ZWSP_TEXT]] },
    {
      name: 'two different characters side by side: two findings',
      text: C('"Fr\u200b\u200cance"'),
      found: [
        [2, 10, 11, ZWSP_TEXT],
        [2, 11, 12, ZWSP_TEXT.replace('U+200B ZERO WIDTH SPACE', 'U+200C ZERO WIDTH NON-JOINER')],
      ],
    },
  ])('scans the raw text: $name', async ({ text, found }) => {
    const problems = await problemsOf({ 'countries/FR.yaml': text }, 'characters');
    expect(problems.map((p) => [p.line, p.column, p.endColumn, p.message])).toEqual(found);
  });

  it.each([
    [20, 20],
    [21, 20],
  ])('reports %i separate characters written as they are at most 20 times', async (count, reported) => {
    const problems = await problemsOf({ 'countries/FR.yaml': C(`"${'x\u200b'.repeat(count)}"`) }, 'characters');
    expect(problems.map((p) => p.column)).toEqual(Array.from({ length: reported }, (_, k) => 9 + 2 * k));
  });

  it('reports a value written once under an anchor once, where it is written (not at its aliases)', async () => {
    const text = C('France').replace('status: open', 'status: open\ntags: [&t "a\\u2066b", *t]');
    expect(await located({ 'countries/FR.yaml': text })).toEqual([
      [
        'countries/FR.yaml',
        'characters',
        5,
        13,
        19,
        '/tags/0',
        'U+2066 LEFT-TO-RIGHT ISOLATE in the value (written as the escape \\u2066): a bidirectional control changes the order in which text is displayed, so what a reviewer reads is not what the file holds; delete the escape',
      ],
    ]);
  });

  it("leaves a field's counterexamples to the scan of the raw text, and checks its examples", async () => {
    const text = RAIL_BR_PIX.replace('counterexamples: ["not a key!"]', 'counterexamples: ["not\\0a key"]').replace(
      'examples: ["+5511987654321"]',
      'examples: ["+55119876\\e54321"]',
    );
    expect(await located({ 'rails/BR-pix.yaml': text })).toEqual([
      [
        'rails/BR-pix.yaml',
        'characters',
        27,
        26,
        28,
        '/fields/0/examples/0',
        'U+001B ESCAPE in the value (written as the escape \\e): a control character has no place in a catalog file (it is invisible and breaks the seed and the forms); delete the escape',
      ],
    ]);
  });

  it('reports a raw tab in a plain value at the value, though a backslash and a t follow (no escapes outside double quotes)', async () => {
    expect(await located({ 'countries/FR.yaml': C('Fr\tance \\t') })).toEqual([
      ['countries/FR.yaml', 'characters', 2, 7, 17, '/name', 'U+0009 CHARACTER TABULATION in the value: a catalog text holds no tab; write a space'],
    ]);
  });

  it('reports an escape in a key at the key, with the pointer of the key', async () => {
    const problems = await problemsOf({ 'countries/FR.yaml': 'code: FR\n"na\\u200Bme": France\ncurrency: EUR\nstatus: open\n' }, 'characters');
    expect(problems.map((p) => [p.line, p.column, p.endColumn, p.pointer, p.message])).toEqual([
      [
        2,
        4,
        10,
        '/na\u200bme',
        'U+200B ZERO WIDTH SPACE in the key (written as the escape \\u200B): an invisible character makes two values that look the same differ; delete the escape',
      ],
    ]);
  });

  it('reports a counterexample reused by an alias elsewhere, at its escape, with the pointer of the alias', async () => {
    const text = RAIL_BR_PIX.replace('counterexamples: ["not a key!"]', 'counterexamples: [&c "not\\0a key"]').replace(
      'title: Pix, Banco Central do Brasil',
      'title: *c',
    );
    expect(await located({ 'rails/BR-pix.yaml': text })).toEqual([
      [
        'rails/BR-pix.yaml',
        'characters',
        28,
        30,
        32,
        '/sources/0/title',
        'U+0000 NULL in the value (written as the escape \\0): a control character has no place in a catalog file (it is invisible and breaks the seed and the forms); delete the escape',
      ],
    ]);
  });

  // A refused character also makes its value wrong for the schema: on its line (of its file), only the character is said.
  const ZWSP_NAME =
    'U+200B ZERO WIDTH SPACE in the value (written as the escape \\u200B): an invisible character makes two values that look the same differ; delete the escape';
  it.each([
    {
      name: 'on the same line: the schema error left out',
      files: { 'countries/FR.yaml': C('France').replace('currency: EUR', 'currency: "E\\u200BUR"') },
      found: [['countries/FR.yaml', 'characters', 3, 13, 19, '/currency', ZWSP_NAME]],
    },
    {
      name: 'on another line: the schema error kept',
      files: { 'countries/FR.yaml': C('"Fr\\u200Bance"').replace('currency: EUR', 'currency: EURO') },
      found: [
        ['countries/FR.yaml', 'characters', 2, 10, 16, '/name', ZWSP_NAME],
        [
          'countries/FR.yaml',
          'schema',
          3,
          11,
          15,
          '/currency',
          `"EURO" is not a valid currency (ISO 4217 code of the country's payout currency (three uppercase letters); null only on a restricted country.)`,
        ],
      ],
    },
    {
      name: 'on the same line of another file: the schema error kept',
      files: { 'countries/FR.yaml': C('"Fr\\u200Bance"'), 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('slug: pix', 'slug: PIX') },
      found: [
        ['countries/FR.yaml', 'characters', 2, 10, 16, '/name', ZWSP_NAME],
        [
          'rails/BR-pix.yaml',
          'schema',
          2,
          7,
          10,
          '/slug',
          '"PIX" is not a valid slug; write "pix" (Short name of the rail: lowercase letters, digits, underscores or hyphens (pix, sepa_instant).)',
        ],
      ],
    },
  ])('reports a refused character and a schema error $name', async ({ files, found }) => {
    expect(await located(files)).toEqual(found);
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
