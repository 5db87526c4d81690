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

  const notClosed = (what: string, reason: string, kind: string) =>
    `${what} has reason ${reason}, which only a closed ${kind} carries: remove the reason, or write phase: never if it is closed`;
  const notRestricted = (what: string, reason: string) =>
    `${what} country has reason ${reason}, which only a restricted country carries: remove the reason, or write status: restricted if it is refused`;
  const RAIL = ['rails/BR-pix.yaml', '/phase', 7, 8];
  const ASSET = ['assets/usdc.yaml', '/phase', 9, 8];
  const COUNTRY = ['countries/BR.yaml', '/status', 4, 9];
  it.each([
    {
      name: 'a closed rail without a reason',
      files: rail('never'),
      at: RAIL,
      message:
        'a rail with phase never needs a reason: add reason: <one of international_sanctions, restrictive_measures, money_laundering_risk, partner_discontinued, regulatory, scheme_retired, insufficient_demand, technical>',
    },
    { name: 'a live rail with a reason', files: rail('live', 'regulatory'), at: RAIL, message: notClosed('a live rail', 'regulatory', 'rail') },
    { name: 'a beta rail with a reason', files: rail('beta', 'technical'), at: RAIL, message: notClosed('a beta rail', 'technical', 'rail') },
    { name: 'a planned rail with a reason', files: rail('planned', 'technical'), at: RAIL, message: notClosed('a planned rail', 'technical', 'rail') },
    {
      name: 'an asset not offered without a reason',
      files: asset('never'),
      at: ASSET,
      message:
        'an asset with phase never needs a reason: add reason: <one of international_sanctions, restrictive_measures, money_laundering_risk, partner_discontinued, regulatory, scheme_retired, insufficient_demand, technical>',
    },
    { name: 'a live asset with a reason', files: asset('live', 'regulatory'), at: ASSET, message: notClosed('a live asset', 'regulatory', 'asset') },
    {
      name: 'a restricted country without a reason',
      files: country('restricted'),
      at: COUNTRY,
      message: 'a restricted country needs a reason: add reason: <one of international_sanctions, restrictive_measures, money_laundering_risk>',
    },
    {
      name: 'an open country with a reason',
      files: country('open', 'restrictive_measures'),
      at: COUNTRY,
      message: notRestricted('an open', 'restrictive_measures'),
    },
    {
      name: 'a coming country with a reason',
      files: country('coming', 'money_laundering_risk'),
      at: COUNTRY,
      message: notRestricted('a coming', 'money_laundering_risk'),
    },
  ])('reports $name', async ({ files, at, message }) => {
    const problems = await problemsOf(files, 'closed-reason');
    expect(problems.map((p) => [p.file, p.pointer, p.line, p.column, p.severity, p.message])).toEqual([[...at, 'error', message]]);
  });
});
