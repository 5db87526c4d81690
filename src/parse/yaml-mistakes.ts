import { tagMessage } from './yaml-tags.js';

/**
 * YAML syntax errors in an analyst's words. The parser's first error is a symptom; the mistake is usually on its line or
 * on the line before. Each row below recognises one common mistake from the text of a line and says, at the place of
 * the mistake, what to write instead. Only the first syntax error of a file is reported: the parser's later errors are
 * nearly always consequences of the first.
 */

import type { YamlSyntaxId } from '../model/core-messages.js';

/** A syntax error of the parser: its code, message and offsets. */
export interface SyntaxError {
  code: string;
  message: string;
  start: number;
  end: number;
}

/** What to report: a message, its id (yaml-syntax's, src/model/core-messages.ts) and where. */
export interface Explained {
  messageId: YamlSyntaxId;
  message: string;
  start: number;
  end: number;
}

interface Line {
  /** Offset of the line's first character. */
  at: number;
  text: string;
}

/** `key: value` on one line (a list item's first key included): the indentation, the key and the value. */
const KEY_VALUE = /^(\s*(?:-\s+)?)([A-Za-z_][\w.-]*):[ \t]+(.*?)\s*$/;

const quoteSingle = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** One mistake: does it explain this error, seen from this line? */
type Mistake = (line: Line, error: SyntaxError, text: string) => Explained | undefined;

/** A quote opened on a line and not closed on it (YAML would read the next lines into the text). */
const unclosedQuote: Mistake = (line) => {
  const m = KEY_VALUE.exec(line.text) ?? /^(\s*-\s+)()(.*)$/.exec(line.text);
  if (!m) return undefined;
  const value = m[3];
  const q = value[0];
  if (q !== '"' && q !== "'") return undefined;
  const body = value.slice(1);
  // Closed by a quote that is not escaped: \" in double quotes, '' in single quotes.
  const closed = q === '"' ? /(^|[^\\])(\\\\)*"/.test(body) : body.replace(/''/g, '').includes("'");
  if (closed) return undefined;
  const at = line.at + line.text.indexOf(value);
  return {
    start: at,
    end: at + 1,
    messageId: 'unclosed-quote',
    message: `the ${q === '"' ? 'double' : 'single'} quote opened here is never closed: end the text with ${q} on the same line, e.g. ${m[2] ? `${m[2]}: ` : '- '}${q}${body}${q}`,
  };
};

