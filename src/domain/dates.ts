/** Calendar dates as YYYY-MM-DD strings, computed in UTC so that results never depend on the machine's time zone. */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** Today's date in UTC from a clock (injected, so that tests never depend on the real date). */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Adds calendar months; a day that does not exist in the target month is clamped to its last day
 * (2026-08-31 + 6 months = 2027-02-28).
 */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Adds days. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  const t = (s: string) => Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10));
  return Math.round((t(b) - t(a)) / 86_400_000);
}

/** Months after verifiedAt from which an entry is due for review (contract section 8). */
export const REVIEW_MONTHS = 6;

/** The last day an entry verified on `verifiedAt` is still fresh; it is stale from the next day on. */
export function freshUntil(verifiedAt: string): string {
  return addMonths(verifiedAt, REVIEW_MONTHS);
}

/** The first day on which an entry verified on `verifiedAt` is due for review. */
export function dueOn(verifiedAt: string): string {
  return addDays(freshUntil(verifiedAt), 1);
}
