import { isCountryCode } from '../domain/iso.js';
import { schemaEnum } from '../model/schemas.js';
import type { Policy } from '../generated/types.js';
import type { Entry } from '../model/catalog.js';
import { defineRule } from './define.js';

/** What the lists holding a country require of it: the strongest effect, and the list that gives it. */
export interface Required {
  status: 'restricted' | 'coming';
  reason?: string;
  /** The list whose effect is the strongest (the first in file order among equals). */
  policy: Entry<Policy>;
}

/**
 * The strongest effect among lists: restricted before coming; among restricted, the reason that comes first in the
 * countryReason vocabulary (international_sanctions, then restrictive_measures, then money_laundering_risk).
 */
export function strongest(lists: Entry<Policy>[], reasonOrder: readonly string[]): Required | undefined {
  const rank = (p: Entry<Policy>) => (p.data.effect.status === 'restricted' ? reasonOrder.indexOf(p.data.effect.reason ?? '') : reasonOrder.length);
  let best: Entry<Policy> | undefined;
  for (const list of lists) if (!best || rank(list) < rank(best)) best = list;
  return best && { status: best.data.effect.status, reason: best.data.effect.reason, policy: best };
}

function describeList(p: Entry<Policy>): string {
  return `${p.data.id} (${p.data.publisher}, as of ${p.data.asOf})`;
}

export default defineRule({
  id: 'country-policy',
  severity: 'error',
  reads: ['asOf', 'code', 'countries', 'effect', 'id', 'publisher', 'reason', 'status'],
  description:
    "Every country's status and reason follow the written policy of catalog/policies: the strongest effect of the lists holding it (restricted with the first reason of the vocabulary, or at least coming); a country in no list is not restricted. List codes are ISO and dated no later than today.",
  messages: {
    'future-as-of': "A policy list's asOf date is after today.",
    'unknown-country': 'A policy list names a code that is not an ISO 3166-1 alpha-2 country code.',
    'restricted-without-list': 'A restricted country is on no policy list.',
    'listed-not-restricted': 'A country on a list that requires restriction is not restricted.',
    'wrong-reason': 'A restricted country gives another reason than the strongest list holding it.',
    'listed-open': 'A country on a list that allows it at most coming is open.',
  },
  check({ catalog, today, report }) {
    const reasonOrder = schemaEnum('common', '/definitions/countryReason');
    const holding = new Map<string, Entry<Policy>[]>();
    for (const policy of catalog.policies) {
      const { asOf, countries } = policy.data;
      if (asOf > today)
        report(policy, '/asOf', `asOf ${asOf} is in the future (today is ${today}): write the date of the publication the countries were copied from`, {
          messageId: 'future-as-of',
        });
      countries.forEach((code, i) => {
        if (!isCountryCode(code)) {
          report(
            policy,
            `/countries/${i}`,
            `${code} is not an ISO 3166-1 alpha-2 country code: write the code of the listed jurisdiction (GB, not UK), or leave out a jurisdiction that has none`,
            { messageId: 'unknown-country' },
          );
          return;
        }
        const lists = holding.get(code);
        if (lists) lists.push(policy);
        else holding.set(code, [policy]);
      });
    }

    for (const country of catalog.countries) {
      const { code, status, reason } = country.data;
      const lists = holding.get(code) ?? [];
      const required = strongest(lists, reasonOrder);
      if (!required) {
        if (status === 'restricted')
          report(
            country,
            '/status',
            `${code} is restricted but no list of catalog/policies holds it: write status: open (or coming) without a reason and with its currency, or add ${code} to the list that justifies the restriction (a decision of the provider's own goes in a list of its own under catalog/policies)`,
            { messageId: 'restricted-without-list' },
          );
        continue;
      }
      const by = describeList(required.policy);
      if (required.status === 'restricted') {
        if (status !== 'restricted')
          report(
            country,
            '/status',
            `${code} is on ${lists.map((p) => p.data.id).join(', ')}: ${by} requires status: restricted with reason: ${required.reason} and currency: null; rails serving ${code} then become planned or never`,
            { messageId: 'listed-not-restricted' },
          );
        else if (reason !== required.reason)
          report(
            country,
            '/reason',
            `the strongest list holding ${code} is ${by}, which gives reason ${required.reason}, not ${reason}: write reason: ${required.reason}`,
            { messageId: 'wrong-reason' },
          );
      } else if (status === 'open') {
        report(country, '/status', `${code} is on ${by}, which allows it at most coming: write status: coming, or restricted with a reason`, {
          messageId: 'listed-open',
        });
      }
    }
  },
});
