/**
 * The characters a catalog entry never holds (controls, bidirectional overrides, invisible characters): their names,
 * why each is refused, and the scan of a text for them. Pure: no I/O.
 */

import type { CharactersId } from '../model/core-messages.js';

const C0_NAMES = [
  'NULL',
  'START OF HEADING',
  'START OF TEXT',
  'END OF TEXT',
  'END OF TRANSMISSION',
  'ENQUIRY',
  'ACKNOWLEDGE',
  'BELL',
  'BACKSPACE',
  'CHARACTER TABULATION',
  'LINE FEED',
  'LINE TABULATION',
  'FORM FEED',
  'CARRIAGE RETURN',
  'SHIFT OUT',
  'SHIFT IN',
  'DATA LINK ESCAPE',
  'DEVICE CONTROL ONE',
  'DEVICE CONTROL TWO',
  'DEVICE CONTROL THREE',
  'DEVICE CONTROL FOUR',
  'NEGATIVE ACKNOWLEDGE',
  'SYNCHRONOUS IDLE',
  'END OF TRANSMISSION BLOCK',
  'CANCEL',
  'END OF MEDIUM',
  'SUBSTITUTE',
  'ESCAPE',
  'INFORMATION SEPARATOR FOUR',
  'INFORMATION SEPARATOR THREE',
  'INFORMATION SEPARATOR TWO',
  'INFORMATION SEPARATOR ONE',
];

/** Names of the format characters refused: bidirectional controls (Trojan Source) and invisible characters. */
const FORMAT_NAMES: Record<number, string> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (byte-order mark)',
};

/** Characters refused anywhere in a file (a BOM only at its very start is allowed; tab, LF and CR are line layout). */
const REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/** `U+202E RIGHT-TO-LEFT OVERRIDE`: a code point and its Unicode name. */
export function characterName(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name =
    code < 0x20
      ? C0_NAMES[code]
      : code === 0x7f
        ? 'DELETE'
        : code === 0x85
          ? 'NEXT LINE'
          : code >= 0x80 && code <= 0x9f
            ? 'C1 CONTROL CHARACTER'
            : FORMAT_NAMES[code];
  return name ? `${hex} ${name}` : hex;
}

/** The bidirectional controls: marks, embeddings, overrides, isolates and their pops. */
const BIDI_CONTROLS = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

/** Why a refused character is refused, in the analyst's terms. */
function why(code: number): string {
  if (code <= 0x9f) return 'a control character has no place in a catalog file (it is invisible and breaks the seed and the forms)';
  if (code === 0xfeff) return 'an invisible character; a byte-order mark is accepted only as the very first character of the file';
  if (BIDI_CONTROLS.has(code))
    return 'a bidirectional control changes the order in which text is displayed, so what a reviewer reads is not what the file holds';
  return 'an invisible character makes two values that look the same differ';
}

/** The message id of the characters rule for a refused character (written as it is, or in a value or key). */
export function characterId(code: number): CharactersId {
  if (code >= 0xd800 && code <= 0xdfff) return 'lone-surrogate';
  if (code === 0x09) return 'tab-in-text';
  if (code === 0x0a || code === 0x0d) return 'line-break-in-text';
  if (code <= 0x9f) return 'control-character';
  if (code === 0xfeff) return 'misplaced-bom';
  return BIDI_CONTROLS.has(code) ? 'bidi-control' : 'invisible-character';
}

/** A refused character found in a file: its offset, its message id and what to say. */
export interface CharacterFinding {
  start: number;
  end: number;
  messageId: CharactersId;
  message: string;
}

/** The refused characters of a text (the first `limit`), at their offsets; one finding a run of the same character. Linear. */
export function refusedCharacters(text: string, limit = 20): CharacterFinding[] {
  const found: CharacterFinding[] = [];
  REFUSED.lastIndex = 0;
  for (let m = REFUSED.exec(text); m; m = REFUSED.exec(text)) {
    const start = m.index;
    const code = text.charCodeAt(start);
    if (start === 0 && code === 0xfeff) continue; // a BOM at the start: accepted (documented in docs/catalog.md)
    let end = start + 1;
    while (text.charCodeAt(end) === code) end++;
    REFUSED.lastIndex = end;
    found.push({
      start,
      end,
      messageId: characterId(code),
      message: `${characterName(code)} in the text: ${why(code)}; delete it${code <= 0x9f ? '' : ' (most editors show it only with "show invisible characters")'}`,
    });
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * Characters a value or key never holds, whatever way YAML wrote it (an escape such as \0, \e, \x1b, \u202E, a block
 * scalar's line break): every refused character, tab and line breaks too (a catalog text is one line), and a lone
 * surrogate (\uD800: half of a character, which no encoding can write).
 */
const REFUSED_IN_VALUE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The distinct refused characters of a value or key, by code unit, in order of first appearance. */
export function refusedInValue(value: string): number[] {
  const codes: number[] = [];
  REFUSED_IN_VALUE.lastIndex = 0;
  for (let m = REFUSED_IN_VALUE.exec(value); m; m = REFUSED_IN_VALUE.exec(value)) {
    const code = m[0].charCodeAt(0);
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

const ESCAPES: Record<string, number> = { '0': 0, a: 7, b: 8, t: 9, '\t': 9, n: 10, v: 11, f: 12, r: 13, e: 0x1b, N: 0x85, L: 0x2028, P: 0x2029 };

/**
 * Where a double-quoted YAML scalar's source writes a character with an escape (\0, \e, \x1b, \u202E...): each
 * escape's offset in `written` and its text.
 */
export function escapesOf(written: string, code: number): Array<{ at: number; text: string }> {
  const found: Array<{ at: number; text: string }> = [];
  const escapeRe = /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[\s\S])/g;
  for (let m = escapeRe.exec(written); m; m = escapeRe.exec(written)) {
    const e = m[1];
    const value = e.length > 1 ? Number.parseInt(e.slice(1), 16) : ESCAPES[e];
    if (value === code) found.push({ at: m.index, text: m[0] });
  }
  return found;
}

/**
 * What to say of a refused character found in a value or key (`where`: 'value' or 'key'), written with the escape
 * `escape` when one gives it, and what to write instead.
 */
export function valueCharacterMessage(code: number, where: 'value' | 'key', escaped?: string): string {
  const written = escaped ? ` (written as the escape ${escaped})` : '';
  if (code >= 0xd800 && code <= 0xdfff)
    return `${characterName(code)} in the ${where}${written}: a lone surrogate is half of a character, which no file or seed can hold; write the character itself, or the whole pair of \\u escapes`;
  if (code === 0x09) return `${characterName(code)} in the ${where}${written}: a catalog text holds no tab; write a space`;
  if (code === 0x0a || code === 0x0d)
    return `${characterName(code)} in the ${where}${written}: a catalog text is one line (a block scalar | or > keeps its line breaks); write it on one line, or fold it with >- so that YAML joins its lines with spaces`;
  return `${characterName(code)} in the ${where}${written}: ${why(code)}; delete ${escaped ? 'the escape' : 'it'}`;
}
