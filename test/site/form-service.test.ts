/**
 * The payout form says what the service says. On every rail's form of the built site, in both languages, each value
 * of the corpus (test/site/form-corpus.ts: the catalog's counterexamples and a few generic bad values) is typed and
 * the field left; the message the form shows is compared with the answer of a real `catalog serve` to
 * POST /api/v1/rails/{id}/beneficiary-checks for the values the form holds (empty fields left out, as the form leaves
 * them out), in the page's language. One browser, one tab per language (each rail's page loaded in it in turn), one service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData, SiteRail } from '../../src/site/model.js';
import { siteFromDir } from '../../src/site/source.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';
import { BIN, runCatalog } from '../helpers/cli.js';
import { browserRequired, CHROMIUM, failWithoutRequiredBrowser, hasChromium, openSite, type SiteInBrowser } from './browser.js';
import { formCorpus, type FormCase } from './form-corpus.js';

const root = path.resolve(__dirname, '../..');
const KEY = 'form-service-key-0123456789abcdef';
const SECRET = 'form-service-cursor-secret-0123456789abcdef';

if (!hasChromium && !browserRequired) console.warn(`test/site/form-service.test.ts: SKIPPED, no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);

/** What the form shows for a case: the error's text ('' when none), its lang attribute, and every control's value. */
interface Shown {
  error: string;
  lang: string | null;
  values: Record<string, string>;
}

/** Starts `catalog serve` on a seed file with a test key and no rate limit; resolves with its base URL. */
async function serve(seed: string, servers: ChildProcess[]): Promise<string> {
  const env = { ...process.env, CATALOG_API_KEYS: KEY, CATALOG_CURSOR_SECRET: SECRET, CATALOG_RATE_LIMIT: 'off' };
  const server = spawn(process.execPath, [BIN, 'serve', '--seed', seed, '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  servers.push(server);
  return new Promise<string>((resolve, reject) => {
    let said = '';
    server.stderr!.on('data', (chunk) => {
      said += chunk;
      const m = / at (http:\/\/\S+)/.exec(said);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`catalog serve exited (${code}): ${said}`)));
  });
}

/**
 * Types each case's value in its field, in the page, as typing does it: the choice made first in the select the field
 * depends on, then the value written (cut at the input's maxlength, as the browser cuts what is typed) with an `input`
 * event, then the field left (`blur`). A value is written over another first, so that an emptied field is one the user
 * answered. Reads what the form shows after each: one round trip per page rather than a few per value.
 */
async function typeCases(page: Page, cases: FormCase[]): Promise<Shown[]> {
  return page.evaluate((cases) => {
    const controlOf = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`form.beneficiary [name="${name}"]`)!;
    const write = (control: HTMLInputElement | HTMLSelectElement, value: string) => {
      control.value = control instanceof HTMLInputElement && control.maxLength >= 0 ? value.slice(0, control.maxLength) : value;
      control.dispatchEvent(new Event('input', { bubbles: true }));
      control.dispatchEvent(new Event('change', { bubbles: true }));
    };
    return cases.map((c) => {
      if (c.choice) write(controlOf(c.choice.select), c.choice.option);
      const control = controlOf(c.field);
      write(control, control instanceof HTMLSelectElement ? control.options[1].value : 'x');
      write(control, c.value);
      control.dispatchEvent(new FocusEvent('blur'));
      const error = document.getElementById(`${control.id}-error`)!;
      const values = Object.fromEntries(
        Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('form.beneficiary [name]')).map((e) => [e.name, e.value]),
      );
      return { error: error.hidden ? '' : (error.textContent ?? ''), lang: error.getAttribute('lang'), values };
    });
  }, cases);
}

/** The service's message for one field, in a language, for the values a form holds ('' when it takes the value). */
async function serviceSays(url: string, rail: string, field: string, values: Record<string, string>, lang: 'en' | 'fr'): Promise<string> {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const response = await fetch(`${url}/api/v1/rails/${rail}/beneficiary-checks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ values: filled }),
  });
  expect(response.status, `POST beneficiary-checks of ${rail}`).toBe(200);
  const body = (await response.json()) as { errors: Array<{ field: string; message: { en: string; fr: string } }> };
  return body.errors.find((e) => e.field === field)?.message[lang] ?? '';
}

failWithoutRequiredBrowser('the form against the service');

describe.skipIf(!hasChromium)('the payout form, against the service', () => {
  let data: SiteData;
  let site: SiteInBrowser;
  let url: string;
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    const seed = path.join(await mkdtemp(path.join(tmpdir(), 'form-service-')), 'seed.json');
    const built = await runCatalog(['build', '--dir', 'catalog', '--out', seed, '--today', BUNDLED_TODAY], root);
    expect(built.code, built.stderr).toBe(0);
    url = await serve(seed, servers);
    data = (await siteFromDir('catalog', root, BUNDLED_TODAY)).data!;
    site = await openSite(data);
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    for (const server of servers) server.kill('SIGTERM');
  });

  /** Types the corpus on one rail's form and compares each message with the service's: what differs, and the counts. */
  async function compareRail(page: Page, rail: SiteRail, lang: 'en' | 'fr'): Promise<{ mismatches: string[]; compared: number; refused: number }> {
    const mismatches: string[] = [];
    const onError = (e: Error) => mismatches.push(`script error on ${rail.id}: ${e.message}`);
    page.on('pageerror', onError);
    // The script is deferred: it has run, and set the form up, once the document is parsed.
    await page.goto(`${site.origin}/${lang}/rails/${rail.id}.html`, { waitUntil: 'domcontentloaded' });
    const cases = formCorpus(rail);
    const shown = await typeCases(page, cases);
    page.off('pageerror', onError);
    const said = await Promise.all(cases.map((c, i) => serviceSays(url, rail.id, c.field, shown[i].values, lang)));
    cases.forEach((c, i) => {
      const value = c.value.length > 40 ? `${c.value.slice(0, 40)}…` : c.value;
      const where = `${lang}/rails/${rail.id} ${c.field} = ${JSON.stringify(value)} (${c.why})`;
      if (shown[i].error !== said[i]) mismatches.push(`${where}: the form says ${JSON.stringify(shown[i].error)}, the service ${JSON.stringify(said[i])}`);
      if (shown[i].lang !== null) mismatches.push(`${where}: the message is marked lang="${shown[i].lang}" on a ${lang} page`);
      if (c.why.endsWith('counterexample') && shown[i].error === '') mismatches.push(`${where}: a counterexample of the catalog is taken`);
    });
    return { mismatches, compared: cases.length, refused: shown.filter((s) => s.error !== '').length };
  }

  it.each(['en', 'fr'] as const)(
    "shows the service's words for every value of the corpus, on every rail's form (%s)",
    async (lang) => {
      // A closed rail accepts no check (409 rail_closed): its form is not compared.
      const rails = data.rails.filter((rail) => rail.phase !== 'never' && rail.fields.length > 0);
      const page = await site.context.newPage();
      const mismatches: string[] = [];
      let refused = 0;
      let compared = 0;
      for (const rail of rails) {
        const result = await compareRail(page, rail, lang);
        mismatches.push(...result.mismatches);
        compared += result.compared;
        refused += result.refused;
      }
      await page.close();
      expect(mismatches).toEqual([]);
      // The corpus reaches every rail's fields, and most of it is refused: the comparison is not of empty answers.
      expect(compared).toBeGreaterThan(rails.length * 3);
      expect(refused).toBeGreaterThan(compared / 2);
    },
    300_000,
  );
});
