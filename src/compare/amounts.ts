/** Amounts in minor or base units written as people read them: 1000000 with 2 decimals is 10,000.00. */

/**
 * Writes an integer count of minor units (a number, a digit string or a bigint; it may exceed 2^53) as a decimal amount
 * with `decimals` fraction digits and comma thousands separators. `trim` drops trailing fraction zeros (for crypto base
 * units: 10000000 with 6 decimals is "10", not "10.000000").
 */
export function formatUnits(units: number | string | bigint, decimals: number, trim = false): string {
  let digits = typeof units === 'bigint' ? units.toString() : typeof units === 'number' ? BigInt(Math.trunc(units)).toString() : units;
  if (!/^-?\d+$/.test(digits)) return String(units);
  const negative = digits.startsWith('-');
  if (negative) digits = digits.slice(1);
  digits = digits.replace(/^0+(?=\d)/, '').padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = decimals > 0 ? digits.slice(digits.length - decimals) : '';
  if (trim) fraction = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (negative ? '-' : '') + grouped + (fraction ? `.${fraction}` : '');
}

/** Basis points as a percentage: 50 → "0.50 %". */
export function formatBps(bps: number): string {
  return `${(bps / 100).toFixed(2)} %`;
}

/** Minutes as a duration: 90 → "1 h 30 min", 2880 → "2 d". */
export function formatMinutes(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) return String(minutes);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d ? `${d} d` : '', h ? `${h} h` : '', m || minutes === 0 ? `${m} min` : ''].filter(Boolean);
  return parts.join(' ');
}

/**
 * The exact decimal text of an integer count of minor or base units, without grouping ("1000050", 2 → "10000.50"), or
 * undefined when `units` is not an integer. String arithmetic only: never rounded through a float, whatever the size.
 */
function decimalOf(units: number | string | bigint, decimals: number, trim = false): string | undefined {
  const text = formatUnits(units, decimals, trim);
  return /^-?[\d,]+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : undefined;
}

/**
 * An amount in minor units as a currency amount for a locale, with Intl's currency style: 1000050 EUR (2 decimals) is
 * "10,000.50 €" in fr, "€10,000.50" in en. Intl formats the exact decimal string, so amounts beyond 2^53 stay exact.
 */
export function formatMoney(units: number | string | bigint, decimals: number, currency: string, locale: string): string {
  const decimal = decimalOf(units, decimals);
  if (decimal === undefined) return `${String(units)} ${currency}`;
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    return format.format(decimal as unknown as number);
  } catch {
    return `${formatUnits(units, decimals)} ${currency}`;
  }
}

/**
 * A count of base units of a crypto asset in human units for a locale, trailing zeros dropped: 50000 with 8 decimals is
 * "0.0005" in en, "0,0005" in fr. Exact for any size (string arithmetic, then Intl on the decimal string).
 */
export function formatQuantity(units: number | string | bigint, decimals: number, locale: string): string {
  const decimal = decimalOf(units, decimals, true);
  if (decimal === undefined) return String(units);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: Math.min(decimals, 100) }).format(decimal as unknown as number);
}
