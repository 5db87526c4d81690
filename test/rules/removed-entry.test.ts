import { describe, expect, it } from 'vitest';
import type { BaseDelta } from '../../src/history/delta.js';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine, VALID, wholeBase } from '../helpers/catalog.js';

/** The catalog at a base revision: VALID with some files replaced (text) or left out (null), as git would give it. */
function baseOf(files: Record<string, string | null> = {}): BaseDelta {
  const merged: Record<string, string | null> = { ...VALID, ...files };
  return wholeBase(Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== null)));
}

const CLOSED = setLine(RAIL_BR_PIX, 'phase', 'phase: never').replace('verifiedAt:', 'reason: partner_discontinued\nverifiedAt:');
const RENAMED = RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pix_key');
const POLICY =
  'id: grey\nname: A list\npublisher: A publisher\nurl: https://example.org/list\nasOf: "2026-06-19"\nscope: The whole list.\neffect:\n  status: coming\ncountries: [BR]\n';

const CLOSE_RAIL =
  'set phase: never with a reason (international_sanctions, restrictive_measures, money_laundering_risk, partner_discontinued, regulatory, scheme_retired, insufficient_demand, technical)';
const RESTRICT_COUNTRY = 'set status: restricted with a reason (international_sanctions, restrictive_measures, money_laundering_risk)';
const removed = (what: string, file: string, key: string, advice: string) =>
  `${what} was removed: it is in ${file} at the base revision and no entry has this ${key} now. ` +
  `An entry never disappears from the published list: keep the file (restore it if it was deleted) and ${advice}`;
const renamed = (key: string, what: string, file: string, advice: string, now: string) => {
  const id = what.split(' ')[1];
  return (
    `the ${key} was ${id} at the base revision (${file}): changing it removes ${what} from the published list, where clients keep it. ` +
    `Keep ${id} in a file of its own (${advice} if it is closed) and add ${now} as a new entry`
  );
};

