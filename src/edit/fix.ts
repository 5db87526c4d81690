import { scalarAt, type SourceFile } from '../parse/source.js';
import { stringify } from '../parse/yaml-lazy.js';

/** A safe fix: replace the characters [start, end) of the file's text with `text` (validate --fix applies it). */
export interface Fix {
  start: number;
  end: number;
  text: string;
}

/** How a new value is written in place of a scalar: a string keeps the quotes the analyst used, when it can. */
function scalarText(value: unknown, type: string | undefined): string {
  if (typeof value !== 'string') return String(value);
  if (type === 'QUOTE_SINGLE' && !/[\n\r]/.test(value)) return `'${value.replace(/'/g, "''")}'`;
  if (type === 'PLAIN') {
    const plain = stringify(value, { version: '1.2' }).trimEnd();
    if (!/^["']/.test(plain) && !plain.includes('\n')) return plain;
  }
  return JSON.stringify(value);
}

/** The edit that replaces the scalar at `pointer` with `value`; undefined when the pointer names no scalar. */
export function replaceScalar(file: SourceFile, pointer: string, value: unknown, style?: 'QUOTE_DOUBLE'): Fix | undefined {
  const at = scalarAt(file, pointer);
  if (!at) return undefined;
  return { start: at.start, end: at.end, text: scalarText(value, style ?? at.type) };
}

/** Applies non-overlapping fixes to a text (the later of two overlapping fixes waits for the next pass). */
export function applyFixes(text: string, fixes: Fix[]): { text: string; applied: Fix[] } {
  const sorted = [...fixes].sort((a, b) => a.start - b.start || a.end - b.end);
  const applied: Fix[] = [];
  let last = -1;
  for (const f of sorted) {
    if (f.start < last) continue;
    applied.push(f);
    last = f.end;
  }
  let out = text;
  for (const f of [...applied].reverse()) out = out.slice(0, f.start) + f.text + out.slice(f.end);
  return { text: out, applied };
}
