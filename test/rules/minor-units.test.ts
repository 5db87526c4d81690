import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

/** The rail with some lines replaced (key → new line); line numbers stay those of the fixture. */
function rail(lines: Record<string, string>): Record<string, string> {
  let text = RAIL_BR_PIX;
  for (const [key, line] of Object.entries(lines)) text = setLine(text, key, line);
  return { 'rails/BR-pix.yaml': text };
}

describe('minor-units', () => {
  it('accepts the fixture (BRL, 2 decimals)', async () => {
    expect(await problemsOf({}, 'minor-units')).toEqual([]);
  });

  it.each([
    { name: 'JPY with 0 decimals', files: rail({ currency: 'currency: JPY', decimals: 'decimals: 0' }) },
    { name: 'EUR with 2 decimals', files: rail({ currency: 'currency: EUR' }) },
    { name: 'KWD with 3 decimals', files: rail({ currency: 'currency: KWD', decimals: 'decimals: 3' }) },
    { name: 'bps 10000 (100 %)', files: rail({ bps: 'bps: 10000' }) },
    { name: 'bps 0 and a zero minimum', files: rail({ bps: 'bps: 0', minMinor: 'minMinor: 0' }) },
    { name: 'minMinor equal to maxMinor', files: rail({ minMinor: 'minMinor: 100000000' }) },
    { name: 'maxMinor Number.MAX_SAFE_INTEGER', files: rail({ maxMinor: `maxMinor: ${Number.MAX_SAFE_INTEGER}` }) },
    { name: 'an unknown currency (iso-currency reports it)', files: rail({ currency: 'currency: HRK', decimals: 'decimals: 7' }) },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'minor-units')).toEqual([]);
  });

  it.each([
    {
      name: 'JPY with 2 decimals',
      files: rail({ currency: 'currency: JPY' }),
      pointer: '/limits/decimals',
      line: 15,
      message: 'JPY has 0 decimals in ISO 4217, not 2: write decimals: 0',
    },
    {
      name: 'KWD with 2 decimals',
      files: rail({ currency: 'currency: KWD' }),
      pointer: '/limits/decimals',
      line: 15,
      message: 'KWD has 3 decimals in ISO 4217, not 2: write decimals: 3',
    },
    {
      name: 'EUR with 0 decimals',
      files: rail({ currency: 'currency: EUR', decimals: 'decimals: 0' }),
      pointer: '/limits/decimals',
      line: 15,
      message: 'EUR has 2 decimals in ISO 4217, not 0: write decimals: 2',
    },
    {
      name: 'minMinor above maxMinor',
      files: rail({ minMinor: 'minMinor: 100000001' }),
      pointer: '/limits/minMinor',
      line: 13,
      message: 'minMinor 100000001 is above maxMinor 100000000: write a minimum of at most 100000000, or raise maxMinor',
    },
    {
      name: 'a negative minMinor',
      files: rail({ minMinor: 'minMinor: -1' }),
      pointer: '/limits/minMinor',
      line: 13,
      message: 'minMinor is -1, a negative amount: write an amount of 0 or more, in minor units',
    },
    {
      name: 'a negative fixedMinor',
      files: rail({ fixedMinor: 'fixedMinor: -5' }),
      pointer: '/fees/fixedMinor',
      line: 17,
      message: 'fixedMinor is -5, a negative amount: write an amount of 0 or more, in minor units',
    },
    {
      name: 'a negative bps',
      files: rail({ bps: 'bps: -1' }),
      pointer: '/fees/bps',
      line: 18,
      message: 'bps is -1, a negative fee: write a fee of 0 to 10000 basis points (100 bps = 1 %)',
    },
    {
      name: 'bps 10001',
      files: rail({ bps: 'bps: 10001' }),
      pointer: '/fees/bps',
      line: 18,
      message: 'bps is 10001, more than 10000 (100 %): write a fee of 0 to 10000 basis points (100 bps = 1 %)',
    },
    {
      name: 'maxMinor 2^53',
      files: rail({ maxMinor: 'maxMinor: 9007199254740992' }),
      pointer: '/limits/maxMinor',
      line: 14,
      message:
        'maxMinor is beyond 2^53 - 1 (9007199254740991), where numbers lose precision (YAML read it as 9007199254740992): write an amount in minor units of at most 9007199254740991',
    },
    {
      name: 'maxMinor 99999999999999999999 (read as a float)',
      files: rail({ maxMinor: 'maxMinor: 99999999999999999999' }),
      pointer: '/limits/maxMinor',
      line: 14,
      message:
        'maxMinor is beyond 2^53 - 1 (9007199254740991), where numbers lose precision (YAML read it as 100000000000000000000): write an amount in minor units of at most 9007199254740991',
    },
    {
      name: 'fixedMinor 2^53',
      files: rail({ fixedMinor: 'fixedMinor: 9007199254740992' }),
      pointer: '/fees/fixedMinor',
      line: 17,
      message:
        'fixedMinor is beyond 2^53 - 1 (9007199254740991), where numbers lose precision (YAML read it as 9007199254740992): write an amount in minor units of at most 9007199254740991',
    },
    {
      name: 'minMinor 2^53 (beyond, so not compared with maxMinor)',
      files: rail({ minMinor: 'minMinor: 9007199254740992' }),
      pointer: '/limits/minMinor',
      line: 13,
      message:
        'minMinor is beyond 2^53 - 1 (9007199254740991), where numbers lose precision (YAML read it as 9007199254740992): write an amount in minor units of at most 9007199254740991',
    },
    {
      name: 'maxMinor -2^53 (beyond, so not compared with minMinor)',
      files: rail({ maxMinor: 'maxMinor: -9007199254740992' }),
      pointer: '/limits/maxMinor',
      line: 14,
      message:
        'maxMinor is beyond 2^53 - 1 (9007199254740991), where numbers lose precision (YAML read it as -9007199254740992): write an amount in minor units of at most 9007199254740991',
    },
  ])('reports $name', async ({ files, pointer, line, message }) => {
    const problems = await problemsOf(files, 'minor-units');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.severity, p.message])).toEqual([['rails/BR-pix.yaml', pointer, line, 'error', message]]);
  });

  it('reports a negative maxMinor both as negative and as below minMinor, at each value', async () => {
    const problems = await problemsOf(rail({ maxMinor: 'maxMinor: -1' }), 'minor-units');
    expect(problems.map((p) => [p.pointer, p.line, p.column, p.message])).toEqual([
      ['/limits/minMinor', 13, 13, 'minMinor 100 is above maxMinor -1: write a minimum of at most -1, or raise maxMinor'],
      ['/limits/maxMinor', 14, 13, 'maxMinor is -1, a negative amount: write an amount of 0 or more, in minor units'],
    ]);
  });
});
