import fastJson from 'fast-json-stringify';
import { cmp } from '../../model/problem.js';
import { validatorOf } from '../../model/schemas.js';
import type { Seed } from '../../generated/types.js';
import { contentVersion } from '../../seed/version.js';
import { endpoints, seedSchema, type EndpointDef, type EndpointName, type FilterDef } from '../resources/endpoints.js';

/** Why a seed was refused: the service goes on serving the snapshot it had. */
export class SeedError extends Error {}

/**
 * The seed store cannot be read right now (permissions, a mount gone, the network, a server error): unlike a version
 * that is not in the store or not a valid seed, the same read may succeed later, or on another replica.
 */
export class StoreUnreadableError extends SeedError {}

/** One catalog of a snapshot, ready to serve: sorted keys, serialized items and filter indexes. */
export interface View {
  endpoint: EndpointDef;
  /** Keys (id or code) in code-unit order. */
  keys: string[];
  /** items[i] is the JSON (UTF-8 bytes) of the item keys[i], serialized once from the seed schema definition. */
  items: Buffer[];
  /** filter name → value → positions (ascending) of the items it matches. */
  index: Map<string, Map<string, Int32Array>>;
}

/** A seed loaded and precomputed: what a request is answered from. Immutable once built. */
export interface Snapshot {
  version: string;
  commit?: string;
  counts: Seed['meta']['counts'];
  views: Record<EndpointName, View>;
}

export { contentVersion };

type Serializer = (item: unknown) => string;
let serializers: Record<string, Serializer> | undefined;

/**
 * The schema given to the serializer: the seed schema without its presence rules (required, if/then/else, not),
 * which Ajv already enforced when the seed was loaded. fast-json-stringify writes required properties first; without
 * them it keeps the schema's order (id, slug, name, ..., phase, reason, ...), the order of the seed and the contract.
 */
export function shapeOnly(schema: any): any {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' || key === 'if' || key === 'then' || key === 'else' || key === 'not') continue;
    if (key === 'properties' || key === 'definitions')
      out[key] = Object.fromEntries(Object.entries(value as object).map(([name, sub]) => [name, shapeOnly(sub)]));
    else if (key === 'items') out[key] = shapeOnly(value);
    else out[key] = value;
  }
  return out;
}

/**
 * Serializers of an item, compiled by fast-json-stringify (fastify's serializer) from the seed schema definitions:
 * a property the schema does not describe is never written.
 */
export function itemSerializers(): Record<'rail' | 'asset' | 'country', Serializer> {
  if (!serializers) {
    const definitions = shapeOnly({ definitions: seedSchema().definitions }).definitions;
    const build = (name: string) => fastJson({ ...definitions[name], definitions } as any) as Serializer;
    serializers = { rail: build('rail'), asset: build('asset'), country: build('country') };
  }
  return serializers as Record<'rail' | 'asset' | 'country', Serializer>;
}

function describeErrors(errors: readonly { instancePath: string; message?: string }[]): string {
  // Stryker disable next-line StringLiteral: Ajv gives every error a message
  const shown = errors.slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  return shown.join('; ') + (errors.length > 3 ? `; and ${errors.length - 3} more` : '');
}

function buildView(endpoint: EndpointDef, items: any[], serialize: Serializer): View {
  const sorted = [...items].sort((a, b) => cmp(a[endpoint.key], b[endpoint.key]));
  const keys = sorted.map((item) => item[endpoint.key] as string);
  for (let i = 1; i < keys.length; i++)
    if (keys[i] === keys[i - 1])
      throw new SeedError(`two ${endpoint.name} have the ${endpoint.key} ${JSON.stringify(keys[i])}: ${endpoint.key}s must be unique`);
  const index = new Map<string, Map<string, Int32Array>>();
  for (const filter of endpoint.filters) index.set(filter.name, indexOf(filter, sorted));
  return { endpoint, keys, items: sorted.map((item) => Buffer.from(serialize(item), 'utf8')), index };
}

