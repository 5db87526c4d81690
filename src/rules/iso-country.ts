import { isCountryCode, suggestCountryCode } from '../domain/iso.js';
import { defineRule } from './define.js';

const ANY_CODE = 'the assigned ISO 3166-1 alpha-2 code of the country (FR, DE, GB, US...)';

/** "<what> XX is not an assigned code: write YY" with the best suggestion, or a pointer to the standard. */
function notAssigned(what: string, code: string, suggestion: string | undefined, instead = suggestion ?? ANY_CODE): string {
  return `${what} ${code} is not an assigned ISO 3166-1 alpha-2 country code: write ${instead}`;
}

export default defineRule({
  id: 'iso-country',
  severity: 'error',
  scope: 'entry',
  description:
    "Every country code (a rail's countries and id prefix, a country's code, a settlement calendar) is an assigned ISO 3166-1 alpha-2 code: GB, not UK.",
  messages: {
    'unknown-id-prefix': "A rail's id does not start with an assigned ISO 3166-1 alpha-2 country code.",
    'unknown-country': 'A rail serves a code that is not an assigned ISO 3166-1 alpha-2 country code.',
    'unknown-calendar': "A rail's settlement calendar is a two-letter code that is not an assigned country code.",
    'unknown-code': "A country's code is not an assigned ISO 3166-1 alpha-2 code.",
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const { id, countries, settlement } = rail.data;
      const prefix = id.slice(0, 2);
      if (!isCountryCode(prefix)) {
        const suggestion = suggestCountryCode(prefix);
        report(rail, '/id', notAssigned('the id prefix', prefix, suggestion, suggestion && `${suggestion}${id.slice(2)}`), { messageId: 'unknown-id-prefix' });
      }
      countries.forEach((code, i) => {
        if (!isCountryCode(code)) report(rail, `/countries/${i}`, notAssigned('country', code, suggestCountryCode(code)), { messageId: 'unknown-country' });
      });
      const calendar = settlement.calendar;
      if (calendar !== undefined && /^[A-Z]{2}$/.test(calendar) && !isCountryCode(calendar))
        report(rail, '/settlement/calendar', `${notAssigned('calendar', calendar, suggestCountryCode(calendar))} (or TARGET2 for the euro area)`, {
          messageId: 'unknown-calendar',
        });
    }
    for (const country of catalog.countries) {
      const { code, name } = country.data;
      if (!isCountryCode(code))
        report(country, '/code', `${notAssigned('code', code, suggestCountryCode(code, name))}, and name the file after it`, { messageId: 'unknown-code' });
    }
  },
});
