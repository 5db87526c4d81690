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
    { name: 'a host holding www. after its start', files: one('https://bit.www.ly/page') },
    { name: 'a Google page that is not its redirector', files: one('https://www.google.com/intl/en/policies/') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'sources')).toEqual([]);
  });

  it.each([
    { name: 'a placeholder left by catalog new (the rule placeholder reports it)', files: one('TODO') },
    { name: 'a host that only contains the name of a search engine', files: one('https://www.notgoogle.com/url') },
  ])('says nothing of $name', async ({ files }) => {
    expect(await problemsOf(files, 'sources')).toEqual([]);
  });

  const NONE =
    "BR-pix names no source: add sources: with at least one { url: https://..., title: ..., checked: \"2026-11-22\" } naming the scheme's, regulator's or partner's own page that supports its formats and limits";
  const shortener = (host: string) =>
    `${host} is a link shortener, which hides where the link goes and can be redirected later: open the link and write the address of the page it leads to`;
  const redirector = (at: string) => `${at} is a redirector, not the page: open the link and write the address of the page it leads to`;
  const secret = 'www.bcb.gov.br carries a user name or password in the address: remove it, a source is a public page';
  it.each([
    { name: 'no sources at all', files: withSources(''), pointer: '/sources', line: 1, column: 1, message: NONE },
    { name: 'an empty list', files: withSources('sources: []\n'), pointer: '/sources', line: 30, column: 10, message: NONE },
    {
      name: 'plain http',
      files: one('http://www.bcb.gov.br/'),
      message:
        'http://www.bcb.gov.br/ is served over plain http: write the https:// address of the same page (https://www.bcb.gov.br/), or another source that has one',
    },
    {
      name: 'plain http in capitals',
      files: one('HTTP://www.bcb.gov.br/pix'),
      message:
        'HTTP://www.bcb.gov.br/pix is served over plain http: write the https:// address of the same page (https://www.bcb.gov.br/pix), or another source that has one',
    },
    { name: 'bit.ly', files: one('https://bit.ly/3xYz'), message: shortener('bit.ly') },
    { name: 't.co', files: one('https://t.co/abc'), message: shortener('t.co') },
    { name: 'tinyurl.com with www', files: one('https://www.tinyurl.com/abc'), message: shortener('tinyurl.com') },
    { name: 'goo.gl in capitals', files: one('https://GOO.GL/abc'), message: shortener('goo.gl') },
    { name: 'ow.ly', files: one('https://ow.ly/abc'), message: shortener('ow.ly') },
    { name: 'youtu.be, the last of the list', files: one('https://youtu.be/abc'), message: shortener('youtu.be') },
    { name: 'amzn.to', files: one('https://amzn.to/abc'), message: shortener('amzn.to') },
    { name: 'a search engine redirect', files: one('https://www.google.com/url?q=https://www.bcb.gov.br/'), message: redirector('google.com/url') },
    {
      name: "a search engine's national redirect",
      files: one('https://www.google.co.uk/url?q=https://www.bcb.gov.br/'),
      message: redirector('google.co.uk/url'),
    },
    {
      name: 'a social network redirect',
      files: one('https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.bcb.gov.br%2F'),
      message: redirector('l.facebook.com/l.php'),
    },
    {
      name: "a social network's mobile redirect",
      files: one('https://lm.facebook.com/l.php?u=https%3A%2F%2Fwww.bcb.gov.br%2F'),
      message: redirector('lm.facebook.com/l.php'),
    },
    {
      name: "a forum's redirect",
      files: one('https://out.reddit.com/t3_abc?url=https%3A%2F%2Fwww.bcb.gov.br%2F'),
      message: redirector('out.reddit.com/t3_abc'),
    },
    {
      name: 'not an address',
      files: one('www.bcb.gov.br'),
      message: '"www.bcb.gov.br" is not a web address: write the full address of the page, starting with https://',
    },
    {
      name: 'another scheme',
      files: one('ftp://ftp.bcb.gov.br/pix.pdf'),
      message: 'ftp://ftp.bcb.gov.br/pix.pdf is not a web page (ftp:): a source is an https:// address a reviewer can open',
    },
    { name: 'a user name and password in the address', files: one('https://user:secret@www.bcb.gov.br/'), message: secret },
    { name: 'a user name in the address', files: one('https://user@www.bcb.gov.br/'), message: secret },
    { name: 'a password in the address', files: one('https://:secret@www.bcb.gov.br/'), message: secret },
    {
      name: 'a checked date in the future',
      files: one(BCB, '2026-11-23'),
      pointer: '/sources/0/checked',
      line: 33,
      column: 14,
      message: 'checked 2026-11-23 is in the future (today is 2026-11-22): write the date the page was actually read, 2026-11-22 at the latest',
    },
    {
      name: 'the same address twice',
      files: withSources(`sources:\n  - url: ${BCB}\n    title: A\n    checked: "2026-10-01"\n  - url: ${BCB}\n    title: B\n    checked: "2026-10-01"\n`),
      pointer: '/sources/1/url',
      line: 34,
      column: 10,
      message: 'https://www.bcb.gov.br/ is already a source of this rail: remove the second one',
    },
  ])('reports $name', async ({ files, pointer = '/sources/0/url', line = 31, column = 10, message }) => {
    const problems = await problemsOf(files, 'sources');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([
      ['rails/BR-pix.yaml', pointer, line, column, 'error', message],
    ]);
  });

  it('reports an address shared by two rails on each of them', async () => {
    const rail = (id: string) =>
      RAIL_BR_PIX.replace('id: BR-pix', `id: ${id}`)
        .replace('slug: pix', `slug: ${id.slice(3)}`)
        .replace('name: Pix', `name: ${id}`)
        .replace('https://www.bcb.gov.br/estabilidadefinanceira/pix', 'https://bit.ly/3xYz');
    const problems = await problemsOf({ 'rails/BR-pix.yaml': rail('BR-pix'), 'rails/BR-ted.yaml': rail('BR-ted') }, 'sources');
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      ['rails/BR-pix.yaml', shortener('bit.ly')],
      ['rails/BR-ted.yaml', shortener('bit.ly')],
    ]);
  });
});
