import { describe, expect, it } from 'vitest';
import { problemsOf, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';

const pix = (...edits: Array<[string, string]>) => ({ 'rails/BR-pix.yaml': edits.reduce((t, [key, line]) => setLine(t, key, line), RAIL_BR_PIX) });
const country = (code: string, currency: string, status = 'open') => ({
  [`countries/${code}.yaml`]: `code: ${code}\nname: ${code}land\ncurrency: ${currency}\nstatus: ${status}\n${status === 'restricted' ? 'reason: international_sanctions\n' : ''}`,
});
const REASON = 'currencyReason: Cross-border USD payouts, as the partner notice among the sources says.';

describe('rail-currency', () => {
  it.each([
    { name: 'a rail in the currency of its country', files: {} },
    { name: 'a rail in the currency of one of its countries', files: { ...pix(['countries', 'countries: [BR, UY]']), ...country('UY', 'UYU') } },
    { name: 'a cross-border rail in USD that says why', files: pix(['currency', `currency: USD\n${REASON}`]) },
    {
      name: 'a rail whose countries are restricted (no currency to compare)',
      files: { ...pix(['currency', 'currency: USD']), 'countries/BR.yaml': country('BR', 'null', 'restricted')['countries/BR.yaml'] },
    },
    { name: 'a rail whose country has no file (reference reports it)', files: { ...pix(['currency', 'currency: USD']), 'countries/BR.yaml': null } },
    { name: 'a code that is no payout currency (iso-currency reports it)', files: pix(['currency', 'currency: BRX']) },
  ])('accepts $name', async ({ files }) => {
    expect(await problemsOf(files, 'rail-currency')).toEqual([]);
  });

  it.each([
    {
      name: "a currency none of its countries uses (the Singapore rail in Sudan's)",
      files: pix(['currency', 'currency: SDG']),
      at: ['/currency', 5, 11],
      says: 'BR-pix pays out SDG, but BR pays out in BRL: write currency: BRL, or, for a cross-border rail that really pays SDG, say why in currencyReason: ',
    },
    {
      name: 'a currency none of its several countries uses, naming theirs',
      files: { ...pix(['currency', 'currency: USD'], ['countries', 'countries: [BR, UY]']), ...country('UY', 'UYU') },
      at: ['/currency', 5, 11],
      says: 'BR-pix pays out USD, but its countries pay out in BRL, UYU: write currency: BRL (or UYU), or',
    },
    {
      name: 'a reason on a rail in its country’s currency',
      files: pix(['currency', `currency: BRL\n${REASON}`]),
      at: ['/currencyReason', 6, 17],
      says: 'BR-pix pays out BRL, the currency of BR, so currencyReason has nothing to explain: remove it',
    },
  ])('warns on $name', async ({ files, at, says }) => {
    const problems = await problemsOf(files, 'rail-currency');
    expect(problems.map((p) => [p.pointer, p.line, p.column, p.severity])).toEqual([[...at, 'warning']]);
    expect(problems[0].message.startsWith(says), problems[0].message).toBe(true);
  });

  it('is told by the schema when the reason is empty', async () => {
    const problems = await problemsOf(pix(['currency', 'currency: USD\ncurrencyReason: ""']), 'schema');
    expect([...new Set(problems.map((p) => p.pointer))]).toEqual(['/currencyReason']);
  });
});
