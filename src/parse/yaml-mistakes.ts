/**
 * YAML syntax errors in an analyst's words. The parser's first error is a symptom; the mistake is usually on its line or
 * on the line before. Each row below recognises one common mistake from the text of a line and says, at the place of
 * the mistake, what to write instead. Only the first syntax error of a file is reported: the parser's later errors are
 * nearly always consequences of the first.
 */

/** A syntax error of the parser: its code, message and offsets. */
export interface SyntaxError {
  code: string;
  message: string;
  start: number;
  end: number;
}

/** What to report: a message and where. */
export interface Explained {
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

/** The table of mistakes, tried in order on the error's line, then on the line before it. */
const MISTAKES: Array<{ name: string; test: Mistake }> = [
  {
    name: 'tab used for indentation',
    test: (line) => {
      const m = /^ *\t/.exec(line.text);
      if (!m) return undefined;
      const at = line.at + m[0].length - 1;
      return { start: at, end: at + 1, message: 'a tab is used for indentation: YAML indents with spaces only; replace the tab with spaces (2 a level)' };
    },
  },
  {
    name: 'backslash escape inside double quotes',
    test: (line, error) => {
      if (error.code !== 'BAD_DQ_ESCAPE') return undefined;
      const m = KEY_VALUE.exec(line.text);
      const value = m?.[3].startsWith('"') ? m[3].slice(1, m[3].lastIndexOf('"') > 0 ? m[3].lastIndexOf('"') : undefined) : undefined;
      const fix = m && value !== undefined ? `: ${m[2]}: ${quoteSingle(value)}` : '';
      return { start: error.start, end: error.end + 1, message: `inside double quotes a backslash starts an escape, and ${JSON.stringify(line.text.slice(error.start - line.at, error.start - line.at + 2)).slice(1, -1)} is not one: use single quotes, which keep backslashes as written${fix}` };
    },
  },
  {
    name: 'unclosed quote',
    test: (line) => {
      const m = KEY_VALUE.exec(line.text) ?? /^(\s*-\s+)()(.*)$/.exec(line.text);
      if (!m) return undefined;
      const value = m[3];
      const q = value[0];
      if (q !== '"' && q !== "'") return undefined;
      const body = value.slice(1);
      const closed = q === '"' ? /(^|[^\\])(\\\\)*"/.test(body) : /'(?!')|''$/.test(body.replace(/''/g, ''));
      if (closed) return undefined;
      const at = line.at + line.text.indexOf(value);
      return { start: at, end: at + 1, message: `the ${q === '"' ? 'double' : 'single'} quote opened here is never closed: end the text with ${q} on the same line, e.g. ${m[2] || 'value'}: ${q}${body}${q}` };
    },
  },
  {
    name: 'unclosed bracket',
    test: (line) => {
      const m = KEY_VALUE.exec(line.text);
      if (!m || !/^[[{]/.test(m[3]) || m[2] === 'pattern') return undefined;
      const open = m[3][0];
      const close = open === '[' ? ']' : '}';
      let depth = 0;
      for (const ch of m[3].replace(/"[^"]*"|'[^']*'/g, '')) depth += ch === open ? 1 : ch === close ? -1 : 0;
      if (depth <= 0) return undefined;
      const at = line.at + line.text.indexOf(m[3]);
      return { start: at, end: at + 1, message: `the ${open} opened here is not closed: end the ${open === '[' ? 'list' : 'mapping'} with ${close} on the same line, e.g. ${m[2]}: ${m[3]}${close.repeat(depth)}` };
    },
  },
  {
    name: 'pattern not quoted',
    test: (line) => {
      const m = KEY_VALUE.exec(line.text);
      if (!m || !/^(pattern|regex)$/i.test(m[2]) || /^['"]/.test(m[3])) return undefined;
      const at = line.at + line.text.indexOf(m[3], m[1].length + m[2].length);
      return { start: at, end: at + m[3].length, message: `YAML reads part of this pattern as its own syntax (${/^[[{]/.test(m[3]) ? `a value starting with ${m[3][0]} is a list or a mapping` : /: /.test(m[3]) ? '": " starts a new key' : 'a reserved character'}): quote the pattern with single quotes: ${m[2]}: ${quoteSingle(m[3])}` };
    },
  },
  {
    name: 'value holding ": "',
    test: (line, error) => {
      const m = KEY_VALUE.exec(line.text);
      if (!m || !/: /.test(m[3]) || /^['"[{|>]/.test(m[3]) || error.code === 'BAD_DQ_ESCAPE') return undefined;
      const at = line.at + line.text.indexOf(m[3], m[1].length + m[2].length);
      return { start: at, end: at + m[3].length, message: `the value holds ": ", which YAML reads as the start of another key: quote the value with single quotes: ${m[2]}: ${quoteSingle(m[3])}` };
    },
  },
  {
    name: 'value starting with a reserved character',
    test: (line, error) => {
      if (error.code !== 'BAD_SCALAR_START') return undefined;
      const m = KEY_VALUE.exec(line.text);
      if (!m) return undefined;
      const at = line.at + line.text.indexOf(m[3], m[1].length + m[2].length);
      return { start: at, end: at + 1, message: `a value cannot start with ${m[3][0]} unless it is quoted: write ${m[2]}: ${quoteSingle(m[3])}` };
    },
  },
  {
    name: 'missing space after the colon',
    test: (line) => {
      const m = /^(\s*(?:-\s+)?)([A-Za-z_][\w-]*):([^\s:/].*)$/.exec(line.text);
      if (!m || /: /.test(line.text)) return undefined;
      const at = line.at + m[1].length + m[2].length;
      return { start: at, end: at + 1, message: `a space is missing after the colon, so YAML reads "${m[2]}:${m[3]}" as one word: write ${m[2]}: ${m[3].trim()}` };
    },
  },
  {
    name: 'missing space after the dash',
    test: (line) => {
      const m = /^(\s*)-([A-Za-z_"'[{][^]*)$/.exec(line.text);
      if (!m) return undefined;
      const at = line.at + m[1].length;
      return { start: at, end: at + 1, message: `a space is missing after the dash of a list item: write - ${m[2].trim()}` };
    },
  },
  {
    name: 'missing colon after a key',
    test: (line) => {
      const m = /^(\s*(?:-\s+)?)([A-Za-z_][\w-]*)\s+([^:#\s].*)$/.exec(line.text);
      if (!m || line.text.includes(':')) return undefined;
      const at = line.at + m[1].length + m[2].length;
      return { start: at, end: at + 1, message: `a colon is missing after the key ${m[2]}: write ${m[2]}: ${m[3].trim()}` };
    },
  },
];

/**
 * A property line that is not aligned with the property above it in the same block (a list of fields, most often):
 * indented deeper than a sibling that holds a value, or dedented to a column where no enclosing block starts.
 */
function misaligned(lines: Line[], index: number): Explained | undefined {
  const line = lines[index];
  const m = /^( *)(-\s+)?([A-Za-z_][\w-]*):/.exec(line.text);
  if (!m) return undefined;
  const got = m[1].length;
  const columns = new Set<number>();
  let above: { expected: number; key: string; opens: boolean; item: boolean } | undefined;
  for (let i = index - 1; i >= 0; i--) {
    const p = /^( *)(-\s+)?([A-Za-z_][\w-]*):(.*)$/.exec(lines[i].text);
    if (!p) continue;
    columns.add(p[1].length);
    if (p[2]) columns.add(p[1].length + p[2].length);
    above ??= { expected: p[1].length + (p[2]?.length ?? 0), key: p[3], opens: /^\s*(#.*)?$/.test(p[4]), item: Boolean(p[2]) };
  }
  if (!above || above.opens || got === above.expected) return undefined;
  if (got < above.expected && columns.has(got)) return undefined; // back to an enclosing block
  return {
    start: line.at,
    end: line.at + got,
    message: `${m[3]} is indented ${got} spaces but ${above.key} just above is at ${above.expected}: properties of the same ${above.item || above.expected > 0 ? 'item' : 'entry'} start at the same column; indent ${m[3]} with ${above.expected} spaces`,
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

/** The parser's message without its position (we give our own), in words an analyst can act on. */
export function plainMessage(message: string): string {
  if (/call stack/i.test(message)) return 'the YAML nests too deeply to be read: a catalog entry needs only a few levels of nesting';
  return message.replace(/\s+at line \d+, column \d+.*$/s, '');
}

/** Explains the first syntax error of a file: the mistake an analyst made, where it is, and what to write instead. */
export function explainSyntaxError(text: string, error: SyntaxError): Explained {
  const lines = linesOf(text);
  let index = lines.findIndex((l, i) => i === lines.length - 1 || lines[i + 1].at > error.start);
  // An error at the very start of a line is often about the line before (a missing ] shows where the next key starts).
  const candidates = [index];
  for (let i = index - 1; i >= 0 && candidates.length < 3; i--) if (!/^\s*(#.*)?$/.test(lines[i].text)) candidates.push(i);
  if (error.code === 'MISSING_CHAR' && /quote/.test(error.message)) {
    // the parser notices a missing quote at the end of the text: look for the line that opened it
    const unclosed = MISTAKES.find((m) => m.name === 'unclosed quote')!;
    for (const line of lines) {
      const found = unclosed.test(line, error, text);
      if (found) return found;
    }
  }
  for (const i of candidates) {
    for (const mistake of MISTAKES) {
      const found = mistake.test(lines[i], error, text);
      if (found) return found;
    }
    const off = misaligned(lines, i);
    if (off) return off;
  }
  index = Math.max(0, index);
  const generic = plainMessage(error.message);
  return { start: error.start, end: error.end, message: `YAML cannot read this line (${generic.charAt(0).toLowerCase() + generic.slice(1)}): check its indentation, its colon and its quotes; quote a value holding ": ", " #" or starting with [ { & * ! | > @ or a quote` };
}