function indexOf(filter: FilterDef, sorted: any[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  sorted.forEach((item, position) => {
    for (const value of new Set(filter.valuesOf(item))) {
      let list = lists.get(value);
      if (!list) lists.set(value, (list = []));
      list.push(position);
    }
  });
  return new Map([...lists].map(([value, list]) => [value, Int32Array.from(list)]));
}

/** Validates a parsed seed against schemas/seed.schema.json and precomputes it; throws SeedError with the reason. */
export function snapshotOf(value: unknown): Snapshot {
  const validate = validatorOf('seed');
  // Stryker disable next-line ArrayDeclaration: a validator that refuses a value has its errors
  if (!validate(value)) throw new SeedError(`the seed does not match schemas/seed.schema.json: ${describeErrors(validate.errors ?? [])}`);
  const seed = value as Seed;
  for (const name of ['rails', 'assets', 'countries'] as const)
    if (seed.meta.counts[name] !== seed[name].length)
      throw new SeedError(`meta.counts.${name} is ${seed.meta.counts[name]} but the seed holds ${seed[name].length} ${name} (a partial seed?)`);
  const version = contentVersion(seed);
  if (version !== seed.meta.version)
    throw new SeedError(
      `meta.version ${seed.meta.version} is not the hash of the content (${version}): was the seed edited by hand? Rebuild it with catalog build`,
    );
  const serialize = itemSerializers();
  const defs = endpoints();
  const views = {
    rails: buildView(defs.rails, seed.rails, serialize.rail),
    assets: buildView(defs.assets, seed.assets, serialize.asset),
    countries: buildView(defs.countries, seed.countries, serialize.country),
  };
  const snapshot: Snapshot = { version, counts: { ...seed.meta.counts }, views };
  if (seed.meta.commit) snapshot.commit = seed.meta.commit;
  return snapshot;
}

/** Parses and loads the text of a seed file. */
export function snapshotOfText(text: string): Snapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new SeedError(`the seed is not valid JSON (a partial or truncated file?): ${(err as Error).message}`);
  }
  return snapshotOf(value);
}

/** Index of the first key strictly after `after` in keys[positions[lo..]] (positions ascending, keys sorted). */
function firstAfter(keys: string[], positions: ArrayLike<number> | null, length: number, after: string): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const key = keys[positions ? positions[mid] : mid];
    if (key <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function contains(list: Int32Array, position: number): boolean {
  let lo = 0;
  // Stryker disable next-line ArithmeticOperator: past the end an Int32Array reads undefined, never the position
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid];
    if (v === position) return true;
    // Stryker disable next-line EqualityOperator: v is not the position here
    if (v < position) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

const NONE = new Int32Array(0);

/**
 * The positions of one page: up to `limit` items matching every filter, after the key `after` (keyset pagination),
 * and whether another item follows (so that an exactly full last page has no cursor).
 */
export function selectPage(
  view: View,
  filters: ReadonlyArray<{ def: FilterDef; value: string }>,
  after: string | undefined,
  limit: number,
): { positions: number[]; more: boolean } {
  // Stryker disable next-line OptionalChaining: every filter of an endpoint has its index (buildView)
  const lists = filters.map((f) => view.index.get(f.def.name)?.get(f.value) ?? NONE);
  const positions: number[] = [];
  // Stryker disable next-line ConditionalExpression: a shortcut: with an empty list no position is in every list
  if (lists.some((l) => l.length === 0)) return { positions, more: false };
  // Walk the shortest list; check membership of the others. Walking any of them gives the same page, only slower.
  let walk: Int32Array | null = null;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: which list is walked changes the time, not the page
  for (const list of lists) if (!walk || list.length < walk.length) walk = list;
  // Stryker disable next-line ConditionalExpression: checking the walked list too changes the time, not the page
  const others = lists.filter((l) => l !== walk);
  const length = walk ? walk.length : view.keys.length;
  let i = after === undefined ? 0 : firstAfter(view.keys, walk, length, after);
  for (; i < length; i++) {
    const position = walk ? walk[i] : i;
    if (others.length && !others.every((l) => contains(l, position))) continue;
    if (positions.length === limit) return { positions, more: true };
    positions.push(position);
  }
  return { positions, more: false };
}
