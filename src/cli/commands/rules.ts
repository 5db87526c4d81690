import { allRuleMeta } from '../../rules/index.js';
import { parseFlags } from '../args.js';
import { EXIT, type CliIO } from '../io.js';

export const usage = `catalog rules

Lists every rule with its severity and what it checks.

Example:
  catalog rules`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  parseFlags(argv, {});
  const metas = allRuleMeta();
  const width = Math.max(...metas.map((m) => m.id.length));
  for (const m of metas) io.stdout.write(`${m.id.padEnd(width)}  ${m.severity.padEnd(7)}  ${m.description}\n`);
  return EXIT.ok;
}
