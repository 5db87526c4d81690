import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCatalog } from '../../src/core/validate.js';
import { COUNTRY_BR, RAIL_BR_PIX, TODAY, VALID, writeCatalog } from '../helpers/catalog.js';

const summary = (v: Awaited<ReturnType<typeof validateCatalog>>) => v.report.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.rule}`);

describe('parse cache (validate --cache)', () => {
  it('gives the same report from the cache, and re-parses only what changed', async () => {
    const dir = await writeCatalog({ ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('currency: BRL', 'currency: brl'), 'countries/FR.yaml': 'code: FR\ncode: FR\n' });
    const options = { dir: '.', cwd: dir, today: TODAY, cacheFile: '.cache/parse.json' };
    const first = await validateCatalog(options);
    const cached = JSON.parse(await readFile(path.join(dir, '.cache/parse.json'), 'utf8'));
    expect(Object.keys(cached.entries)).toHaveLength(4);
    const second = await validateCatalog(options);
    expect(summary(second)).toEqual(summary(first));
    expect(second.report.problems.map((p) => p.message)).toEqual(first.report.problems.map((p) => p.message));

    await writeFile(path.join(dir, 'countries/BR.yaml'), COUNTRY_BR.replace('status: open', 'status: opened'));
    const third = await validateCatalog(options);
    expect(summary(third)).toEqual([...summary(first), 'countries/BR.yaml:4:9 schema'].sort());
  });

  it('ignores a corrupt cache file', async () => {
    const dir = await writeCatalog(VALID);
    await writeFile(path.join(dir, '.cache.json'), '{"format": 12, "entries": [');
    const v = await validateCatalog({ dir: '.', cwd: dir, today: TODAY, cacheFile: '.cache.json' });
    expect(v.report.summary).toEqual({ files: 3, errors: 0, warnings: 0 });
  });
});
