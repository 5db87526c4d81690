import { EXIT, type CliIO } from '../io.js';

// STUB: to be implemented (see the issue).
export const usage = `catalog diff (not implemented yet)`;

export async function run(_argv: string[], io: CliIO): Promise<number> {
  io.stderr.write('catalog diff: not implemented yet\n');
  return EXIT.usage;
}
