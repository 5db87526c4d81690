import { choiceFlag, parseFlags } from '../args.js';
import { EXIT, type CliIO } from '../io.js';
import { compiledRuleMeta } from '../rule-meta.js';
import { ruleListing } from '../quick.js';

export const usage = `catalog rules
catalog rules --format json

Lists every rule with its severity and what it checks. With --format json: a JSON array of the rules, each with its
id, severity, description, fixable (when it has safe fixes) and messages (message id -> the situation it reports, the
ids that problems carry as messageId; docs/rules.md#<rule-id> documents them).

Example:
  catalog rules --format json`;

const FORMATS = ['text', 'json'] as const;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, { format: { type: 'string' } });
  const format = choiceFlag('format', values.format, FORMATS, 'text');
  // Read from compiled/rule-meta.json (made from allRuleMeta() by scripts/compile.mjs): no rule's check is loaded.
  // src/cli/main.ts answers a plain `catalog rules` with the same listing without loading this command.
  const metas = compiledRuleMeta();
  io.stdout.write(format === 'json' ? `${JSON.stringify(metas, null, 2)}\n` : ruleListing(metas));
  return EXIT.ok;
}
