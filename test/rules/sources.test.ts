import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

const BCB = 'https://www.bcb.gov.br/';
/** BR-pix with its sources block replaced (line 30 is `sources:`, line 31 the first url). */
const withSources = (block: string) => ({ 'rails/BR-pix.yaml': RAIL_BR_PIX.slice(0, RAIL_BR_PIX.indexOf('sources:\n')) + block });
const one = (url: string, checked = '2026-10-01') => withSources(`sources:\n  - url: ${url}\n    title: A page\n    checked: "${checked}"\n`);

describe('sources', () => {
  it("accepts the fixture's source", async () => {
    expect(await problemsOf({}, 'sources')).toEqual([]);
  });

  it.each([
    { name: 'an https page with a path and query', files: one('https://www.europeanpaymentscouncil.eu/what-we-do?lang=en') },
    {
      name: 'two sources',
      files: withSources(
        `sources:\n  - url: ${BCB}\n    title: A\n    checked: "2026-10-01"\n  - url: https://www.npci.org.in/\n    title: B\n    checked: "2026-09-01"\n`,
      ),
    },
    { name: 'a source checked today', files: one(BCB, '2026-11-22') },
    { name: 'a host that only ends like a shortener', files: one('https://rabbit.ly/page') },
    { name: 'a Google page that is not its redirector', files: one('https://www.google.com/intl/en/policies/') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'sources')).toEqual([]);
  });

  it.each([
    { name: 'no sources at all', files: withSources(''), pointer: '/sources', line: 1, column: 1, hint: 'add sources:' },
    { name: 'an empty list', files: withSources('sources: []\n'), pointer: '/sources', line: 30, column: 10, hint: 'add sources:' },
    { name: 'plain http', files: one('http://www.bcb.gov.br/'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'https://www.bcb.gov.br/' },
    { name: 'bit.ly', files: one('https://bit.ly/3xYz'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'link shortener' },
    { name: 't.co', files: one('https://t.co/abc'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'link shortener' },
    { name: 'tinyurl.com with www', files: one('https://www.tinyurl.com/abc'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'link shortener' },
    { name: 'goo.gl in capitals', files: one('https://GOO.GL/abc'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'link shortener' },
    { name: 'ow.ly', files: one('https://ow.ly/abc'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'link shortener' },
    {
      name: 'a search engine redirect',
      files: one('https://www.google.com/url?q=https://www.bcb.gov.br/'),
      pointer: '/sources/0/url',
      line: 31,
      column: 10,
      hint: 'redirector',
    },
    {
      name: 'a social network redirect',
      files: one('https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.bcb.gov.br%2F'),
      pointer: '/sources/0/url',
      line: 31,
      column: 10,
      hint: 'redirector',
    },
    { name: 'not an address', files: one('www.bcb.gov.br'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'https://' },
    { name: 'another scheme', files: one('ftp://ftp.bcb.gov.br/pix.pdf'), pointer: '/sources/0/url', line: 31, column: 10, hint: 'https://' },
    {
      name: 'a password in the address',
      files: one('https://user:secret@www.bcb.gov.br/'),
      pointer: '/sources/0/url',
      line: 31,
      column: 10,
      hint: 'public page',
    },
    { name: 'a checked date in the future', files: one(BCB, '2026-11-23'), pointer: '/sources/0/checked', line: 33, column: 14, hint: 'future' },
    {
      name: 'the same address twice',
      files: withSources(`sources:\n  - url: ${BCB}\n    title: A\n    checked: "2026-10-01"\n  - url: ${BCB}\n    title: B\n    checked: "2026-10-01"\n`),
      pointer: '/sources/1/url',
      line: 34,
      column: 10,
      hint: 'already',
    },
  ])('reports $name', async ({ files, pointer, line, column, hint }) => {
    const problems = await problemsOf(files, 'sources');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([['rails/BR-pix.yaml', pointer, line, column]]);
    expect(problems[0].message).toContain(hint);
  });
});
