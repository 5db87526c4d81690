import { cell, code } from '../compare/markdown.js';
import { FAILING, OUTCOMES, type Outcome, type SourceResult } from './check.js';

/** How many results have each outcome, in OUTCOMES order. */
function counts(results: readonly SourceResult[]): Record<Outcome, number> {
  const out = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const r of results) out[r.outcome]++;
  return out;
}

/** "0 broken, 0 moved, 0 changed, 3 unreachable, 0 new, 40 unchanged". */
function summaryLine(results: readonly SourceResult[]): string {
  const c = counts(results);
  return OUTCOMES.map((o) => `${c[o]} ${o}`).join(', ');
}

/** Results worth a line: every one but the unchanged pages, failing outcomes first, then by address. */
function listed(results: readonly SourceResult[]): SourceResult[] {
  return results
    .filter((r) => r.outcome !== 'unchanged')
    .sort((a, b) => OUTCOMES.indexOf(a.outcome) - OUTCOMES.indexOf(b.outcome) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/** A sentence on the unreachable pages when they are all of them: what a run without network says. */
function allUnreachable(results: readonly SourceResult[]): string | undefined {
  if (results.length === 0 || results.some((r) => r.outcome !== 'unreachable')) return undefined;
  return `No page could be reached (${results.length} of ${results.length}): this machine has no network, or the hosts are down. Nothing was judged and the lock is kept as it is; run the check where the pages can be fetched.`;
}

/** The terminal report: one line per page that is not unchanged, then the counts. */
export function textReport(results: readonly SourceResult[], lockShown: string, updated: boolean): string {
  const rails = new Set(results.flatMap((r) => r.rails)).size;
  const lines = [`catalog sources check: ${results.length} pages cited by ${rails} rails, compared with ${lockShown}`];
  for (const r of listed(results)) lines.push(`  ${r.outcome.padEnd(11)} ${r.url} (${r.rails.join(', ')}): ${r.detail}`);
  const none = allUnreachable(results);
  if (none) lines.push(none);
  lines.push(summaryLine(results));
  if (updated) lines.push(`${lockShown} rewritten: every page that answered is recorded as it is now.`);
  else if (results.some((r) => FAILING.has(r.outcome)))
    lines.push(
      'Open each page that broke, moved or changed, check that it still states what its rails cite it for (their supports), fix the rails, then run catalog sources check --update.',
    );
  return `${lines.join('\n')}\n`;
}

/** The stable JSON shape: { lock, counts, results: [{ url, rails, outcome, detail, status?, finalUrl? }] }. */
export function jsonReport(results: readonly SourceResult[], lockShown: string): string {
  const shown = results.map((r) => ({
    url: r.url,
    rails: r.rails,
    outcome: r.outcome,
    detail: r.detail,
    ...(r.now.kind === 'answer' ? { status: r.now.status, finalUrl: r.now.finalUrl } : {}),
  }));
  return `${JSON.stringify({ lock: lockShown, counts: counts(results), results: shown }, null, 2)}\n`;
}

/** The Markdown report, the body of the issue the weekly workflow opens: a headline, then one table. */
export function markdownReport(results: readonly SourceResult[]): string {
  const c = counts(results);
  const lines = ['## Source pages since the lock', '', `${summaryLine(results)}.`, ''];
  const none = allUnreachable(results);
  if (none) lines.push(none, '');
  const rows = listed(results);
  if (rows.length) {
    lines.push('| Outcome | Page | Rails | What happened |', '|---|---|---|---|');
    for (const r of rows) lines.push(`| ${r.outcome} | ${cell(r.url)} | ${r.rails.map(code).join(', ')} | ${cell(r.detail)} |`);
    lines.push('');
  }
  if (c.broken + c.moved + c.changed > 0)
    lines.push(
      "For each page: open it, check that it still states what the rails cite it for (each source's `supports` quotes the sentence), correct the rails and their `verifiedAt`, then run `catalog sources check --update` and commit `catalog/sources.lock.json`.",
    );
  return `${lines.join('\n')}\n`;
}
