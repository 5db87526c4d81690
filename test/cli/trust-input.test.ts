/** Catalog input, end to end: what validate refuses, build refuses too; nothing is dropped. */
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCatalog } from '../helpers/cli.js';
import { describe, expect, it } from 'vitest';
import { RAIL_BR_PIX, VALID, writeCatalog } from '../helpers/catalog.js';
import { validateCatalog } from '../../src/pipeline/validate.js';
import { integerFields } from '../../src/check/integers.js';

const catalog = runCatalog;

const TED = RAIL_BR_PIX.replace(/BR-pix/g, 'BR-ted')
  .replace('slug: pix', 'slug: ted')
  .replace('name: Pix', 'name: TED');

describe('integer fields, from the schemas', () => {
  it('finds every integer property of every entry schema by walking the schemas', () => {
    expect(integerFields('rail')).toEqual([
      '/fees/bps',
      '/fees/fixedMinor',
      '/fields/*/dependsOn/otherwise/maxLength',
      '/fields/*/dependsOn/variants/*/maxLength',
      '/fields/*/maxLength',
      '/limits/decimals',
      '/limits/maxMinor',
      '/limits/minMinor',
      '/settlement/p50Minutes',
      '/settlement/p95Minutes',
    ]);
    expect(integerFields('asset')).toEqual(['/decimals', '/quoteLockSeconds']);
  });

  it.each(['100.00', '1e2', '0x64', '+100', '0100'])('build refuses minMinor: %s, exit 1, no seed written', async (literal) => {
    const dir = await writeCatalog({ ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('minMinor: 100', `minMinor: ${literal}`) });
    const out = path.join(dir, 'seed.json');
    const result = await catalog(['build', '--dir', dir, '--out', out, '--today', '2026-11-22'], dir);
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/BR-pix\.yaml:13:\d+.*minMinor is written/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('every path under the catalog is read or reported', () => {
  it('a clean catalog: the seed holds as many entries as entry files were validated', async () => {
    const dir = await writeCatalog({ ...VALID, 'rails/BR-ted.yaml': TED, 'countries/FR.yaml': 'code: FR\nname: France\ncurrency: EUR\nstatus: coming\n' });
    const out = path.join(dir, 'seed.json');
    const result = await catalog(['build', '--dir', dir, '--out', out, '--today', '2026-11-22'], dir);
    expect(result.code, result.stderr).toBe(0);
    const seed = JSON.parse(await readFile(out, 'utf8'));
    const { report } = await validateCatalog({ dir, cwd: dir, today: '2026-11-22' });
    expect(seed.rails.length + seed.assets.length + seed.countries.length).toBe(report.summary.files);
    expect(report.summary.files).toBe(5);
  });

  it('no path is silently ignored: each odd path is one problem naming it', async () => {
    const dir = await writeCatalog(VALID);
    const odd: Record<string, string> = {
      'rails/BR-ted.yml': TED,
      'rails/BR-ted.YAML': TED,
      'countries/FR.json': '{}',
      'countries/FR': 'code: FR\n',
      'rails/.hidden.yaml': TED,
      '.DS_Store': 'x',
      'rails/BR-pix.yaml~': RAIL_BR_PIX,
      'rails/.BR-pix.yaml.swp': 'x',
      'rails/old/BR-ted.yaml': TED,
      'notes/readme.md': 'x',
      'README.md': 'x',
    };
    for (const [name, text] of Object.entries(odd)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    await symlink(path.join(dir, 'rails/BR-pix.yaml'), path.join(dir, 'rails/BR-link.yaml'));
    await symlink(path.join(dir, 'rails'), path.join(dir, 'linked-rails'));
    await mkdir(path.join(dir, 'empty'));
    const { report } = await validateCatalog({ dir, cwd: dir, today: '2026-11-22' });
    const reported = report.problems
      .filter((p) => p.rule === 'file-name')
      .map((p) => p.file)
      .sort();
    expect(reported).toEqual([...Object.keys(odd), 'rails/BR-link.yaml', 'linked-rails', 'empty'].sort());
    const result = await catalog(['build', '--dir', dir, '--out', path.join(dir, 'seed.json'), '--today', '2026-11-22'], dir);
    expect(result.code).toBe(1);
  });
});
