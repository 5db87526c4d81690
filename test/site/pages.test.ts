/** The site's pure parts: money and dates in fr and en, staleness, and the pages' HTML (escaping, form, links). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity } from '../../src/compare/amounts.js';
import { formatBps, formatDate, formatMinutes, reviewState } from '../../src/site/format.js';
import type { SiteData, SiteRail } from '../../src/site/model.js';
import type { FormData } from '../../src/site/form.js';
import { renderPages } from '../../src/site/pages.js';
import { siteFromDir } from '../../src/site/source.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const root = path.resolve(__dirname, '../..');
/** Intl writes fr amounts with no-break spaces: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money, quantities, durations and dates', () => {
  it.each([
    [100, 2, 'EUR', 'fr', '1,00 €'],
    [100, 2, 'EUR', 'en', '€1.00'],
    [10_000_000, 2, 'AUD', 'en', 'A$100,000.00'],
    [10_000_000, 2, 'AUD', 'fr', '100 000,00 $AU'],
    [1500, 0, 'JPY', 'en', '¥1,500'],
    [1234, 3, 'KWD', 'en', 'KWD 1.234'],
    // Beyond 2^53: exact, never rounded through a float.
    ['123456789012345678901', 2, 'USD', 'en', '$1,234,567,890,123,456,789.01'],
  ] as const)('formatMoney(%s, %s, %s, %s) is %s', (units, decimals, currency, locale, expected) => {
    expect(plain(formatMoney(units, decimals, currency, locale))).toBe(expected);
  });

  it.each([
    ['50000', 8, 'en', '0.0005'],
    ['50000', 8, 'fr', '0,0005'],
    ['1', 18, 'en', '0.000000000000000001'],
    ['1000000000000000000000', 18, 'fr', '1 000'],
    ['10000000', 6, 'en', '10'],
    ['123456789012345678901234567', 18, 'en', '123,456,789.012345678901234567'],
  ] as const)('formatQuantity(%s, %s, %s) is %s', (units, decimals, locale, expected) => {
    expect(plain(formatQuantity(units, decimals, locale))).toBe(expected);
  });

  it.each([
    [90, 'en', '1 hour, 30 minutes'],
    [90, 'fr', '1 heure et 30 minutes'],
    [2880, 'fr', '2 jours'],
    [0, 'en', '0 minutes'],
  ] as const)('formatMinutes(%s, %s) is %s', (minutes, lang, expected) => {
    expect(plain(formatMinutes(minutes, lang))).toBe(expected);
  });

  it('writes basis points and dates per language, dates in UTC', () => {
    expect(plain(formatBps(50, 'fr'))).toBe('0,5 %');
    expect(formatBps(50, 'en')).toBe('0.5%');
    expect(formatDate('2026-08-31', 'fr')).toBe('31 août 2026');
    expect(formatDate('2026-08-31', 'en')).toBe('31 August 2026');
  });

  it.each([
    ['2026-05-22', '2026-11-22', false, '2026-11-23'],
    ['2026-05-22', '2026-11-23', true, '2026-11-23'],
    ['2026-08-31', '2027-02-28', false, '2027-03-01'],
  ])('a rail verified on %s is stale on %s: %s (due %s)', (verifiedAt, today, stale, due) => {
    expect(reviewState(verifiedAt, today)).toEqual({ stale, due });
  });
});

const hostile = '<script>alert(1)</script>"\'&';

function rail(overrides: Partial<SiteRail> = {}): SiteRail {
  return {
    id: 'FR-test',
    slug: 'test',
    name: `Test ${hostile}`,
    kind: 'instant_bank',
    currency: 'EUR',
    countries: ['FR'],
    phase: 'live',
    settlement: { p50Minutes: 1, p95Minutes: 90, businessDaysOnly: true, cutoff: { time: '16:00', timeZone: 'Europe/Paris' }, calendar: 'TARGET2' },
    limits: { minMinor: 100, maxMinor: 10_000_000, decimals: 2 },
    fees: { fixedMinor: 25, bps: 50 },
    fields: [
      {
        name: 'iban',
        label: { fr: 'IBAN (fr)', en: 'IBAN (en)' },
        type: 'iban',
        required: true,
        normalize: 'upper_remove_spaces',
        maxLength: 27,
        help: { fr: 'Aide </script><b>fr</b>', en: 'Help </script><b>en</b>' },
        examples: ['FR76 3000 6000 0112 3456 7890 189'],
        counterexamples: ['FR00"><img src=x>'],
      },
      { name: 'holder', label: { fr: 'Titulaire', en: 'Holder' }, type: 'text', required: false, normalize: 'upper', maxLength: 70 },
      {
        name: 'accountType',
        label: { fr: 'Type de compte', en: 'Account type' },
        type: 'select',
        required: true,
        options: [
          { value: 'checking', label: { fr: 'Courant', en: 'Checking' } },
          { value: 'savings', label: { fr: 'Épargne', en: 'Savings' } },
        ],
      },
    ],
    verifiedAt: '2026-05-22',
    ...overrides,
  } as SiteRail;
}

function site(overrides: Partial<SiteData> = {}): SiteData {
  return {
    rails: [
      rail({
        sources: [
          { url: 'https://www.europeanpaymentscouncil.eu/sct-inst', title: 'EPC rulebook', checked: '2026-05-01' },
          { url: 'http://insecure.example/x', title: 'Insecure page' },
        ],
      }),
    ],
    assets: [
      {
        id: 'eth',
        ticker: 'ETH',
        name: 'Ether',
        decimals: 18,
        networks: ['ethereum', 'arbitrum'],
        stablecoin: false,
        quoteLockSeconds: 600,
        minDepositBase: '5000000000000000',
        phase: 'live',
      },
    ],
    countries: [
      { code: 'FR', name: 'France', currency: 'EUR', status: 'open', rails: ['FR-test'] },
      { code: 'KP', name: 'North Korea', currency: null, status: 'restricted', reason: 'international_sanctions' },
    ],
    today: '2026-11-23',
    version: 'abc123',
    withExamples: true,
    ...overrides,
  } as SiteData;
}

describe('renderPages', () => {
  const files = renderPages(site());
  const en = files.get('en/rails/FR-test.html')!;
  const fr = files.get('fr/rails/FR-test.html')!;

  it('writes a page per rail, asset and country in both languages, the indexes, and the feeds of changes', () => {
    expect([...files.keys()].sort()).toEqual([
      'en/assets/eth.html',
      'en/countries/FR.html',
      'en/countries/KP.html',
      'en/index.html',
      'en/rails/FR-test.html',
      'feeds/catalog.atom',
      'feeds/rails/FR-test.atom',
      'fr/assets/eth.html',
      'fr/countries/FR.html',
      'fr/countries/KP.html',
      'fr/index.html',
      'fr/rails/FR-test.html',
      'index.html',
    ]);
  });

  it('escapes catalog text everywhere, including inside the form data script', () => {
    for (const [file, page] of files) {
      expect(page, file).not.toContain('<script>alert');
      expect(page, file).not.toContain('<img src=x>');
      expect(page, file).not.toContain('</script><b>');
    }
    expect(en).toContain('Test &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
  });

  it('sets the language, a skip link, landmarks and a switch to the same page in the other language', () => {
    expect(en).toMatch(/<html lang="en">/);
    expect(fr).toMatch(/<html lang="fr">/);
    expect(en).toContain('<a class="skip" href="#main">');
    expect(en).toMatch(/<header[\s\S]*<nav aria-label=[\s\S]*<main id="main"[\s\S]*<footer/);
    expect(en).toContain('<a href="../../fr/rails/FR-test.html" hreflang="fr" lang="fr">Français</a>');
    expect(fr).toContain('<a href="../../en/rails/FR-test.html" hreflang="en" lang="en">English</a>');
  });

  it('writes limits and fees as currency amounts, the cut-off with its zone, and staleness on the given day', () => {
    expect(plain(en)).toContain('€100,000.00');
    expect(plain(fr)).toContain('100 000,00 €');
    expect(plain(fr)).toContain('0,25 €');
    expect(plain(fr)).toContain('0,5 %');
    expect(en).toContain('16:00, Europe/Paris time');
    expect(en).toContain('1 hour, 30 minutes');
    expect(en).toContain('Due for review since 23 November 2026');
    const fresh = renderPages(site({ today: '2026-11-22' })).get('en/rails/FR-test.html')!;
    expect(fresh).toContain('Up to date; due for review on 23 November 2026');
  });

  it('lists https sources as links, with their check date, and never links another scheme', () => {
    expect(en).toContain('<a href="https://www.europeanpaymentscouncil.eu/sct-inst">EPC rulebook</a>');
    expect(en).toContain('checked on 1 May 2026');
    expect(en).toContain('Insecure page');
    expect(en).not.toContain('href="http://insecure');
    const without = renderPages(site({ rails: [rail()] })).get('en/rails/FR-test.html')!;
    expect(without).not.toContain('id="sources"');
  });

  it('says where each number comes from: the quote and its page, the decision and its reason, or that nothing is recorded', () => {
    const withProvenance = rail({
      sources: [
        {
          url: 'https://www.europeanpaymentscouncil.eu/sct-inst',
          title: 'EPC rulebook',
          supports: [{ pointer: '/limits/maxMinor', quote: 'The maximum amount is EUR 100,000 & more.' }],
        },
      ],
      decisions: [{ pointer: '/fees', reason: 'Our own price per payout.' }],
    });
    const pages = renderPages(site({ rails: [withProvenance] }));
    const page = pages.get('en/rails/FR-test.html')!;
    const section = page.slice(page.indexOf('id="provenance"'));
    expect(section).toMatch(
      /<th scope="row">Maximum<br><span class="code">€[0-9,.]+<\/span><\/th><td><blockquote cite="https:\/\/www.europeanpaymentscouncil.eu\/sct-inst"><p>The maximum amount is EUR 100,000 &amp; more.<\/p><footer><a href="https:\/\/www.europeanpaymentscouncil.eu\/sct-inst">EPC rulebook<\/a>/,
    );
    expect(section).toContain('<p><strong>Our decision</strong>: <span>Our own price per payout.</span></p>');
    expect(section).toMatch(/<th scope="row">Minimum<br>.*No source or decision recorded/);
    const fr = pages.get('fr/rails/FR-test.html')!;
    expect(fr).toContain('<p><strong>Notre décision</strong> : <span lang="en">Our own price per payout.</span></p>'.replace(' :', ':'));
    expect(renderPages(site({ rails: [rail()] })).get('en/rails/FR-test.html')).not.toContain('id="provenance"');
  });

  it('generates one control per field, named after the field, with its label, help, options and examples', () => {
    expect(en).toMatch(/<label for="field-0">IBAN \(en\)/);
    expect(fr).toMatch(/<label for="field-0">IBAN \(fr\)/);
    expect(en).toMatch(/<input id="field-0" name="iban" required aria-required="true" aria-describedby="field-0-help field-0-rules"/);
    expect(en).toMatch(/<p class="help" id="field-0-help">Help &lt;\/script&gt;/);
    expect(en).toContain('<p class="rules" id="field-0-rules">At most 27 characters once normalized. Spaces are removed and letters put in capitals.</p>');
    expect(fr).toContain('<p class="rules" id="field-0-rules">27 caractères au plus une fois normalisé.');
    // A value typed in groups is longer than maxLength before its spaces are removed: no maxlength attribute then.
    expect(en).not.toMatch(/name="iban"[^>]*maxlength/);
    expect(en).toMatch(/name="holder"[^>]*maxlength="70"/);
    expect(en).toMatch(
      /<select id="field-2" name="accountType"[^>]*><option value="">Choose…<\/option><option value="checking">Checking<\/option><option value="savings">Savings<\/option><\/select>/,
    );
    expect(fr).toContain('<option value="savings">Épargne</option>');
    expect(en).toContain('<script src="../../static/form.js" defer></script>');
  });

  it("says, for a dependent field, what each choice changes: its format's help, required, or not applicable (escaped)", () => {
    const dependent = {
      name: 'ref',
      label: { fr: 'Référence', en: 'Reference' },
      type: 'text',
      required: false,
      help: { fr: 'Toute référence', en: 'Any reference' },
      dependsOn: {
        field: 'accountType',
        variants: [
          { when: ['checking'], required: true, help: { fr: 'Cinq chiffres', en: `Five digits ${hostile}` } },
          { when: ['savings'], applies: false },
        ],
      },
    };
    const pages = renderPages(site({ rails: [rail({ fields: [...rail().fields, dependent] as SiteRail['fields'] })] }));
    const page = pages.get('en/rails/FR-test.html')!;
    expect(page).toMatch(/<input id="field-3" name="ref" aria-describedby="field-3-help field-3-variants"/);
    expect(page).toContain(
      '<div class="variants" id="field-3-variants"><p>Depending on “Account type”:</p><ul>' +
        '<li><span class="option">Checking</span>: required. Five digits &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</li>' +
        '<li><span class="option">Savings</span>: does not apply: leave it empty.</li></ul></div>',
    );
    expect(pages.get('fr/rails/FR-test.html')).toContain(
      '<p>Selon le champ «\u00a0Type de compte\u00a0»\u00a0:</p><ul><li><span class="option">Courant</span>\u00a0: obligatoire. Cinq chiffres</li>',
    );
    // A field without dependsOn says nothing of the kind.
    expect(page.match(/class="variants"/g)).toHaveLength(1);
  });

  it('reads without JavaScript: examples as text, no button that works only with the script, the check button disabled and hidden', () => {
    expect(en).toContain('<p class="examples">Examples: <code>FR76 3000 6000 0112 3456 7890 189</code></p>');
    expect(fr).toContain('<p class="examples">Exemples : <code>FR76 3000 6000 0112 3456 7890 189</code></p>');
    // The only button is the check button: hidden, and disabled so that Enter in a field does not submit the form.
    expect([...en.matchAll(/<button[^>]*>/g)].map((m) => m[0])).toEqual(['<button type="submit" disabled>']);
    expect(en).toContain('<div class="actions" hidden><button type="submit" disabled>Check all fields</button>');
    expect(en).toMatch(/<noscript><p class="noscript">Without JavaScript this form checks nothing and sends nothing/);
    // The script builds the buttons from the form data: examples and counterexamples, escaped.
    const data = JSON.parse(/<script type="application\/json" id="form-data">(.*?)<\/script>/s.exec(en)![1]) as FormData;
    expect(data.fields[0].examples).toEqual(['FR76 3000 6000 0112 3456 7890 189']);
    expect(data.fields[0].counterexamples).toEqual(['FR00"><img src=x>']);
    expect(data.lang).toBe('en');
    // The form's errors are the check's own messages, rendered by the script from the catalog: no wording of its own.
    expect(Object.keys(data.messages)).not.toContain('errors');
    expect(data.messages.rules.maxCharsNormalized).toBe('At most {n} characters once normalized.');
  });

  it('puts index tables in a focusable region named by their heading, with column names for the stacked layout', () => {
    const index = files.get('en/index.html')!;
    for (const id of ['countries', 'rails', 'assets']) {
      expect(index).toContain(`<h2 id="${id}">`);
      expect(index).toContain(`<div class="table-scroll" role="region" aria-labelledby="${id}" tabindex="0"><table class="stack">`);
    }
    expect(index).toContain('<td><span class="cell-label" aria-hidden="true">Status: </span><span class="badge status-open">Open</span></td>');
    expect(files.get('fr/index.html')).toContain('<span class="cell-label" aria-hidden="true">Statut\u00a0: </span>');
    // An empty cell stays empty (no label), so that it takes no room once stacked.
    expect(index).toMatch(/<\/span><\/td><td><\/td><td>/);
  });

  it('marks the catalog\'s English text with lang="en" on French pages only', () => {
    expect(fr).toContain('<h1><span lang="en">Test &lt;script&gt;');
    expect(fr).toContain('<a href="https://www.europeanpaymentscouncil.eu/sct-inst" lang="en">EPC rulebook</a>');
    expect(fr).toContain('<span lang="en">Insecure page</span>');
    expect(files.get('fr/index.html')).toContain('<a href="rails/FR-test.html" lang="en">Test');
    expect(files.get('fr/assets/eth.html')).toContain('<h1><span lang="en">Ether</span>');
    for (const page of [en, files.get('en/index.html')!, files.get('en/assets/eth.html')!]) expect(page.slice(page.indexOf('<main'))).not.toMatch(/ lang="/);
  });

  it('writes asset minimums in human units and restricted countries with their reason', () => {
    expect(files.get('en/assets/eth.html')).toContain('0.005 ETH');
    expect(files.get('fr/assets/eth.html')).toContain('0,005 ETH');
    expect(files.get('en/countries/KP.html')).toContain('International sanctions');
    expect(files.get('fr/index.html')).toContain('Sanctions internationales');
  });
});

describe("lists sorted by name in the page's language", () => {
  const countries = ['AE', 'AR', 'AT', 'AU', 'DE', 'EG', 'FR'].map((code) => ({
    code,
    name: code,
    currency: null,
    status: 'open' as const,
    rails: [] as string[],
  }));
  const rails = ['Zengin', 'bKash', 'Élixir', 'ACH'].map((name, i) => rail({ id: `XX-r${i}`, name, countries: ['FR', 'AE', 'DE'] }));
  const files = renderPages(site({ countries, rails }));
  const order = (page: string, pattern: RegExp) => [...page.matchAll(pattern)].map((m) => m[1]);

  it.each([
    ['en', ['Argentina', 'Australia', 'Austria', 'Egypt', 'France', 'Germany', 'United Arab Emirates']],
    ['fr', ['Allemagne', 'Argentine', 'Australie', 'Autriche', 'Égypte', 'Émirats arabes unis', 'France']],
  ] as const)('sorts the countries of the %s index by name, not by code', (lang, expected) => {
    expect(order(files.get(`${lang}/index.html`)!, /<th scope="row"><a href="countries\/[A-Z]{2}\.html">([^<]+)<\/a>/g)).toEqual(expected);
  });

  it.each(['en', 'fr'] as const)("sorts the rails of the %s index, and a rail's countries, by name", (lang) => {
    expect(order(files.get(`${lang}/index.html`)!, /<th scope="row"><a href="rails\/[^"]+"[^>]*>([^<]+)<\/a>/g)).toEqual(['ACH', 'bKash', 'Élixir', 'Zengin']);
    const listed = order(files.get(`${lang}/rails/XX-r0.html`)!, /<a href="\.\.\/countries\/[A-Z]{2}\.html">([^<]+)<\/a>/g);
    expect(listed).toEqual(lang === 'en' ? ['France', 'Germany', 'United Arab Emirates'] : ['Allemagne', 'Émirats arabes unis', 'France']);
  });
});

describe('the bundled catalog as a site', () => {
  it('refers to no other host: scripts, styles and icons are same-origin, links to others are sources only', async () => {
    const { data } = await siteFromDir('catalog', root, BUNDLED_TODAY);
    const files = renderPages(data!);
    for (const [file, page] of files) {
      for (const m of page.matchAll(/\s(src|href)="([^"]*)"/g)) {
        const url = m[2];
        if (url.startsWith('#') || url === 'data:,' || !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) continue;
        // An absolute link is only allowed as a rail's source (an <a>, never loaded by the browser).
        expect(m[1], `${file}: ${url}`).toBe('href');
        expect(url, file).toMatch(/^https:\/\//);
      }
      // Every relative link and resource resolves to a file of the site.
      for (const m of page.matchAll(/\s(?:src|href)="([^"#:]+)(?:#[^"]*)?"/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
        expect(files.has(target) || target === 'static/site.css' || target === 'static/form.js', `${file} links to ${m[1]}`).toBe(true);
      }
      expect(page, file).not.toMatch(/<link[^>]+href="(https?:)?\/\//);
      expect(page, file).not.toMatch(/@import|url\(/);
    }
  });
});
