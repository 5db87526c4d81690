import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_TODAY } from '../helpers/bundled.js';
import { baseAsRead, editCatalog, validateMaybeCached, writeCatalog } from '../helpers/catalog.js';

const TODAY = BUNDLED_TODAY;

/**
 * A file that no longer parses is not a removed entry: what it holds is unknown, so the history checks leave its base
 * entry out. The run says one thing, the syntax error, at the line of the mistake; with and without the cache.
 */
const root = path.resolve(__dirname, '../..');
const bundled: Record<string, string> = Object.fromEntries(
  ['rails', 'assets', 'countries', 'policies'].flatMap((folder) =>
    readdirSync(path.join(root, 'catalog', folder))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => [`${folder}/${f}`, readFileSync(path.join(root, 'catalog', folder, f), 'utf8')]),
  ),
);
const sepa = bundled['rails/FR-sepa.yaml'];
const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start)) + 1;

const CASES: Array<{ name: string; text: string; line: number }> = [
  { name: 'a line indented two spaces too far', text: sepa.replace(/^slug: /m, '  slug: '), line: lineOf(sepa, 'slug: ') },
  { name: 'an unclosed bracket', text: sepa.replace(/^(countries: \[[^\]]*)\]/m, '$1'), line: lineOf(sepa, 'countries: ') },
  { name: 'a tab for indentation', text: sepa.replace(/^ {2}p50Minutes/m, '\tp50Minutes'), line: lineOf(sepa, '  p50Minutes') },
  { name: 'a stray word', text: sepa.replace(/^phase: /m, 'oops\nphase: '), line: lineOf(sepa, 'phase: ') },
];

describe('a file that does not parse is unknown to the history checks, not removed', () => {
  it.each(CASES)('$name: one error, the syntax error, at its line', async ({ text, line }) => {
    expect(text).not.toBe(sepa);
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    const run = (cache: boolean) =>
      validateMaybeCached({
        dir: 'catalog',
        cwd: dir,
        today: TODAY,
        base: baseAsRead(path.join(dir, 'catalog'), dir, bundled, false),
        cacheFile: cache ? '.catalogcache' : undefined,
      });
    await run(true); // the cache knows the file as it was
    editCatalog(path.join(dir, 'catalog'), { 'rails/FR-sepa.yaml': text });
    for (const cache of [false, true]) {
      const errors = (await run(cache)).report.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.file}:${p.line} ${p.rule}`)).toEqual([`catalog/rails/FR-sepa.yaml:${line} yaml-syntax`]);
    }
  });

  it('still reports a rail whose file was deleted', async () => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    editCatalog(path.join(dir, 'catalog'), { 'rails/FR-sepa.yaml': null });
    const v = await validateMaybeCached({ dir: 'catalog', cwd: dir, today: TODAY, base: baseAsRead(path.join(dir, 'catalog'), dir, bundled, false) });
    expect(v.report.problems.map((p) => p.rule)).toContain('removed-entry');
  });
});
