import { describe, expect, it } from 'vitest';
import { ASSET_USDC, COUNTRY_BR, problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

const rail = (phase: string, reason?: string) => ({
  'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'phase', `phase: ${phase}`) + (reason ? `reason: ${reason}\n` : ''),
});
const asset = (phase: string, reason?: string) => ({
  'assets/usdc.yaml': setLine(ASSET_USDC, 'phase', `phase: ${phase}`) + (reason ? `reason: ${reason}\n` : ''),
});
const country = (status: string, reason?: string) => ({
  'countries/BR.yaml': setLine(COUNTRY_BR, 'status', `status: ${status}`) + (reason ? `reason: ${reason}\n` : ''),
});

describe('closed-reason', () => {
  it('accepts open entries without a reason', async () => {
    expect(await problemsOf({}, 'closed-reason')).toEqual([]);
  });

  it.each([
    { name: 'a closed rail with a reason', files: rail('never', 'partner_discontinued') },
    { name: 'a planned rail without a reason', files: rail('planned') },
    { name: 'an asset not offered with a reason', files: asset('never', 'regulatory') },
    { name: 'a restricted country with a reason', files: country('restricted', 'international_sanctions') },
    { name: 'a coming country without a reason', files: country('coming') },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'closed-reason')).toEqual([]);
  });

  it.each([
    {
      name: 'a closed rail without a reason',
      files: rail('never'),
      file: 'rails/BR-pix.yaml',
      pointer: '/phase',
      line: 7,
      column: 8,
      hint: 'partner_discontinued',
    },
    { name: 'a live rail with a reason', files: rail('live', 'regulatory'), file: 'rails/BR-pix.yaml', pointer: '/phase', line: 7, column: 8 },
    { name: 'a beta rail with a reason', files: rail('beta', 'technical'), file: 'rails/BR-pix.yaml', pointer: '/phase', line: 7, column: 8 },
    {
      name: 'an asset not offered without a reason',
      files: asset('never'),
      file: 'assets/usdc.yaml',
      pointer: '/phase',
      line: 9,
      column: 8,
      hint: 'regulatory',
    },
    { name: 'a live asset with a reason', files: asset('live', 'regulatory'), file: 'assets/usdc.yaml', pointer: '/phase', line: 9, column: 8 },
    {
      name: 'a restricted country without a reason',
      files: country('restricted'),
      file: 'countries/BR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
      hint: 'money_laundering_risk',
    },
    {
      name: 'an open country with a reason',
      files: country('open', 'restrictive_measures'),
      file: 'countries/BR.yaml',
      pointer: '/status',
      line: 4,
      column: 9,
    },
  ])('reports $name', async ({ files, file, pointer, line, column, hint }) => {
    const problems = await problemsOf(files, 'closed-reason');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column])).toEqual([[file, pointer, line, column]]);
    if (hint) expect(problems[0].message).toContain(hint);
  });
});
