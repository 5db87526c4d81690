import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePointer } from '../model/pointer.js';
import type { RawEntry } from '../model/catalog.js';
import { schemaAtRef, schemaValidators, type JsonSchema } from '../model/schemas.js';

/**
 * Integer fields accept plain decimal integer literals only (`10000`, `-5`), as written in the file. YAML would read
 * `100.00`, `1e2`, `0x64`, `0o144`, `+100` or `0100` as integers too, so `minMinor: 100.00` would silently become 100
 * minor units. Which fields are integers comes from the schemas: every property whose schema type is integer, found by
 * walking the schemas (through $ref, items, combinators), so a new integer field is covered with no code.
 */

/** A trie of pointer shapes: `*` stands for any list index or any key of an open mapping. */
export interface Shape {
  integer?: true;
  children: Map<string, Shape>;
}

const shapes = new Map<string, Shape>();

function child(shape: Shape, segment: string): Shape {
  let next = shape.children.get(segment);
  if (!next) shape.children.set(segment, (next = { children: new Map() }));
  return next;
}

/**
 * The shapes of every entry kind, walked from the schemas by scripts/compile.mjs (integerShapesJson): reading them costs
 * a run less than walking the schemas (about 10 ms). Two folders up from src/check and from compiled/cli;
 * test/build/integer-shapes.test.ts checks that the file is what the walk gives (and compiled/ is made from the current
 * schemas, test/build/compiled.test.ts).
 */
export const INTEGER_SHAPES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../compiled/integer-shapes.json');

/** A Shape as JSON. */
export interface ShapeJson {
  integer?: true;
  children?: Record<string, ShapeJson>;
}

/** The entry kinds whose shapes compiled/integer-shapes.json holds. */
export const SHAPED_KINDS = ['rail', 'asset', 'country', 'policy'] as const;

let compiledShapes: Record<string, ShapeJson> | null | undefined;

function fromJson(json: ShapeJson): Shape {
  const shape: Shape = { children: new Map(Object.entries(json.children ?? {}).map(([k, v]) => [k, fromJson(v)])) };
  if (json.integer) shape.integer = true;
  return shape;
}

function toJson(shape: Shape): ShapeJson {
  const json: ShapeJson = {};
  if (shape.integer) json.integer = true;
  if (shape.children.size) json.children = Object.fromEntries([...shape.children].map(([k, v]) => [k, toJson(v)]));
  return json;
}

/** The shapes of every entry kind, walked from the schemas, as JSON (what scripts/compile.mjs writes). */
export function integerShapesJson(): Record<string, ShapeJson> {
  return Object.fromEntries(SHAPED_KINDS.map((kind) => [kind, toJson(walkShape(kind))]));
}

/** The pointer shapes of the integer properties of an entry kind's schema (cached per kind). */
function shapeOf(kind: string): Shape {
  let root = shapes.get(kind);
  if (root) return root;
  if (compiledShapes === undefined) {
    try {
      compiledShapes = JSON.parse(readFileSync(INTEGER_SHAPES_FILE, 'utf8')) as Record<string, ShapeJson>;
    } catch {
      compiledShapes = null; // not compiled (yet): walked below
    }
  }
  const json = compiledShapes && Object.hasOwn(compiledShapes, kind) ? compiledShapes[kind] : undefined;
  root = json ? fromJson(json) : walkShape(kind);
  shapes.set(kind, root);
  return root;
}

/** The pointer shapes of the integer properties of an entry kind's schema, walked from the schemas. */
export function walkShape(kind: string): Shape {
  const { schemas } = schemaValidators();
  const root: Shape = { children: new Map() };
  const seen = new Set<string>();
  const visit = (schema: JsonSchema | boolean | undefined, base: string, at: Shape, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 32) return;
    if (typeof schema.$id === 'string') base = schema.$id;
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref.startsWith('#') ? `${base}${schema.$ref}` : schema.$ref;
      const key = `${ref}\u0000${depth}`;
      const target = schemaAtRef(ref);
      if (target && !seen.has(key)) {
        seen.add(key);
        visit(target, ref.split('#')[0], at, depth + 1);
      }
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('integer')) at.integer = true;
    for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) visit(sub, base, child(at, name), depth + 1);
    for (const sub of Object.values((schema.patternProperties ?? {}) as Record<string, JsonSchema>)) visit(sub, base, child(at, '*'), depth + 1);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') visit(schema.additionalProperties, base, child(at, '*'), depth + 1);
    if (schema.items) for (const sub of Array.isArray(schema.items) ? schema.items : [schema.items]) visit(sub, base, child(at, '*'), depth + 1);
    for (const k of ['allOf', 'anyOf', 'oneOf']) for (const sub of (schema[k] ?? []) as JsonSchema[]) visit(sub, base, at, depth + 1);
    for (const k of ['if', 'then', 'else', 'not']) visit(schema[k], base, at, depth + 1);
  };
  visit(schemas[kind], schemas[kind]?.$id ?? '', root, 0);
  return root;
}

/** True when the schema of `kind` says the value at `pointer` is an integer. */
export function isIntegerField(kind: string, pointer: string): boolean {
  // 10,000 rails ask about the same few pointers (two help texts each that begin with a digit): answered once each.
  const key = `${kind}\u0000${pointer}`;
  let known = integerFieldMemo.get(key);
  if (known === undefined) {
    if (integerFieldMemo.size >= 4096) integerFieldMemo.clear();
    integerFieldMemo.set(key, (known = walkIntegerField(kind, pointer)));
  }
  return known;
}

