import { defineRule } from './define.js';

export default defineRule({
  id: 'source-age',
  severity: 'warning',
  scope: 'entry',
  description: 'No source of a rail was checked before the rail\'s verifiedAt: a verification reads the sources again and dates them.',
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const { sources, verifiedAt } = rail.data;
      sources?.forEach((source, i) => {
        // YYYY-MM-DD strings compare in date order.
        if (source.checked < verifiedAt)
          report(rail, `/sources/${i}/checked`, `this source was checked on ${source.checked}, before the rail was verified on ${verifiedAt}: read the page again and write checked: "${verifiedAt}" (or the later date you read it); a source no longer read to verify the rail is removed`);
      });
    }
  },
});
