import regjsparser, { type AstNode, type CharacterClass } from 'regjsparser';

/**
 * The portable subset of regular expressions: what means the same in ECMAScript (u flag), RE2 (Go), Java and Python's
 * re, the engines in which clients run a field's pattern. Documented in docs/rules.md (pattern-portable).
 *
 * Allowed: literal characters (or a syntax character escaped with a backslash, or \xHH), \t \n \r \f, classes [...]
 * and [^...] of characters and ranges, groups (...) and (?:...), alternation |, quantifiers ? * + {n} {n,} {n,m}
 * (greedy or lazy), and the anchors ^ and $.
 */
export interface PortabilityFinding {
  /** Offsets of the construct in the pattern (code units). */
  start: number;
  end: number;
  /** The construct as written, and what it is. */
  raw: string;
  construct: string;
  /** Which engines break, and how. */
  engines: string;
  /** What to write instead, when there is a portable rewrite ("write [0-9] instead"). */
  fix?: string;
}

const CLASS_ESCAPES: Record<string, { rewrite: string; engines: string }> = {
  d: { rewrite: '[0-9]', engines: "Python's re matches every Unicode digit (Arabic-Indic ٣, fullwidth ３) where JavaScript, RE2 and Java match 0-9 only" },
  D: { rewrite: '[^0-9]', engines: "Python's re excludes every Unicode digit where JavaScript, RE2 and Java exclude 0-9 only" },
  w: { rewrite: '[A-Za-z0-9_]', engines: "Python's re matches Unicode letters (é, ß, 中) where JavaScript, RE2 and Java match ASCII only" },
  W: { rewrite: '[^A-Za-z0-9_]', engines: "Python's re excludes Unicode letters where JavaScript, RE2 and Java exclude ASCII word characters only" },
  s: { rewrite: '[ \\t\\n\\r\\f]', engines: 'JavaScript and Python match Unicode spaces (no-break space, U+2028) and \\v where RE2 and Java match ASCII whitespace only' },
  S: { rewrite: '[^ \\t\\n\\r\\f]', engines: 'JavaScript and Python exclude Unicode spaces where RE2 and Java exclude ASCII whitespace only' },
};

/** Escapes written the same way with the same meaning everywhere. */
const PORTABLE_SINGLE_ESCAPES = new Set(['\\t', '\\n', '\\r', '\\f']);

function codePointText(codePoint: number): string {
  return String.fromCodePoint(codePoint);
}

/**
 * Finds every construct of a pattern outside the portable subset, in pattern order. The pattern must compile as
 * ECMAScript with the u flag (pattern-syntax reports it otherwise); returns [] for one that does not parse.
 */
export function portabilityFindings(source: string): PortabilityFinding[] {
  let root: Ast;
  try {
    root = regjsparser.parse(source, 'u', { lookbehind: true, namedGroups: true, unicodePropertyEscape: true }) as Ast;
  } catch {
    return [];
  }
  const scan = new PortabilityScan();
  scan.walk(root);
  return scan.findings.sort((a, b) => a.start - b.start || a.end - b.end);
}

type Ast = AstNode<{ lookbehind: true; namedGroups: true; unicodePropertyEscape: true }>;

/** A literal replacement. */
const write = (text: string) => `write ${text} instead`;

/** One walk over a pattern's syntax tree, gathering what is not portable. */
class PortabilityScan {
  readonly findings: PortabilityFinding[] = [];

  private add(node: { range: [number, number]; raw: string }, construct: string, engines: string, fix?: string): void {
    this.findings.push({ start: node.range[0], end: node.range[1], raw: node.raw, construct, engines, ...(fix !== undefined ? { fix } : {}) });
  }

  walk(node: Ast): void {
    switch (node.type) {
      case 'alternative':
      case 'disjunction':
      case 'quantifier':
        node.body.forEach((n) => this.walk(n));
        return;
      case 'group':
        this.group(node);
        node.body.forEach((n) => this.walk(n));
        return;
      case 'reference':
        this.add(node, `the back-reference ${node.raw}`, 'RE2 (Go) has no back-references', 'list the allowed values instead');
        return;
      case 'anchor':
        if (node.kind === 'boundary' || node.kind === 'not-boundary')
          this.add(node, `the word boundary ${node.raw}`, "Python's re and Java treat Unicode letters as word characters where JavaScript and RE2 use ASCII", 'anchor the whole value with ^...$ instead');
        return;
      case 'dot':
        this.add(node, 'the dot .', 'JavaScript and Java do not match \\r, U+2028 or U+2029 with ., RE2 and Python do', 'write [^\\n\\r] or, better, the class of characters the field allows');
        return;
      case 'characterClass':
        this.characterClass(node as CharacterClass);
        return;
      case 'characterClassEscape':
        this.escapeClass(node);
        return;
      case 'unicodePropertyEscape':
        this.property(node);
        return;
      case 'value':
        this.value(node);
        return;
    }
  }

