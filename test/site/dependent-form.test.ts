/**
 * The payout form applies dependent fields in a real browser (headless Chromium): a field is checked against the format
 * of the option chosen in the select it depends on, and checked again when that choice changes.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFromDir } from '../../src/site/source.js';
import { hasChromium, openSite, type SiteInBrowser } from './browser.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const root = path.resolve(__dirname, '../..');

describe.skipIf(!hasChromium)('dependent fields in the payout form', () => {
  let site: SiteInBrowser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    const { data } = await siteFromDir('catalog', root, BUNDLED_TODAY);
    site = await openSite(data!);
    page = await site.context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  /** The verdict shown on the control named `name`: aria-invalid and the error text. */
  const state = (name: string) =>
    page.evaluate((name) => {
      const control = document.querySelector(`[name="${name}"]`)!;
      return { invalid: control.getAttribute('aria-invalid'), error: document.getElementById(`${control.id}-error`)!.textContent };
    }, name);

  it('refuses an e-mail as a CNPJ Pix key, and takes it once the key type is e-mail (and back)', async () => {
    await page.goto(`${site.origin}/en/rails/BR-pix.html`);
    await page.locator('[name="pixKey"]').fill('joao.silva@example.com.br');
    // No key type chosen yet: the key is checked against the union of the five formats.
    expect((await state('pixKey')).invalid).toBeNull();
    await page.locator('[name="pixKeyType"]').selectOption('cnpj');
    expect((await state('pixKey')).invalid).toBe('true');
    await page.locator('[name="pixKeyType"]').selectOption('email');
    expect((await state('pixKey')).invalid).toBeNull();
    await page.locator('[name="pixKeyType"]').selectOption('cpf');
    expect((await state('pixKey')).invalid).toBe('true');
    await page.locator('[name="pixKey"]').fill('52998224725');
    expect((await state('pixKey')).invalid).toBeNull();
    expect(problems).toEqual([]);
  });

  it('refuses a bank code where the account type does not take one (MX-spei)', async () => {
    await page.goto(`${site.origin}/en/rails/MX-spei.html`);
    await page.locator('[name="bankCode"]').fill('40012');
    expect((await state('bankCode')).invalid).toBeNull();
    await page.locator('[name="accountType"]').selectOption('clabe');
    expect(await state('bankCode')).toEqual({ invalid: 'true', error: expect.stringContaining('does not apply') });
    await page.locator('[name="accountType"]').selectOption('phone');
    expect((await state('bankCode')).invalid).toBeNull();
    expect(problems).toEqual([]);
  });
});
