import type { Catalog } from '../core/catalog.js';
import { defineRule } from './define.js';

/** verifiedAt of each rail at the base revision, by id (the first entry wins, as duplicate-id reports the others). */
function baseDates(base: Catalog | undefined): Map<string, string> {
  const dates = new Map<string, string>();
  for (const rail of base?.rails ?? []) {
    const { id, verifiedAt } = rail.data;
    if (!dates.has(id)) dates.set(id, verifiedAt);
  }
  return dates;
}

export default defineRule({
  id: 'verified-at',
  severity: 'error',
  description: 'A rail\'s verifiedAt is not after today, and (with --base) never moves backwards from the date at the base revision.',
  check({ catalog, today, base, report }) {
    const before = baseDates(base);
    for (const rail of catalog.rails) {
      const { id, verifiedAt } = rail.data;
      // YYYY-MM-DD strings compare in date order.
      if (verifiedAt > today)
        report(rail, '/verifiedAt', `verifiedAt ${verifiedAt} is in the future (today is ${today}): write the date the rail was actually verified, ${today} at the latest`);
      const previous = before.get(id);
      if (previous !== undefined && verifiedAt < previous)
        report(rail, '/verifiedAt', `verifiedAt moved backwards from ${previous} to ${verifiedAt}: keep ${previous}, or write the later date of a new verification`);
    }
  },
});