  private group(node: Extract<Ast, { type: 'group' }>): void {
    if (node.behavior === 'lookahead' || node.behavior === 'negativeLookahead')
      this.add(node, node.behavior === 'lookahead' ? `the lookahead ${node.raw}` : `the negative lookahead ${node.raw}`, 'RE2 (Go) has no lookaround', 'spell out the characters that may follow instead, as (?:[0-24-9][0-9]|3[2-9]) for (?!3[01])[0-9]{2}');
    else if (node.behavior === 'lookbehind' || node.behavior === 'negativeLookbehind')
      this.add(node, `the lookbehind ${node.raw}`, 'RE2 (Go) has no lookaround, and Java and Python allow only fixed-length lookbehind', 'spell out the characters that may precede instead');
    else if (node.behavior === 'normal' && 'name' in node && node.name)
      this.add({ range: [node.range[0], node.range[0] + 3 + node.name.value.length + 1], raw: `(?<${node.name.value}>` }, `the named group (?<${node.name.value}>...)`, "Python's re writes it (?P<name>...) and older RE2 refuses (?<name>...)", write('(?:...) or (...)'));
  }

  private value(node: Extract<AstNode, { type: 'value' }>): void {
    switch (node.kind) {
      case 'symbol':
        if (node.codePoint < 0x20 || (node.codePoint >= 0x7f && node.codePoint <= 0x9f))
          this.add(node, 'a raw control character', "it is invisible in the YAML and in every client's source", write(`\\x${node.codePoint.toString(16).padStart(2, '0')}`));
        return;
      case 'identifier':
      case 'hexadecimalEscape':
        return; // \. \* \/ ... and \xHH read the same everywhere
      case 'singleEscape':
        if (!PORTABLE_SINGLE_ESCAPES.has(node.raw))
          this.add(node, `the escape ${node.raw}`, node.raw === '\\v' ? 'Java reads \\v as any vertical whitespace, RE2 and Python as U+000B only' : 'its meaning differs between engines', node.raw === '\\v' ? write('\\x0b') : undefined);
        return;
      case 'unicodeEscape':
      case 'unicodeCodePointEscape':
        this.add(node, `the Unicode escape ${node.raw}`, "RE2 (Go) has no \\u escape and Python's re has no \\u{...}", /[\p{L}\p{N}\p{P}\p{S}]/u.test(codePointText(node.codePoint)) ? write(`the character itself, ${codePointText(node.codePoint)},`) : 'write the character itself');
        return;
      case 'controlLetter':
        this.add(node, `the control escape ${node.raw}`, "RE2 (Go) and Python's re have no \\cX", write(`\\x${node.codePoint.toString(16).padStart(2, '0')}`));
        return;
      case 'null':
      case 'octal':
        this.add(node, `the escape ${node.raw}`, 'octal and \\0 escapes are read differently by Java, RE2 and Python', write(`\\x${node.codePoint.toString(16).padStart(2, '0')}`));
        return;
    }
  }

  private characterClass(node: CharacterClass): void {
    if (node.body.length === 0)
      this.add(node, node.negative ? 'the class [^] (any character)' : 'the empty class []', 'RE2, Java and Python refuse an empty class', 'list the characters the field allows');
    // Java reads [ inside a class as a nested class and && as an intersection; Python warns about doubled set operators.
    const inner = node.raw.slice(1, -1);
    const nested = /(?<!\\)(?:\\\\)*\[/.exec(inner);
    if (nested) this.add(node, 'an unescaped [ inside a class', 'Java reads it as a nested class (a union) and Python warns it may become a set operation', write(`${node.raw.slice(0, 1 + nested.index + nested[0].length - 1)}\\[${node.raw.slice(1 + nested.index + nested[0].length)}`));
    const doubled = /&&|--|\|\||~~/.exec(inner);
    if (doubled) this.add(node, `${doubled[0]} inside a class`, `Java reads && as an intersection and Python reserves doubled ${doubled[0]} for set operations`, 'write the character once, or escape the second one');
    for (const item of node.body) {
      if (item.type === 'characterClassEscape') this.escapeClass(item);
      else if (item.type === 'unicodePropertyEscape') this.property(item);
      else if (item.type === 'characterClassRange') {
        this.value(item.min);
        this.value(item.max);
      } else this.value(item);
    }
  }

  private escapeClass(node: Extract<AstNode, { type: 'characterClassEscape' }>): void {
    const known = CLASS_ESCAPES[node.value];
    this.add(node, `the class escape \\${node.value}`, known.engines, write(known.rewrite));
  }

  private property(node: { range: [number, number]; raw: string }): void {
    this.add(node, `the Unicode property ${node.raw}`, "Python's re has no \\p{...} and each engine names properties and scripts differently", 'list the characters or ranges it should accept instead, e.g. [A-Za-zÀ-ÿ]');
  }
}
