import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { runCatalog } from '../helpers/cli.js';
import { describe, expect, it } from 'vitest';
import { RAIL_BR_PIX, VALID, writeCatalog } from '../helpers/catalog.js';
import { allRuleMeta } from '../../src/rules/index.js';

/** Runs the real CLI as a user would: `node bin/catalog.js ...` from another working directory. */
const catalog = runCatalog;

const STALE = { ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('2026-10-01', '2026-01-15') };
const BROKEN = { ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('currency: BRL', 'currency: brl') };

describe('catalog CLI, run as a process', () => {
  it.each([
    { name: 'a clean catalog', files: VALID, args: [], code: 0 },
    { name: 'warnings only', files: STALE, args: [], code: 0 },
    { name: 'warnings over --max-warnings', files: STALE, args: ['--max-warnings', '0'], code: 1 },
    { name: 'warnings within --max-warnings', files: STALE, args: ['--max-warnings', '1'], code: 0 },
    { name: 'an error', files: BROKEN, args: [], code: 1 },
    { name: 'an unknown flag', files: VALID, args: ['--fromat', 'json'], code: 2 },
    { name: 'an unknown format', files: VALID, args: ['--format', 'xml'], code: 2 },
    { name: 'a bad --today', files: VALID, args: ['--today', '2026-13-01'], code: 2 },
    { name: 'a bad --max-warnings', files: VALID, args: ['--max-warnings', '-1'], code: 2 },
    { name: 'a folder that does not exist', files: VALID, args: ['--dir', 'nowhere'], code: 2 },
  ])('validate exits $code on $name', async ({ files, args, code }) => {
    const dir = await writeCatalog(files);
    const defaults = [...(args.includes('--dir') ? [] : ['--dir', '.']), ...(args.includes('--today') ? [] : ['--today', '2026-11-22'])];
    const result = await catalog(['validate', ...defaults, ...args], dir);
    expect(result.code, result.stderr).toBe(code);
  });

  it('prints paths relative to the working directory, in JSON', async () => {
    const dir = await writeCatalog(BROKEN);
    await mkdir(path.join(dir, 'sub'));
    const result = await catalog(['validate', '--dir', '..', '--format', 'json', '--today', '2026-11-22'], path.join(dir, 'sub'));
    const report = JSON.parse(result.stdout);
    // sub/ is an empty folder inside the catalog: reported too (no path under the catalog is silently ignored).
    expect(report.summary).toEqual({ files: 3, errors: 2, warnings: 0 });
    expect(report.problems.find((p: { rule: string }) => p.rule === 'schema')).toMatchObject({
      file: '../rails/BR-pix.yaml',
      line: 5,
      column: 11,
      rule: 'schema',
      pointer: '/currency',
    });
    expect(report.problems.find((p: { rule: string }) => p.rule === 'file-name')).toMatchObject({ file: '.', rule: 'file-name' });
  });

  it('prints GitHub workflow commands', async () => {
    const dir = await writeCatalog(BROKEN);
    const result = await catalog(['validate', '--dir', '.', '--format', 'github', '--today', '2026-11-22'], dir);
    expect(result.stdout).toMatch(/^::error file=rails\/BR-pix\.yaml,line=5,col=11,endLine=5,endColumn=14,title=schema::/m);
  });

  it('does not colour output that is not a terminal', async () => {
    const dir = await writeCatalog(BROKEN);
    const result = await catalog(['validate', '--dir', '.', '--today', '2026-11-22'], dir);
    expect(result.stdout).not.toContain('\u001b[');
    expect(result.stdout).toMatch(/rails\/BR-pix\.yaml:5:11 +error/);
  });

  it('explains usage errors and lists commands', async () => {
    const result = await catalog(['frobnicate'], process.cwd());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('catalog validate');
    const help = await catalog(['validate', '--help'], process.cwd());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--max-warnings');
  });

  it('builds a seed from another working directory', async () => {
    const dir = await writeCatalog(VALID);
    const result = await catalog(['build', '--dir', dir, '--out', path.join(dir, 'seed.json'), '--today', '2026-11-22'], '/');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/1 rails, 1 assets, 1 countries/);
  });

  it('lists the rules', async () => {
    const result = await catalog(['rules'], process.cwd());
    expect(result.code).toBe(0);
    for (const id of ['yaml-syntax', 'schema', 'file-name', 'iso-country', 'pattern-redos', 'stale-verification']) expect(result.stdout).toContain(id);
  });

  it('lists the rules with their message ids in JSON', async () => {
    const result = await catalog(['rules', '--format', 'json'], process.cwd());
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as Array<{ id: string; messages: Record<string, string> }>;
    expect(listed.map((m) => m.id)).toEqual(allRuleMeta().map((m) => m.id));
    expect(listed.find((m) => m.id === 'minor-units')?.messages['wrong-decimals']).toBe("A rail's decimals are not its currency's minor units in ISO 4217.");
    expect(listed.find((m) => m.id === 'yaml-syntax')?.messages).toHaveProperty('duplicate-key');
  });
});
