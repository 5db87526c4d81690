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

  it.each<{ name: string; files: Record<string, string | null>; base: Record<string, string | null>; at: [string, string, number]; says: string[] }>([
    {
      name: 'a deleted rail',
      files: { 'rails/BR-pix.yaml': null },
      base: {},
      at: ['rails/BR-pix.yaml', '/id', 1],
      says: ['rail BR-pix was removed', 'phase: never', 'partner_discontinued'],
    },
    {
      name: 'a deleted asset',
      files: { 'assets/usdc.yaml': null },
      base: {},
      at: ['assets/usdc.yaml', '/id', 1],
      says: ['asset usdc was removed', 'phase: never'],
    },
    {
      name: 'a deleted country',
      files: { 'countries/BR.yaml': null },
      base: {},
      at: ['countries/BR.yaml', '/code', 1],
      says: ['country BR was removed', 'status: restricted', 'international_sanctions'],
    },
    {
      name: 'a deleted entry that already failed its schema at the base',
      files: { 'assets/usdc.yaml': null },
      base: { 'assets/usdc.yaml': setLine(ASSET_USDC, 'decimals', 'decimals: six') },
      at: ['assets/usdc.yaml', '/id', 1],
      says: ['usdc'],
    },
    {
      name: 'a file renamed with its id',
      files: { 'rails/BR-pix.yaml': null, 'rails/BR-pix_key.yaml': RENAMED },
      base: {},
      at: ['rails/BR-pix_key.yaml', '/id', 1],
      says: ['the id was BR-pix at the base revision (rails/BR-pix.yaml)', 'add BR-pix_key as a new entry'],
    },
    {
      name: 'an id changed inside its file',
      files: { 'rails/BR-pix.yaml': RENAMED },
      base: {},
      at: ['rails/BR-pix.yaml', '/id', 1],
      says: ['the id was BR-pix'],
    },
    {
      name: 'a country code changed inside its file',
      files: { 'countries/BR.yaml': COUNTRY_BR.replace('code: BR', 'code: BZ') },
      base: {},
      at: ['countries/BR.yaml', '/code', 1],
      says: ['the code was BR', 'status: restricted'],
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
      says: ['rail BR-pix was removed'],
    },
  ])('reports $name', async ({ files, base, at, says }) => {
    const problems = await problemsOf(files, 'removed-entry', { base: baseOf(base) });
    expect(problems.map((p) => [p.file, p.pointer, p.line])).toEqual([at]);
    expect(problems[0].severity).toBe('error');
    for (const words of says) expect(problems[0].message).toContain(words);
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
