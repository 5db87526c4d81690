import { dueOn, freshUntil, REVIEW_MONTHS } from '../domain/dates.js';
import { defineRule } from './define.js';

export default defineRule({
  id: 'stale-verification',
  severity: 'warning',
  scope: 'entry',
  description: `A rail verified more than ${REVIEW_MONTHS} calendar months ago is due for review (verified 2026-05-22: stale from 2026-11-23).`,
  messages: {
    'due-for-review': 'A rail was verified longer ago than the review period.',
  },
  check({ catalog, today, report }) {
    // Thousands of rails share a few dozen dates: each date's end of freshness is computed once.
    const fresh = new Map<string, string>();
    for (const rail of catalog.rails) {
      const { verifiedAt } = rail.data;
      let until = fresh.get(verifiedAt);
      // Stryker disable next-line ConditionalExpression: computing a date's end of freshness again gives the same date (a cache)
      if (until === undefined) fresh.set(verifiedAt, (until = freshUntil(verifiedAt)));
      if (today > until)
        report(
          rail,
          '/verifiedAt',
          `verified on ${verifiedAt}, so due for review since ${dueOn(verifiedAt)} (${REVIEW_MONTHS} months later): re-verify the rail against its source, then set verifiedAt to the date of that check`,
          { messageId: 'due-for-review' },
        );
    }
  },
});
