import { entrySchema, propertyOrder } from '../../model/schema-walk.js';
import { setSource } from '../../edit/set-source.js';
import { isHomePage } from '../../rules/source-home-page.js';
import { urlProblem } from '../../rules/sources.js';
import { parseFlags, todayFlag } from '../args.js';
import { editEntry } from '../entry-edit.js';
import { UsageError, type CliIO } from '../io.js';

export const usage = `catalog close <RAIL-ID or asset-id> --reason <reason> [--source <url> [--title <title>]] [--today YYYY-MM-DD] [--dir catalog]

Closes a rail or an asset in place: phase: never and the reason. For a rail, also what the analyst did: verified the
closure against a page (the scheme's or partner's notice, the regulator's decision, the policy list). --source is that
page: it gets checked: today (added to the rail's sources, with --title, when it is not one yet), and verifiedAt
becomes today (--today, or the clock's UTC date), so the next validate has nothing new to say. An asset has neither.
Comments, blank lines and layout are kept; only those values change. The reason is one of the schema's closed reasons;
a wrong one gets the list, and the nearest when one is close. Exit code 0 when written, 1 when the file cannot be edited (YAML errors), 2
on a usage error (unknown id, wrong reason, a rail without --source).

Example:
  catalog close GB-bacs --reason partner_discontinued --source https://partner.example/notices/bacs-2026 --title "Bacs payouts end, Example Partner"
  catalog close KE-mpesa --reason money_laundering_risk --source https://www.fatf-gafi.org/en/countries/black-and-grey-lists.html`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    { reason: { type: 'string' }, source: { type: 'string' }, title: { type: 'string' }, today: { type: 'string' }, dir: { type: 'string' } },
    { positionals: true },
  );
  if (positionals.length !== 1) throw new UsageError('give the id of one rail or asset: catalog close GB-bacs --reason partner_discontinued --source <url>');
  const today = todayFlag(values.today, io);
  const { source, title } = values;
  // Only where the schema has them (a rail, not an asset): data beats code.
  const verified = (kind: 'rail' | 'asset' | 'country' | 'policy') => propertyOrder(entrySchema(kind)).includes('verifiedAt');
  let added = false;
  return editEntry(
    {
      command: 'close',
      kinds: ['rail', 'asset'],
      id: positionals[0],
      reason: values.reason,
      dir: values.dir,
      prepare: (kind) => checkSource(kind, verified(kind), source, title),
      values: (kind, reason) => [['phase', 'never'], ['reason', reason], ...(verified(kind) ? [['verifiedAt', today] as [string, string]] : [])],
      more: (kind, text) => {
        if (!verified(kind) || source === undefined) return text;
        const edited = setSource(text, { url: source, title, checked: today });
        if (edited.added && title === undefined)
          throw new UsageError(
            `${source} is not a source of ${positionals[0]} yet: give its title with --title (the page's title, with its publisher when the title does not name it)`,
          );
        added = edited.added;
        return edited.text;
      },
      done: (kind, shown, set) =>
        `closed ${kind} ${positionals[0]} in ${shown}: ${set.map(([k, v]) => `${k}: ${v}`).join(', ')}` +
        (verified(kind) && source !== undefined ? `; source ${source} ${added ? 'added, ' : ''}checked: ${today}` : ''),
    },
    io,
  );
}

/** A rail's closure names the page it was verified against, a page the rules accept; an asset names none. */
function checkSource(kind: string, verified: boolean, source: string | undefined, title: string | undefined): void {
  if (!verified) {
    if (source !== undefined || title !== undefined) throw new UsageError(`an ${kind} has no sources: leave out --source and --title`);
    return;
  }
  if (source === undefined)
    throw new UsageError(
      "closing a rail sets verifiedAt to today, so --source is required: the address of the page you verified the closure against (the scheme's or partner's notice, the regulator's decision, the policy list), one of the rail's sources or a new one with --title; it gets checked: today",
    );
  const problem = urlProblem(source);
  if (problem) throw new UsageError(`--source: ${problem}`);
  if (isHomePage(source)) throw new UsageError(`--source: ${source} is a site's home page: give the address of the page that states the closure`);
}
