import { readFile, writeFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { schemaErrors } from '../../src/model/schemas.js';
import { ASSET_USDC, COUNTRY_BR, RAIL_BR_PIX, VALID, writeCatalog } from '../helpers/catalog.js';

function fakeIO(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      cwd,
      env: {},
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => err.push(s) },
      now: () => new Date('2026-11-22T12:00:00Z'),
    },
    out,
    err,
  };
}

async function build(files: Record<string, string>, extra: string[] = []) {
  const dir = await writeCatalog(files);
  const { io, out, err } = fakeIO(dir);
  const code = await main(['build', '--dir', '.', '--out', 'out/seed.json', '--today', '2026-11-22', ...extra], io);
  return { dir, code, out: out.join(''), err: err.join(''), seedPath: path.join(dir, 'out/seed.json') };
}

const EXTRA: Record<string, string> = {
  'countries/FR.yaml': 'code: FR\nname: France\ncurrency: EUR\nstatus: coming\n',
  'countries/KP.yaml': 'code: KP\nname: North Korea\ncurrency: null\nstatus: restricted\nreason: international_sanctions\n',
  // The written policy that restricts KP: checked by validate, never published in the seed.
  'policies/embargo.yaml':
    'id: embargo\nname: Embargo\npublisher: A government\nurl: https://example.org/embargo\nasOf: "2026-01-01"\nscope: Country-wide embargoes.\neffect:\n  status: restricted\n  reason: international_sanctions\ncountries: [KP]\n',
};

describe('catalog build', () => {
  it('writes a seed that the seed schema accepts, sorted, with derived country rails and no toolkit-only attributes', async () => {
    const { code, seedPath } = await build({ ...VALID, ...EXTRA });
    expect(code).toBe(0);
    const seed = JSON.parse(await readFile(seedPath, 'utf8'));
    expect(schemaErrors('seed', seed)).toEqual([]);
    expect(seed.countries.map((c: { code: string }) => c.code)).toEqual(['BR', 'FR', 'KP']);
    expect(seed.countries[0].rails).toEqual(['BR-pix']);
    expect(seed.countries[1].rails).toEqual([]);
    expect(seed.countries[2]).not.toHaveProperty('rails');
    expect(seed.rails[0].fields[0]).not.toHaveProperty('examples');
    expect(seed.rails[0].fields[0]).not.toHaveProperty('counterexamples');
    expect(seed.meta.version).toMatch(/^[0-9a-f]{16}$/);
    expect(seed.meta.counts).toEqual({ rails: 1, assets: 1, countries: 3 });
    expect(seed).not.toHaveProperty('policies');
    expect(JSON.stringify(seed)).not.toContain('embargo');
  });

  it('gives identical bytes whatever the order files were created in or keys were written in', async () => {
    const a = await build({ ...VALID, ...EXTRA });
    const reversed = Object.fromEntries(Object.entries({ ...VALID, ...EXTRA }).reverse());
    const reorderedKeys = {
      ...reversed,
      'countries/BR.yaml': `${COUNTRY_BR.split('\n').reverse().join('\n')}\n`,
      'assets/usdc.yaml': `${ASSET_USDC.split('\n').filter(Boolean).reverse().join('\n')}\n`,
    };
    const b = await build(reorderedKeys);
    expect(b.code).toBe(0);
    expect(await readFile(b.seedPath, 'utf8')).toBe(await readFile(a.seedPath, 'utf8'));
  });

  it('changes the version when the content changes, not when only examples change', async () => {
    const base = JSON.parse(await readFile((await build(VALID)).seedPath, 'utf8')).meta.version;
    const examplesOnly = { ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('examples: ["+5511987654321"]', 'examples: ["+5511987654321", "a@b.co"]') };
    const content = { ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('bps: 50', 'bps: 60') };
    expect(JSON.parse(await readFile((await build(examplesOnly)).seedPath, 'utf8')).meta.version).toBe(base);
    expect(JSON.parse(await readFile((await build(content)).seedPath, 'utf8')).meta.version).not.toBe(base);
  });

  it('refuses an invalid catalog with exit 1 and leaves the existing seed untouched', async () => {
    const dir = await writeCatalog({ ...VALID, 'countries/BR.yaml': COUNTRY_BR.replace('currency: BRL', 'currency: brl') });
    await mkdir(path.join(dir, 'out'));
    await writeFile(path.join(dir, 'out/seed.json'), 'previous seed');
    const { io, out, err } = fakeIO(dir);
    const code = await main(['build', '--dir', '.', '--out', 'out/seed.json', '--today', '2026-11-22'], io);
    expect(code).toBe(1);
    expect(await readFile(path.join(dir, 'out/seed.json'), 'utf8')).toBe('previous seed');
    expect(out.join('')).toContain('countries/BR.yaml:3:11');
    expect(err.join('')).toContain('refused');
  });

  it('builds despite warnings (a stale rail) and leaves no temporary file behind', async () => {
    const { dir, code } = await build({ ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('2026-10-01', '2025-01-01') });
    expect(code).toBe(0);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(path.join(dir, 'out'))).toEqual(['seed.json']);
    expect((await stat(path.join(dir, 'out/seed.json'))).size).toBeGreaterThan(100);
  });

  it('records the git commit outside the hashed content', async () => {
    const { simpleGit } = await import('simple-git');
    const dir = await writeCatalog(VALID);
    const git = simpleGit(dir);
    await git.init();
    await git.addConfig('user.email', 't@example.com').addConfig('user.name', 'Test');
    await git.add('.');
    await git.commit('catalog');
    const sha = (await git.revparse(['HEAD'])).trim();
    const { io } = fakeIO(dir);
    expect(await main(['build', '--dir', '.', '--out', 'out/seed.json', '--today', '2026-11-22'], io)).toBe(0);
    const seed = JSON.parse(await readFile(path.join(dir, 'out/seed.json'), 'utf8'));
    expect(seed.meta.commit).toBe(sha);
    const plain = JSON.parse(await readFile((await build(VALID)).seedPath, 'utf8'));
    expect(seed.meta.version).toBe(plain.meta.version);
  });
});
