import { describe, expect, it } from 'vitest';
import type { BaseDelta } from '../../src/history/delta.js';
import { ASSET_USDC, problemsOf, RAIL_BR_PIX, setLine, VALID, wholeBase } from '../helpers/catalog.js';

function baseOf(files: Record<string, string> = {}): BaseDelta {
  return wholeBase({ ...VALID, ...files });
}

const rail = (...edits: Array<[string, string]>) => edits.reduce((text, [key, line]) => setLine(text, key, line), RAIL_BR_PIX);
const REVERIFIED: [string, string] = ['verifiedAt', 'verifiedAt: "2026-11-20"'];
/** verifiedAt is line 29 of the fixture. */
const VERIFIED_AT_LINE = 29;

describe('unverified-change', () => {
  it.each([
    { name: 'without a base', file: rail(['bps', 'bps: 40']), base: undefined },
    { name: 'an unchanged rail', file: RAIL_BR_PIX, base: baseOf() },
    { name: 'a change with a new verifiedAt', file: rail(['bps', 'bps: 40'], REVERIFIED), base: baseOf() },
    {
      name: 'examples only (toolkit-only, not published)',
      file: RAIL_BR_PIX.replace('["+5511987654321"]', '["+5511987654321", "user@example.com"]'),
      base: baseOf(),
    },
    {
      name: 'comments and key order only',
      file: `# Pix, verified with the partner\n${RAIL_BR_PIX.replace('slug: pix\nname: Pix\n', 'name: Pix\nslug: pix\n')}`,
      base: baseOf(),
    },
    {
      name: 'sources only (where the facts are checked, not facts)',
      file: RAIL_BR_PIX.replace('https://www.bcb.gov.br/estabilidadefinanceira/pix', 'https://www.bcb.gov.br/estabilidadefinanceira/pix/regulamento'),
      base: baseOf(),
    },
    { name: 'a rail that is new', file: RAIL_BR_PIX, base: baseOf({ 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('id: BR-pix', 'id: BR-pixx') }) },
  ])('accepts $name', async ({ file, base }) => {
    expect(await problemsOf({ 'rails/BR-pix.yaml': file }, 'unverified-change', { base })).toEqual([]);
  });

  it('compares with the first of two base rails that share an id (duplicate-id reports the other)', async () => {
    const base = baseOf({ 'rails/BR-pix_copy.yaml': rail(['bps', 'bps: 40']) });
    expect(await problemsOf({}, 'unverified-change', { base })).toEqual([]);
  });

  it('does not look at assets and countries, which have no verifiedAt', async () => {
    const problems = await problemsOf({ 'assets/usdc.yaml': setLine(ASSET_USDC, 'quoteLockSeconds', 'quoteLockSeconds: 60') }, 'unverified-change', {
      base: baseOf(),
    });
    expect(problems).toEqual([]);
  });

  it.each([
    { name: 'a fee', file: rail(['bps', 'bps: 40']), says: 'fees.bps' },
    { name: 'a limit', file: rail(['maxMinor', 'maxMinor: 200000000']), says: 'limits.maxMinor' },
    { name: 'the phase', file: rail(['phase', 'phase: beta']), says: 'phase' },
    { name: 'a beneficiary field', file: rail(['maxLength', 'maxLength: 72']), says: 'fields[pixKey].maxLength' },
    { name: 'a list of countries (one label for the list)', file: rail(['countries', 'countries: [BR, AR, CL]']), says: 'countries' },
    {
      name: 'four fields (named in the order of the rail)',
      file: rail(['bps', 'bps: 40'], ['fixedMinor', 'fixedMinor: 10'], ['minMinor', 'minMinor: 1'], ['p50Minutes', 'p50Minutes: 2']),
      says: 'settlement.p50Minutes, limits.minMinor, fees.fixedMinor, fees.bps',
    },
    {
      name: 'five fields (the fifth counted)',
      file: rail(
        ['bps', 'bps: 40'],
        ['fixedMinor', 'fixedMinor: 10'],
        ['minMinor', 'minMinor: 1'],
        ['p50Minutes', 'p50Minutes: 2'],
        ['name', 'name: Pix (Brazil)'],
      ),
      says: 'name, settlement.p50Minutes, limits.minMinor, fees.fixedMinor and 1 more',
    },
    {
      name: 'six fields',
      file: rail(
        ['bps', 'bps: 40'],
        ['fixedMinor', 'fixedMinor: 10'],
        ['minMinor', 'minMinor: 1'],
        ['p50Minutes', 'p50Minutes: 2'],
        ['name', 'name: Pix (Brazil)'],
        ['phase', 'phase: beta'],
      ),
      says: 'name, phase, settlement.p50Minutes, limits.minMinor and 2 more',
    },
  ])('warns on $name changed without a new verifiedAt', async ({ file, says }) => {
    const problems = await problemsOf({ 'rails/BR-pix.yaml': file }, 'unverified-change', { base: baseOf() });
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.severity, p.message])).toEqual([
      [
        'rails/BR-pix.yaml',
        '/verifiedAt',
        VERIFIED_AT_LINE,
        'warning',
        `${says} changed, but verifiedAt is still 2026-10-01: check the rail against its source and set verifiedAt to the date of that check (YYYY-MM-DD)`,
      ],
    ]);
  });

  it.each([
    { name: 'a misspelt key (the schema says which it meant)', file: rail(['businessDaysOnly', 'businessDayOnly: false']), says: [] },
    { name: 'a misspelt key holding a new value', file: rail(['businessDaysOnly', 'businessDayOnly: true']), says: [] },
    {
      name: 'a misspelt key beside a real change (only the real change is named)',
      file: rail(['businessDaysOnly', 'businessDayOnly: false'], ['bps', 'bps: 40']),
      says: ['fees.bps changed, but verifiedAt is still 2026-10-01'],
    },
    { name: 'an unknown key that means nothing allowed (only the schema speaks)', file: rail(['phase', 'phase: live\nzzzqqq: 1']), says: [] },
  ])('judges a refused rail outside its broken parts: $name', async ({ file, says }) => {
    const problems = await problemsOf({ 'rails/BR-pix.yaml': file }, 'unverified-change', { base: baseOf() });
    expect(problems.map((p) => p.message.replace(/: check the rail.*/, ''))).toEqual(says);
  });
});
