import { defineRule } from './define.js';

/** The method part of a rail id: what follows `<CC>-` (BR-pix → pix, FR-sepa_instant → sepa_instant). */
function methodOf(railId: string): string | undefined {
  // Stryker disable next-line OptionalChaining: only an id the schema refused fails to match, and a rule that throws on such an entry is skipped for it
  return /^[A-Z]{2}-(.+)$/.exec(railId)?.[1];
}

export default defineRule({
  id: 'slug-matches-id',
  severity: 'error',
  scope: 'entry',
  description:
    "A rail's slug is exactly the method part of its id, after the country code and hyphen (BR-pix has slug pix): a rail copied from another does not keep the other's slug.",
  messages: {
    'slug-mismatch': "A rail's slug is not the method part of its id.",
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const { id, slug } = rail.data;
      const method = methodOf(id);
      if (method === undefined || slug === method) continue; // a malformed id is the schema's to report
      const hint = slug.replace(/-/g, '_') === method ? ' (ids use underscores, and the slug follows the id)' : '';
      report(
        rail,
        '/slug',
        `slug ${JSON.stringify(slug)} is not the method part of the id ${id}${hint}: write slug: ${method}` +
          ' (a leftover from the rail this file was copied from? then check name and help too)',
        { messageId: 'slug-mismatch' },
      );
    }
  },
});
