/**
 * @payout-catalog/data packed with npm pack and installed into an empty folder, as a client installs it: the seed
 * imports, the CSV files read, the JSON Schemas are there, and the seed's content version is the one the build gives.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { validateCatalog } from '../../src/pipeline/validate.js';
import { catalogCsv, csvCell } from '../../src/release/csv.js';
import { writePackageData } from '../../src/release/release.js';
import { buildSeed } from '../../src/seed/build.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';
import { cleanup, tempDir } from '../git/repo.js';

afterAll(cleanup);
const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2 %', "'-2 %"],
    ['@sum', "'@sum"],
    [42, '42'],
    [-5, '-5'],
    [true, 'true'],
    [undefined, ''],
    [null, ''],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('npm pack of @payout-catalog/data', () => {
  it('installs into an empty folder: the seed imports, a CSV reads, the schemas are there', async () => {
    const { catalog } = await validateCatalog({ dir: path.join(root, 'catalog'), cwd: root, today: BUNDLED_TODAY });
    const seed = buildSeed(catalog);
    const pkg = await tempDir('data-package-');
    for (const file of ['package.json', 'index.js', 'index.d.ts', 'README.md', 'releases.json', 'CHANGELOG.md'])
      await copyFile(path.join(root, 'packages/data', file), path.join(pkg, file));
    await writePackageData(pkg, seed, path.join(root, 'schemas'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', pkg], { cwd: pkg });
    const [{ filename, files }] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    expect(files.map((f) => f.path).sort()).toEqual(
      expect.arrayContaining([
        'seed.json',
        'csv/rails.csv',
        'csv/countries.csv',
        'catalog/rails.json',
        'schemas/rail.schema.json',
        'schemas/seed.schema.json',
        'index.js',
        'CHANGELOG.md',
      ]),
    );

    const app = await tempDir('data-client-');
    await writeFile(path.join(app, 'package.json'), '{ "name": "client", "private": true, "type": "module" }\n');
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(pkg, filename)], { cwd: app });
    await mkdir(path.join(app, 'src'));
    await writeFile(
      path.join(app, 'src/read.js'),
      `import { readFile } from 'node:fs/promises';
import { seed, seedVersion, dataFile } from '@payout-catalog/data';
import rails from '@payout-catalog/data/catalog/rails.json' with { type: 'json' };
const csv = await readFile(dataFile('csv/rails.csv'), 'utf8');
const [header, ...rows] = csv.trimEnd().split('\\r\\n');
console.log(JSON.stringify({ version: seedVersion, rails: seed.rails.length, json: rails.length, header: header.split(',').slice(0, 4), first: rows[0].split(',')[0], rows: rows.length }));
`,
    );
    const out = JSON.parse((await run(process.execPath, ['src/read.js'], { cwd: app })).stdout);
    expect(out).toEqual({
      version: seed.meta.version,
      rails: seed.rails.length,
      json: seed.rails.length,
      header: ['id', 'name', 'kind', 'currency'],
      first: seed.rails[0].id,
      rows: seed.rails.length,
    });
    expect(await readdir(path.join(app, 'node_modules/@payout-catalog/data/schemas'))).toEqual(
      expect.arrayContaining(['rail.schema.json', 'asset.schema.json', 'country.schema.json', 'common.schema.json', 'seed.schema.json']),
    );
    expect(catalogCsv(seed).rails).toBe(await readFile(path.join(app, 'node_modules/@payout-catalog/data/csv/rails.csv'), 'utf8'));
  }, 120_000);
});
