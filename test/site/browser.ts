/** Test helpers for the site in a real browser: Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { buildSiteFiles } from '../../src/site/build.js';
import type { SiteData } from '../../src/site/model.js';
import { createSiteServer } from '../../src/site/serve.js';

/** Debian's Chromium (apt-get install chromium); .ci/run installs it when missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Set by .ci/run and the workflow: a missing browser fails the tests instead of skipping them. */
export const browserRequired = process.env.CATALOG_REQUIRE_BROWSER === '1';

/** Flags for a quiet, offline, sandbox-less headless Chromium (root in CI containers). */
export const CHROMIUM_ARGS = [
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

/** A served site and a browser context on a fresh profile; `close` ends both. */
export interface SiteInBrowser {
  origin: string;
  context: BrowserContext;
  /** Requests the site made to another host (each was aborted). */
  foreign: string[];
  close(): Promise<void>;
}

/** Builds the site from `data`, serves it on 127.0.0.1, and opens Chromium on a fresh user-data dir. */
export async function openSite(data: SiteData): Promise<SiteInBrowser> {
  const files = await buildSiteFiles(data);
  const server = createSiteServer(() => ({ files, generation: 1 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const profile = await mkdtemp(path.join(tmpdir(), 'site-chromium-'));
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, viewport: { width: 1100, height: 900 } });
  const foreign: string[] = [];
  // Nothing may leave the machine: a request to any other origin is recorded and aborted.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin + '/') || url.startsWith('data:')) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  return {
    origin,
    context,
    foreign,
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}
