import { didYouMeanText } from '../domain/suggest.js';
import { defineRule } from './define.js';

/** IANA zones as Intl lists them (canonical names only, plus UTC; links such as Europe/Kyiv are checked one by one). */
let zones: { names: readonly string[]; exact: ReadonlySet<string>; lower: ReadonlySet<string> } | undefined;
function knownZones() {
  // Stryker disable next-line ConditionalExpression: making the list again on every call gives the same list
  if (!zones) {
    const names = [...Intl.supportedValuesOf('timeZone'), 'UTC'];
    zones = { names, exact: new Set(names), lower: new Set(names.map((n) => n.toLowerCase())) };
  }
  return zones;
}

const verdicts = new Map<string, boolean>();

/**
 * True for an IANA time zone name written as IANA writes it. Intl accepts any case (europe/paris), which the service
 * and other tools may not: a canonical name must have its case, any other name must start each part with a capital.
 */
function isTimeZone(name: string): boolean {
  const known = knownZones();
  if (known.exact.has(name)) return true;
  let verdict = verdicts.get(name);
  // Stryker disable next-line ConditionalExpression: judging the name again gives the same verdict (a cache)
  if (verdict === undefined) {
    verdict = !known.lower.has(name.toLowerCase()) && name.split('/').every((part) => /^[A-Z]/.test(part)) && intlAccepts(name);
    verdicts.set(name, verdict);
  }
  return verdict;
}

function intlAccepts(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    return false;
  }
  return true;
}

export default defineRule({
  id: 'settlement',
  severity: 'error',
  scope: 'entry',
  description: "A rail's settlement has p50Minutes <= p95Minutes and a cut-off in an existing IANA time zone (Europe/Paris).",
  messages: {
    'p95-below-p50': 'The 95th percentile of settlement minutes is below the median.',
    'unknown-time-zone': "The cutoff's time zone is not an IANA time zone.",
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const { p50Minutes, p95Minutes, cutoff } = rail.data.settlement;
      if (p50Minutes > p95Minutes)
        report(
          rail,
          '/settlement/p95Minutes',
          `p95Minutes ${p95Minutes} is below p50Minutes ${p50Minutes}: the 95th percentile is at least the median; write p95Minutes: ${p50Minutes} or more`,
          { messageId: 'p95-below-p50' },
        );
      if (cutoff !== undefined && !isTimeZone(cutoff.timeZone))
        report(
          rail,
          '/settlement/cutoff/timeZone',
          `${JSON.stringify(cutoff.timeZone)} is not an IANA time zone: write one such as Europe/Paris or America/New_York${didYouMeanText(cutoff.timeZone, knownZones().names)}`,
          { messageId: 'unknown-time-zone' },
        );
    }
  },
});
