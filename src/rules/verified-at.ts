import { defineRule } from './define.js';

export default defineRule({
  id: 'verified-at',
  severity: 'error',
  scope: 'entry',
  description: "A rail's verifiedAt is not after today, and (with --base) never moves backwards from the date at the base revision.",
  messages: {
    'future-date': 'verifiedAt is after today.',
    'moved-backwards': 'verifiedAt is earlier than at the base revision.',
  },
  check({ catalog, today, report }) {
    for (const rail of catalog.rails) {
      const { verifiedAt } = rail.data;
      // YYYY-MM-DD strings compare in date order.
      if (verifiedAt > today)
        report(
          rail,
          '/verifiedAt',
          `verifiedAt ${verifiedAt} is in the future (today is ${today}): write the date the rail was actually verified, ${today} at the latest`,
          { messageId: 'future-date' },
        );
    }
  },
  history({ catalog, base, report }) {
    // verifiedAt of each rail at the base revision, by id (the first entry wins, as duplicate-id reports the others).
    const before = new Map<string, string>();
    for (const rail of base.rails) if (!before.has(rail.data.id)) before.set(rail.data.id, rail.data.verifiedAt);
    for (const rail of catalog.rails) {
      const { id, verifiedAt } = rail.data;
      const previous = before.get(id);
      // Stryker disable next-line ConditionalExpression: a rail new since the base; no date is below undefined either
      if (previous === undefined) continue;
      if (verifiedAt < previous)
        report(
          rail,
          '/verifiedAt',
          `verifiedAt moved backwards from ${previous} to ${verifiedAt}: keep ${previous}, or write the later date of a new verification`,
          { messageId: 'moved-backwards' },
        );
    }
  },
});
