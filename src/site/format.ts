import { dueOn } from '../domain/dates.js';
import { formatMoney, formatQuantity } from '../compare/amounts.js';
import { CATALOG_LANG, type Lang } from './i18n.js';

export { formatMoney, formatQuantity };

/** A date YYYY-MM-DD written out in a language ("26 August 2026", "26 août 2026"); read in UTC, never the machine's zone. */
export function formatDate(date: string, lang: Lang): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** Basis points as a percentage in a language: 50 → "0.5%" (en), "0,5 %" (fr). */
export function formatBps(bps: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** Minutes as a duration in a language: 90 → "1 hour, 30 minutes" / "1 heure et 30 minutes", 2880 → "2 days". */
export function formatMinutes(minutes: number, lang: Lang): string {
  if (!Number.isInteger(minutes) || minutes < 0) return String(minutes);
  const parts: string[] = [];
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d) parts.push(unit(d, 'day'));
  if (h) parts.push(unit(h, 'hour'));
  if (m || minutes === 0) parts.push(unit(m, 'minute'));
  return new Intl.ListFormat(lang, { style: 'long', type: 'unit' }).format(parts);
}

/** A country's name in a language (Intl's region names), or the catalog's name when Intl has none. */
export function countryName(code: string, fallback: string, lang: Lang): string {
  return localCountryName(code, fallback, lang).name;
}

/** A country's name in a language and the language it is in: the catalog's (English) name when Intl has none. */
export function localCountryName(code: string, fallback: string, lang: Lang): { name: string; lang: Lang } {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }).of(code);
    if (name) return { name, lang };
  } catch {
    // An odd code: the catalog's name below.
  }
  return { name: fallback, lang: CATALOG_LANG };
}

/** Items sorted by their name as a reader of the language expects (Intl.Collator: "Émirats" with the E's); stable on ties. */
export function sortByName<T>(items: readonly T[], name: (item: T) => string, lang: Lang): T[] {
  const collator = new Intl.Collator(lang);
  return items
    .map((item) => ({ item, key: name(item) }))
    .sort((a, b) => collator.compare(a.key, b.key))
    .map(({ item }) => item);
}

/** Whether a rail verified on `verifiedAt` is due for review on `today` (six months later), and from which day. */
export function reviewState(verifiedAt: string, today: string): { due: string; stale: boolean } {
  const due = dueOn(verifiedAt);
  return { due, stale: today >= due };
}
