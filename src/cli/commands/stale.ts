import { daysBetween, dueOn, isDate, REVIEW_MONTHS } from '../../domain/dates.js';
import { CatalogDirError } from '../../read/folder.js';
import { loadCatalog } from '../../parse/load.js';
import { type RawEntry } from '../../model/catalog.js';
import { cmp } from '../../model/problem.js';
import { cell, code } from '../../compare/markdown.js';
import { choiceFlag, intFlag, parseFlags, todayFlag } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog stale [--dir catalog] [--today YYYY-MM-DD] [--within DAYS] [--format markdown|json]

The staleness report: rails due for review (verified more than ${REVIEW_MONTHS} calendar months ago) and, with --within,
those that fall due within that many days, oldest first. overdueDays counts the days since the rail fell due: 0 on the
day it falls due, negative for one that is not due yet (-3: due in 3 days). Exit code 0 (it is a report), 2 on a usage error.

Example:
  catalog stale --within 30`;

export const FORMATS = ['markdown', 'json'] as const;

/** One rail of the report. */
export interface StaleEntry {
  id: string;
  verifiedAt: string;
  /** First day on which the rail is due for review (verifiedAt + 6 months + 1 day). */
  dueOn: string;
  /** Days since dueOn: 0 on that day, negative before it. */
  overdueDays: number;
  /** Where the rail is, for the Markdown report. */
  file: string;
  phase: string;
}

/**
 * Rails due for review on `today`, and those falling due within `within` days, oldest verification first. Reads the
 * entries as parsed, before the schema: a rail with a readable id and verifiedAt is listed even when another of its
 * fields is wrong (the report is about dates; `catalog validate` reports the rest).
 */
export function staleEntries(entries: RawEntry[], today: string, within = 0): StaleEntry[] {
  const out: StaleEntry[] = [];
  for (const entry of entries) {
    const { id, verifiedAt, phase } = entry.data;
    if (entry.kind !== 'rail' || typeof id !== 'string' || typeof verifiedAt !== 'string' || !isDate(verifiedAt)) continue;
    const due = dueOn(verifiedAt);
    const overdueDays = daysBetween(due, today);
    if (overdueDays < -within) continue;
    out.push({ id, verifiedAt, dueOn: due, overdueDays, file: entry.file.path, phase: typeof phase === 'string' ? phase : '' });
  }
  return out.sort((a, b) => cmp(a.verifiedAt, b.verifiedAt) || cmp(a.id, b.id));
}

/** The stable JSON shape: {"today":"...","entries":[{"id","verifiedAt","dueOn","overdueDays"}]}. */
export function staleJson(today: string, entries: StaleEntry[]): string {
  return JSON.stringify({ today, entries: entries.map(({ id, verifiedAt, dueOn, overdueDays }) => ({ id, verifiedAt, dueOn, overdueDays })) }, null, 2) + '\n';
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The report in Markdown, for $GITHUB_STEP_SUMMARY: a headline with the counts, then one table. */
export function staleMarkdown(today: string, entries: StaleEntry[], within: number | undefined): string {
  const due = entries.filter((e) => e.overdueDays >= 0).length;
  const soon = entries.length - due;
  const lines = ['## Rails due for review', ''];
  const head = `${due === 0 ? 'No rail is' : due === 1 ? '**1 rail is**' : `**${due} rails are**`} due for review on ${today} (verified more than ${REVIEW_MONTHS} months ago)`;
  lines.push(within !== undefined ? `${head}; ${soon === 0 ? 'none' : soon} more within ${days(within)}.` : `${head}.`, '');
  if (entries.length) {
    lines.push('| Rail | Phase | Verified | Due on | Overdue | File |', '|---|---|---|---|---|---|');
    for (const e of entries) {
      const overdue = e.overdueDays > 0 ? days(e.overdueDays) : e.overdueDays === 0 ? 'due today' : `due in ${days(-e.overdueDays)}`;
      lines.push(`| ${code(e.id)} | ${cell(e.phase)} | ${e.verifiedAt} | ${e.dueOn} | ${overdue} | ${code(e.file)} |`);
    }
    lines.push('', 'Re-verify each rail against its source, then set its `verifiedAt` to the date of that check.');
  }
  return lines.join('\n') + '\n';
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    dir: { type: 'string' },
    today: { type: 'string' },
    within: { type: 'string' },
    format: { type: 'string' },
  });
  const format = choiceFlag('format', values.format, FORMATS, 'markdown');
  const today = todayFlag(values.today, io);
  const within = intFlag('within', values.within);
  let loaded;
  try {
    loaded = await loadCatalog(catalogDir(values.dir, io.cwd), io.cwd);
  } catch (err) {
    if (err instanceof CatalogDirError) throw new UsageError(err.message);
    throw err;
  }
  const entries = staleEntries(loaded.entries, today, within ?? 0);
  io.stdout.write(format === 'json' ? staleJson(today, entries) : staleMarkdown(today, entries, within));
  return EXIT.ok;
}
