/**
 * The website in a real browser (headless Chromium from Debian, driven by playwright-core): every page loads cleanly
 * and offline, the payout form checks values as the service does, the language switch works, the keyboard suffices.
 * Skipped only when Chromium is absent locally; .ci/run installs it, so CI always runs these.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFromDir } from '../../src/site/source.js';
import type { SiteData } from '../../src/site/model.js';
import { browserRequired, CHROMIUM, hasChromium, openSite, type SiteInBrowser } from './browser.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const root = path.resolve(__dirname, '../..');
const TODAY = BUNDLED_TODAY; // a site builds only from a catalog that validates
const ARTIFACTS = path.join(root, 'test-artifacts');

if (!hasChromium && !browserRequired) console.warn(`test/site/browser.test.ts: SKIPPED, no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH; .ci/run installs it)`);

describe.runIf(!hasChromium && browserRequired)('the website in Chromium, required here', () => {
  it('has a browser', () => {
    expect.fail(`CATALOG_REQUIRE_BROWSER=1 but there is no browser at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  });
});

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
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()} on ${page.url()}: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`script error on ${page.url()}: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`); });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  const open = async (p: string) => {
    problems.length = 0;
    const response = await page.goto(`${site.origin}/${p}`, { waitUntil: 'load' });
    expect(response?.status(), p).toBe(200);
  };

  it('loads every page with no console error, no failed request and no request to another host', async () => {
    const paths = ['index.html', ...['en', 'fr'].flatMap((lang) => [
      `${lang}/index.html`,
      ...data.rails.map((r) => `${lang}/rails/${r.id}.html`),
      ...data.assets.map((a) => `${lang}/assets/${a.id}.html`),
      ...data.countries.map((c) => `${lang}/countries/${c.code}.html`),
    ])];
    // Four tabs at once, each with its own listeners: every problem names its page.
    const all: string[] = [];
    const queue = [...paths];
    await Promise.all([0, 1, 2, 3].map(async () => {
      const tab = await site.context.newPage();
      tab.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') all.push(`console ${m.type()} on ${tab.url()}: ${m.text()}`); });
      tab.on('pageerror', (e) => all.push(`script error on ${tab.url()}: ${e.message}`));
      tab.on('requestfailed', (r) => all.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
      tab.on('response', (r) => { if (r.status() >= 400) all.push(`HTTP ${r.status()} for ${r.url()}`); });
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
        const response = await tab.goto(`${site.origin}/${p}`, { waitUntil: 'load' });
        if (response?.status() !== 200) all.push(`HTTP ${response?.status()} for ${p}`);
        if ((await tab.getAttribute('html', 'lang')) !== (p.startsWith('fr/') ? 'fr' : 'en')) all.push(`${p}: wrong lang attribute`);
      }
      await tab.close();
    }));
    expect(all).toEqual([]);
    expect(site.foreign).toEqual([]);
    expect(paths.length).toBe(1 + 2 * (1 + data.rails.length + data.assets.length + data.countries.length));
  }, 240_000);

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

  it('marks each counterexample invalid with its help shown, and each example valid, on every rail page', async () => {
    let checked = 0;
    for (const rail of data.rails) {
      await open(`en/rails/${rail.id}.html`);
      for (const [i, field] of rail.fields.entries()) {
        const control = page.locator(`#field-${i}`);
        expect(await control.getAttribute('name')).toBe(field.name);
        for (const value of field.counterexamples ?? []) {
          await control.fill(value);
          const state = await fieldState(page, i);
          expect(state.invalid, `${rail.id} ${field.name} counterexample ${JSON.stringify(value)}`).toBe('true');
          expect(state.errorVisible && state.error.length > 0).toBe(true);
          expect(state.describedBy).toContain(`field-${i}-error`);
          if (field.help) {
            expect(state.helpVisible).toBe(true);
            expect(state.describedBy).toContain(`field-${i}-help`);
            expect(state.help).toBe(field.help.en);
          }
          checked++;
        }
        for (const value of field.examples ?? []) {
          await control.fill(value);
          const state = await fieldState(page, i);
          expect(state.invalid, `${rail.id} ${field.name} example ${JSON.stringify(value)}: ${state.error}`).toBeNull();
          expect(state.errorVisible).toBe(false);
          expect(state.describedBy).not.toContain(`field-${i}-error`);
          checked++;
        }
      }
      expect(problems).toEqual([]);
    }
    expect(checked).toBeGreaterThan(100);
  }, 240_000);

  it('shows the normalized value and fills a field from an example button', async () => {
    await open('en/rails/FR-sepa_instant.html');
    const i = data.rails.find((r) => r.id === 'FR-sepa_instant')!.fields.findIndex((f) => f.type === 'iban');
    await page.locator(`#field-${i}`).fill('fr76 3000 6000 0112 3456 7890 189');
    expect(await page.locator(`#field-${i}-normalized`).textContent()).toContain('Will be sent as FR7630006000011234567890189');
    const button = page.locator(`.examples button[data-target="field-${i}"]`).first();
    const value = await button.getAttribute('data-value');
    await button.click();
    expect(await page.locator(`#field-${i}`).inputValue()).toBe(value);
    expect((await fieldState(page, i)).invalid).toBeNull();
    const wrong = page.locator(`.counterexamples button[data-target="field-${i}"]`).first();
    await wrong.click();
    expect((await fieldState(page, i)).invalid).toBe('true');
  });

  it('switches language: labels, help and the page language change', async () => {
    const rail = data.rails.find((r) => r.id === 'FR-sepa_instant')!;
    await open(`en/rails/${rail.id}.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('label[for="field-0"]').textContent()).toContain(rail.fields[0].label!.en);
    await page.locator('.lang-switch a').click();
    await page.waitForURL(`**/fr/rails/${rail.id}.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    for (const [i, field] of rail.fields.entries()) {
      expect(await page.locator(`label[for="field-${i}"]`).textContent()).toContain(field.label!.fr);
      if (field.help) expect(await page.locator(`#field-${i}-help`).textContent()).toBe(field.help.fr);
    }
    await page.locator('#field-0').fill(rail.fields[0].counterexamples![0]);
    expect(await page.locator('#field-0-error').textContent()).not.toMatch(/^not |^an? |^bad /);
    await page.locator('.lang-switch a').click();
    await page.waitForURL(`**/en/rails/${rail.id}.html`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('works with the keyboard alone: skip link, Tab to a field, type, Tab on, Enter on an example', async () => {
    const rail = data.rails.find((r) => r.id === 'AU-npp')!;
    await open(`en/rails/${rail.id}.html`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    let tabs = 0;
    while ((await page.evaluate(() => document.activeElement?.id)) !== 'field-0' && tabs++ < 60) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(rail.fields[0].name);
    await page.keyboard.type(rail.fields[0].counterexamples![0]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('field-0');
    expect((await fieldState(page, 0)).invalid).toBe('true');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-0');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(rail.fields[0].examples![0]);
    await page.keyboard.press('Tab');
    expect((await fieldState(page, 0)).invalid).toBeNull();
    // The next stop is the first example button: Enter fills the field with it.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.target)).toBe('field-0');
    await page.keyboard.press('Enter');
    expect(await page.locator('#field-0').inputValue()).toBe(rail.fields[0].examples![0]);
    // Submitting with the keyboard reports the empty required fields and moves the focus to the first one.
    await page.locator('#field-0').press('Enter');
    expect(await page.locator('#form-status').textContent()).toMatch(/to correct/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-1');
  });

  it('has text with a contrast of at least 4.5:1 (WCAG AA) on the index and a rail page with an invalid field', async () => {
    for (const p of ['en/index.html', 'fr/rails/AU-npp.html']) {
      await open(p);
      if (p.includes('rails')) await page.locator('#field-0').fill('0');
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

  it('saves screenshots of a rail page in both languages (test-artifacts/)', async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const rail = data.rails.find((r) => r.id === 'AU-npp')!;
    for (const lang of ['en', 'fr'] as const) {
      await open(`${lang}/rails/${rail.id}.html`);
      // One field invalid, one valid with its normalization shown, so that the screenshot shows both states.
      await page.locator('#field-0').fill(rail.fields[0].counterexamples![0]);
      await page.locator('#field-1').fill('1234-5678');
      const file = path.join(ARTIFACTS, `rail-${rail.id}-${lang}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(problems).toEqual([]);
    }
    await open('fr/index.html');
    await page.screenshot({ path: path.join(ARTIFACTS, 'index-fr.png') });
  });
});

async function fieldState(page: Page, i: number) {
  return page.evaluate((i) => {
    const control = document.getElementById(`field-${i}`)!;
    const error = document.getElementById(`field-${i}-error`)!;
    const help = document.getElementById(`field-${i}-help`);
    const visible = (e: HTMLElement | null) => !!e && !e.hidden && e.getClientRects().length > 0;
    return {
      invalid: control.getAttribute('aria-invalid'),
      describedBy: control.getAttribute('aria-describedby') ?? '',
      error: error.textContent ?? '',
      errorVisible: visible(error),
      help: help?.textContent ?? '',
      helpVisible: visible(help),
    };
  }, i);
}
