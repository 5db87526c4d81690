import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache, type CacheLimits } from './bounded-cache.js';
import type { Coding, Representation } from './representation.js';

/**
 * Sends a representation: negotiates the coding, answers 304 when If-None-Match names any of its ETags (with the
 * ETag the client holds), else the body in that coding with its own ETag. Always `Vary: Accept-Encoding`. The caller
 * sets the other headers (Cache-Control, Catalog-Version) first. `stored` runs when a new variant is kept.
 */
function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  rep: Representation,
  contentType: string,
  stored?: () => void,
): FastifyReply | Promise<FastifyReply> {
  reply.header('vary', 'Accept-Encoding');
  const coding = rep.codingFor(request.headers['accept-encoding']);
  const etag = rep.etagOf(coding);
  const matched = rep.matching(request.headers['if-none-match'], etag);
  if (matched !== undefined) return reply.header('etag', matched).code(304).send();
  reply.header('content-type', contentType);
  const bytes = rep.variant(coding, stored);
  if (Buffer.isBuffer(bytes)) return send(reply, coding, etag, bytes);
  return bytes.then(
    (out) => send(reply, coding, etag, out),
    // A compression failure (never expected) costs the saving, not the answer.
    () => send(reply, 'identity', rep.etag, rep.body),
  );
}

function send(reply: FastifyReply, coding: Coding, etag: string, bytes: Buffer): FastifyReply {
  reply.header('etag', etag);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(bytes);
}

/**
 * The cache of rendered responses, shared by every cached endpoint: a BoundedCache of representations whose
 * compressed variants are counted when they are made. A new cached endpoint calls `send` with a key naming the
 * response exactly (snapshot version first) and a render function.
 */
export class ResponseCache {
  private readonly cache: BoundedCache<Representation>;
  /** false: never compress (what the service does with @fastify/compress in the benchmark). */
  readonly compress: boolean;
  /** Lookups answered from the cache, and those that rendered (for /metrics). */
  hits = 0;
  misses = 0;

  constructor(options: CacheLimits & { compress?: boolean } = {}) {
    this.cache = new BoundedCache(options);
    this.compress = options.compress ?? true;
  }

  /** The representation under `key`, rendered and stored when missing. */
  get(key: string, render: () => Representation): Representation {
    let rep = this.cache.get(key);
    if (rep) this.hits++;
    else {
      this.misses++;
      rep = render();
      this.cache.set(key, rep);
    }
    return rep;
  }

  /** Sends the representation under `key` (rendered when missing), negotiated as sendRepresentation does. */
  send(request: FastifyRequest, reply: FastifyReply, key: string, render: () => Representation, contentType: string): FastifyReply | Promise<FastifyReply> {
    const rep = this.get(key, render);
    if (!this.compress) {
      if (rep.matching(request.headers['if-none-match'], rep.etag) !== undefined) return reply.header('etag', rep.etag).code(304).send();
      return reply.header('etag', rep.etag).header('content-type', contentType).send(rep.body);
    }
    return sendRepresentation(request, reply, rep, contentType, () => this.cache.recount(key, rep));
  }

  get size(): number {
    return this.cache.size;
  }

  get heldBytes(): number {
    return this.cache.heldBytes;
  }
}