const integerFieldMemo = new Map<string, boolean>();

function walkIntegerField(kind: string, pointer: string): boolean {
  let at: Shape | undefined = shapeOf(kind);
  for (const segment of parsePointer(pointer)) {
    at = at.children.get(segment) ?? at.children.get('*');
    if (!at) return false;
  }
  return at.integer === true;
}

/** The pointers of every integer property of a kind's schema, as shapes (`/fields/*\/maxLength`): for docs and tests. */
export function integerFields(kind: string): string[] {
  const out: string[] = [];
  const walk = (shape: Shape, prefix: string) => {
    if (shape.integer) out.push(prefix);
    for (const [k, v] of shape.children) walk(v, `${prefix}/${k}`);
  };
  walk(shapeOf(kind), '');
  return out.sort();
}

/** The whole number a non-plain literal stands for, when it stands for one (`1_000` → 1000, `0x64` → 100, `1:30` → 90). */
function intendedInteger(source: string): bigint | undefined {
  const s = source.replace(/_/g, '');
  const sign = s.startsWith('-') ? -1n : 1n;
  const body = s.replace(/^[-+]/, '');
  try {
    if (/^[0-9]+$/.test(body)) return sign * BigInt(body);
    if (/^0x[0-9a-f]+$/i.test(body)) return sign * BigInt(body);
    if (/^0o[0-7]+$/i.test(body)) return sign * BigInt(body);
    if (/^0b[01]+$/i.test(body)) return sign * BigInt(body);
    if (/^[0-9]+(:[0-5]?[0-9])+$/.test(body)) return sign * body.split(':').reduce((n, part) => n * 60n + BigInt(part), 0n);
    const n = Number(body);
    if (/^[0-9.eE+-]+$/.test(body) && Number.isSafeInteger(n)) return sign * BigInt(n);
  } catch {
    // not a number after all
  }
  return undefined;
}

/** `12345` minor units with 2 decimals → `123.45`. */
function human(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return negative ? `-${whole}` : whole;
}

/** The rail's currency and decimals, when they are there to show amounts. */
function moneyOf(entry: RawEntry): { currency: string; decimals: number } | undefined {
  const limits = entry.data.limits as { decimals?: unknown } | undefined;
  const currency = entry.data.currency;
  const decimals = limits?.decimals;
  if (typeof currency !== 'string' || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 18) return undefined;
  return { currency, decimals };
}

/** A refused literal of an integer field: where, and what to write instead. */
export interface IntegerLiteralProblem {
  pointer: string;
  messageId: 'decimal-amount' | 'integer-literal';
  message: string;
}

/** The integer fields of an entry written as something other than a plain decimal integer literal. */
export function integerLiteralProblems(entry: RawEntry): IntegerLiteralProblem[] {
  if (!entry.literals?.length) return [];
  const problems: IntegerLiteralProblem[] = [];
  for (const literal of entry.literals) {
    if (!isIntegerField(entry.kind, literal.pointer)) continue;
    const name = parsePointer(literal.pointer).at(-1) ?? 'the value';
    const { source } = literal;
    const money = /Minor$/.test(name) ? moneyOf(entry) : undefined;
    const rule = `${name} takes a whole number written with digits only (no decimal point, exponent, sign, underscore, leading zero, 0x/0o/0b prefix or colon)`;
    const decimal = /^[-+]?([0-9]+)\.([0-9]*)$/.exec(source.replace(/_/g, ''));
    if (money && decimal) {
      const [, whole, fraction] = decimal;
      const sign = source.startsWith('-') ? -1n : 1n;
      const asAmount = fraction.length <= money.decimals ? sign * BigInt(whole + fraction.padEnd(money.decimals, '0')) : undefined;
      const asMinor = /^0*$/.test(fraction) ? sign * BigInt(whole) : undefined;
      const options = [
        asAmount !== undefined ? `for ${human(asAmount, money.decimals)} ${money.currency} write ${name}: ${asAmount}` : undefined,
        asMinor !== undefined && asMinor !== asAmount ? `for ${human(asMinor, money.decimals)} ${money.currency} write ${name}: ${asMinor}` : undefined,
      ].filter(Boolean);
      problems.push({
        pointer: literal.pointer,
        messageId: 'decimal-amount',
        message: `${name} is written ${source}, but amounts are in minor units of ${money.currency} (${money.decimals} decimals), as a whole number: ${options.length ? options.join('; ') : `write the amount times ${10 ** money.decimals}, digits only`}`,
      });
      continue;
    }
    const n = intendedInteger(source);
    const read = /:/.test(source) ? `YAML 1.1 would read it as ${n} (base 60), YAML 1.2 as text` : n !== undefined ? `read as ${n}` : undefined;
    const amount = money && n !== undefined ? ` (${human(n, money.decimals)} ${money.currency}, in minor units)` : money ? ' in minor units' : '';
    const fix = n !== undefined ? `write ${name}: ${n}${amount}` : `write ${name} as a whole number${amount}`;
    problems.push({
      pointer: literal.pointer,
      messageId: 'integer-literal',
      message: `${name} is written ${source}${read ? ` (${read})` : ''}: ${rule}; ${fix}`,
    });
  }
  return problems;
}
