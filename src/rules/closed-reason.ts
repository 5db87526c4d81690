import { schemaEnum } from '../model/schemas.js';
import { defineRule } from './define.js';

export default defineRule({
  id: 'closed-reason',
  severity: 'error',
  scope: 'entry',
  description: 'A closed rail or asset (phase never) and a restricted country carry a reason; an entry that is not closed or restricted carries none.',
  messages: {
    'missing-reason': 'A closed rail or asset (phase never) has no reason.',
    'reason-not-closed': 'A rail or asset that is not closed carries a reason.',
    'missing-country-reason': 'A restricted country has no reason.',
    'reason-not-restricted': 'An open or coming country carries a reason.',
  },
  check({ catalog, report }) {
    // Read here, not at import: the vocabularies live in the schemas (data beats code).
    const closedReasons = schemaEnum('common', '/definitions/closedReason').join(', ');
    const countryReasons = schemaEnum('common', '/definitions/countryReason').join(', ');

    for (const entry of [...catalog.rails, ...catalog.assets]) {
      const { phase, reason } = entry.data;
      if (phase === 'never' && reason === undefined)
        report(entry, '/phase', `${entry.kind === 'asset' ? 'an asset' : 'a rail'} with phase never needs a reason: add reason: <one of ${closedReasons}>`, {
          messageId: 'missing-reason',
        });
      else if (phase !== 'never' && reason !== undefined)
        report(
          entry,
          '/phase',
          `a ${phase} ${entry.kind} has reason ${reason}, which only a closed ${entry.kind} carries: remove the reason, or write phase: never if it is closed`,
          { messageId: 'reason-not-closed' },
        );
    }
    for (const country of catalog.countries) {
      const { status, reason } = country.data;
      if (status === 'restricted' && reason === undefined)
        report(country, '/status', `a restricted country needs a reason: add reason: <one of ${countryReasons}>`, { messageId: 'missing-country-reason' });
      else if (status !== 'restricted' && reason !== undefined)
        report(
          country,
          '/status',
          `${status === 'open' ? 'an open' : 'a coming'} country has reason ${reason}, which only a restricted country carries: remove the reason, or write status: restricted if it is refused`,
          { messageId: 'reason-not-restricted' },
        );
    }
  },
});
