import { minorUnit } from '../domain/iso.js';
import { defineRule } from './define.js';

/** Basis points in 100 %: a proportional fee above it would take more than the amount. */
const MAX_BPS = 10_000;

export default defineRule({
  id: 'minor-units',
  severity: 'error',
  scope: 'entry',
  description:
    "A rail's limits.decimals is its currency's ISO 4217 minor unit (JPY 0, EUR 2, KWD 3), minMinor <= maxMinor, and limits and fees are safe non-negative integers with bps at most 10000.",
  messages: {
    'wrong-decimals': "A rail's decimals are not its currency's minor units in ISO 4217.",
    'unsafe-amount': 'An amount is beyond 2^53 - 1, where numbers lose precision.',
    'negative-amount': 'An amount is negative.',
    'negative-fee': 'A fee in basis points is negative.',
    'fee-over-max': 'A fee in basis points is over 100 %.',
    'min-above-max': 'minMinor is above maxMinor.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const { currency, limits, fees } = rail.data;

      const expected = minorUnit(currency); // undefined: iso-currency reports the code
      if (expected !== undefined && limits.decimals !== expected)
        report(rail, '/limits/decimals', `${currency} has ${expected} decimals in ISO 4217, not ${limits.decimals}: write decimals: ${expected}`, {
          messageId: 'wrong-decimals',
        });

      const amounts = [
        ['/limits/minMinor', 'minMinor', limits.minMinor],
        ['/limits/maxMinor', 'maxMinor', limits.maxMinor],
        ['/fees/fixedMinor', 'fixedMinor', fees.fixedMinor],
      ] as const;
      for (const [pointer, name, value] of amounts) {
        if (!Number.isSafeInteger(value))
          report(
            rail,
            pointer,
            `${name} is beyond 2^53 - 1 (${Number.MAX_SAFE_INTEGER}), where numbers lose precision (YAML read it as ${value}): write an amount in minor units of at most ${Number.MAX_SAFE_INTEGER}`,
            { messageId: 'unsafe-amount' },
          );
        else if (value < 0)
          report(rail, pointer, `${name} is ${value}, a negative amount: write an amount of 0 or more, in minor units`, { messageId: 'negative-amount' });
      }
      if (fees.bps < 0)
        report(rail, '/fees/bps', `bps is ${fees.bps}, a negative fee: write a fee of 0 to ${MAX_BPS} basis points (100 bps = 1 %)`, {
          messageId: 'negative-fee',
        });
      else if (fees.bps > MAX_BPS)
        report(rail, '/fees/bps', `bps is ${fees.bps}, more than ${MAX_BPS} (100 %): write a fee of 0 to ${MAX_BPS} basis points (100 bps = 1 %)`, {
          messageId: 'fee-over-max',
        });

      if (Number.isSafeInteger(limits.minMinor) && Number.isSafeInteger(limits.maxMinor) && limits.minMinor > limits.maxMinor)
        report(
          rail,
          '/limits/minMinor',
          `minMinor ${limits.minMinor} is above maxMinor ${limits.maxMinor}: write a minimum of at most ${limits.maxMinor}, or raise maxMinor`,
          { messageId: 'min-above-max' },
        );
    }
  },
});
