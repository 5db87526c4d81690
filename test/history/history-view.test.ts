import { utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BaseDelta } from '../../src/history/delta.js';
import type { Problem } from '../../src/model/problem.js';
import { baseAsRead, editCatalog, RAIL_BR_PIX, setLine, TODAY, VALID, validateMaybeCached, writeCatalog } from '../helpers/catalog.js';

/**
 * The history checks (removed-entry, unverified-change, verified-at against the base) see what the change touched: the
 * entries of the files whose text differs from the base's, and every other entry with the kind and id of one of them
 * (historyView, src/history/delta.ts). Each case compares that with the history checks run on the whole catalog and
 * the whole base, with and without --cache. The cases are those where the other entries matter: an id held by a
 * touched file and an untouched one, now or at the base.
 */
const HISTORY = new Set(['removed-entry', 'unverified-change', 'verified-at']);
const pix2 = (text: string) => ({ 'rails/BR-pix2.yaml': text });

/** Files at the base and now (VALID's unless replaced; null: deleted). `whole`: what the checks on the whole catalog give that the view does not. */
const CASES: Array<{ name: string; base: Record<string, string>; now: Record<string, string | null>; shows?: string; whole?: string }> = [
  {
    name: 'a rail held twice at the base, one copy given a new id: the id is still there, nothing removed',
    base: pix2(RAIL_BR_PIX),
    now: pix2(RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pix_key')),
  },
  {
    name: 'a rail held twice at the base, one copy deleted: nothing removed',
    base: pix2(RAIL_BR_PIX),
    now: { 'rails/BR-pix2.yaml': null },
  },
  {
    name: 'a new file with the id of an untouched rail and other fees: compared with that rail',
    base: {},
    now: pix2(RAIL_BR_PIX.replace('bps: 50', 'bps: 7')),
    shows: 'rails/BR-pix2.yaml unverified-change',
  },
  {
    name: 'a new file with the id of an untouched rail and an older verifiedAt: moved backwards',
    base: {},
    now: pix2(setLine(RAIL_BR_PIX, 'verifiedAt', 'verifiedAt: "2026-01-01"')),
    shows: 'rails/BR-pix2.yaml verified-at',
  },
  {
    name: 'an untouched rail whose id a touched file held first at the base: compared with that file’s base entry',
    base: { 'rails/A-pix.yaml': RAIL_BR_PIX.replace('bps: 50', 'bps: 9') },
    now: { 'rails/A-pix.yaml': RAIL_BR_PIX.replace('bps: 50', 'bps: 9').replace('id: BR-pix', 'id: A-pix') },
    shows: 'rails/BR-pix.yaml unverified-change',
  },
  {
    // --cache finds the untouched file by searching its kept text for the id: characters of regular expressions are text.
    name: 'an id with the characters of a regular expression, held twice at the base, one copy given a new id',
    base: { 'rails/a.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: "x+y"'), 'rails/b.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: "x+y"') },
    now: { 'rails/a.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: "x+z"') },
  },
  {
    name: 'a rail given a new id inside its file: the file is touched, compared with its own base entry',
    base: {},
    now: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pix_key') },
    shows: 'rails/BR-pix.yaml removed-entry',
  },
  {
    name: 'two untouched files with one id and two dates: nothing changed, nothing compared',
    base: pix2(setLine(RAIL_BR_PIX, 'verifiedAt', 'verifiedAt: "2026-01-01"')),
    now: { 'countries/BR.yaml': `${VALID['countries/BR.yaml']}# reviewed\n` },
    whole: 'rails/BR-pix2.yaml verified-at',
  },
];

const history = (problems: Problem[]) => problems.filter((p) => HISTORY.has(p.rule)).map((p) => JSON.stringify(p));
const said = (problems: Problem[]) => problems.filter((p) => HISTORY.has(p.rule)).map((p) => `${p.file.replace(/^catalog\//, '')} ${p.rule}`);

describe('the history checks see what the change touched', () => {
  it.each(CASES)('$name', async ({ base: baseFiles, now, shows, whole: onlyWhole }) => {
    const base = { ...VALID, ...baseFiles };
    const dir = await writeCatalog(Object.fromEntries(Object.entries(base).map(([name, text]) => [`catalog/${name}`, text])));
    const run = async (delta: BaseDelta, cache: boolean) =>
      (await validateMaybeCached({ dir: 'catalog', cwd: dir, today: TODAY, base: delta, cacheFile: cache ? '.catalogcache' : undefined })).report.problems;
    // Files older than the run that fills the cache (as an analyst's are): the cached run keeps them by their stat.
    const old = new Date('2026-01-01T00:00:00Z');
    for (const name of Object.keys(base)) utimesSync(path.join(dir, 'catalog', name), old, old);
    const baseOf = (whole: boolean) => baseAsRead(path.join(dir, 'catalog'), dir, base, whole);
    await run(baseOf(false), true); // the cache, filled before the change
    editCatalog(path.join(dir, 'catalog'), now);
    const plain = await run(baseOf(false), false);
    expect(history(await run(baseOf(false), true))).toEqual(history(plain));
    const whole = await run(baseOf(true), false);
    if (onlyWhole) {
      expect(said(whole)).toContain(onlyWhole);
      expect(said(plain)).not.toContain(onlyWhole);
      expect(history(plain)).toEqual(history(whole).filter((p) => !p.includes('BR-pix2')));
    } else expect(history(plain)).toEqual(history(whole));
    if (shows) expect(said(plain)).toContain(shows);
    else expect(said(plain)).toEqual([]);
  });
});
