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
    { name: 'an address of another scheme (the rule sources reports it)', url: 'ftp://ftp.example.com/' },
    { name: 'a hash-bang route', url: 'https://www.example.com/#!/limits' },
    { name: 'a front page name as a whole path of pages', url: 'https://www.example.com/pages/index.html/limits' },
    { name: 'a page named like a front page with another extension', url: 'https://www.example.com/index.pdf' },
    { name: 'a page whose name starts like a front page', url: 'https://www.example.com/homestead.html' },
    { name: 'a page whose name ends like a front page', url: 'https://www.example.com/my-home' },
    { name: 'a language and a word that is no script', url: 'https://www.example.com/en-news/' },
    { name: 'a language and a region no one has', url: 'https://www.example.com/fr-zz/' },
    { name: 'a language and a numeric region no one has', url: 'https://www.example.com/es-999/' },
    { name: 'a front page in a folder that is not a language', url: 'https://www.example.com/limits/index.html' },
    { name: 'two languages and a region (a path of codes)', url: 'https://www.example.com/us/en/fr/' },
    { name: 'two regions', url: 'https://www.example.com/us/ke/' },
    { name: 'the unknown region zz beside a language', url: 'https://www.example.com/zz/en/' },
    { name: 'a language beside a three-letter segment', url: 'https://www.example.com/en/abc/' },
    { name: 'a segment shaped like a language tag that is none', url: 'https://www.example.com/xq-zz/' },
    { name: 'a four-letter segment', url: 'https://www.example.com/page/' },
    { name: 'a language tag with a numeric region of two digits', url: 'https://www.example.com/es-41/' },
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
    { name: 'a language with a numeric region', url: 'https://www.example.com/es-419/' },
    { name: 'a country and a language', url: 'https://www.example.com/us/en/' },
    { name: 'index.html', url: 'https://www.resbank.co.za/index.html' },
    { name: 'a language and its home', url: 'https://www.resbank.co.za/en/home.html' },
    { name: "SharePoint's front page", url: 'https://www.centralbank.go.ke/Pages/default.aspx' },
    { name: 'a Spanish front page', url: 'https://www.example.com.co/es/inicio' },
    { name: 'an anchor on the home page', url: 'https://www.nppa.com.au/#about' },
    { name: 'tracking and language parameters', url: 'https://www.zengin-net.jp/?utm_source=news&lang=en' },
    { name: "a subdomain's home page", url: 'https://docs.example.com/' },
    { name: 'a front page name in capitals', url: 'https://www.example.com/Index.HTML' },
    { name: "SharePoint's front page in capitals", url: 'https://www.example.com/PAGES/Default.aspx' },
    { name: 'a front page under a language', url: 'https://www.example.com/fr/accueil.php' },
    { name: 'a language and a region, region first', url: 'https://www.example.com/en/us/' },
    { name: 'a hash-bang anchor with no route', url: 'https://www.example.com/#!' },
    { name: 'a tracking parameter in capitals', url: 'https://www.example.com/?UTM_SOURCE=x' },
    { name: 'a plain http home page', url: 'http://www.nacha.org/' },
  ])('reports $name: $url', async ({ url }) => {
    const problems = await problemsOf(withSources('https://www.bcb.gov.br/estabilidadefinanceira/pix', url), 'source-home-page');
    const host = new URL(url).hostname;
    expect(problems.map((p) => [p.rule, p.severity, p.file, p.pointer, p.line, p.column, p.message])).toEqual([
      [
        'source-home-page',
        'warning',
        'rails/BR-pix.yaml',
        '/sources/1/url',
        34,
        10,
        `${url} is the home page of ${host}, where a reviewer cannot find the facts it is cited for: write the address of the page that states them (the rulebook, the limits or format page, the circular or notice), with its title and the date you read it`,
      ],
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
