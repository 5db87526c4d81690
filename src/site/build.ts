import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stylesheet } from './css.js';
import type { SiteData } from './model.js';
import { FORM_SCRIPT, renderPages, STYLESHEET, type SiteFiles } from './pages.js';

// From the sources, also when this module runs compiled (compiled/ mirrors src/ at the same depth): esbuild bundles TypeScript.
const FORM_ENTRY = fileURLToPath(new URL('../../src/site/browser/form.ts', import.meta.url));

/**
 * Bundles the form's script for the browser: src/beneficiary (the validator's and the service's code) and the page
 * glue, as one same-origin file. platform 'browser' makes a Node-only import in src/beneficiary fail the build.
 */
export async function bundleFormScript(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [FORM_ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Every file of the site: the pages of both languages, the stylesheet and the bundled form script. */
export async function buildSiteFiles(data: SiteData, formScript?: string): Promise<SiteFiles> {
  const files = renderPages(data);
  files.set(STYLESHEET, stylesheet.trimStart());
  files.set(FORM_SCRIPT, formScript ?? (await bundleFormScript()));
  return files;
}

/**
 * Writes the site to `out` all at once: into a fresh sibling folder first, then swapped in, so that a failed build
 * never leaves a half-written site (and the previous one stays until the new one is complete).
 */
export async function writeSite(files: SiteFiles, out: string): Promise<void> {
  const staging = `${out}.tmp-${randomBytes(4).toString('hex')}`;
  try {
    for (const [file, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const target = path.join(staging, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    const old = `${out}.old-${randomBytes(4).toString('hex')}`;
    await mkdir(path.dirname(out), { recursive: true });
    const hadOld = await rename(out, old).then(
      () => true,
      () => false,
    );
    await rename(staging, out);
    if (hadOld) await rm(old, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
