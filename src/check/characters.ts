import type { Problem } from '../model/problem.js';

/**
 * A refused character (an invisible space in a code, a bidi control in a name) also makes its value wrong for the
 * schema and the rules: on the line of the character, only the character is reported, which says what to fix.
 */
export function withoutCharacterEchoes(problems: Problem[]): Problem[] {
  const lines = new Set(problems.filter((p) => p.rule === 'characters').map((p) => `${p.file}\u0000${p.line}`));
  if (lines.size === 0) return problems;
  return problems.filter((p) => p.rule === 'characters' || !lines.has(`${p.file}\u0000${p.line}`));
}
