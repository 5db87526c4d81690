import { createHash } from 'node:crypto';
import type { CursorCodec } from './cursor.js';
import type { EndpointDef } from './endpoints.js';
import type { ListQuery } from './params.js';
import { selectPage, type Snapshot } from './snapshot.js';

/** A rendered page: its bytes and its ETag. */
export interface Page {
  body: Buffer;
  etag: string;
}

/**
 * The ETag of a page: the snapshot version and a digest of the normalised query (endpoint, filters, limit, keyset
 * position) and of the cursor secret's fingerprint (next_cursor depends on it). Never a hash of the body.
 */
export function etagOf(version: string, endpoint: string, filterKey: string, limit: number, after: string | undefined, fingerprint: string): string {
  const digest = createHash('sha256').update(`${fingerprint}\n${endpoint}\n${filterKey}\n${limit}\n${after ?? ''}`).digest('base64url').slice(0, 16);
  return `"${version}-${digest}"`;
}

const HEAD = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/** Renders a page from a snapshot: the precomputed item JSON joined into the list envelope. */
export function renderPage(snapshot: Snapshot, endpoint: EndpointDef, query: ListQuery, after: string | undefined, cursors: CursorCodec): Page {
  const view = snapshot.views[endpoint.name];
  const { positions, more } = selectPage(view, query.filters, after, query.limit);
  let next = 'null';
  if (more) {
    const last = view.keys[positions[positions.length - 1]];
    next = `"${cursors.encode({ endpoint: endpoint.name, filterKey: query.filterKey, version: snapshot.version, after: last })}"`;
  }
  // Bytes copied, never re-encoded: the items are UTF-8 already.
  const parts: Buffer[] = [HEAD];
  for (let i = 0; i < positions.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(view.items[positions[i]]);
  }
  parts.push(Buffer.from(`],"next_cursor":${next}}`, 'latin1'));
  const body = Buffer.concat(parts);
  return { body, etag: etagOf(snapshot.version, endpoint.name, query.filterKey, query.limit, after, cursors.fingerprint) };
}

/**
 * Rendered pages by snapshot version and normalised query, least recently used dropped first once the bytes held
 * pass the budget. Pages are deterministic (same snapshot, same query, same bytes), so a cached page is exact.
 */
export class PageCache {
  private readonly pages = new Map<string, Page>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(key: string): Page | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: Page): void {
    if (page.body.length > this.maxBytes) return;
    const old = this.pages.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.pages.delete(key);
    }
    this.pages.set(key, page);
    this.bytes += page.body.length;
    for (const [k, p] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(k);
      this.bytes -= p.body.length;
    }
  }

  get size(): number {
    return this.pages.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }
}
