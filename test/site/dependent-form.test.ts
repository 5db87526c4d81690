/**
 * The payout form applies dependent fields in a real browser (headless Chromium at 320 px, the WCAG reflow width): a
 * field takes the help, rules, examples and checks of the option chosen in the select it depends on, is checked again
 * when that choice changes, and is hidden when it does not apply; without JavaScript every field shows what each choice
 * changes. The expected texts are read from the catalog's data (each variant's own help and examples).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData, SiteField, SiteRail } from '../../src/site/model.js';
import { siteFromDir } from '../../src/site/source.js';
import { texts } from '../../src/site/i18n.js';
import { axeViolations, checkSays, hasChromium, openSite, type SiteInBrowser } from './browser.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const root = path.resolve(__dirname, '../..');
const ARTIFACTS = path.join(root, 'test-artifacts');
const EMAIL = 'joao.silva@example.com.br';

describe.skipIf(!hasChromium)('dependent fields in the payout form', () => {
  let data: SiteData;
  let site: SiteInBrowser;
  let phone: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    data = (await siteFromDir('catalog', root, BUNDLED_TODAY)).data!;
    site = await openSite(data);
    phone = await site.newContext({ viewport: { width: 320, height: 800 } });
    page = await phone.newPage();
    page.on('pageerror', (e) => problems.push(`script error on ${page.url()}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  const open = async (p: string, on: Page = page) => {
    problems.length = 0;
    expect((await on.goto(`${site.origin}/${p}`, { waitUntil: 'load' }))?.status(), p).toBe(200);
  };
  const rail = (railId: string) => data.rails.find((r) => r.id === railId)!;
  const field = (railId: string, name: string): SiteField => data.rails.find((r) => r.id === railId)!.fields.find((f) => f.name === name)!;
  /** The format the catalog gives `name` for the option `option` of the select it depends on. */
  const variant = (railId: string, name: string, option: string) => field(railId, name).dependsOn!.variants.find((v) => v.when.includes(option))!;
  const optionLabel = (railId: string, select: string, option: string, lang: 'en' | 'fr') =>
    field(railId, select).options!.find((o) => o.value === option)!.label![lang];
  /** Chooses an option as a user does: the focus moves to the select (leaving the field being typed in), then the choice. */
  const choose = async (name: string, option: string) => {
    await page.locator(`[name="${name}"]`).focus();
    await page.locator(`[name="${name}"]`).selectOption(option);
  };
  /** Types a value in a field and leaves it with Tab. */
  const type = async (name: string, value: string) => {
    await page.locator(`[name="${name}"]`).fill(value);
    await page.locator(`[name="${name}"]`).press('Tab');
  };
  const sideways = (on: Page = page) => on.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  /** What the page shows of the field named `name`: visible texts (null when hidden), buttons, attributes. */
  const state = (name: string, on: Page = page) =>
    on.evaluate((name) => {
      const control = document.querySelector<HTMLInputElement | HTMLSelectElement>(`form.beneficiary [name="${name}"]`)!;
      const visible = (e: Element | null) => !!e && e.getClientRects().length > 0;
      const text = (part: string) => {
        const e = document.getElementById(`${control.id}-${part}`);
        return visible(e) ? e!.textContent : null;
      };
      const buttons = (kind: string) =>
        Array.from(document.querySelectorAll<HTMLButtonElement>(`#${control.id}-tries .${kind} button`)).map((b) => b.dataset.value);
      const describedBy = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return {
        shown: visible(control.closest('.field')),
        disabled: control.disabled,
        value: control.value,
        invalid: control.getAttribute('aria-invalid'),
        required: text('req'),
        error: text('error'),
        help: text('help'),
        rules: text('rules'),
        variants: text('variants'),
        valid: text('normalized'),
        maxlength: control.getAttribute('maxlength'),
        examples: buttons('examples'),
        counterexamples: buttons('counterexamples'),
        describedBy: describedBy.map((id) => id.replace(`${control.id}-`, '')),
        // What a screen reader says after the label: the texts aria-describedby points to, in its order.
        description: describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      };
    }, name);

  it('refuses an e-mail typed after "CNPJ" is chosen, with the CNPJ format as help, and takes it once "E-mail address" is', async () => {
    await open('en/rails/BR-pix.html');
    const cnpj = variant('BR-pix', 'pixKey', 'cnpj');
    await choose('pixKeyType', 'cnpj');
    // The key's help, rules and examples are the CNPJ's at once, before anything is typed.
    expect(await state('pixKey')).toMatchObject({
      help: cnpj.help!.en,
      rules: `${texts.en.maxCharsNormalized.replace('{n}', '14')} ${texts.en.normalizations.trim}`,
      variants: null,
      examples: cnpj.examples,
      counterexamples: cnpj.counterexamples,
      error: null,
    });
    await page.locator('[name="pixKey"]').fill(EMAIL);
    expect((await state('pixKey')).error, 'no error while the key is first typed').toBeNull();
    await page.locator('[name="pixKey"]').press('Tab');
    const refused = await state('pixKey');
    expect(refused.invalid).toBe('true');
    // The service's words for the same values, which name the format chosen.
    expect(refused.error).toBe(checkSays(rail('BR-pix'), { pixKeyType: 'cnpj', pixKey: EMAIL }, 'pixKey', 'en'));
    expect(refused.error).toContain(optionLabel('BR-pix', 'pixKeyType', 'cnpj', 'en'));
    // The error is read first, then what a CNPJ looks like.
    expect(refused.describedBy.slice(0, 2)).toEqual(['error', 'help']);
    expect(refused.description).toContain(cnpj.help!.en);
    expect(refused.valid).toBeNull();

    await choose('pixKeyType', 'email');
    const email = variant('BR-pix', 'pixKey', 'email');
    expect(await state('pixKey')).toMatchObject({ invalid: null, error: null, valid: texts.en.valid, help: email.help!.en, examples: email.examples });
    expect(problems).toEqual([]);
  });

  it('judges a key typed first again when the choice changes: valid with no choice, refused as a CNPJ or a CPF, taken as an e-mail', async () => {
    await open('en/rails/BR-pix.html');
    const asWritten = field('BR-pix', 'pixKey');
    await type('pixKey', EMAIL);
    // Nothing chosen: the field as written, the union of the five formats, which takes an e-mail.
    expect(await state('pixKey')).toMatchObject({ invalid: null, valid: texts.en.valid, help: asWritten.help!.en, examples: asWritten.examples });
    expect((await state('pixKey')).variants).toContain(variant('BR-pix', 'pixKey', 'cnpj').help!.en);
    const verdicts: Array<[string, string | null]> = [];
    for (const option of ['cnpj', 'email', 'cpf', 'phone', 'evp', 'email']) {
      await choose('pixKeyType', option);
      const shown = await state('pixKey');
      expect(shown.value).toBe(EMAIL);
      expect(shown.help).toBe(variant('BR-pix', 'pixKey', option).help!.en);
      expect(shown.examples).toEqual(variant('BR-pix', 'pixKey', option).examples);
      verdicts.push([option, shown.invalid]);
      if (shown.invalid) expect(shown.error).toContain(optionLabel('BR-pix', 'pixKeyType', option, 'en'));
    }
    expect(verdicts).toEqual([
      ['cnpj', 'true'],
      ['email', null],
      ['cpf', 'true'],
      ['phone', 'true'],
      ['evp', 'true'],
      ['email', null],
    ]);
    // Back to "Choose…": the key stands as written again, with every format listed.
    await choose('pixKeyType', '');
    expect(await state('pixKey')).toMatchObject({ invalid: null, help: asWritten.help!.en, examples: asWritten.examples });
    expect((await state('pixKey')).variants).not.toBeNull();
    expect(problems).toEqual([]);
  });

  it("fills the key from the chosen format's own example and counterexample buttons", async () => {
    await open('fr/rails/BR-pix.html');
    await choose('pixKeyType', 'cpf');
    const cpf = variant('BR-pix', 'pixKey', 'cpf');
    await page
      .locator(`#${await page.locator('[name="pixKey"]').getAttribute('id')}-tries .counterexamples button`)
      .first()
      .click();
    expect(await state('pixKey')).toMatchObject({ value: cpf.counterexamples![0], invalid: 'true', help: cpf.help!.fr });
    await page
      .locator(`#${await page.locator('[name="pixKey"]').getAttribute('id')}-tries .examples button`)
      .first()
      .click();
    expect(await state('pixKey')).toMatchObject({ value: cpf.examples![0], invalid: null, valid: texts.fr.valid });
    expect(problems).toEqual([]);
  });

  it('hides and disables a field that does not apply to the choice, checks no value in it, and shows it again (MX-spei)', async () => {
    await open('en/rails/MX-spei.html');
    await type('bankCode', '4001');
    expect(await state('bankCode')).toMatchObject({ shown: true, invalid: 'true', required: `(${texts.en.optional})` });
    await choose('accountType', 'clabe');
    expect(await state('bankCode')).toMatchObject({ shown: false, disabled: true, invalid: null, error: null, value: '4001' });
    // The check counts only the fields that apply: the hidden bank code is neither counted nor focused.
    await page.locator('form.beneficiary button[type="submit"]').click();
    const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);
    expect(focused).not.toBe('bankCode');
    expect((await state('bankCode')).invalid).toBeNull();
    await choose('accountType', 'phone');
    // Back, with its value kept, required for a phone number, and judged at once (the form was checked).
    expect(await state('bankCode')).toMatchObject({ shown: true, disabled: false, required: `(${texts.en.required})`, invalid: 'true', value: '4001' });
    await type('bankCode', '40012');
    expect(await state('bankCode')).toMatchObject({ invalid: null, valid: texts.en.valid });
    expect(problems).toEqual([]);
  });

  it('shows the account fields or the mobile fields of IN-imps as the transfer mode says, and counts only those', async () => {
    await open('en/rails/IN-imps.html');
    const account = ['ifsc', 'accountNumber'];
    const mobile = ['mobileNumber', 'mmid'];
    const shown = async () => Object.fromEntries(await Promise.all([...account, ...mobile].map(async (n) => [n, (await state(n)).shown])));
    expect(await shown()).toEqual({ ifsc: true, accountNumber: true, mobileNumber: true, mmid: true });
    await choose('transferMode', 'mobile_mmid');
    expect(await shown()).toEqual({ ifsc: false, accountNumber: false, mobileNumber: true, mmid: true });
    expect((await state('mmid')).required).toBe(`(${texts.en.required})`);
    await page.locator('form.beneficiary button[type="submit"]').click();
    // mobileNumber, mmid and beneficiaryName are empty and required; the hidden ifsc and accountNumber are not counted.
    expect(await page.locator('#form-status').textContent()).toBe(texts.en.someInvalid(3));
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('mobileNumber');
    await choose('transferMode', 'account_ifsc');
    expect(await shown()).toEqual({ ifsc: true, accountNumber: true, mobileNumber: false, mmid: false });
    expect(await state('ifsc')).toMatchObject({ required: `(${texts.en.required})`, invalid: 'true' });
    expect(await sideways()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('scrolls no BR-pix page sideways at 320 px and passes axe-core, with nothing chosen and with a CNPJ refused, in both languages', async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const found: string[] = [];
    for (const lang of ['en', 'fr'] as const) {
      await open(`${lang}/rails/BR-pix.html`);
      expect(await sideways(), `${lang} BR-pix at 320 px, nothing chosen`).toBe(false);
      found.push(...(await axeViolations(page)).map((v) => `${lang}, nothing chosen: ${v}`));
      await choose('pixKeyType', 'cnpj');
      // Left by a click outside rather than Tab, so that no example button holds the focus in the screenshot.
      await page.locator('[name="pixKey"]').fill(EMAIL);
      await page.locator('#form-title').click();
      const refused = (await state('pixKey')).error;
      expect(refused).toBe(checkSays(rail('BR-pix'), { pixKeyType: 'cnpj', pixKey: EMAIL }, 'pixKey', lang));
      expect(refused).toContain(optionLabel('BR-pix', 'pixKeyType', 'cnpj', lang));
      expect(await sideways(), `${lang} BR-pix at 320 px, CNPJ chosen and an e-mail typed`).toBe(false);
      found.push(...(await axeViolations(page)).map((v) => `${lang}, CNPJ refused: ${v}`));
      await page.screenshot({ path: path.join(ARTIFACTS, `rail-BR-pix-cnpj-email-${lang}-320.png`), fullPage: true });
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows, without JavaScript, what each choice changes: every format's help, where a field is required or does not apply", async () => {
    const context = await site.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } });
    const tab = await context.newPage();
    try {
      for (const lang of ['en', 'fr'] as const) {
        const t = texts[lang];
        await open(`${lang}/rails/BR-pix.html`, tab);
        const pix = await state('pixKey', tab);
        expect(pix.shown).toBe(true);
        expect(pix.describedBy).toContain('variants');
        for (const v of field('BR-pix', 'pixKey').dependsOn!.variants)
          expect(pix.variants).toContain(`${optionLabel('BR-pix', 'pixKeyType', v.when[0], lang)}${t.colon}${v.help![lang]}`);
        expect(await sideways(tab)).toBe(false);

        await open(`${lang}/rails/IN-imps.html`, tab);
        const mode = (option: string) => optionLabel('IN-imps', 'transferMode', option, lang);
        const ifsc = await state('ifsc', tab);
        expect(ifsc).toMatchObject({ shown: true, required: `(${t.optional})` });
        expect(ifsc.variants).toContain(`${mode('account_ifsc')}${t.colon}${t.variantRequired}`);
        expect(ifsc.variants).toContain(`${mode('mobile_mmid')}${t.colon}${t.variantNotApplicable}`);
        expect((await state('mmid', tab)).variants).toContain(`${mode('account_ifsc')}${t.colon}${t.variantNotApplicable}`);
        expect((await state('beneficiaryName', tab)).variants).toBeNull();
        expect(await sideways(tab)).toBe(false);
      }
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(!hasChromium)("a dependent field's maxlength in the payout form", () => {
  /** A rail whose dependent field has no normalization, so that its input's maxlength is its current maxLength. */
  const rail = {
    id: 'XX-test',
    slug: 'test',
    name: 'Test',
    kind: 'bank_transfer',
    currency: 'EUR',
    countries: [],
    phase: 'live',
    verifiedAt: '2026-05-22',
    settlement: { p50Minutes: 1, p95Minutes: 90, businessDaysOnly: true },
    limits: { minMinor: 100, maxMinor: 10_000, decimals: 2 },
    fees: { fixedMinor: 0, bps: 0 },
    fields: [
      {
        name: 'kind',
        label: { fr: 'Sorte', en: 'Kind' },
        type: 'select',
        required: true,
        options: [
          { value: 'short', label: { fr: 'Courte', en: 'Short' } },
          { value: 'long', label: { fr: 'Longue', en: 'Long' } },
        ],
      },
      {
        name: 'ref',
        label: { fr: 'Référence', en: 'Reference' },
        type: 'text',
        required: true,
        pattern: '^[0-9]{1,12}$',
        maxLength: 12,
        dependsOn: {
          field: 'kind',
          variants: [
            { when: ['short'], pattern: '^[0-9]{5}$', maxLength: 5, examples: ['12345'] },
            { when: ['long'], pattern: '^[0-9]{12}$', examples: ['123456789012'] },
          ],
        },
      },
    ],
  } as unknown as SiteRail;
  let site: SiteInBrowser;

  beforeAll(async () => {
    site = await openSite({ rails: [rail], assets: [], countries: [], today: '2026-06-01', version: 'test', withExamples: true });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  it("sets maxlength to the chosen format's maxLength, and back to the field's", async () => {
    const page = await site.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${site.origin}/en/rails/XX-test.html`);
    const maxlength = () => page.locator('[name="ref"]').getAttribute('maxlength');
    expect(await maxlength()).toBe('12');
    await page.locator('[name="kind"]').selectOption('short');
    expect(await maxlength()).toBe('5');
    expect(await page.locator('#field-1-rules').textContent()).toBe('At most 5 characters.');
    await page.locator('[name="kind"]').selectOption('long');
    expect(await maxlength()).toBe('12');
    expect(await page.locator('#field-1-tries .examples button').allTextContents()).toEqual(['123456789012']);
    expect(errors).toEqual([]);
  });
});
