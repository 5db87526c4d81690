import type { Seed } from '../generated/types.js';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A text that a
 * spreadsheet would take for a formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe, as OWASP advises for CSV files opened in spreadsheets: the catalog's text is data, never a formula.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV table: the header, then one line per row, CRLF line ends as RFC 4180 writes them. */
function table(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The seed's three catalogs as CSV, one row per entry, lists joined with spaces, the amounts in minor units. */
export function catalogCsv(seed: Seed): Record<'rails' | 'assets' | 'countries', string> {
  const rails = table(
    [
      'id',
      'name',
      'kind',
      'currency',
      'countries',
      'phase',
      'reason',
      'minMinor',
      'maxMinor',
      'decimals',
      'fixedMinor',
      'bps',
      'p50Minutes',
      'p95Minutes',
      'businessDaysOnly',
      'cutoff',
      'calendar',
      'fields',
      'verifiedAt',
      'sources',
    ],
    seed.rails.map((r) => [
      r.id,
      r.name,
      r.kind,
      r.currency,
      r.countries.join(' '),
      r.phase,
      r.reason,
      r.limits.minMinor,
      r.limits.maxMinor,
      r.limits.decimals,
      r.fees.fixedMinor,
      r.fees.bps,
      r.settlement.p50Minutes,
      r.settlement.p95Minutes,
      r.settlement.businessDaysOnly,
      r.settlement.cutoff ? `${r.settlement.cutoff.time} ${r.settlement.cutoff.timeZone}` : undefined,
      r.settlement.calendar,
      r.fields.map((f) => f.name).join(' '),
      r.verifiedAt,
      (r.sources ?? []).map((s) => s.url).join(' '),
    ]),
  );
  const assets = table(
    ['id', 'ticker', 'name', 'decimals', 'networks', 'stablecoin', 'quoteLockSeconds', 'minDepositBase', 'phase', 'reason'],
    seed.assets.map((a) => [a.id, a.ticker, a.name, a.decimals, a.networks.join(' '), a.stablecoin, a.quoteLockSeconds, a.minDepositBase, a.phase, a.reason]),
  );
  const countries = table(
    ['code', 'name', 'currency', 'status', 'reason', 'rails'],
    seed.countries.map((c) => [c.code, c.name, c.currency, c.status, c.reason, c.rails?.join(' ')]),
  );
  return { rails, assets, countries };
}
