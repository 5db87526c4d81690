import type { Crashed } from '../check/rules.js';
import { inertLines } from './visible.js';

/** Describes the rules that threw, for the CLI's internal-error message. */
export function crashReport(crashed: Crashed): string {
  return crashed.map((c) => `internal error in rule ${c.rule} (the other rules ran): ${inertLines(c.error.stack ?? c.error.message)}\n`).join('');
}
