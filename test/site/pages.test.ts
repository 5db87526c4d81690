/** The site's pure parts: money and dates in fr and en, staleness, and the pages' HTML (escaping, form, links). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity } from '../../src/compare/amounts.js';
import { formatBps, formatDate, formatMinutes, reviewState } from '../../src/site/format.js';
import type { SiteData, SiteRail } from '../../src/site/model.js';
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
    rails: [rail({ sources: [{ url: 'https://www.europeanpaymentscouncil.eu/sct-inst', title: 'EPC rulebook', checked: '2026-05-01' }, { url: 'http://insecure.example/x', title: 'Insecure page' }] })],
    assets: [{ id: 'eth', ticker: 'ETH', name: 'Ether', decimals: 18, networks: ['ethereum', 'arbitrum'], stablecoin: false, quoteLockSeconds: 600, minDepositBase: '5000000000000000', phase: 'live' }],
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

  it('writes a page per rail, asset and country in both languages, and the indexes', () => {
    expect([...files.keys()].sort()).toEqual([
      'en/assets/eth.html', 'en/countries/FR.html', 'en/countries/KP.html', 'en/index.html', 'en/rails/FR-test.html',
      'fr/assets/eth.html', 'fr/countries/FR.html', 'fr/countries/KP.html', 'fr/index.html', 'fr/rails/FR-test.html',
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

  it('generates one control per field, named after the field, with its label, help, options and examples', () => {
    expect(en).toMatch(/<label for="field-0">IBAN \(en\)/);
    expect(fr).toMatch(/<label for="field-0">IBAN \(fr\)/);
    expect(en).toMatch(/<input id="field-0" name="iban" required aria-required="true" aria-describedby="field-0-help field-0-rules"/);
    expect(en).toMatch(/<p class="help" id="field-0-help">Help &lt;\/script&gt;/);
    // A value typed in groups is longer than maxLength before its spaces are removed: no maxlength attribute then.
    expect(en).not.toMatch(/name="iban"[^>]*maxlength/);
    expect(en).toMatch(/name="holder"[^>]*maxlength="70"/);
    expect(en).toMatch(/<select id="field-2" name="accountType"[^>]*><option value="">Choose…<\/option><option value="checking">Checking<\/option><option value="savings">Savings<\/option><\/select>/);
    expect(fr).toContain('<option value="savings">Épargne</option>');
    expect(en).toContain('data-value="FR76 3000 6000 0112 3456 7890 189"');
    expect(en).toContain('data-value="FR00&quot;&gt;&lt;img src=x&gt;"');
    expect(en).toContain('<script src="../../static/form.js" defer></script>');
  });

  it('writes asset minimums in human units and restricted countries with their reason', () => {
    expect(files.get('en/assets/eth.html')).toContain('0.005 ETH');
    expect(files.get('fr/assets/eth.html')).toContain('0,005 ETH');
    expect(files.get('en/countries/KP.html')).toContain('International sanctions');
    expect(files.get('fr/index.html')).toContain('Sanctions internationales');
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
