import { compareEntries } from '../compare/changes.js';
import { publishedRail } from '../seed/build.js';
import type { Rail } from '../generated/types.js';
import { defineRule } from './define.js';

/** How many changed fields a message names before "and N more". */
const NAMED = 4;

export default defineRule({
  id: 'unverified-change',
  severity: 'warning',
  description:
    'With --base: a rail whose published fields (limits, fees, phase, beneficiary fields, ...) changed has a new verifiedAt, the date the changed facts were checked. Toolkit-only attributes (examples), sources and decisions (where the facts come from, not facts) do not count.',
  messages: {
    'unverified-change': "A rail's checked facts changed since the base revision and its verifiedAt did not.",
  },
  history({ catalog, base, report }) {
    const before = new Map<string, Rail>();
    for (const rail of base.rails) if (!before.has(rail.data.id)) before.set(rail.data.id, rail.data);
    for (const rail of catalog.rails) {
      const old = before.get(rail.data.id);
      if (!old || old.verifiedAt !== rail.data.verifiedAt) continue;
      // The same object: an entry the change did not touch, there for its id (nothing changed to compare).
      // Stryker disable next-line ConditionalExpression: an object compared with itself has no change; skipping it only saves time
      if (old === rail.data) continue;
      // verifiedAt is the same on both sides: only the provenance (sources, decisions) is left out.
      const changed = compareEntries(publishedRail(old), publishedRail(rail.data)).filter(
        (c) => !c.pointer.startsWith('/sources') && !c.pointer.startsWith('/decisions'),
      );
      if (changed.length === 0) continue;
      const labels = [...new Set(changed.map((c) => c.label))];
      const named = labels.slice(0, NAMED).join(', ') + (labels.length > NAMED ? ` and ${labels.length - NAMED} more` : '');
      report(
        rail,
        '/verifiedAt',
        `${named} changed, but verifiedAt is still ${rail.data.verifiedAt}: check the rail against its source and set verifiedAt to the date of that check (YYYY-MM-DD)`,
        { messageId: 'unverified-change' },
      );
    }
  },
});
