import { defineRule } from './define.js';

export default defineRule({
  id: 'source-age',
  severity: 'warning',
  scope: 'entry',
  description:
    "No source of a rail in service was checked before the rail's verifiedAt: a verification reads the sources again and dates them. A closed rail (phase never) has at least one source checked on or after its verifiedAt: the page its closure was verified against.",
  messages: {
    'closure-unsourced': 'A closed rail was verified after every one of its sources was checked.',
    'source-older': 'A source was checked before the rail was verified.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const { sources, verifiedAt, phase } = rail.data;
      if (!sources || sources.length === 0) continue; // the rule sources reports it
      if (phase === 'never') {
        // Closing verifies the closure, not every fact again: the other sources keep the date they were last read.
        // YYYY-MM-DD strings compare in date order.
        if (!sources.some((source) => source.checked >= verifiedAt))
          report(
            rail,
            '/verifiedAt',
            `this closed rail was verified on ${verifiedAt}, but none of its sources was checked since: add the page you verified the closure against, with checked: "${verifiedAt}" (catalog close --source does it), or write that date on the source you read again`,
            { messageId: 'closure-unsourced' },
          );
        continue;
      }
      sources.forEach((source, i) => {
        if (source.checked < verifiedAt)
          report(
            rail,
            `/sources/${i}/checked`,
            `this source was checked on ${source.checked}, before the rail was verified on ${verifiedAt}: read the page again and write checked: "${verifiedAt}" (or the later date you read it); a source no longer read to verify the rail is removed`,
            { messageId: 'source-older' },
          );
      });
    }
  },
});
