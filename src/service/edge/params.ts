import { LIMIT, type EndpointDef, type FilterDef } from '../resources/endpoints.js';
import type { ApiError } from './errors.js';

/** One parameter of the query string, in the order it was sent. value is null for a name without "=". */
interface QueryParam {
  name: string;
  value: string | null;
  /** The name or the value has a broken percent-encoding; name is then the raw text. */
  malformed: boolean;
}

/** The query string as sent: every parameter kept, repeats and empty values included, so that they can be refused. */
export type ParsedQuery = readonly QueryParam[];

const NO_PARAMS: ParsedQuery = Object.freeze([]);

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
    // Stryker disable next-line BlockStatement: an empty block returns undefined too
  } catch {
    return undefined;
  }
}

/**
 * Parses a raw query string (without the "?"), as fastify's querystringParser. Never throws: whatever a client sends
 * becomes a list that the endpoint then accepts or refuses. Empty segments (a stray "&") carry no parameter and are
 * skipped.
 */
export function parseQueryString(text: string): ParsedQuery {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path: an empty text parses to no parameter
  if (text === '') return NO_PARAMS;
  // Clients repeat the same few query strings (limit=50): remember a bounded few, parsed and frozen (shared, so that
  // what is read from them can be remembered too: listQueryOf).
  const known = PARSED.get(text);
  // Stryker disable next-line ConditionalExpression: a memo: a miss reads the query again to the same list, only slower
  if (known !== undefined) return known;
  const parsed = parseAnew(text);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a memo: a miss reads the query again to the same list, only slower
  if (text.length > MEMO_TEXT_MAX) return parsed;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a memo: a miss reads the query again to the same list, only slower
  if (PARSED.size >= MEMO_ENTRIES) PARSED.clear();
  for (const p of parsed) Object.freeze(p);
  PARSED.set(text, Object.freeze(parsed));
  return parsed;
}

/** Query strings remembered at most, and the longest one remembered (what they hold is bounded: about 300 KB). */
const MEMO_ENTRIES = 256;
const MEMO_TEXT_MAX = 512;
const PARSED = new Map<string, ParsedQuery>();

function parseAnew(text: string): QueryParam[] {
  const params: QueryParam[] = [];
  for (const segment of text.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawName = eq === -1 ? segment : segment.slice(0, eq);
    const rawValue = eq === -1 ? null : segment.slice(eq + 1);
    const name = decode(rawName);
    const value = rawValue === null ? null : decode(rawValue);
    if (name === undefined || value === undefined) params.push({ name: name ?? rawName, value: null, malformed: true });
    else params.push({ name, value, malformed: false });
  }
  return params;
}

/** Query parameter names under which clients commonly put an API key; never accepted as credentials. */
export const CREDENTIAL_NAMES: ReadonlySet<string> = new Set([
  'access_token',
  'accesstoken',
  'api_key',
  'apikey',
  'api-key',
  'key',
  'token',
  'auth',
  'authorization',
  'bearer',
  'secret',
]);

/** True when the query string carries a key-like parameter (for a more helpful 401; the value is never used). */
export function hasCredentialParam(query: ParsedQuery): boolean {
  for (const p of query) if (CREDENTIAL_NAMES.has(p.name.toLowerCase())) return true;
  return false;
}

/** A valid list query, normalised. */
export interface ListQuery {
  limit: number;
  cursor: string | undefined;
  /** Filters given, in the endpoint's order, values normalised. */
  filters: Array<{ def: FilterDef; value: string }>;
  /** Canonical text of the filters (country=FR&phase=live): what cursors and ETags are bound to. */
  filterKey: string;
  /** The limit asked for was above the largest page and was reduced (said in Catalog-Limit-Reduced). */
  limitReduced: boolean;
}

/** Whether a limit that parseLimit accepts was reduced to the largest page. */
export function limitWasReduced(value: string): boolean {
  return Number(value) > LIMIT.max;
}

/** How a parameter is named in `param` and messages: at most 64 characters of it. */
function shown(name: string): string {
  return name.slice(0, 64);
}

/** What a refused enum value was probably meant to be: a word the catalog says otherwise (closed: never), or its case. */
function enumHint(def: FilterDef, value: string): string {
  const meant = def.meant !== undefined && Object.hasOwn(def.meant, value.toLowerCase()) ? def.meant[value.toLowerCase()] : undefined;
  if (meant !== undefined) return `; ${meant} is the ${value.toLowerCase()} ${def.name}: ${def.name}=${meant}`;
  const lower = value.toLowerCase();
  if (def.allowed!.includes(lower)) return ` (values are lowercase): ${def.name}=${lower}`;
  return '';
}

/**
 * A well-formed code the standard does not assign (country=XX, currency=ABC): refused as the validator refuses it in
 * a catalog file, so that a code that can never match is a typo said, not an empty page.
 */
