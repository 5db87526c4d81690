import { parseFlags } from '../args.js';
import { EXIT, type CliIO } from '../io.js';
import { compiledRuleMeta } from '../rule-meta.js';

export const usage = `catalog rules

Lists every rule with its severity and what it checks.

Example:
  catalog rules`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  parseFlags(argv, {});
  // Read from compiled/rule-meta.json (made from allRuleMeta() by scripts/compile.mjs): no rule's check is loaded.
  const metas = compiledRuleMeta();
  const width = Math.max(...metas.map((m) => m.id.length));
  for (const m of metas) io.stdout.write(`${m.id.padEnd(width)}  ${m.severity.padEnd(7)}  ${m.description}\n`);
  return EXIT.ok;
}
