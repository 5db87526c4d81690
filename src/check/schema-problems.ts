import type { ErrorObject } from 'ajv';
import type { RawEntry } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import type { SchemaId } from '../model/core-messages.js';
import { parsePointer, toPointer } from '../model/pointer.js';
import { locateAll, plainScalarSource, type Target } from '../parse/source.js';
import { replaceScalar } from '../edit/fix.js';
import { didYouMeanText, writeOneOfText } from '../domain/suggest.js';
import { fillInMessage, PLACEHOLDER } from '../domain/placeholder.js';

/** Explains one Ajv error in the analyst's terms; returns the pointer, the node to blame and the message. */
/** A safe fix of a schema problem: the value that replaces the scalar (validate --fix), written in double quotes if asked. */
interface SchemaFix {
  value: unknown;
  style?: 'QUOTE_DOUBLE';
}

/**
 * The safe fixes (docs/cli.md lists them): each rewrites how a value is written, never what it means.
 * - a code in the wrong case or with spaces around it (brl → BRL) where the pattern accepts only capitals and digits;
 * - spaces around any other value the pattern refuses because of them;
 * - yes/no/on/off/True/FALSE in a true-or-false property → true or false;
 * - a quoted whole number in a number property ("100" → 100), no leading zero;
 * - text read as a number or true/false (an example 0123) → quoted exactly as written ("0123").
 */
const BOOLEAN_WORDS: Record<string, boolean> = { yes: true, no: false, on: true, off: false, true: true, false: false };

/** What a problem says: where, about which node, the message and its safe fix. */
type Explained = { pointer: string; target: Target; messageId: SchemaId; message: string; fix?: SchemaFix };
/** How an error's place is named: its pointer, the property's name, and the schema's description of it. */
type Said = { at: string; name: string; what: string };

/** A value shown in a message: as JSON, or as YAML writes what JSON cannot (.inf, .nan). */
const shown = (v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : JSON.stringify(v));

function typeProblem(entry: RawEntry, e: ErrorObject, { at, name, what }: Said): Explained {
  const expected = (e.params as { type: string | string[] }).type;
  const expectedText = Array.isArray(expected) ? expected.join(' or ') : expected;
  const source = plainScalarSource(entry.file, at);
  if (String(expectedText).includes('string') && source !== undefined && typeof e.data !== 'string' && e.data !== null)
    return {
      pointer: at,
      target: 'value',
      messageId: 'not-text',
      message: `${source} was read as the ${typeof e.data} ${shown(e.data)}, but ${name} is text: quote it, "${source}"`,
      fix: { value: source, style: 'QUOTE_DOUBLE' },
    };
  if (expectedText === 'boolean' && typeof e.data === 'string' && /^(yes|no|y|n|on|off)$/i.test(e.data)) {
    const word = BOOLEAN_WORDS[e.data.toLowerCase()];
    return {
      pointer: at,
      target: 'value',
      messageId: 'boolean-word',
      message: `${name} must be true or false: YAML 1.2 reads ${e.data} as text; write ${/^(yes|y|on)$/i.test(e.data) ? 'true' : 'false'}`,
      fix: word === undefined ? undefined : { value: word },
    };
  }
  if (expectedText === 'boolean' && typeof e.data === 'string' && /^(true|false)$/i.test(e.data))
    return {
      pointer: at,
      target: 'value',
      messageId: 'quoted-boolean',
      message: `${name} must be true or false, not the text ${shown(e.data)}: write ${e.data.toLowerCase()} without quotes`,
      fix: { value: e.data.toLowerCase() === 'true' },
    };
  if ((expectedText === 'integer' || expectedText === 'number') && typeof e.data === 'string' && /^-?\d+$/.test(e.data))
    return {
      pointer: at,
      target: 'value',
      messageId: 'quoted-number',
      message: `${name} must be a number: remove the quotes, ${name}: ${e.data}`,
      fix: /^-?(0|[1-9]\d*)$/.test(e.data) ? { value: Number(e.data) } : undefined,
    };
  if (e.data === null)
    return { pointer: at, target: 'value', messageId: 'no-value', message: `${name} has no value: write ${article(expectedText)}${what}, or remove the line` };
  const got = Array.isArray(e.data) ? 'a list' : `the ${typeof e.data} ${shown(e.data)}`;
  return { pointer: at, target: 'value', messageId: 'wrong-type', message: `${name} must be ${article(expectedText)}, not ${got}${what}` };
}

function patternProblem(e: ErrorObject, { at, name, what }: Said): Explained {
  const pattern = (e.params as { pattern: string }).pattern;
  if (pattern === '\\S') return { pointer: at, target: 'value', messageId: 'blank', message: `${name} is blank (only spaces): write the text${what}` };
  const value = String(e.data);
  const fixed = [value.toUpperCase(), value.toLowerCase(), value.trim()].find((v) => v !== value && new RegExp(pattern, 'u').test(v));
  const hint = fixed !== undefined ? `; write ${shown(fixed)}` : '';
  // Case is fixed only on codes (a pattern without lowercase letters): a name or a slug is not guessed.
  const safe = fixed !== undefined && (fixed === value.trim() || !/a-z/.test(pattern));
  return {
    pointer: at,
    target: 'value',
    messageId: 'invalid-value',
    message: `${shown(e.data)} is not a valid ${name}${hint}${what}`,
    fix: safe ? { value: fixed } : undefined,
  };
}

