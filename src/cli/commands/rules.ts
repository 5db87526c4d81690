import { parseFlags } from '../args.js';
import { EXIT, type CliIO } from '../io.js';
import { compiledRuleMeta } from '../rule-meta.js';
import { ruleListing } from '../quick.js';

export const usage = `catalog rules

Lists every rule with its severity and what it checks.

Example:
  catalog rules`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  parseFlags(argv, {});
  // Read from compiled/rule-meta.json (made from allRuleMeta() by scripts/compile.mjs): no rule's check is loaded.
  // src/cli/main.ts answers a plain `catalog rules` with the same listing without loading this command.
  io.stdout.write(ruleListing(compiledRuleMeta()));
  return EXIT.ok;
}
