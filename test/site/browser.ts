/** Test helpers for the site in a real browser: Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkBeneficiary } from '../../src/beneficiary/check.js';
import type { SeedField } from '../../src/generated/types.js';
import { buildSiteFiles } from '../../src/site/build.js';
import type { SiteData } from '../../src/site/model.js';
import type { SiteFiles } from '../../src/site/pages.js';
import { createSiteServer } from '../../src/site/serve.js';

/** Debian's Chromium (apt-get install chromium); .ci/run installs it when missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Set by .ci/run and the workflow: a missing browser fails the tests instead of skipping them. */
export const browserRequired = process.env.CATALOG_REQUIRE_BROWSER === '1';

/** Where a browser is required (CATALOG_REQUIRE_BROWSER=1) and missing: one failing test that says how to install it. */
export function failWithoutRequiredBrowser(title: string): void {
  describe.runIf(!hasChromium && browserRequired)(`${title}, required here`, () => {
    it('has a browser', () => {
      expect.fail(`CATALOG_REQUIRE_BROWSER=1 but there is no browser at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
    });
  });
}

/** Flags for a quiet, offline, sandbox-less headless Chromium (root in CI containers). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A served site and a browser with a context on it; `close` ends them all. */
export interface SiteInBrowser {
  origin: string;
  /** The context most tests use: JavaScript on, a desktop-sized viewport. */
  context: BrowserContext;
  /** Another context on the same browser (JavaScript off, a phone's viewport...), with the same offline guard. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** The site's files, as served. */
  files: SiteFiles;
  /** Requests the site made to another host (each was aborted). */
  foreign: string[];
  close(): Promise<void>;
}

/** Builds the site from `data`, serves it on 127.0.0.1, and starts one Chromium (a fresh temporary profile). */
export async function openSite(data: SiteData): Promise<SiteInBrowser> {
  const files = await buildSiteFiles(data);
  const server = createSiteServer(() => ({ files, generation: 1 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const foreign: string[] = [];
  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
    // Nothing may leave the machine: a request to any other origin is recorded and aborted.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    return context;
  };
  const context = await newContext();
  return {
    origin,
    context,
    newContext,
    files,
    foreign,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** axe-core's source, injected into a page to audit it (WCAG 2.x A and AA, and axe's best practices). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now, one line each: rule, impact and the first elements concerned. */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluate, not a script tag: it also runs on a page whose own scripts are off.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  });
  return violations;
}

/**
 * What the service's check (checkBeneficiary, the function behind POST .../beneficiary-checks) says of one field for
 * the values a form holds, in a language; null when it takes the value. Empty values are left out, as the form does.
 */
export function checkSays(rail: { fields: SeedField[] }, values: Record<string, string>, field: string, lang: 'en' | 'fr'): string | null {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  return checkBeneficiary(rail, filled).errors.find((e) => e.field === field)?.message[lang] ?? null;
}
