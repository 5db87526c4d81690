import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX } from '../helpers/catalog.js';

/** BR-pix with its sources block replaced (line 30 is `sources:`, line 31 + 3·i the url of source i). */
const withSources = (...urls: string[]) => ({
  'rails/BR-pix.yaml':
    RAIL_BR_PIX.slice(0, RAIL_BR_PIX.indexOf('sources:\n')) +
    'sources:\n' +
    urls.map((url, i) => `  - url: ${url}\n    title: Page ${i}\n    checked: "2026-10-01"\n`).join(''),
});

describe('source-home-page', () => {
  it.each([
    { name: 'a page under a path', url: 'https://www.bcb.gov.br/estabilidadefinanceira/pix' },
    { name: 'a document at the root of the site', url: 'https://www.nacha.org/rules.pdf' },
    { name: 'a page under a language segment', url: 'https://www.npci.org.in/what-we-do/upi/product-overview' },
    {
      name: 'a language segment and a page',
      url: 'https://www.hkma.gov.hk/eng/key-functions/international-financial-centre/financial-market-infrastructure/faster-payment-system-fps/',
    },
    { name: 'a two-letter segment that is no language (np: national payments)', url: 'https://www.centralbank.go.ke/np/' },
    { name: 'a two-letter region alone (a country section, not a language)', url: 'https://www.example.com/ke/' },
    { name: 'a three-letter code with no two-letter one (ach: Acoli)', url: 'https://www.example.com/ach' },
    { name: 'a query that names the page', url: 'https://www.example.com/?page_id=42' },
    { name: 'a route of a page application in the fragment', url: 'https://www.sanctionsmap.eu/#/main/details/26/' },
    { name: 'a front page name in the middle of a path', url: 'https://www.example.com/index/limits' },
    { name: 'a country, a language and a page', url: 'https://www.example.com/us/en/limits.html' },
    { name: 'a placeholder left by catalog new (the rule placeholder reports it)', url: 'TODO' },
    { name: 'no web address (the rule sources reports it)', url: 'www.bcb.gov.br' },
  ])('accepts $name: $url', async ({ url }) => {
    expect(await problemsOf(withSources(url), 'source-home-page')).toEqual([]);
  });

  it.each([
    { name: 'the root with a slash', url: 'https://www.nacha.org/' },
    { name: 'the root without a slash', url: 'https://www.nacha.org' },
    { name: 'a language segment', url: 'https://www.bceao.int/fr' },
    { name: 'a language segment with a slash', url: 'https://www.bog.gov.gh/en/' },
    { name: 'a three-letter language code that has a two-letter one', url: 'https://www.hkma.gov.hk/eng/' },
    { name: 'a language and region tag', url: 'https://www.example.com/pt-BR/' },
    { name: 'a language tag with an underscore', url: 'https://www.example.com/en_GB/' },
    { name: 'a language with a script', url: 'https://www.example.com/zh-hant/' },
    { name: 'a country and a language', url: 'https://www.example.com/us/en/' },
    { name: 'index.html', url: 'https://www.resbank.co.za/index.html' },
    { name: 'a language and its home', url: 'https://www.resbank.co.za/en/home.html' },
    { name: "SharePoint's front page", url: 'https://www.centralbank.go.ke/Pages/default.aspx' },
    { name: 'a Spanish front page', url: 'https://www.example.com.co/es/inicio' },
    { name: 'an anchor on the home page', url: 'https://www.nppa.com.au/#about' },
    { name: 'tracking and language parameters', url: 'https://www.zengin-net.jp/?utm_source=news&lang=en' },
    { name: "a subdomain's home page", url: 'https://docs.example.com/' },
  ])('reports $name: $url', async ({ url }) => {
    const problems = await problemsOf(withSources('https://www.bcb.gov.br/estabilidadefinanceira/pix', url), 'source-home-page');
    expect(problems.map((p) => [p.rule, p.severity, p.file, p.pointer, p.line, p.column])).toEqual([
      ['source-home-page', 'warning', 'rails/BR-pix.yaml', '/sources/1/url', 34, 10],
    ]);
  });

  it('reports each home page of a rail, at its own line', async () => {
    const problems = await problemsOf(
      withSources('https://www.npci.org.in/', 'https://www.npci.org.in/what-we-do/upi/product-overview', 'https://www.rbi.org.in/'),
      'source-home-page',
    );
    expect(problems.map((p) => [p.pointer, p.line])).toEqual([
      ['/sources/0/url', 31],
      ['/sources/2/url', 37],
    ]);
  });
});
