import type { Alias, Document, Node, Pair, Scalar, YAMLMap } from 'yaml';
import { isAlias, isMap, isPair, isScalar, isSeq } from './yaml-lazy.js';
import { toPointer } from '../model/pointer.js';
import { linePos, type Lines } from './lines.js';
import type { YamlSyntaxId } from '../model/core-messages.js';

/**
 * A plain scalar that looks like a number but is not a plain decimal integer (`100.00`, `1e2`, `0x64`, `+100`, `1_000`,
 * `0100`, `1:30`): kept with its pointer and source text so that integer fields can refuse it without re-parsing.
 */
export interface Literal {
  pointer: string;
  source: string;
  start: number;
  end: number;
}

/** A problem found while turning a document into data: offsets into the file's text. */
interface DataIssue {
  messageId: YamlSyntaxId;
  message: string;
  start: number;
  end: number;
}

/** An entry's data with what the walk noticed. */
export interface DocumentData {
  data: unknown;
  issues: DataIssue[];
  literals: Literal[];
}

/** Deeper than this, a file is refused: an entry needs a handful of levels (fields → label → fr). */
const MAX_DEPTH = 64;

const targets = new WeakMap<Document, Map<Alias, Node | undefined>>();

/**
 * The node an alias stands for: the last node anchored with its name that is complete before the alias (one pass over
 * the document, cached; yaml's own Alias.resolve visits the whole document for every alias).
 */
export function aliasTarget(doc: Document, alias: Alias): Node | undefined {
  let map = targets.get(doc);
  if (!map) {
    map = new Map();
    const anchors = new Map<string, Node>();
    // Iterative pre-order walk in document order; an anchor counts from the end of its node (no self-reference).
    const stack: Array<{ node: unknown; exit: boolean }> = [{ node: doc.contents, exit: false }];
    while (stack.length) {
      const { node, exit } = stack.pop()!;
      if (isAlias(node)) {
        map.set(node, anchors.get(node.source));
        continue;
      }
      if (!node || typeof node !== 'object') continue;
      const anchor = (node as Node).anchor;
      if (exit) {
        if (anchor) anchors.set(anchor, node as Node);
        continue;
      }
      stack.push({ node, exit: true });
      const children: unknown[] = [];
      if (isMap(node) || isSeq(node)) {
        for (const item of (node as YAMLMap).items as unknown[]) {
          if (isPair(item)) children.push(item.key, item.value);
          else children.push(item);
        }
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], exit: false });
    }
    targets.set(doc, map);
  }
  return map.get(alias);
}

/** True for the source text of a plain decimal integer: digits, an optional minus, no leading zero. */
export function isPlainInteger(source: string): boolean {
  return /^-?(0|[1-9][0-9]*)$/.test(source);
}

class AliasBomb extends Error {
  constructor(readonly at: Alias) {
    super('alias bomb');
  }
}

class TooDeep extends Error {
  constructor(readonly at: Node) {
    super('too deep');
  }
}

function rangeOf(node: unknown): [number, number] {
  const r = (node as Node | null)?.range;
  return r ? [r[0], r[1]] : [0, 0];
}

/**
 * Turns a parsed document into plain data (YAML 1.2 core schema values) in one linear pass, noticing what yaml's toJS
 * lets through or reports badly: duplicate keys (with a Set, not a scan per key), keys that are not text, undefined
 * aliases, alias bombs, nesting too deep, a comment that cut a plain pattern short, and number-like literals.
 */
export function documentData(doc: Document, text: string, maxAliases: number): DocumentData {
  const reader = new DataReader(doc, text, maxAliases);
  try {
    return { data: reader.walk(doc.contents, 0), issues: reader.issues, literals: reader.literals };
  } catch (err) {
    if (err instanceof AliasBomb) {
      const [start, end] = rangeOf(err.at);
      return {
        data: undefined,
        literals: reader.literals,
        issues: [
          {
            start,
            end,
            messageId: 'alias-bomb',
            message: `too many alias expansions (more than ${maxAliases}): this looks like an alias bomb; write the values out instead of nesting *aliases`,
          },
        ],
      };
    }
    if (err instanceof TooDeep || err instanceof RangeError) {
      const [start, end] = err instanceof TooDeep ? rangeOf(err.at) : [0, 0];
      return {
        data: undefined,
        literals: reader.literals,
        issues: [
          {
            start,
            end,
            messageId: 'too-deep',
            message: `the YAML nests more than ${MAX_DEPTH} levels deep: a catalog entry needs only a few levels of nesting`,
          },
        ],
      };
    }
    throw err;
  }
}

/** One pass over a document's nodes, with the path walked so far and what it noticed. */
class DataReader {
  readonly issues: DataIssue[] = [];
  readonly literals: Literal[] = [];
  private readonly path: Array<string | number> = [];
  private expansions = 0;
  private outer: Alias | undefined;
  private lines: Lines | undefined;

  constructor(
    private readonly doc: Document,
    private readonly text: string,
    private readonly maxAliases: number,
  ) {}

