import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { stringBytes, type Costed } from './bounded-cache.js';

/** The content codings the service sends. */
export type Coding = 'br' | 'gzip' | 'identity';

/** Server preference when the client accepts several codings equally. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];
/** ETag suffix of each coding: one ETag per representation (RFC 9110 8.8.3: a strong tag names exact bytes). */
const SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz', identity: '' };
/** Bodies shorter than this are always sent as they are: compression would save next to nothing. */
export const MIN_COMPRESS_BYTES = 1024;
/** Brotli quality 5: within 2 % of quality 6 in size at a fraction of 9-11's time (measured: 3 ms for a 75 KB page). */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

const QVALUE = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 12.5.3). No header: identity. `q=0` excludes a coding;
 * `*` stands for every coding not named; identity is acceptable unless `identity;q=0`, or `*;q=0` without an
 * identity entry, and when not named it comes after every coding the client names. Highest q wins, ties go to br, then gzip, then identity. When nothing is acceptable, identity
 * (the RFC's "SHOULD send a response without any content coding"). Malformed entries are ignored; never throws.
 */
export function negotiate(header: string | undefined): Coding {
  if (header === undefined) return 'identity';
  // Clients send the same few headers ("gzip, deflate, br"): remember the answers, a bounded few.
  const known = NEGOTIATED.get(header);
  if (known !== undefined) return known;
  const coding = negotiateAnew(header);
  if (header.length > 256) return coding;
  if (NEGOTIATED.size >= 64) NEGOTIATED.clear();
  NEGOTIATED.set(header, coding);
  return coding;
}

const NEGOTIATED = new Map<string, Coding>();
/** Below the smallest q a client can write (0.001). */
const UNNAMED_IDENTITY = 0.0005;

function negotiateAnew(header: string): Coding {
  const q = new Map<string, number>();
  for (const part of header.slice(0, 1024).split(',')) {
    const [rawName, ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === '') continue;
    if (name === 'x-gzip') name = 'gzip';
    let weight = 1;
    let valid = true;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
      const value = param.slice(eq + 1).trim();
      if (!QVALUE.test(value)) valid = false;
      else weight = Number(value);
    }
    if (valid) q.set(name, Math.max(weight, q.get(name) ?? 0));
  }
  const star = q.get('*');
  const weightOf = (coding: Coding): number => {
    const named = q.get(coding);
    if (named !== undefined) return named;
    if (star !== undefined) return star;
    // Identity not named is acceptable, but below every coding the client names (as negotiator, Express's, weighs it):
    // `gzip;q=0.5` alone asks for gzip.
    return coding === 'identity' ? UNNAMED_IDENTITY : 0;
  };
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** How many bodies were compressed since start, per coding (for metrics, and for tests that check it is once each). */
export const compressions: Record<Exclude<Coding, 'identity'>, number> = { br: 0, gzip: 0 };

function compress(coding: Exclude<Coding, 'identity'>, body: Buffer): Promise<Buffer> {
  compressions[coding]++;
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (coding === 'br')
      brotliCompress(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
    else gzip(body, { level: GZIP_LEVEL }, done);
  });
}

/**
 * What a Buffer costs beyond its bytes: the Buffer and ArrayBuffer objects on the heap, the backing store's record
 * and its allocation (measured on Node 20, see scripts/measure-cache.ts). A body that is a view into a larger
 * allocation (a slice of Node's 8 KB pool) keeps all of it alive: bodies are given their own allocation (ownBytes).
 */
export const BUFFER_OVERHEAD = 240;

/** Bytes of a Representation object itself (its fields), and of the record of compressed variants once one is made. */
const REPRESENTATION_OVERHEAD = 72;
const VARIANTS_OVERHEAD = 160;

/**
 * The bytes a cached body holds: its bytes and the objects around them. The page cache's own bodies have their own
 * allocation (ownBytes); a body that is a view into the snapshot's buffers (an item) is counted as if it were.
 */
function bufferBytes(buffer: Buffer): number {
  return BUFFER_OVERHEAD + buffer.length;
}

