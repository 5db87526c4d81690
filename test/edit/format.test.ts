import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ENTRY_KINDS, type Folder } from '../../src/model/catalog.js';
import { commentsOf, formatEntry, FormatError } from '../../src/edit/format.js';
import { setSource } from '../../src/edit/set-source.js';
import { EditError, setTopLevel } from '../../src/edit/set-values.js';

const catalog = path.resolve(__dirname, '../../catalog');
const bundled = (Object.keys(ENTRY_KINDS) as Folder[]).flatMap((folder) =>
  readdirSync(path.join(catalog, folder))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ name: `${folder}/${f}`, kind: ENTRY_KINDS[folder] })),
);

describe('catalog fmt on every bundled file', () => {
  it.each(bundled)('$name: idempotent, same data, same comments', ({ name, kind }) => {
    const text = readFileSync(path.join(catalog, name), 'utf8');
    const once = formatEntry(text, kind);
    expect(formatEntry(once, kind)).toBe(once);
    expect(parse(once, { version: '1.2' })).toEqual(parse(text, { version: '1.2' }));
    expect(commentsOf(once)).toEqual(expect.arrayContaining(commentsOf(text)));
  });
});

describe('formatEntry', () => {
  it.each([
    {
      name: 'keys in schema order, nested too',
      input: 'name: France\ncode: FR\nstatus: open\ncurrency: EUR\n',
      output: 'code: FR\nname: France\ncurrency: EUR\nstatus: open\n',
    },
    {
      name: 'unknown keys after the known ones, as written',
      input: 'zeta: 1\ncode: FR\nalpha: 2\nname: France\n',
      output: 'code: FR\nname: France\nzeta: 1\nalpha: 2\n',
    },
    {
      name: 'text YAML 1.1 would misread is double-quoted',
      input: "code: 'NO'\nname: yes\ncurrency: NOK\nstatus: open\n",
      output: 'code: "NO"\nname: "yes"\ncurrency: NOK\nstatus: open\n',
    },
    {
      name: 'needless quotes go',
      input: 'code: "FR"\nname: \'France\'\ncurrency: EUR\nstatus: open\n',
      output: 'code: FR\nname: France\ncurrency: EUR\nstatus: open\n',
    },
    {
      name: 'a comment on the first key stays on top when keys move',
      input: '# about France\nname: France\ncode: FR\n',
      output: '# about France\ncode: FR\nname: France\n',
    },
    { name: 'blank lines between blocks and trailing comments stay', input: 'code: FR # ISO\n\nname: France\n', output: 'code: FR # ISO\n\nname: France\n' },
    { name: '4-space indentation becomes 2', input: 'code: FR\nx:\n    a: 1\n', output: 'code: FR\nx:\n  a: 1\n' },
  ])('$name', ({ input, output }) => {
    const modeline = '# yaml-language-server: $schema=../../schemas/country.schema.json\n';
    expect(formatEntry(input, 'country')).toBe(modeline + output);
    expect(formatEntry(modeline + output, 'country')).toBe(modeline + output);
  });

  it('refuses a file with YAML errors', () => {
    expect(() => formatEntry('code: [FR\n', 'country')).toThrow(FormatError);
  });
});

describe('setTopLevel (close, restrict)', () => {
  it.each([
    {
      name: 'replaces a value, keeping its quotes and comment',
      input: 'code: FR\nstatus: "open" # since 1958\n',
      set: [['status', 'restricted']],
      output: 'code: FR\nstatus: "restricted" # since 1958\n',
    },
    {
      name: 'inserts a missing key after its schema predecessor',
      input: 'code: FR\nstatus: open\n\n# end\nname: France\n',
      set: [['reason', 'international_sanctions']],
      output: 'code: FR\nstatus: open\nreason: international_sanctions\n\n# end\nname: France\n',
    },
    {
      name: 'fills a key with no value',
      input: 'code: FR\nreason:\nstatus: open\n',
      set: [['reason', 'restrictive_measures']],
      output: 'code: FR\nreason: restrictive_measures\nstatus: open\n',
    },
    {
      name: 'keeps CRLF line endings',
      input: 'code: FR\r\nstatus: open\r\n',
      set: [['reason', 'technical']],
      output: 'code: FR\r\nstatus: open\r\nreason: technical\r\n',
    },
  ])('$name', ({ input, set, output }) => {
    expect(setTopLevel(input, 'country', set as Array<[string, string]>)).toBe(output);
  });
});

describe('setSource (close --source)', () => {
  const RAIL = 'id: BR-pix\nverifiedAt: "2026-11-25"\nsources:\n  - url: https://www.bcb.gov.br/pix\n    title: Pix # the scheme\n    checked: "2026-10-01"\n';
  it.each([
    {
      name: 'dates a source that is there, in the quotes it had, and keeps its title',
      input: RAIL,
      source: { url: 'https://www.bcb.gov.br/pix', checked: '2026-11-25' },
      output: RAIL.replace('checked: "2026-10-01"', 'checked: "2026-11-25"'),
      added: false,
    },
    {
      name: 'replaces a title when one is given',
      input: RAIL,
      source: { url: 'https://www.bcb.gov.br/pix', title: 'Pix: regulamento', checked: '2026-11-25' },
      output: RAIL.replace('title: Pix # the scheme', 'title: "Pix: regulamento" # the scheme').replace('checked: "2026-10-01"', 'checked: "2026-11-25"'),
      added: false,
    },
    {
      name: 'adds a source after the last one, indented as the list is',
      input: `${RAIL}# end of file\n`,
      source: { url: 'https://www.bcb.gov.br/notice', title: 'Notice #42, Banco Central do Brasil', checked: '2026-11-25' },
      output: `${RAIL}  - url: https://www.bcb.gov.br/notice\n    title: "Notice #42, Banco Central do Brasil"\n    checked: "2026-11-25"\n# end of file\n`,
      added: true,
    },
    {
      name: 'follows a list whose items are not indented under the key',
      input: 'id: BR-pix\nsources:\n- url: https://a.example/x\n  title: X\n  checked: 2026-10-01\n',
      source: { url: 'https://a.example/y', title: 'Y', checked: '2026-11-25' },
      output:
        'id: BR-pix\nsources:\n- url: https://a.example/x\n  title: X\n  checked: 2026-10-01\n- url: https://a.example/y\n  title: Y\n  checked: "2026-11-25"\n',
      added: true,
    },
    {
      name: 'writes sources: at the end of a rail that has none, and keeps CRLF',
      input: 'id: BR-pix\r\nverifiedAt: "2026-11-25"',
      source: { url: 'https://a.example/y', title: 'Y', checked: '2026-11-25' },
      output: 'id: BR-pix\r\nverifiedAt: "2026-11-25"\r\nsources:\r\n  - url: https://a.example/y\r\n    title: Y\r\n    checked: "2026-11-25"\r\n',
      added: true,
    },
  ])('$name', ({ input, source, output, added }) => {
    expect(setSource(input, source)).toEqual({ text: output, added });
  });

  it.each([
    { name: 'a flow list', input: 'id: BR-pix\nsources: [ { url: https://a.example/x, title: X, checked: 2026-10-01 } ]\n' },
    { name: 'YAML errors', input: 'id: [BR-pix\n' },
  ])('refuses $name, saying what to do', ({ input }) => {
    expect(() => setSource(input, { url: 'https://a.example/y', title: 'Y', checked: '2026-11-25' })).toThrow(EditError);
  });
});
