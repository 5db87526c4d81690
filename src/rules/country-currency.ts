import { defineRule } from './define.js';

export default defineRule({
  id: 'country-currency',
  severity: 'error',
  scope: 'entry',
  description:
    'A restricted country\'s currency is null (the contract: "null for a restricted country"); an open or coming country names its ISO 4217 currency.',
  messages: {
    'missing-currency': 'An open or coming country has no currency (null).',
    'restricted-with-currency': 'A restricted country gives a currency instead of null.',
  },
  check({ catalog, report }) {
    for (const country of catalog.countries) {
      const { status, currency } = country.data;
      if (currency === null && status !== 'restricted')
        report(
          country,
          '/currency',
          `an open or coming country needs its ISO 4217 currency (${country.data.code} is ${status}): write the code of the currency paid out there (EUR, USD...), or status: restricted with a reason if it is refused`,
          { messageId: 'missing-currency' },
        );
      else if (currency !== null && status === 'restricted')
        report(
          country,
          '/currency',
          `a restricted country is published with currency null (${country.data.code} is restricted, nothing is paid out there): write currency: null, and give the currency back when the country opens`,
          { messageId: 'restricted-with-currency' },
        );
    }
  },
});
