import { createHash } from 'node:crypto';
import type { CursorCodec } from './cursor.js';
import type { EndpointDef } from '../resources/endpoints.js';
import type { ListQuery } from '../edge/params.js';
import { flat, ownBytes, Representation } from './representation.js';
import { selectPage, type Snapshot } from './snapshot.js';

/**
 * The ETag of a page: the snapshot version and a digest of the normalised query (endpoint, filters, limit, keyset
 * position) and of the cursor secret's fingerprint (next_cursor depends on it). Never a hash of the body.
 */
function etagOf(version: string, endpoint: string, filterKey: string, limit: number, after: string | undefined, fingerprint: string): string {
  const digest = createHash('sha256')
    .update(`${fingerprint}\n${endpoint}\n${filterKey}\n${limit}\n${after ?? ''}`)
    .digest('base64url')
    .slice(0, 16);
  // Flat: the page cache keeps it as long as the page.
  return flat('"', version, '-', digest, '"');
}

const HEAD = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
/** Every empty last page is these bytes: one buffer for all of them (its own allocation, not a view into the pool). */
const EMPTY = ownBytes(Buffer.from('{"data":[],"next_cursor":null}'));

/** The page cache key: one key, one page (pages are deterministic: same snapshot, same query, same bytes). */
export function pageKey(version: string, endpoint: string, filterKey: string, limit: number, after: string | undefined): string {
  return flat(version, '\n', endpoint, '\n', filterKey, '\n', limit, '\n', after ?? '');
}

/** Renders a page from a snapshot: the precomputed item JSON joined into the list envelope. */
export function renderPage(snapshot: Snapshot, endpoint: EndpointDef, query: ListQuery, after: string | undefined, cursors: CursorCodec): Representation {
  const view = snapshot.views[endpoint.name];
  const { positions, more } = selectPage(view, query.filters, after, query.limit);
  let next = 'null';
  if (more) {
    const last = view.keys[positions[positions.length - 1]];
    next = `"${cursors.encode({ endpoint: endpoint.name, filterKey: query.filterKey, version: snapshot.version, after: last })}"`;
  }
  if (positions.length === 0 && !more)
    return new Representation(EMPTY, etagOf(snapshot.version, endpoint.name, query.filterKey, query.limit, after, cursors.fingerprint));
  // Bytes copied, never re-encoded: the items are UTF-8 already.
  const parts: Buffer[] = [HEAD];
  for (let i = 0; i < positions.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(view.items[positions[i]]);
  }
  parts.push(Buffer.from(`],"next_cursor":${next}}`, 'latin1'));
  // Its own allocation: a small page concatenated into Node's pool would keep a whole 8 KB slab alive in the cache.
  const body = ownBytes(Buffer.concat(parts));
  return new Representation(body, etagOf(snapshot.version, endpoint.name, query.filterKey, query.limit, after, cursors.fingerprint));
}
