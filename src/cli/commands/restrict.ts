import { parseFlags } from '../args.js';
import { editEntry } from '../entry-edit.js';
import { UsageError, type CliIO } from '../io.js';

export const usage = `catalog restrict <CODE> --reason <reason> [--dir catalog]

Restricts a country in place: status: restricted and the reason (one of the schema's country reasons; a wrong one gets
the nearest and the list). Comments and layout are kept. The currency stays: the rules allow a restricted country to
keep it (null is allowed only there, never required). Exit code 0 when written, 1 when the file cannot be edited, 2 on a
usage error.

Example:
  catalog restrict SY --reason international_sanctions`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(argv, { reason: { type: 'string' }, dir: { type: 'string' } }, { positionals: true });
  if (positionals.length !== 1) throw new UsageError('give the code of one country: catalog restrict SY --reason international_sanctions');
  return editEntry(
    {
      command: 'restrict',
      kinds: ['country'],
      id: positionals[0],
      reason: values.reason,
      dir: values.dir,
      values: (_kind, reason) => [
        ['status', 'restricted'],
        ['reason', reason],
      ],
      done: (_kind, shown, set) => `restricted ${positionals[0]} in ${shown}: ${set.map(([k, v]) => `${k}: ${v}`).join(', ')}`,
    },
    io,
  );
}