/**
 * `bytes` in an allocation of its own, so that holding it holds nothing else: small buffers are views into Node's
 * shared 8 KB pool, and a cached one would keep its whole pool slab alive (the other views in it long gone).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** One string of the parts, flat: a template literal makes a tree of concatenations that V8 keeps as it is. */
export function flat(...parts: Array<string | number>): string {
  return parts.join('');
}

/**
 * One cacheable response body and its ETag, with its compressed variants made once each, on first demand, on
 * libuv's thread pool (not per request, not on the event loop). Deterministic bodies only: the variants are exact
 * for as long as the body is. Small: a page cache holds thousands (mostly empty pages, never compressed), so what
 * only compressed bodies need is made when first needed.
 */
export class Representation implements Costed {
  /** Bodies shorter than MIN_COMPRESS_BYTES are always sent as they are. */
  readonly compressible: boolean;
  /** The br and gzip bodies made so far, and those being made: none until a compressed body is first asked for. */
  private variants: Partial<Record<Exclude<Coding, 'identity'>, Buffer>> | undefined;
  private pending: Partial<Record<Exclude<Coding, 'identity'>, Promise<Buffer>>> | undefined;
  /** The ETags of the br and gzip bodies, made on first use. */
  private codedTags: Readonly<Record<Exclude<Coding, 'identity'>, string>> | undefined;

  /** `etag` is the identity body's ETag, quoted ("v-abc"); the others are derived from it ("v-abc-br"). */
  constructor(
    readonly body: Buffer,
    readonly etag: string,
  ) {
    this.compressible = body.length >= MIN_COMPRESS_BYTES;
  }

  /** The coding actually sent for what the client accepts: identity for small bodies. */
  codingFor(acceptEncoding: string | undefined): Coding {
    return this.compressible ? negotiate(acceptEncoding) : 'identity';
  }

  etagOf(coding: Coding): string {
    if (coding === 'identity') return this.etag;
    const base = this.etag.slice(0, -1);
    this.codedTags ??= { br: flat(base, SUFFIX.br, '"'), gzip: flat(base, SUFFIX.gzip, '"') };
    return this.codedTags[coding];
  }

  /** Bytes held: this object, its ETags, the body and the variants made so far. */
  get cost(): number {
    let cost = REPRESENTATION_OVERHEAD + stringBytes(this.etag) + bufferBytes(this.body);
    if (this.codedTags) cost += 2 * stringBytes(this.codedTags.br);
    if (this.variants)
      cost += VARIANTS_OVERHEAD + (this.variants.br ? bufferBytes(this.variants.br) : 0) + (this.variants.gzip ? bufferBytes(this.variants.gzip) : 0);
    return cost;
  }

  /** The body in a coding: at once when it is made, else a promise; `stored` runs once a new variant is kept. */
  variant(coding: Coding, stored?: () => void): Buffer | Promise<Buffer> {
    if (coding === 'identity') return this.body;
    const made = this.variants?.[coding];
    if (made) return made;
    this.pending ??= {};
    let pending = this.pending[coding];
    if (!pending) {
      pending = compress(coding, this.body).then(
        (out) => {
          (this.variants ??= {})[coding] = ownBytes(out);
          delete this.pending![coding];
          stored?.();
          return this.variants[coding]!;
        },
        (err) => {
          delete this.pending![coding];
          throw err;
        },
      );
      this.pending[coding] = pending;
    }
    return pending;
  }

  /** The variant ETag that If-None-Match names (weak comparison, RFC 9110 13.1.2), `negotiated` for "*", else undefined. */
  matching(ifNoneMatch: string | undefined, negotiated: string): string | undefined {
    if (ifNoneMatch === undefined) return undefined;
    for (const part of ifNoneMatch.slice(0, 4096).split(',')) {
      let tag = part.trim();
      if (tag === '*') return negotiated;
      if (tag.startsWith('W/')) tag = tag.slice(2);
      if (tag === this.etag || (this.compressible && (tag === this.etagOf('br') || tag === this.etagOf('gzip')))) return tag;
    }
    return undefined;
  }
}