function unassigned(def: FilterDef, code: string): ApiError {
  // Stryker disable next-line OptionalChaining: both code filters (country, currency) have their nearest code
  const near = def.nearest?.(code);
  const hint = near !== undefined ? `: did you mean ${def.name}=${near}?` : `; write an assigned one, such as ${def.name}=${def.example}.`;
  const what = def.name === 'country' ? 'an assigned ISO 3166-1 alpha-2 country code' : 'an active ISO 4217 currency code';
  return { id: 'unassigned_code', param: def.name, vars: { value: code, what, hint } };
}

/** limit: digits only, at least 1; above the maximum it is reduced to the maximum. undefined when invalid. */
export function parseLimit(value: string): number | undefined {
  if (!/^[0-9]+$/.test(value)) return undefined;
  const n = Number(value);
  return n === 0 ? undefined : Math.min(n, LIMIT.max);
}

/** A filter's value, normalised, or undefined when it is not allowed. Codes accept any case (ASCII only). */
function normaliseFilter(def: FilterDef, value: string): string | undefined {
  if (def.kind === 'enum') return def.allowed!.includes(value) ? value : undefined;
  if (!/^[\x20-\x7e]*$/.test(value)) return undefined;
  const upper = value.toUpperCase();
  return def.pattern!.test(upper) ? upper : undefined;
}

function listOf(names: string[]): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: every list it writes has three names or more (acceptedNames adds limit and cursor; the enums have three values or more)
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Names a list endpoint accepts, for messages. */
export function acceptedNames(endpoint: EndpointDef): string[] {
  return [...endpoint.filters.map((f) => f.name), 'limit', 'cursor'];
}

/**
 * Reads a list endpoint's query strictly. The first problem in the order the parameters were sent is reported:
 * a broken encoding, an unknown name, a repeat, an empty value, then a value that is not allowed.
 */
export function readListQuery(endpoint: EndpointDef, query: ParsedQuery): ListQuery | ApiError {
  let limit: number = LIMIT.default;
  let limitReduced = false;
  let cursor: string | undefined;
  const values = new Map<string, string>();
  const seen = new Set<string>();
  for (const p of query) {
    if (p.malformed) return { id: 'malformed_param', param: shown(p.name), vars: { param: JSON.stringify(shown(p.name)) } };
    const filter = endpoint.filters.find((f) => f.name === p.name);
    if (!filter && p.name !== 'limit' && p.name !== 'cursor')
      return { id: 'unknown_param', param: shown(p.name), vars: { param: JSON.stringify(shown(p.name)), allowed: listOf(acceptedNames(endpoint)) } };
    if (seen.has(p.name)) return { id: 'repeated_param', param: p.name };
    seen.add(p.name);
    if (p.value === null || p.value === '') return { id: 'empty_param', param: p.name };
    if (p.name === 'limit') {
      const n = parseLimit(p.value);
      if (n === undefined) return { id: 'invalid_limit', param: 'limit' };
      limit = n;
      limitReduced = limitWasReduced(p.value);
    } else if (p.name === 'cursor') {
      cursor = p.value;
    } else {
      const value = normaliseFilter(filter!, p.value);
      if (value === undefined)
        return filter!.kind === 'enum'
          ? { id: 'invalid_enum', param: filter!.name, vars: { allowed: listOf(filter!.allowed!.map(String)), hint: enumHint(filter!, p.value) } }
          : { id: 'invalid_code', param: filter!.name, vars: { what: filter!.what, example: filter!.example } };
      if (filter!.assigned && !filter!.assigned(value)) return unassigned(filter!, value);
      values.set(filter!.name, value);
    }
  }
  const filters: ListQuery['filters'] = [];
  for (const def of endpoint.filters) {
    const value = values.get(def.name);
    if (value !== undefined) filters.push({ def, value });
  }
  return { limit, cursor, filters, filterKey: filters.map((f) => `${f.def.name}=${f.value}`).join('&'), limitReduced };
}

const LIST_QUERIES = new WeakMap<ParsedQuery, { endpoint: EndpointDef; query: ListQuery }>();

/**
 * readListQuery, remembered for the parsed queries parseQueryString shares (the same query string again): a valid
 * query is read once per endpoint, not per request. The ListQuery returned is shared: never change it.
 */
export function listQueryOf(endpoint: EndpointDef, query: ParsedQuery): ListQuery | ApiError {
  const known = LIST_QUERIES.get(query);
  if (known !== undefined && known.endpoint === endpoint) return known.query;
  const read = readListQuery(endpoint, query);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral,ObjectLiteral: a memo of a pure reading: what it holds or not changes no answer
  if (!isApiError(read) && Object.isFrozen(query)) LIST_QUERIES.set(query, { endpoint, query: read });
  return read;
}

/** Type guard: the result of readListQuery is an error. */
export function isApiError(value: ListQuery | ApiError): value is ApiError {
  return (value as ApiError).id !== undefined;
}