describe('removed-entry', () => {
  it.each([
    { name: 'without a base', files: { 'rails/BR-pix.yaml': null }, base: undefined },
    { name: 'with the same catalog', files: {}, base: baseOf() },
    { name: 'a rail closed instead of deleted', files: { 'rails/BR-pix.yaml': CLOSED }, base: baseOf() },
    {
      name: 'a file renamed with its id unchanged (file-name reports it)',
      files: { 'rails/BR-pix.yaml': null, 'rails/pix.yaml': RAIL_BR_PIX },
      base: baseOf(),
    },
    {
      name: 'an entry that now fails its schema but keeps its id',
      files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('currency: BRL', 'currency: brl') },
      base: baseOf(),
    },
    { name: 'an entry added', files: { 'rails/BR-pix_key.yaml': RENAMED }, base: baseOf() },
  ])('accepts $name', async ({ files, base }) => {
    expect(await problemsOf(files, 'removed-entry', { base })).toEqual([]);
  });

  it.each<{ name: string; files: Record<string, string | null>; base: Record<string, string | null>; at: [string, string, number]; message: string }>([
    {
      name: 'a deleted rail',
      files: { 'rails/BR-pix.yaml': null },
      base: {},
      at: ['rails/BR-pix.yaml', '/id', 1],
      message: removed('rail BR-pix', 'rails/BR-pix.yaml', 'id', CLOSE_RAIL),
    },
    {
      name: 'a deleted asset',
      files: { 'assets/usdc.yaml': null },
      base: {},
      at: ['assets/usdc.yaml', '/id', 1],
      message: removed('asset usdc', 'assets/usdc.yaml', 'id', CLOSE_RAIL),
    },
    {
      name: 'a deleted country',
      files: { 'countries/BR.yaml': null },
      base: {},
      at: ['countries/BR.yaml', '/code', 1],
      message: removed('country BR', 'countries/BR.yaml', 'code', RESTRICT_COUNTRY),
    },
    {
      name: 'a deleted entry that already failed its schema at the base',
      files: { 'assets/usdc.yaml': null },
      base: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'decimals', 'decimals: six') },
      at: ['assets/usdc.yaml', '/id', 1],
      message: removed('asset usdc', 'assets/usdc.yaml', 'id', CLOSE_RAIL),
    },
    {
      name: 'a deleted rail that already failed its schema at the base',
      files: { 'rails/BR-pix.yaml': null },
      base: { 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'bps', 'bps: many') },
      at: ['rails/BR-pix.yaml', '/id', 1],
      message: removed('rail BR-pix', 'rails/BR-pix.yaml', 'id', CLOSE_RAIL),
    },
    {
      name: 'a file renamed with its id',
      files: { 'rails/BR-pix.yaml': null, 'rails/BR-pix_key.yaml': RENAMED },
      base: {},
      at: ['rails/BR-pix_key.yaml', '/id', 1],
      message: renamed('id', 'rail BR-pix', 'rails/BR-pix.yaml', CLOSE_RAIL, 'BR-pix_key'),
    },
    {
      name: 'an id changed inside its file',
      files: { 'rails/BR-pix.yaml': RENAMED },
      base: {},
      at: ['rails/BR-pix.yaml', '/id', 1],
      message: renamed('id', 'rail BR-pix', 'rails/BR-pix.yaml', CLOSE_RAIL, 'BR-pix_key'),
    },
    {
      name: 'a country code changed inside its file',
      files: { 'countries/BR.yaml': COUNTRY_BR.replace('code: BR', 'code: BZ') },
      base: {},
      at: ['countries/BR.yaml', '/code', 1],
      message: renamed('code', 'country BR', 'countries/BR.yaml', RESTRICT_COUNTRY, 'BZ'),
    },
    {
      name: 'a rename that changed everything (no longer recognisable): reported at the old file',
      files: {
        'rails/BR-pix.yaml': null,
        'rails/BR-ted.yaml': setLine(
          setLine(setLine(RENAMED.replace('id: BR-pix_key', 'id: BR-ted'), 'name', 'name: TED'), 'kind', 'kind: bank_transfer'),
          'slug',
          'slug: ted',
        )
          .replace('bps: 50', 'bps: 10')
          .replace('p95Minutes: 10', 'p95Minutes: 60'),
      },
      base: {},
      at: ['rails/BR-pix.yaml', '/id', 1],
      message: removed('rail BR-pix', 'rails/BR-pix.yaml', 'id', CLOSE_RAIL),
    },
  ])('reports $name', async ({ files, base, at, message }) => {
    const problems = await problemsOf(files, 'removed-entry', { base: baseOf(base) });
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.severity, p.message])).toEqual([[...at, 'error', message]]);
  });

  /** BR-pix moved to rails/BR-ted.yaml as BR-ted, with `changed` of its 12 other top-level fields changed too. */
  const movedWith = (changed: number) => {
    const edits: [string, string][] = [
      ['slug', 'slug: ted'],
      ['name', 'name: TED'],
      ['kind', 'kind: bank_transfer'],
      ['verifiedAt', 'verifiedAt: "2026-10-02"'],
    ];
    let text = RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-ted');
    for (const [key, line] of edits.slice(0, changed)) text = setLine(text, key, line);
    return { 'rails/BR-pix.yaml': null, 'rails/BR-ted.yaml': text };
  };
  it.each([
    { changed: 2, at: 'rails/BR-ted.yaml', message: renamed('id', 'rail BR-pix', 'rails/BR-pix.yaml', CLOSE_RAIL, 'BR-ted') },
    { changed: 3, at: 'rails/BR-ted.yaml', message: renamed('id', 'rail BR-pix', 'rails/BR-pix.yaml', CLOSE_RAIL, 'BR-ted') },
    { changed: 4, at: 'rails/BR-pix.yaml', message: removed('rail BR-pix', 'rails/BR-pix.yaml', 'id', CLOSE_RAIL) },
  ])('takes a moved rail with $changed of 12 fields changed for a rename only while 3 fourths are the same', async ({ changed, at, message }) => {
    const problems = await problemsOf(movedWith(changed), 'removed-entry', { base: baseOf() });
    expect(problems.map((p) => [p.file, p.message])).toEqual([[at, message]]);
  });

  it.each<{ name: string; files: Record<string, string | null>; base: Record<string, string | null>; at: string }>([
    {
      name: 'an id emptied inside its file (no new id to name)',
      files: { 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: ""') },
      base: {},
      at: 'rails/BR-pix.yaml',
    },
    {
      name: 'a rail moved to the assets folder under a new id (an asset is no rail renamed)',
      files: { 'rails/BR-pix.yaml': null, 'assets/BR-pix_key.yaml': RENAMED },
      base: {},
      at: 'rails/BR-pix.yaml',
    },
    {
      name: 'an id held by two files at the base, both deleted (reported once, at the first)',
      files: { 'rails/BR-pix.yaml': null },
      base: { 'rails/BR-pix2.yaml': RAIL_BR_PIX },
      at: 'rails/BR-pix.yaml',
    },
  ])('reports $name as removed', async ({ files, base, at }) => {
    const problems = await problemsOf(files, 'removed-entry', { base: baseOf(base) });
    expect(problems.map((p) => [p.file, p.message])).toEqual([[at, removed('rail BR-pix', 'rails/BR-pix.yaml', 'id', CLOSE_RAIL)]]);
  });

  it('takes an id changed inside its file for the rename, before a more similar new file', async () => {
    const inPlace = setLine(setLine(RENAMED, 'slug', 'slug: pix_key'), 'name', 'name: Pix key');
    const copy = RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-aaa');
    const problems = await problemsOf({ 'rails/BR-pix.yaml': inPlace, 'rails/BR-aaa.yaml': copy }, 'removed-entry', { base: baseOf() });
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      ['rails/BR-pix.yaml', renamed('id', 'rail BR-pix', 'rails/BR-pix.yaml', CLOSE_RAIL, 'BR-pix_key')],
    ]);
  });

  it('takes the most similar new entry for the rename, the first in catalog order of equally similar ones', async () => {
    const moved = (id: string, edits: [string, string][]) => {
      let text = RAIL_BR_PIX.replace('id: BR-pix', `id: ${id}`);
      for (const [key, line] of edits) text = setLine(text, key, line);
      return text;
    };
    const less = moved('BR-aaa', [
      ['slug', 'slug: aaa'],
      ['name', 'name: A'],
    ]);
    const more = moved('BR-bbb', [['slug', 'slug: bbb']]);
    const tie = moved('BR-ccc', [['slug', 'slug: ccc']]);
    const problems = await problemsOf(
      { 'rails/BR-pix.yaml': null, 'rails/BR-aaa.yaml': less, 'rails/BR-bbb.yaml': more, 'rails/BR-ccc.yaml': tie },
      'removed-entry',
      { base: baseOf() },
    );
    expect(problems.map((p) => [p.file, p.message])).toEqual([['rails/BR-bbb.yaml', renamed('id', 'rail BR-pix', 'rails/BR-pix.yaml', CLOSE_RAIL, 'BR-bbb')]]);
  });

  it.each<{ name: string; files: Record<string, string | null>; base: Record<string, string | null> }>([
    { name: 'a policy list deleted (not published)', files: { 'policies/grey.yaml': null }, base: { 'policies/grey.yaml': POLICY } },
    { name: 'an entry without an id deleted', files: { 'assets/usdc.yaml': null }, base: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'id', 'id: ""') } },
    { name: 'an entry with a numeric id deleted', files: { 'assets/usdc.yaml': null }, base: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'id', 'id: 7') } },
  ])('says nothing of $name', async ({ files, base }) => {
    expect(await problemsOf(files, 'removed-entry', { base: baseOf(base) })).toEqual([]);
  });

  it('explains each removal once, and a new entry explains one removal only', async () => {
    const base = baseOf({ 'rails/BR-ted.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-ted') });
    const problems = await problemsOf({ 'rails/BR-pix.yaml': null, 'rails/BR-pix_key.yaml': RENAMED }, 'removed-entry', { base });
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([
      ['rails/BR-pix_key.yaml', '/id'],
      ['rails/BR-ted.yaml', '/id'],
    ]);
  });
});