  walk(node: unknown, depth: number): unknown {
    if (depth > MAX_DEPTH) throw new TooDeep(node as Node);
    if (isAlias(node)) return this.alias(node, depth);
    if (isScalar(node)) return this.scalar(node);
    if (isMap(node)) return this.map(node.items as Pair[], depth);
    if (isSeq(node)) {
      const out: unknown[] = [];
      node.items.forEach((item, i) => {
        this.path.push(i);
        // `[a: 1]` is a one-pair mapping inside a flow sequence.
        out.push(isPair(item) ? this.map([item as Pair], depth + 1) : this.walk(item, depth + 1));
        this.path.pop();
      });
      return out;
    }
    return null;
  }

  private alias(node: Alias, depth: number): unknown {
    const target = aliasTarget(this.doc, node);
    if (!target) {
      const [start, end] = rangeOf(node);
      this.issues.push({
        start,
        end,
        messageId: 'undefined-alias',
        message: `*${node.source} is used but no anchor &${node.source} is defined before it: put &${node.source} on the value to reuse, above this line, or write the value out here`,
      });
      return null;
    }
    // Reported at the outermost alias being expanded: the place in the file that asked for too much.
    const top = this.outer === undefined;
    if (top) this.outer = node;
    if (++this.expansions > this.maxAliases) throw new AliasBomb(this.outer ?? node);
    const value = this.walk(target, depth + 1);
    if (top) this.outer = undefined;
    return value;
  }

  private scalar(node: Scalar): unknown {
    const value = node.value;
    if (node.type === 'PLAIN' && node.range && (typeof value === 'number' || typeof value === 'string')) {
      const source = this.text.slice(node.range[0], node.range[1]);
      if (/^[-+.]?[0-9]/.test(source) && !isPlainInteger(source))
        this.literals.push({ pointer: toPointer(this.path), source, start: node.range[0], end: node.range[1] });
    }
    return value === undefined ? null : value;
  }

  private map(pairs: Pair[], depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    // Each key with the offset of its first copy, which the message of a second copy points to.
    const seen = new Map<string, number>();
    for (const pair of pairs) {
      const key = this.keyOf(pair);
      if (key === undefined) continue;
      const first = seen.get(key);
      if (first !== undefined) {
        const [start, end] = rangeOf(pair.key);
        this.issues.push({
          start,
          end,
          messageId: 'duplicate-key',
          message: `duplicate key ${JSON.stringify(key)}: a key may appear once in a mapping, and the first ${JSON.stringify(key)} is at ${this.lineCol(first)}; keep one of the two and delete the other`,
        });
        continue;
      }
      seen.set(key, rangeOf(pair.key)[0]);
      this.path.push(key);
      const value = this.walk(pair.value, depth + 1);
      if (key === 'pattern') this.cutByComment(pair);
      this.path.pop();
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  /** "L:C" of an offset (1-based, as problems are located), by the line starts found once. */
  private lineCol(offset: number): string {
    const { line, col } = linePos((this.lines ??= { text: this.text }), offset);
    return `${line}:${col}`;
  }

  /** A key as text, or undefined after reporting a key that is not text. */
  private keyOf(pair: Pair): string | undefined {
    const key = pair.key as unknown;
    const [start, end] = rangeOf(key);
    if (isScalar(key) && typeof key.value === 'string') return key.value;
    if (isScalar(key)) {
      const source = this.text.slice(start, end);
      const shown =
        key.value === null
          ? 'an empty key'
          : `the key ${source} is read as ${typeof key.value === 'number' ? 'a number' : typeof key.value === 'boolean' ? 'true or false' : 'no value'}`;
      this.issues.push({
        start,
        end,
        messageId: 'key-not-text',
        message: `${shown}: keys are property names; write the property's name, or quote it: '${source}'`,
      });
      return undefined;
    }
    this.issues.push({
      start,
      end,
      messageId: 'complex-key',
      message: `a key must be a property name, not ${isSeq(key) ? 'a list' : isMap(key) ? 'a mapping' : isAlias(key) ? 'an alias' : 'a complex value'} (a "? " line starts a complex key): write name: value`,
    });
    return undefined;
  }

  /** `pattern: ^a #b$`: the ` #` starts a comment, so the pattern silently lost its end. */
  private cutByComment(pair: Pair): void {
    const value = pair.value as Node | null;
    if (!isScalar(value) || value.type !== 'PLAIN' || !value.range) return;
    const { text } = this;
    const lineEnd = text.indexOf('\n', value.range[1]);
    const rest = text.slice(value.range[1], lineEnd === -1 ? text.length : lineEnd);
    const hash = rest.indexOf('#');
    if (hash === -1 || !/^\s*$/.test(rest.slice(0, hash))) return;
    const whole = (text.slice(value.range[0], value.range[1]) + rest).trimEnd();
    const start = value.range[1] + hash;
    this.issues.push({
      start,
      end: start + 1,
      messageId: 'comment-in-pattern',
      message: `the " #" starts a comment, so the pattern stops before it: quote the pattern with single quotes: pattern: '${whole.replace(/'/g, "''")}'`,
    });
  }
}
