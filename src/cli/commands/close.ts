import { entrySchema, propertyOrder } from '../../model/schema-walk.js';
import { parseFlags, todayFlag } from '../args.js';
import { editEntry } from '../entry-edit.js';
import { UsageError, type CliIO } from '../io.js';

export const usage = `catalog close <RAIL-ID or asset-id> --reason <reason> [--today YYYY-MM-DD] [--dir catalog]

Closes a rail or an asset in place: phase: never, the reason, and (for a rail) verifiedAt set to today (--today, or the
clock's UTC date). Comments, blank lines and layout are kept; only those values change. The reason is one of the
schema's closed reasons; a wrong one gets the nearest and the list. Exit code 0 when written, 1 when the file cannot be
edited (YAML errors), 2 on a usage error (unknown id, wrong reason).

Example:
  catalog close GB-bacs --reason partner_discontinued`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(argv, { reason: { type: 'string' }, today: { type: 'string' }, dir: { type: 'string' } }, { positionals: true });
  if (positionals.length !== 1) throw new UsageError('give the id of one rail or asset: catalog close GB-bacs --reason partner_discontinued');
  const today = todayFlag(values.today, io);
  return editEntry(
    {
      command: 'close',
      kinds: ['rail', 'asset'],
      id: positionals[0],
      reason: values.reason,
      dir: values.dir,
      values: (kind, reason) => [
        ['phase', 'never'],
        ['reason', reason],
        // Only where the schema has it (a rail, not an asset): data beats code.
        ...(propertyOrder(entrySchema(kind)).includes('verifiedAt') ? [['verifiedAt', today] as [string, string]] : []),
      ],
      done: (kind, shown, set) => `closed ${kind} ${positionals[0]} in ${shown}: ${set.map(([k, v]) => `${k}: ${v}`).join(', ')}`,
    },
    io,
  );
}
