import { parsePointer, toPointer } from './pointer.js';

/**
 * Provenance pointers: JSON pointers into a rail that name a field by its `name` (/fields/pixKey/pattern) instead of
 * its position, so that reordering the fields moves no support and no decision. Pure: the rules, the seed's readers,
 * the site and the release all read a rail's provenance through this module.
 */

/** What a rail holds that provenance reads: the published rail or the rail as written, alike. */
interface ProvenanceRail {
  currency?: unknown;
  settlement?: Record<string, unknown>;
  limits?: Record<string, unknown>;
  fees?: Record<string, unknown>;
  fields?: ReadonlyArray<{ name?: unknown; pattern?: unknown; maxLength?: unknown }>;
  sources?: ReadonlyArray<{ url: string; title: string; supports?: ReadonlyArray<{ pointer: string; quote: string }> }>;
  decisions?: ReadonlyArray<{ pointer: string; reason: string }>;
}

/** The top-level properties a pointer may not name: provenance says where a fact comes from, not where it does. */
const NOT_FACTS: ReadonlySet<string> = new Set(['sources', 'decisions', 'verifiedAt']);

/**
 * The values of a rail that state a fact about the rail, which a source supports or a decision explains: the currency,
 * the limits (not `decimals`: ISO 4217 fixes it, and the rule minor-units holds it to ISO 4217), every settlement
 * value, the fees, each field's own pattern and maxLength. Named pointers, in the rail's order; a value the rail does
 * not have is not listed.
 */
export function factPointers(rail: ProvenanceRail): string[] {
  const out: string[] = [];
  if (rail.currency !== undefined) out.push('/currency');
  const object = (name: 'limits' | 'settlement' | 'fees', keys: readonly string[]) => {
    const value = rail[name];
    if (value && typeof value === 'object') for (const key of keys) if (value[key] !== undefined) out.push(`/${name}/${key}`);
  };
  object('limits', ['minMinor', 'maxMinor']);
  object('settlement', ['p50Minutes', 'p95Minutes', 'businessDaysOnly', 'cutoff', 'calendar']);
  object('fees', ['fixedMinor', 'bps']);
  for (const field of rail.fields ?? []) {
    if (typeof field?.name !== 'string') continue;
    if (field.pattern !== undefined) out.push(toPointer(['fields', field.name, 'pattern']));
    if (field.maxLength !== undefined) out.push(toPointer(['fields', field.name, 'maxLength']));
  }
  return out;
}

/** Whether the provenance pointer `by` covers the value at `pointer`: the same value, or an object holding it. */
export function covers(by: string, pointer: string): boolean {
  return pointer === by || pointer.startsWith(`${by}/`);
}

/** Where a named pointer leads: the positional pointer of the rail's value (/fields/3/pattern), or why it leads nowhere. */
export type Resolution = { pointer: string } | { missing: string; fieldNames?: string[] };

/**
 * Resolves a named pointer against a rail: `/fields/<name>` is the field of that name; every other segment is a key or
 * an array index as in RFC 6901. `missing` is the longest prefix that exists, the part the pointer goes wrong after.
 */
export function resolveNamed(rail: unknown, pointer: string): Resolution {
  const segments = parsePointer(pointer);
  if (segments.length === 0 || NOT_FACTS.has(segments[0])) return { missing: '' };
  const positional: Array<string | number> = [];
  let node: unknown = rail;
  for (const [i, segment] of segments.entries()) {
    const here = toPointer(segments.slice(0, i));
    if (i === 1 && segments[0] === 'fields' && Array.isArray(node)) {
      const index = node.findIndex((field) => (field as { name?: unknown })?.name === segment);
      if (index < 0) return { missing: here, fieldNames: node.map((f) => String((f as { name?: unknown })?.name)) };
      positional.push(index);
      node = node[index];
      continue;
    }
    if (Array.isArray(node) && /^(?:0|[1-9][0-9]*)$/.test(segment) && Number(segment) < node.length) {
      positional.push(Number(segment));
      node = node[Number(segment)];
    } else if (node !== null && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, segment)) {
      positional.push(segment);
      node = (node as Record<string, unknown>)[segment];
    } else return { missing: here };
  }
  return { pointer: toPointer(positional) };
}

/** One origin of a value: a source (its title, address and the quote) or a decision (its reason). */
export type Origin = { source: { title: string; url: string }; quote: string } | { decision: string };

/** For each fact pointer of a rail, what supports it: its sources' quotes, then its decisions, in the file's order. */
export function originsOf(rail: ProvenanceRail): Map<string, Origin[]> {
  const origins = new Map<string, Origin[]>();
  for (const pointer of factPointers(rail)) {
    const list: Origin[] = [];
    for (const source of rail.sources ?? [])
      for (const support of source.supports ?? [])
        if (covers(support.pointer, pointer)) list.push({ source: { title: source.title, url: source.url }, quote: support.quote });
    for (const decision of rail.decisions ?? []) if (covers(decision.pointer, pointer)) list.push({ decision: decision.reason });
    origins.set(pointer, list);
  }
  return origins;
}
