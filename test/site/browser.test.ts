/**
 * The website in a real browser (headless Chromium from Debian, driven by playwright-core): every page loads cleanly
 * and offline and reflows at 320 px, the payout form checks values as the service does (errors once a field is left),
 * works as a plain form without JavaScript, lists sort by name per language, axe-core finds nothing, the keyboard
 * suffices. One browser for the whole file. Skipped only when Chromium is absent locally; .ci/run installs it.
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/site/serve.js';
import { siteFromDir } from '../../src/site/source.js';
import type { SiteData } from '../../src/site/model.js';
import { axeViolations, browserRequired, CHROMIUM, checkSays, failWithoutRequiredBrowser, hasChromium, openSite, type SiteInBrowser } from './browser.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const root = path.resolve(__dirname, '../..');
const TODAY = BUNDLED_TODAY; // a site builds only from a catalog that validates
const ARTIFACTS = path.join(root, 'test-artifacts');

if (!hasChromium && !browserRequired)
  console.warn(`test/site/browser.test.ts: SKIPPED, no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH; .ci/run installs it)`);

failWithoutRequiredBrowser('the website in Chromium');

describe.skipIf(!hasChromium)('the website in Chromium', () => {
  let data: SiteData;
  let site: SiteInBrowser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    const result = await siteFromDir('catalog', root, TODAY);
    data = result.data!;
    site = await openSite(data);
    page = await site.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()} on ${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`script error on ${page.url()}: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
    });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  const open = async (p: string, on: Page = page) => {
    problems.length = 0;
    const response = await on.goto(`${site.origin}/${p}`, { waitUntil: 'load' });
    expect(response?.status(), p).toBe(200);
  };
  const rail = (id: string) => data.rails.find((r) => r.id === id)!;
  const allPaths = () => [
    'index.html',
    ...(['en', 'fr'] as const).flatMap((lang) => [
      `${lang}/index.html`,
      ...data.rails.map((r) => `${lang}/rails/${r.id}.html`),
      ...data.assets.map((a) => `${lang}/assets/${a.id}.html`),
      ...data.countries.map((c) => `${lang}/countries/${c.code}.html`),
    ]),
  ];

  /**
   * Every page of both languages, visited once on phone-sized viewports by four tabs: what went wrong while loading
   * it, and where the page scrolls sideways at 320 px and 375 px. A rail page is measured again with its form full of
   * errors, at both widths. Each tab measures at its current width first and then at the other (fewer resizes).
   */
  let visit: Promise<{ problems: string[]; sideways: string[] }> | undefined;
  const visitAll = () =>
    (visit ??= (async () => {
      const all: string[] = [];
      const sideways: string[] = [];
      const queue = allPaths();
      const context = await site.newContext({ viewport: { width: 320, height: 800 } });
      const measure = (tab: Page, p: string, state: string) =>
        tab.evaluate(
          ([p, state]) => {
            const { scrollWidth, clientWidth } = document.documentElement;
            return scrollWidth > clientWidth ? [`${p}${state} at ${clientWidth} px: ${scrollWidth} px wide`] : [];
          },
          [p, state] as const,
        );
      await Promise.all(
        [0, 1, 2, 3].map(async () => {
          const tab = await context.newPage();
          tab.on('console', (m) => {
            if (m.type() === 'error' || m.type() === 'warning') all.push(`console ${m.type()} on ${tab.url()}: ${m.text()}`);
          });
          tab.on('pageerror', (e) => all.push(`script error on ${tab.url()}: ${e.message}`));
          tab.on('requestfailed', (r) => all.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
          tab.on('response', (r) => {
            if (r.status() >= 400) all.push(`HTTP ${r.status()} for ${r.url()}`);
          });
          let width = 320;
          for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
            const response = await tab.goto(`${site.origin}/${p}`, { waitUntil: 'load' });
            if (response?.status() !== 200) all.push(`HTTP ${response?.status()} for ${p}`);
            if ((await tab.getAttribute('html', 'lang')) !== (p.startsWith('fr/') ? 'fr' : 'en')) all.push(`${p}: wrong lang attribute`);
            const other = async () => {
              width = width === 320 ? 375 : 320;
              await tab.setViewportSize({ width, height: 800 });
            };
            sideways.push(...(await measure(tab, p, '')));
            await other();
            sideways.push(...(await measure(tab, p, '')));
            if (!p.includes('/rails/')) continue;
            // The form at its widest: each field filled with its longest counterexample, then checked (every message shown).
            await tab.evaluate(() => {
              for (const group of Array.from(document.querySelectorAll('.try.counterexamples'))) {
                const buttons = Array.from(group.querySelectorAll<HTMLButtonElement>('button.fill'));
                buttons.sort((a, b) => (b.dataset.value ?? '').length - (a.dataset.value ?? '').length)[0]?.click();
              }
              document.querySelector<HTMLButtonElement>('form.beneficiary button[type="submit"]')?.click();
            });
            sideways.push(...(await measure(tab, p, ' (form checked)')));
            await other();
            sideways.push(...(await measure(tab, p, ' (form checked)')));
          }
          await tab.close();
        }),
      );
      await context.close();
      return { problems: all, sideways };
    })());

  it('loads every page with no console error, no failed request and no request to another host', async () => {
    const { problems: all } = await visitAll();
    expect(all).toEqual([]);
    expect(site.foreign).toEqual([]);
    expect(allPaths().length).toBe(1 + 2 * (1 + data.rails.length + data.assets.length + data.countries.length));
  }, 240_000);

  it('scrolls no page sideways at 320 px (WCAG reflow) or 375 px, the forms full of errors included', async () => {
    const { sideways } = await visitAll();
    expect(sideways).toEqual([]);
  }, 240_000);

  it("scrolls neither the preview's problem page nor the not-found page sideways at 320 px", async () => {
    const long = `catalog/rails/${'XX-a_very_long_rail_identifier'.repeat(3)}.yaml:12:7  error  ${'a long message without a break '.repeat(4)}`;
    const server = createSiteServer(() => ({ error: `${long}\n${'/'.repeat(200)}`, generation: 1, files: site.files }), { live: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Another origin than the site's: a context of its own, without the site's offline guard (nothing here links out).
    const context = await site.context.browser()!.newContext({ viewport: { width: 320, height: 800 } });
    try {
      const tab = await context.newPage();
      for (const p of ['en/index.html', 'no-such-page.css']) {
        await tab.goto(`${origin}/${p}`, { waitUntil: 'load' });
        const [scroll, client] = await tab.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        expect(scroll, p).toBeLessThanOrEqual(client);
      }
      expect(await tab.locator('h1').textContent()).toBe('Not found');
    } finally {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('follows every link of the English index to a page that exists', async () => {
    await open('en/index.html');
    const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    const local = [...new Set(hrefs.filter((h) => h.startsWith(site.origin)).map((h) => h.split('#')[0]))];
    expect(local.length).toBeGreaterThan(data.rails.length);
    for (const href of local) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
    }
  }, 120_000);

  it('marks each counterexample invalid once its field is left, with its help shown, and each example valid, on every rail page', async () => {
    let checked = 0;
    for (const r of data.rails) {
      await open(`en/rails/${r.id}.html`);
      for (const [i, field] of r.fields.entries()) {
        const control = page.locator(`#field-${i}`);
        expect(await control.getAttribute('name')).toBe(field.name);
        for (const value of field.counterexamples ?? []) {
          await control.fill(value);
          const state = await fieldState(page, i, true);
          expect(state.invalid, `${r.id} ${field.name} counterexample ${JSON.stringify(value)}`).toBe('true');
          expect(state.errorVisible && state.error.length > 0).toBe(true);
          expect(state.describedBy).toContain(`field-${i}-error`);
          expect(state.normalizedVisible, `${r.id} ${field.name}: nothing "will be sent" for an invalid value`).toBe(false);
          if (field.help) {
            expect(state.helpVisible).toBe(true);
            expect(state.describedBy).toContain(`field-${i}-help`);
            expect(state.help).toBe(field.help.en);
          }
          checked++;
        }
        for (const value of field.examples ?? []) {
          await control.fill(value);
          const state = await fieldState(page, i, true);
          expect(state.invalid, `${r.id} ${field.name} example ${JSON.stringify(value)}: ${state.error}`).toBeNull();
          expect(state.errorVisible).toBe(false);
          expect(state.describedBy).not.toContain(`field-${i}-error`);
          expect(state.normalized).toMatch(/^Valid\./);
          checked++;
        }
      }
      expect(problems).toEqual([]);
    }
    expect(checked).toBeGreaterThan(100);
  }, 240_000);

  it('shows what will be sent for a valid value only, and fills a field from an example button', async () => {
    await open('en/rails/FR-sepa_instant.html');
    const i = rail('FR-sepa_instant').fields.findIndex((f) => f.type === 'iban');
    const control = page.locator(`#field-${i}`);
    await control.fill('fr76 3000 6000 0112 3456 7890 189');
    expect(await page.locator(`#field-${i}-normalized`).textContent()).toBe('Valid. Will be sent as FR7630006000011234567890189');
    // The same IBAN with a wrong check digit: normalization changes it too, but an invalid value is never "sent".
    await control.fill('fr76 3000 6000 0112 3456 7890 188');
    await control.blur();
    expect((await fieldState(page, i)).invalid).toBe('true');
    expect(await page.locator(`#field-${i}-normalized`).isVisible()).toBe(false);
    const button = page.locator(`.examples button[data-target="field-${i}"]`).first();
    const value = await button.getAttribute('data-value');
    await button.click();
    expect(await control.inputValue()).toBe(value);
    expect((await fieldState(page, i)).invalid).toBeNull();
    const wrong = page.locator(`.counterexamples button[data-target="field-${i}"]`).first();
    await wrong.click();
    expect((await fieldState(page, i)).invalid).toBe('true');
  });

  it('judges a value when its field is left, and live from then on', async () => {
    const au = rail('AU-npp');
    await open(`en/rails/${au.id}.html`);
    const bsb = page.locator('#field-0');
    // Tabbing through an empty required field says nothing.
    await bsb.focus();
    await page.keyboard.press('Tab');
    expect((await fieldState(page, 0)).errorVisible).toBe(false);
    await bsb.focus();
    // Typing: each prefix of a 6-digit BSB is invalid, and none is called so while the field has the focus.
    for (const key of '06200') {
      await page.keyboard.type(key);
      const state = await fieldState(page, 0);
      expect(state.invalid, `after typing up to ${key}`).toBeNull();
      expect(state.errorVisible).toBe(false);
      expect(state.normalizedVisible).toBe(false);
    }
    await page.keyboard.press('Tab');
    let state = await fieldState(page, 0);
    expect(state.invalid).toBe('true');
    expect(state.error).toBe(checkSays(au, { [au.fields[0].name]: '06200' }, au.fields[0].name, 'en'));
    // Back in the field, the verdict follows each keystroke.
    await bsb.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('0');
    state = await fieldState(page, 0);
    expect(state.invalid).toBeNull();
    expect(state.normalized).toBe('Valid.');
    await page.keyboard.type('1');
    state = await fieldState(page, 0);
    expect(state.invalid).toBe('true');
    expect(state.errorVisible).toBe(true);
    await page.keyboard.press('Backspace');
    expect((await fieldState(page, 0)).invalid).toBeNull();
    // Emptied after being answered: the required message, live.
    await bsb.fill('');
    expect((await fieldState(page, 0)).error).toMatch(/required/);
    expect(problems).toEqual([]);
  });

  it('keeps the status line in step with the corrections, up to "all fields are valid"', async () => {
    const co = rail('CO-ach');
    await open(`en/rails/${co.id}.html`);
    const status = page.locator('#form-status');
    expect(await status.textContent()).toBe('');
    await page.locator('form.beneficiary button[type="submit"]').click();
    expect(await status.textContent()).toBe(`${co.fields.length} fields to correct.`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-0');
    for (const [i, field] of co.fields.entries()) {
      if (field.type === 'select') await page.locator(`#field-${i}`).selectOption(field.options![0].value);
      else await page.locator(`#field-${i}`).fill(field.examples?.[0] ?? 'Ana María Gómez');
      const left = co.fields.length - i - 1;
      expect(await status.textContent()).toBe(left === 0 ? 'All fields are valid.' : left === 1 ? '1 field to correct.' : `${left} fields to correct.`);
      expect((await fieldState(page, i)).invalid).toBeNull();
    }
    await page.locator('#field-0').fill(co.fields[0].counterexamples![0]);
    expect(await status.textContent()).toBe('1 field to correct.');
    expect((await fieldState(page, 0)).invalid).toBe('true');
  });

  it.each(['en', 'fr'] as const)("says the service's words, in the page's language, for a required select left unchosen (%s)", async (lang) => {
    const co = rail('CO-ach');
    const i = co.fields.findIndex((f) => f.type === 'select' && f.required);
    const message = checkSays(co, {}, co.fields[i].name, lang);
    expect(message).toContain(co.fields[i].label![lang]);
    await open(`${lang}/rails/${co.id}.html`);
    await page.locator('form.beneficiary button[type="submit"]').click();
    expect((await fieldState(page, i)).error).toBe(message);
    // Chosen, then back to the placeholder: the same message, at once.
    const select = page.locator(`#field-${i}`);
    await select.selectOption(co.fields[i].options![1].value);
    expect((await fieldState(page, i)).invalid).toBeNull();
    await select.selectOption('');
    const state = await fieldState(page, i);
    expect(state.invalid).toBe('true');
    expect(state.error).toBe(message);
    expect(state.errorLang).toBeNull();
  });

  it('works without JavaScript as a plain form: every field, its help and examples, no button, and Enter keeps the values', async () => {
    const context = await site.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } });
    const tab = await context.newPage();
    let navigations = 0;
    tab.on('framenavigated', (frame) => {
      if (frame === tab.mainFrame()) navigations++;
    });
    const seen: string[] = [];
    try {
      for (const lang of ['en', 'fr'] as const) {
        for (const r of data.rails) {
          const url = `${site.origin}/${lang}/rails/${r.id}.html`;
          await tab.goto(url, { waitUntil: 'load' });
          const where = `${lang}/rails/${r.id}`;
          const shown = await tab.evaluate(() => {
            const visible = (e: Element | null) => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
            const fields = Array.from(document.querySelectorAll('form.beneficiary .field')).map((_, i) => ({
              label: visible(document.querySelector(`label[for="field-${i}"]`)),
              control: visible(document.getElementById(`field-${i}`)),
              help: visible(document.getElementById(`field-${i}-help`)) ? document.getElementById(`field-${i}-help`)!.textContent : null,
              tries: visible(document.getElementById(`field-${i}-tries`)) ? document.getElementById(`field-${i}-tries`)!.textContent : '',
            }));
            return {
              buttons: Array.from(document.querySelectorAll('main button')).filter(visible).length,
              noscript: visible(document.querySelector('main .noscript')),
              fields,
              sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
            };
          });
          expect(shown.buttons, `${where}: no button that does nothing`).toBe(0);
          expect(shown.noscript, where).toBe(true);
          expect(shown.sideways, `${where} scrolls sideways at 320 px without JavaScript`).toBe(false);
          expect(shown.fields.length).toBe(r.fields.length);
          for (const [i, field] of r.fields.entries()) {
            expect(shown.fields[i].label && shown.fields[i].control, `${where} ${field.name}: label and control shown`).toBe(true);
            if (field.help) expect(shown.fields[i].help, `${where} help of ${field.name}`).toBe(field.help[lang]);
            for (const example of field.examples ?? []) expect(shown.fields[i].tries, `${where} examples of ${field.name}`).toContain(example);
          }
          if (lang === 'fr') continue;
          // Enter in a field submits a form implicitly unless its default button is disabled: nothing happens here.
          const text = r.fields.findIndex((f) => f.type !== 'select');
          if (text < 0) continue;
          const value = r.fields[text].examples?.[0] ?? 'Ana';
          await tab.locator(`#field-${text}`).fill(value);
          const before = navigations;
          await tab.locator(`#field-${text}`).press('Enter');
          await tab.waitForLoadState('load');
          expect(navigations - before, `${where}: Enter does not reload the page`).toBe(0);
          expect(tab.url()).toBe(url);
          expect(await tab.locator(`#field-${text}`).inputValue()).toBe(value);
          seen.push(where);
        }
      }
      expect(seen.length).toBe(data.rails.filter((r) => r.fields.some((f) => f.type !== 'select')).length);
    } finally {
      await context.close();
    }
    // axe-core needs scripts (its timers do not run where they are off): it audits the form as the page serves it,
    // with the page's own script kept from loading.
    const scriptless = await site.newContext();
    await scriptless.route('**/static/form.js', (route) => route.abort());
    try {
      const audited = await scriptless.newPage();
      for (const lang of ['en', 'fr']) {
        await audited.goto(`${site.origin}/${lang}/rails/CO-ach.html`, { waitUntil: 'load' });
        expect(await audited.locator('form.beneficiary .actions').isVisible()).toBe(false);
        expect(await axeViolations(audited), `axe on ${lang}/rails/CO-ach.html without its script`).toEqual([]);
      }
    } finally {
      await scriptless.close();
    }
  }, 120_000);

  it.each(['en', 'fr'] as const)("sorts countries and rails by their names in the page's language, and shows names, not codes (%s)", async (lang) => {
    const collated = (selector: string) =>
      page.$$eval(selector, (links) => {
        const names = links.map((a) => a.textContent ?? '');
        const collator = new Intl.Collator(document.documentElement.lang);
        return { names, sorted: [...names].sort(collator.compare) };
      });
    await open(`${lang}/index.html`);
    const countries = await collated('[aria-labelledby="countries"] tbody th a');
    expect(countries.names).toEqual(countries.sorted);
    expect(countries.names.length).toBe(data.countries.length);
    const byCode = [...data.countries].sort((a, b) => (a.code < b.code ? -1 : 1)).map((c) => new Intl.DisplayNames([lang], { type: 'region' }).of(c.code));
    expect(countries.names, "the order differs from the codes' order").not.toEqual(byCode);
    expect(countries.names).not.toContain('AE');
    const rails = await collated('[aria-labelledby="rails"] tbody th a');
    expect(rails.names).toEqual(rails.sorted);
    expect(rails.names.length).toBe(data.rails.length);
    // A rail of several countries lists them by name; a country of several rails lists them by name.
    const multi = data.rails.reduce((a, b) => (b.countries.length > a.countries.length ? b : a));
    await open(`${lang}/rails/${multi.id}.html`);
    const listed = await collated('.facts a[href*="countries/"]');
    expect(listed.names.length).toBe(multi.countries.length);
    expect(listed.names).toEqual(listed.sorted);
    await open(`${lang}/countries/FR.html`);
    const railsOfFrance = await collated('main ul a[href*="rails/"]');
    expect(railsOfFrance.names.length).toBeGreaterThan(1);
    expect(railsOfFrance.names).toEqual(railsOfFrance.sorted);
  });

  it('marks the catalog\'s English names and source titles with lang="en" on French pages, and nothing on English ones', async () => {
    const sepa = rail('FR-sepa_instant');
    await open(`fr/rails/${sepa.id}.html`);
    expect(await page.locator('h1 [lang="en"]').textContent()).toBe(sepa.name);
    const sources = await page.$$eval('.sources a', (as) => as.map((a) => [a.getAttribute('lang'), a.textContent]));
    expect(sources).toEqual(sepa.sources!.map((s) => ['en', s.title]));
    await open('fr/index.html');
    const railLinks = await page.$$eval('[aria-labelledby="rails"] tbody th a', (as) => as.map((a) => a.getAttribute('lang')));
    expect(new Set(railLinks)).toEqual(new Set(['en']));
    // Country names come from Intl in French: no mark.
    expect(await page.locator('[aria-labelledby="countries"] tbody th a[lang]').count()).toBe(0);
    for (const p of [`en/rails/${sepa.id}.html`, 'en/index.html']) {
      await open(p);
      expect(await page.locator('main [lang]').count(), p).toBe(0);
    }
  });

  it('switches language: labels, help and the page language change', async () => {
    const sepa = rail('FR-sepa_instant');
    await open(`en/rails/${sepa.id}.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('label[for="field-0"]').textContent()).toContain(sepa.fields[0].label!.en);
    await page.locator('.lang-switch a').click();
    await page.waitForURL(`**/fr/rails/${sepa.id}.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    for (const [i, field] of sepa.fields.entries()) {
      expect(await page.locator(`label[for="field-${i}"]`).textContent()).toContain(field.label!.fr);
      if (field.help) expect(await page.locator(`#field-${i}-help`).textContent()).toBe(field.help.fr);
    }
    await page.locator('#field-0').fill(sepa.fields[0].counterexamples![0]);
    await page.locator('#field-0').blur();
    expect(await page.locator('#field-0-error').textContent()).not.toMatch(/^not |^an? |^bad /);
    expect(await page.locator('#field-0-error').getAttribute('lang')).toBeNull();
    await page.locator('.lang-switch a').click();
    await page.waitForURL(`**/en/rails/${sepa.id}.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('works with the keyboard alone: skip link, Tab to a field, type, Tab on, Enter on an example', async () => {
    const au = rail('AU-npp');
    await open(`en/rails/${au.id}.html`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    let tabs = 0;
    while ((await page.evaluate(() => document.activeElement?.id)) !== 'field-0' && tabs++ < 60) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(au.fields[0].name);
    await page.keyboard.type(au.fields[0].counterexamples![0]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('field-0');
    expect((await fieldState(page, 0)).invalid).toBe('true');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-0');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(au.fields[0].examples![0]);
    await page.keyboard.press('Tab');
    expect((await fieldState(page, 0)).invalid).toBeNull();
    // The next stop is the first example button: Enter fills the field with it.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.target)).toBe('field-0');
    await page.keyboard.press('Enter');
    expect(await page.locator('#field-0').inputValue()).toBe(au.fields[0].examples![0]);
    // Submitting with the keyboard reports the empty required fields and moves the focus to the first one.
    await page.locator('#field-0').press('Enter');
    expect(await page.locator('#form-status').textContent()).toMatch(/to correct/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-1');
  });

  it('has text with a contrast of at least 4.5:1 (WCAG AA) on the index and a rail page with an invalid field', async () => {
    for (const p of ['en/index.html', 'fr/rails/AU-npp.html']) {
      await open(p);
      if (p.includes('rails')) {
        await page.locator('#field-0').fill('0');
        await page.locator('#field-0').blur();
      }
      const low = await page.evaluate(() => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const lum = ([r, g, b]: number[]) => {
          const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
        };
        const background = (e: Element | null): number[] => {
          for (; e; e = e.parentElement) {
            const c = rgb(getComputedStyle(e).backgroundColor);
            if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
          }
          return [255, 255, 255];
        };
        const out: string[] = [];
        for (const e of Array.from(document.querySelectorAll('body *'))) {
          const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent!.trim());
          if (!own || e.getClientRects().length === 0 || (e as HTMLElement).closest('.skip')) continue;
          const a = lum(rgb(getComputedStyle(e).color).slice(0, 3));
          const b = lum(background(e));
          const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          if (ratio < 4.5) out.push(`${e.tagName}.${e.className} "${e.textContent!.trim().slice(0, 30)}": ${ratio.toFixed(2)}`);
        }
        return out;
      });
      expect(low, p).toEqual([]);
    }
  });

  it('passes axe-core with no violation on every kind of page, in both languages, wide and at 320 px', async () => {
    const restricted = data.countries.find((c) => c.status === 'restricted')!;
    const open_ = data.countries.find((c) => c.status === 'open' && (c.rails?.length ?? 0) > 1)!;
    const kinds = (lang: string) => [
      `${lang}/index.html`,
      `${lang}/rails/CO-ach.html`,
      `${lang}/rails/FR-sepa_instant.html`,
      `${lang}/countries/${open_.code}.html`,
      `${lang}/countries/${restricted.code}.html`,
      `${lang}/assets/${data.assets[0].id}.html`,
    ];
    const found: string[] = [];
    let audited = 0;
    // Every kind wide; at 320 px the pages whose layout changes most (stacked tables, the form).
    const audits = [
      [1100, ['index.html', ...kinds('en'), ...kinds('fr')]],
      [320, ['en/index.html', 'fr/index.html', 'en/rails/CO-ach.html', 'fr/rails/CO-ach.html']],
    ] as const;
    for (const [width, paths] of audits) {
      await page.setViewportSize({ width, height: 900 });
      for (const p of paths) {
        await open(p);
        if (p.includes('/rails/')) {
          // The form with its states shown: checked with nothing filled, one counterexample, one valid value.
          await page.locator('form.beneficiary button[type="submit"]').click();
          await page.locator('.counterexamples button.fill').first().click();
          await page.locator('.examples button.fill').last().click();
        }
        found.push(...(await axeViolations(page)).map((v) => `${p} at ${width} px: ${v}`));
        audited++;
      }
    }
    await page.setViewportSize({ width: 1100, height: 900 });
    expect(found).toEqual([]);
    expect(audited).toBe(17);
  }, 120_000);

  it('saves screenshots of rail pages in both languages, wide and at 320 px (test-artifacts/)', async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const au = rail('AU-npp');
    for (const lang of ['en', 'fr'] as const) {
      await open(`${lang}/rails/${au.id}.html`);
      // One field invalid, one valid with its normalization shown, so that the screenshot shows both states.
      await page.locator('#field-0').fill(au.fields[0].counterexamples![0]);
      await page.locator('#field-0').blur();
      await page.locator('#field-1').fill('1234-5678');
      await page.screenshot({ path: path.join(ARTIFACTS, `rail-${au.id}-${lang}.png`), fullPage: true });
      expect(problems).toEqual([]);
    }
    const phone = await site.newContext({ viewport: { width: 320, height: 800 } });
    const tab = await phone.newPage();
    for (const lang of ['en', 'fr'] as const) {
      await open(`${lang}/rails/BR-pix.html`, tab);
      await tab.locator('form.beneficiary button[type="submit"]').click();
      await tab.screenshot({ path: path.join(ARTIFACTS, `rail-BR-pix-${lang}-320.png`), fullPage: true });
    }
    await open('fr/index.html', tab);
    await tab.screenshot({ path: path.join(ARTIFACTS, 'index-fr-320.png') });
    await phone.close();
    await open('fr/index.html');
    await page.screenshot({ path: path.join(ARTIFACTS, 'index-fr.png') });
  });
});

/** The state of field i as the page shows it; `leave` first moves the focus out of the field (a blur, as Tab does). */
async function fieldState(page: Page, i: number, leave = false) {
  return page.evaluate(
    ([i, leave]) => {
      const control = document.getElementById(`field-${i}`)!;
      if (leave) control.blur();
      const error = document.getElementById(`field-${i}-error`)!;
      const help = document.getElementById(`field-${i}-help`);
      const normalized = document.getElementById(`field-${i}-normalized`);
      const visible = (e: HTMLElement | null) => !!e && !e.hidden && e.getClientRects().length > 0;
      return {
        invalid: control.getAttribute('aria-invalid'),
        describedBy: control.getAttribute('aria-describedby') ?? '',
        error: error.textContent ?? '',
        errorLang: error.getAttribute('lang'),
        errorVisible: visible(error),
        help: help?.textContent ?? '',
        helpVisible: visible(help),
        normalized: normalized?.textContent ?? '',
        normalizedVisible: visible(normalized),
      };
    },
    [i, leave] as const,
  );
}