/** The table of mistakes, tried in order on the error's line, then on the line before it. */
const MISTAKES: Array<{ alone?: boolean; test: Mistake }> = [
  {
    // tab used for indentation
    test: (line) => {
      const m = /^ *\t/.exec(line.text);
      if (!m) return undefined;
      const at = line.at + m[0].length - 1;
      return {
        start: at,
        end: at + 1,
        messageId: 'tab-indentation',
        message: 'a tab is used for indentation: YAML indents with spaces only; replace the tab with spaces (2 a level)',
      };
    },
  },
  {
    // backslash escape inside double quotes
    test: (line, error) => {
      if (error.code !== 'BAD_DQ_ESCAPE') return undefined;
      const m = KEY_VALUE.exec(line.text);
      const value = m?.[3].startsWith('"') ? m[3].slice(1, m[3].lastIndexOf('"') > 0 ? m[3].lastIndexOf('"') : undefined) : undefined;
      const fix = m && value !== undefined ? `: ${m[2]}: ${quoteSingle(value)}` : '';
      return {
        start: error.start,
        end: error.end + 1,
        messageId: 'bad-escape',
        message: `inside double quotes a backslash starts an escape, and ${line.text.slice(error.start - line.at, error.start - line.at + 2)} is not one: use single quotes, which keep backslashes as written${fix}`,
      };
    },
  },
  {
    // unclosed quote
    test: unclosedQuote,
  },
  {
    // unclosed bracket
    test: (line) => {
      const m = KEY_VALUE.exec(line.text);
      if (!m || !/^[[{]/.test(m[3]) || m[2] === 'pattern') return undefined;
      const open = m[3][0];
      const close = open === '[' ? ']' : '}';
      let depth = 0;
      for (const ch of m[3].replace(/"[^"]*"|'[^']*'/g, '')) depth += ch === open ? 1 : ch === close ? -1 : 0;
      if (depth <= 0) return undefined;
      const at = line.at + line.text.indexOf(m[3]);
      return {
        start: at,
        end: at + 1,
        messageId: 'unclosed-bracket',
        message: `the ${open} opened here is not closed: end the ${open === '[' ? 'list' : 'mapping'} with ${close} on the same line, e.g. ${m[2]}: ${m[3]}${close.repeat(depth)}`,
      };
    },
  },
  {
    // closing bracket too many
    test: (line) => {
      const m = KEY_VALUE.exec(line.text);
      if (!m || !/^[[{]/.test(m[3]) || m[2] === 'pattern') return undefined;
      const open = m[3][0];
      const close = open === '[' ? ']' : '}';
      const bare = m[3].replace(/"[^"]*"|'[^']*'/g, (q) => ' '.repeat(q.length));
      let depth = 0;
      for (const [i, ch] of [...bare].entries()) {
        depth += ch === open ? 1 : ch === close ? -1 : 0;
        if (depth < 0) {
          const at = line.at + line.text.indexOf(m[3]) + i;
          return {
            start: at,
            end: at + 1,
            messageId: 'extra-bracket',
            message: `this ${close} closes nothing: the ${open === '[' ? 'list' : 'mapping'} is already closed; delete it, e.g. ${m[2]}: ${m[3].slice(0, i)}${m[3].slice(i + 1)}`,
          };
        }
      }
      return undefined;
    },
  },
  {
    // pattern not quoted
    test: (line) => {
      const m = KEY_VALUE.exec(line.text);
      if (!m || !/^(pattern|regex)$/i.test(m[2]) || /^['"]/.test(m[3])) return undefined;
      const at = line.at + line.text.indexOf(m[3], m[1].length + m[2].length);
      return {
        start: at,
        end: at + m[3].length,
        messageId: 'unquoted-pattern',
        message: `YAML reads part of this pattern as its own syntax (${/^[[{]/.test(m[3]) ? `a value starting with ${m[3][0]} is a list or a mapping` : /: /.test(m[3]) ? '": " starts a new key' : 'a reserved character'}): quote the pattern with single quotes: ${m[2]}: ${quoteSingle(m[3])}`,
      };
    },
  },
  {
    // value holding ": "
    test: (line) => {
      const m = KEY_VALUE.exec(line.text);
      if (!m || !/: /.test(m[3]) || /^['"[{|>]/.test(m[3])) return undefined;
      const at = line.at + line.text.indexOf(m[3], m[1].length + m[2].length);
      return {
        start: at,
        end: at + m[3].length,
        messageId: 'colon-in-value',
        message: `the value holds ": ", which YAML reads as the start of another key: quote the value with single quotes: ${m[2]}: ${quoteSingle(m[3])}`,
      };
    },
  },
  {
    // value starting with a reserved character
    test: (line, error) => {
      if (error.code !== 'BAD_SCALAR_START') return undefined;
      const m = KEY_VALUE.exec(line.text);
      if (!m) return undefined;
      const at = line.at + line.text.indexOf(m[3], m[1].length + m[2].length);
      return {
        start: at,
        end: at + 1,
        messageId: 'reserved-start',
        message: `a value cannot start with ${m[3][0]} unless it is quoted: write ${m[2]}: ${quoteSingle(m[3])}`,
      };
    },
  },
  {
    // missing space after the colon
    alone: true,
    test: (line) => {
      const m = /^(\s*(?:-\s+)?)([A-Za-z_][\w-]*):([^\s:/].*)$/.exec(line.text);
      if (!m || /: /.test(line.text)) return undefined;
      const at = line.at + m[1].length + m[2].length;
      return {
        start: at,
        end: at + 1,
        messageId: 'missing-space-after-colon',
        message: `a space is missing after the colon, so YAML reads "${m[2]}:${m[3]}" as one word: write ${m[2]}: ${m[3].trim()}`,
      };
    },
  },
  {
    // missing space after the dash
    alone: true,
    test: (line) => {
      const m = /^(\s*)-([A-Za-z_"'[{][\s\S]*)$/.exec(line.text);
      if (!m) return undefined;
      const at = line.at + m[1].length;
      return {
        start: at,
        end: at + 1,
        messageId: 'missing-space-after-dash',
        message: `a space is missing after the dash of a list item: write - ${m[2].trim()}`,
      };
    },
  },
  {
    // missing colon after a key
    alone: true,
    test: (line) => {
      const m = /^(\s*(?:-\s+)?)([A-Za-z_][\w-]*)\s+([^:#\s].*)$/.exec(line.text);
      if (!m || /:(\s|$)/.test(line.text)) return undefined;
      const at = line.at + m[1].length + m[2].length;
      return { start: at, end: at + 1, messageId: 'missing-colon', message: `a colon is missing after the key ${m[2]}: write ${m[2]}: ${m[3].trim()}` };
    },
  },
];

/** A content line as the indentation check reads it. */
interface Shape {
  index: number;
  col: number;
  item: boolean;
  /** The key of the line (after the dash of an item), and its column. */
  key?: string;
  keyCol: number;
  /** True when the line ends after `key:` or `-`: the next lines hold its value. */
  opens: boolean;
  /** True when its value is a block scalar (| or >): deeper lines are its text. */
  scalar: boolean;
}

const KEY = /^([A-Za-z_][\w.-]*|"[^"\n]*"|'[^'\n]*'):(?=\s|$)\s*(.*)$/;

/** How a line is shaped (key, list item, what it opens); undefined for anything else (stray text, a continuation). */
function shapeOf(line: Line, index: number): Shape | undefined {
  const col = line.text.length - line.text.trimStart().length;
  let rest = line.text
    .slice(col)
    .replace(/\s+#.*$/, '')
    .trimEnd();
  const item = rest === '-' || rest.startsWith('- ');
  if (item) rest = rest.slice(1).trimStart();
  const keyCol = line.text.length - line.text.slice(col).replace(/^-\s*/, '').length;
  if (item && rest === '') return { index, col, item, keyCol, opens: true, scalar: false };
  const m = KEY.exec(rest);
  if (!m) return item ? { index, col, item, keyCol, opens: false, scalar: false } : undefined;
  return { index, col, item, key: m[1], keyCol, opens: m[2] === '', scalar: /^[|>][-+0-9]*$/.test(m[2]) };
}

/** The usual indentation step of a file (2 for the catalog's files): what at least three blocks in four agree on. */
function stepOf(shapes: Shape[]): number | undefined {
  const counts = new Map<number, number>();
  let total = 0;
  for (let i = 0; i + 1 < shapes.length; i++) {
    const a = shapes[i];
    const b = shapes[i + 1];
    if (!a.opens || b.col <= a.keyCol) continue;
    counts.set(b.col - a.keyCol, (counts.get(b.col - a.keyCol) ?? 0) + 1);
    total++;
  }
  const [step, n] = [...counts].sort((x, y) => y[1] - x[1])[0] ?? [undefined, 0];
  if (total < 3) return 2; // too few blocks to tell: the catalog's own layout (catalog fmt)
  return n * 4 >= total * 3 ? step : undefined;
}

/** An open block while lines are read: its column (undefined until its first line) and whether it is a list. */
interface Block {
  col?: number;
  list: boolean;
  /** The line that opened it. */
  by?: Shape;
}

/**
 * The first line whose indentation does not fit the blocks above it, read as YAML reads blocks: a line deeper than the
 * property above that holds a value, a line between two blocks' columns, a property at the column of a list's dashes,
 * a block's first line off the file's step. Lines after `last` are not read (they follow the parser's error).
 */
function indentation(lines: Line[], last: number): Explained | undefined {
  const shapes: Shape[] = [];
  for (let i = 0; i <= Math.min(last, lines.length - 1); i++) {
    if (/^\s*(#.*)?$/.test(lines[i].text)) continue;
    // The text of a block scalar (| or >): the lines deeper than its key, whatever they hold.
    const opener = shapes[shapes.length - 1];
    if (opener?.scalar && lines[i].text.length - lines[i].text.trimStart().length > opener.keyCol) continue;
    const shape = shapeOf(lines[i], i);
    if (!shape) return strayText(lines[i]);
    shapes.push(shape);
  }
  const step = stepOf(lines.flatMap((l, i) => (/^\s*(#.*)?$/.test(l.text) ? [] : (shapeOf(l, i) ?? []))));
  const stack: Block[] = [{ col: 0, list: false }];
  let previous: Shape | undefined;
  for (let k = 0; k < shapes.length; k++) {
    const line = shapes[k];
    const top = stack[stack.length - 1];
    const off = !previous
      ? line.col > 0 && !line.item
        ? wrongColumn(lines[line.index], line, 0, 'an entry starts at the left margin')
        : undefined
      : top.col === undefined
        ? firstLine(lines, line, top, stack, step)
        : placed(lines, line, stack, previous, { before: shapes[k - 2], after: shapes[k + 1] });
    if (off) return off;
    enter(line, stack);
    previous = line;
  }
  return undefined;
}

/** The first line of a block opened by the line above: deeper than its opener, by the file's step. */
function firstLine(lines: Line[], line: Shape, top: Block, stack: Block[], step: number | undefined): Explained | undefined {
  const by = top.by!;
  const sameColumnList = line.item && line.col === by.keyCol && !by.item;
  if (line.col <= by.keyCol && !sameColumnList) {
    stack.pop(); // an empty value (key: with nothing): the line belongs to an enclosing block
    return placed(lines, line, stack, by);
  }
  if (step !== undefined && !sameColumnList && line.col !== by.keyCol + step)
    return wrongColumn(
      lines[line.index],
      line,
      by.keyCol + step,
      `${by.key ?? 'the list item'} above opens its block at ${by.keyCol}, and this file indents by ${step}`,
    );
  top.col = line.col;
  top.list = line.item;
  return undefined;
}

/** A line after the first of its block: at the column of an open block, and a list item only in a list. */
function placed(lines: Line[], line: Shape, stack: Block[], previous: Shape, around?: { before?: Shape; after?: Shape }): Explained | undefined {
  let deeper: number | undefined;
  while (stack.length > 1 && line.col < stack[stack.length - 1].col!) deeper = stack.pop()!.col;
  let top = stack[stack.length - 1];
  // A list at the column of the key that holds it (key:\n- a): a key at that column belongs to the mapping.
  if (top.list && !line.item && stack.length > 1 && stack[stack.length - 2].col === line.col) {
    stack.pop();
    top = stack[stack.length - 1];
  }
  const name = line.key ?? 'this list item';
  const above = previous.key ?? 'the list item';
  if (line.col > top.col! && around && movedLeft(previous, around, line))
    // The line above moved left, out of its block: the mistake is there, not on this line, which is where it was.
    return wrongColumn(lines[previous.index], previous, line.col, `${around.before?.key ?? 'the line'} above it and ${name} below it are at ${line.col}`);
  // The first line of a block written at its key's column: the block is empty, and the next line seems too deep. (Unless
  // the line above would stay where it is: a list at its key's column, which YAML allows; then this line is too deep.)
  const shifted = line.item ? line.col : line.col - (previous.keyCol - previous.col);
  if (line.col > top.col! && around?.before?.opens && previous.col === around.before.keyCol && (previous.item || !line.item) && shifted !== previous.col)
    return wrongColumn(
      lines[previous.index],
      previous,
      shifted,
      `it is the first line of ${around.before.key ?? 'the item'} above, which opens its block at ${around.before.keyCol}`,
    );
  if (line.col > top.col! && around?.before && around.before.col === line.col && previous.col < line.col && !previous.opens && !previous.item && !line.item) {
    // The line above moved left, or this one moved right: the first is likelier (the line before it agrees with this one).
    const b = around.before.key ?? 'the line';
    return {
      start: lines[line.index].at,
      end: lines[line.index].at + line.col,
      messageId: 'wrong-indentation',
      message: `${name} is indented ${spaces(line.col)} but ${above} just above is at ${previous.col} and holds a value: indent ${above} with ${spaces(line.col)}, like ${b} above it (or, if ${above} is where it belongs, ${name} with ${spaces(previous.col)})`,
    };
  }
  if (line.col > top.col!)
    return wrongColumn(
      lines[line.index],
      line,
      deeper ?? top.col!,
      `${above} just above is at ${deeper ?? (previous.item ? previous.col : previous.keyCol)}: properties of the same ${line.item || top.col! > 0 ? 'item' : 'entry'} start at the same column`,
      deeper === undefined && !previous.opens ? `${above} holds a value, so nothing can be nested under it` : undefined,
    );
  if (top.list && !line.item)
    return wrongColumn(
      lines[line.index],
      line,
      line.col + 2,
      `it is at the column of the list's dashes: a property of the item above starts under its first property; a new item starts with "- "`,
    );
  if (!top.list && line.item && line.col === top.col)
    return {
      start: lines[line.index].at,
      end: lines[line.index].at + line.col + 1,
      messageId: 'list-item-in-mapping',
      message: `a list item (- ...) starts here, at the column of ${above}, where a property (key: value) is expected: indent the list two spaces under the key that holds it, or remove the dash`,
    };
  return undefined;
}

/**
 * A line B between A and C, with A and C at one column and B to the left of it, and C followed by a line at that column
 * too: B is the line that moved (p50Minutes, p95Minutes at the margin, businessDaysOnly, cutoff). When C is followed by
 * lines at B's column, C is the one that moved.
 */
function movedLeft(b: Shape, around: { before?: Shape; after?: Shape }, c: Shape): boolean {
  const { before: a, after } = around;
  if (!a || !after || a.col !== c.col || after.col !== c.col || b.col >= c.col || b.opens || c.opens) return false;
  return (!b.item && !c.item) || (a.item && b.item && c.item && after.item);
}

/** Records what a line opens: a list item's mapping, a block for its value. */
function enter(line: Shape, stack: Block[]): void {
  if (line.item && line.key !== undefined) stack.push({ col: line.keyCol, list: false, by: line });
  if (line.opens || line.scalar) stack.push({ list: false, by: line });
}

/** A number of spaces, in words: 1 space, 2 spaces. */
const spaces = (n: number) => `${n} space${n === 1 ? '' : 's'}`;

function wrongColumn(line: Line, shape: Shape, expected: number, why: string, note?: string): Explained {
  const name = shape.item ? `the list item -${shape.key ? ` ${shape.key}` : ''}` : (shape.key ?? 'this line');
  return {
    start: line.at,
    end: line.at + shape.col,
    messageId: 'wrong-indentation',
    message: `${name} is indented ${spaces(shape.col)} but ${why}${note ? ` (${note})` : ''}; indent ${name} with ${spaces(expected)}`,
  };
}

/** A line of text that is neither `key: value` nor a list item (a word left behind, a comment without its #). */
function strayText(line: Line): Explained {
  const col = line.text.length - line.text.trimStart().length;
  const text = line.text.trim();
  return {
    start: line.at + col,
    end: line.at + line.text.length,
    messageId: 'stray-text',
    message: `this line holds ${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text)}, which is neither key: value nor a list item (- ...): write it as key: value, make it a comment with #, or delete it`,
  };
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  for (const t of text.split('\n')) {
    lines.push({ at, text: t.endsWith('\r') ? t.slice(0, -1) : t });
    at += t.length + 1;
  }
  return lines;
}

/** What is wrong, by the parser's error code, when no row of the table recognises the mistake: plain words, no jargon. */
const BY_CODE: Record<string, string> = {
  UNEXPECTED_TOKEN: 'YAML does not expect this here (a ], } or , without its opening, or a character that belongs in quotes)',
  MISSING_CHAR: 'something is missing here (a closing quote or bracket, a colon after a key, or the dash of a list item)',
  BAD_INDENT: 'this line is not aligned with the lines of its block',
  BLOCK_AS_IMPLICIT_KEY: 'this line is not aligned with the lines around it, or the line above misses its colon',
  MULTILINE_IMPLICIT_KEY: 'a key must be on one line, followed by a colon',
  BAD_SCALAR_START: 'a value cannot start with this character unless it is quoted',
  TAB_AS_INDENT: 'a tab is used for indentation',
  BLOCK_IN_FLOW: 'a list or mapping written with [ ] or { } cannot hold lines indented under it',
  DUPLICATE_KEY: 'a key appears twice in the same mapping',
  KEY_OVER_1024_CHARS: 'a key is longer than 1,024 characters',
  MULTIPLE_ANCHORS: 'a value has two anchors (&name): keep one',
  MULTIPLE_TAGS: 'a value has two tags (!name): remove them (a catalog value needs no tag)',
  BAD_ALIAS: 'an alias (*name) that names no anchor',
  ALIAS_PROPS: 'an alias (*name) cannot carry an anchor or a tag',
  BAD_DIRECTIVE: 'a % directive that YAML 1.2 does not read: remove the line (a catalog file needs no directive)',
  BAD_PROP_ORDER: 'an anchor or tag is not where YAML expects it',
  NON_STRING_KEY: 'a key that is not text',
};

/** A warning of the parser (a tag it does not know, a directive it does not read) in the analyst's words. */
export function explainWarning(code: string, message: string): string {
  if (code === 'TAG_RESOLVE_FAILED') {
    const tag = /tag: (\S+)/.exec(message)?.[1];
    return tagMessage(tag ?? 'the tag');
  }
  return `${BY_CODE[code] ?? 'YAML reads this line with a doubt'}: check the line against the entries of the catalog`;
}

/** The message id of explainWarning's message for a warning code. */
export function warningId(code: string): YamlSyntaxId {
  return code === 'TAG_RESOLVE_FAILED' ? 'unknown-tag' : 'parser-warning';
}

/** The message id of unreadableMessage's message for the parser's error. */
export function unreadableId(message: string): YamlSyntaxId {
  return /call stack/i.test(message) ? 'too-deep' : 'unparsable';
}

/** Why the parser gave up on a whole file (it threw), in words an analyst can act on. */
export function unreadableMessage(message: string): string {
  if (/call stack/i.test(message)) return 'the YAML nests too deeply to be read: a catalog entry needs only a few levels of nesting';
  return 'YAML cannot read this file: check that it is an entry written as key: value lines, saved as text';
}

/** Explains the first syntax error of a file: the mistake an analyst made, where it is, and what to write instead. */
export function explainSyntaxError(text: string, error: SyntaxError): Explained {
  const lines = linesOf(text);
  const index = Math.max(
    0,
    lines.findIndex((_, i) => i === lines.length - 1 || lines[i + 1].at > error.start),
  );
  if (error.code === 'MISSING_CHAR' && /quote/.test(error.message)) {
    // the parser notices a missing quote at the end of the text: look for the line that opened it
    for (const line of lines) {
      const found = unclosedQuote(line, error, text);
      if (found) return found;
    }
  }
  const content = (i: number) => !/^\s*(#.*)?$/.test(lines[i].text);
  const next = lines.findIndex((_, i) => i > index && content(i));
  const before: number[] = [];
  for (let i = index - 1; i >= 0 && before.length < 2; i--) if (content(i)) before.push(i);
  // The error's line first; then how the lines are indented up to the line after it (the parser often stops on the line
  // before the mistake); then the lines around it.
  const off = indentation(lines, next < 0 ? index : next);
  // A line that misses its colon or a space looks misaligned to what follows it: say what it misses.
  const offAt = off ? lines.findIndex((_, i) => i === lines.length - 1 || lines[i + 1].at > off.start) : -1;
  let aboveOff = offAt - 1;
  while (aboveOff >= 0 && !content(aboveOff)) aboveOff--;
  const found =
    tryMistakes(lines[index], error, text) ??
    (aboveOff >= 0 ? tryMistakes(lines[aboveOff], error, text, true) : undefined) ??
    off ??
    [...(next < 0 ? [] : [next]), ...before].map((i) => tryMistakes(lines[i], error, text)).find(Boolean);
  if (found) return found;
  const what = BY_CODE[error.code];
  const advice =
    'check the indentation (two spaces a level, aligned with the line above), the colon after each key and the quotes; quote a value that holds ": " or " #", or starts with [ { & * ! | > @ or a quote';
  return {
    start: error.start,
    end: error.end,
    messageId: 'syntax-error',
    message: what ? `${what}; if that is not it, ${advice}` : `YAML cannot read this line: ${advice}`,
  };
}

/** The mistakes of the table tried on a line, in order; with `alone`, only those a line makes on its own, whatever follows it. */
function tryMistakes(line: Line, error: SyntaxError, text: string, alone?: boolean): Explained | undefined {
  for (const mistake of MISTAKES) {
    if (alone && !mistake.alone) continue;
    const found = mistake.test(line, error, text);
    if (found) return found;
  }
  return undefined;
}