function unknownProperty(entry: RawEntry, e: ErrorObject, { at }: Said): Explained {
  const extra = (e.params as { additionalProperty: string }).additionalProperty;
  const allowed = Object.keys((e.parentSchema as any)?.properties ?? {});
  const pointer = toPointer([...parsePointer(at), extra]);
  if (entry.kind === 'country' && at === '' && extra === 'rails')
    return {
      pointer,
      target: 'key',
      messageId: 'derived-rails',
      message: 'remove "rails": a country\'s rails are derived by the build from the rails\' countries, so they are written in one place only',
    };
  return {
    pointer,
    target: 'key',
    messageId: 'unknown-property',
    message: `unknown property "${extra}"${didYouMeanText(extra, allowed) || '.'} Allowed here: ${allowed.join(', ')}`,
  };
}

function explain(entry: RawEntry, e: ErrorObject): Explained | undefined {
  const at = e.instancePath;
  const segments = parsePointer(at);
  const last = segments.at(-1);
  const name = last === undefined ? 'the entry' : /^\d+$/.test(last) ? `item ${Number(last) + 1} of ${segments.at(-2) ?? 'the list'}` : last;
  const described = (e.parentSchema as { description?: string } | undefined)?.description;
  const what = described ? ` (${described})` : '';
  const c: Said = { at, name, what };
  // A skeleton's placeholder (catalog new): say what to fill in, whichever keyword refused it.
  if (e.data === PLACEHOLDER && e.keyword !== 'required' && e.keyword !== 'additionalProperties')
    return { pointer: at, target: 'value', messageId: 'placeholder', message: fillInMessage(name, { node: e.parentSchema as Record<string, any>, home: {} }) };
  switch (e.keyword) {
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      const desc = (e.schema as unknown) && (e.parentSchema as any)?.properties?.[missing]?.description;
      return { pointer: at, target: 'value', messageId: 'missing-property', message: `missing required property "${missing}"${desc ? `: ${desc}` : ''}` };
    }
    case 'additionalProperties':
      return unknownProperty(entry, e, c);
    case 'type':
      return typeProblem(entry, e, c);
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      return {
        pointer: at,
        target: 'value',
        messageId: 'not-allowed',
        message: `${shown(e.data)} is not an allowed ${name}${writeOneOfText(String(e.data), allowed)}`,
      };
    }
    case 'const':
      return {
        pointer: at,
        target: 'value',
        messageId: 'wrong-constant',
        message: `${name} must be ${shown((e.params as { allowedValue: unknown }).allowedValue)}`,
      };
    case 'pattern':
      return patternProblem(e, c);
    case 'format':
      return {
        pointer: at,
        target: 'value',
        messageId: 'invalid-date',
        message: `${shown(e.data)} is not a real ${(e.params as { format: string }).format}: write YYYY-MM-DD with a month 01-12 and a day that exists in that month`,
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { pointer: at, target: 'value', messageId: 'out-of-range', message: `${name} is ${shown(e.data)} but ${e.message}${what}` };
    case 'minLength':
      return { pointer: at, target: 'value', messageId: 'too-short', message: `${name} is empty or too short: ${e.message}${what}` };
    case 'maxLength':
      return { pointer: at, target: 'value', messageId: 'too-long', message: `${name} is too long: ${e.message}${what}` };
    case 'minItems':
      return { pointer: at, target: 'value', messageId: 'too-few-items', message: `${name} ${e.message}${what}` };
    case 'uniqueItems': {
      const { i, j } = e.params as { i: number; j: number };
      const list = e.data as unknown[];
      return {
        pointer: toPointer([...parsePointer(at), i]),
        target: 'value',
        messageId: 'listed-twice',
        message: `${shown(list[i])} is listed twice in ${name} (items ${j + 1} and ${i + 1}); keep one`,
      };
    }
    case 'if':
    case 'anyOf':
    case 'oneOf':
      return undefined; // the errors of the branches say what is wrong
    default:
      return { pointer: at, target: 'value', messageId: 'invalid', message: `${name} ${e.message ?? 'is invalid'}${what}` };
  }
}

function article(type: string): string {
  if (type.includes(' or ')) return type;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Turns Ajv's errors for one entry into located problems of the `schema` rule, one per node and message. */
export function schemaProblems(entry: RawEntry, errors: ErrorObject[]): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  // A value of the wrong type also fails its enum, pattern or format: say the first thing only.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  for (const e of errors) {
    if (wrongType.has(e.instancePath) && e.keyword !== 'type') continue;
    const x = explain(entry, e);
    if (!x) continue;
    const key = `${x.pointer}\u0000${x.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const fix = x.fix && replaceScalar(entry.file, x.pointer, x.fix.value, x.fix.style);
    for (const at of locateAll(entry.file, x.pointer, x.message, x.target)) {
      const problem: Problem = { file: entry.file.path, ...at, severity: 'error', rule: 'schema', messageId: x.messageId, pointer: x.pointer };
      if (fix) problem.fix = fix;
      problems.push(problem);
    }
  }
  return problems;
}
