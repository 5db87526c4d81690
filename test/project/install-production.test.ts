/**
 * The production dependencies are everything the CLI and the language server need: a fresh clone of this repository
 * (its committed files, with the tracked changes of the working tree copied over) installed with `npm ci --omit=dev`, as a catalog
 * repository or a server installs the toolkit, runs `validate` and the language server (initialize, open a file,
 * diagnostics). npm's cache makes the install take seconds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_TODAY as TODAY } from '../helpers/bundled.js';
import { LspClient } from '../lsp/client.js';

const ROOT = path.resolve(__dirname, '../..');
const temp = mkdtempSync(path.join(tmpdir(), 'catalog-install-'));
const clone = path.join(temp, 'clone');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

beforeAll(() => {
  // A clone of HEAD that shares this repository's objects, with the working tree's tracked changes copied over (read
  // with git diff, which takes no lock: other tests run git here meanwhile).
  execFileSync('git', ['clone', '-q', '--shared', ROOT, clone]);
  const changed = execFileSync('git', ['diff', '--name-only', '--no-renames', '-z', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of changed) {
    if (existsSync(path.join(ROOT, file))) cpSync(path.join(ROOT, file), path.join(clone, file));
    else rmSync(path.join(clone, file), { force: true });
  }
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: clone, encoding: 'utf8', timeout: 300_000 });
  expect(install.status, `npm ci --omit=dev failed:\n${install.stderr}`).toBe(0);
}, 320_000);

describe('installed with npm ci --omit=dev', () => {
  it('installs none of the packages only the development needs', () => {
    const lock = JSON.parse(readFileSync(path.join(clone, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = Object.entries(lock.packages).filter(([where, p]) => where && p.dev);
    expect(devOnly.length).toBeGreaterThan(100);
    expect(devOnly.filter(([where]) => existsSync(path.join(clone, where))).map(([where]) => where)).toEqual([]);
  });

  it('validate checks the catalog', () => {
    const run = spawnSync(process.execPath, ['bin/catalog.js', 'validate', '--format', 'json', '--today', TODAY], { cwd: clone, encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/Cannot find (module|package)/);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).summary.files).toBeGreaterThan(100);
  });

  it('the language server starts, and publishes the diagnostics of a file opened', async () => {
    const client = new LspClient(clone, [], { command: [process.execPath, path.join(clone, 'bin/catalog.js'), 'lsp', '--stdio', '--today', TODAY] });
    try {
      await client.initialize();
      const name = 'catalog/rails/FR-sepa.yaml';
      const text = readFileSync(path.join(clone, name), 'utf8').replace(/^currency: EUR$/m, 'currency: SGX');
      await client.open(name, text);
      await client.until(() => (client.of(name) ?? []).some((d) => d.code === 'iso-currency'), 60_000);
      expect(client.of(name)!.find((d) => d.code === 'iso-currency')?.message).toMatch(/^SGX is not an active ISO 4217 currency code/);
    } finally {
      await client.close();
    }
  }, 90_000);
});
