import { randomFillSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MIN_KEY_LENGTH, type KeyRing } from '../access/auth.js';
import type { ParsedQuery } from '../edge/params.js';

/**
 * What the logs may show of what a client sent, decided by ALLOW-LISTS: a key pasted anywhere (a path segment, a
 * parameter name or value, a header, a cursor) must never reach a log line, whatever its length or encoding. So the
 * logs show only words the service itself defines (route paths, parameter names it knows) and replace everything else
 * with a placeholder. Headers are never logged; the request id is the client's only when it cannot be a key.
 */
export interface LogVocabulary {
  /** Path segments of the registered routes (api, v1, rails, ...): the only segments logged as sent. */
  segments: ReadonlySet<string>;
  /** Query parameter names the service knows (filters, limit, cursor, and the key-like names it refuses). */
  params: ReadonlySet<string>;
}

/** How an unknown path segment is logged. */
const HIDDEN_SEGMENT = '[hidden]';
/** How an unknown parameter name is logged. */
const HIDDEN_PARAM = '[unknown]';
const MAX_SEGMENTS = 12;
const MAX_PARAMS = 20;

/** The vocabulary of a set of route paths and parameter names; `:id` segments of route patterns are never words. */
export function logVocabulary(routePaths: Iterable<string>, paramNames: Iterable<string>): LogVocabulary {
  const segments = new Set<string>();
  for (const route of routePaths) for (const s of route.split('/')) if (s !== '' && !s.startsWith(':') && !s.includes('*')) segments.add(s);
  return { segments, params: new Set(paramNames) };
}

/** A path as logged: known segments as they are, any other one as [hidden]; no query. */
function pathForLog(rawUrl: string, vocabulary: LogVocabulary): string {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const segments = path.split('/');
  const shown = segments.slice(0, MAX_SEGMENTS).map((s) => (s === '' || vocabulary.segments.has(s) ? s : HIDDEN_SEGMENT));
  if (segments.length > MAX_SEGMENTS) shown.push(`[${segments.length - MAX_SEGMENTS} more]`);
  return shown.join('/');
}

/** Parameter names as logged: known names as they are, others as [unknown]; never a value. */
function paramsForLog(query: ParsedQuery | undefined, vocabulary: LogVocabulary): string[] {
  if (!Array.isArray(query)) return [];
  return query.slice(0, MAX_PARAMS).map((p) => (vocabulary.params.has(p.name) ? p.name : HIDDEN_PARAM));
}

/**
 * What the logs show of a request: method, path and parameter names. A matched route is logged by its pattern
 * (/api/v1/rails, /api/v1/rails/:id), never by the URL; an unmatched path through the vocabulary.
 */
export function requestForLog(request: FastifyRequest, vocabulary: LogVocabulary): Record<string, unknown> {
  const pattern = request.routeOptions?.url;
  const path = pattern !== undefined ? pattern : pathForLog(request.raw?.url ?? '', vocabulary);
  return { method: request.method, path, params: paramsForLog(request.query as ParsedQuery, vocabulary) };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * Whether the client's X-Request-Id may be used (it is logged and echoed): 1 to 15 of A-Z a-z 0-9 . _ : - (too short
 * to be a key, which has at least 16 characters), or a UUID that is not an active key. Anything else may be or
 * hold a key, and is replaced by a UUID of ours.
 */
export function acceptableRequestId(sent: unknown, keys: KeyRing): sent is string {
  if (typeof sent !== 'string' || !REQUEST_ID.test(sent)) return false;
  if (sent.length < MIN_KEY_LENGTH) return true;
  return UUID.test(sent) && !keys.verify(sent);
}

/** Request ids made per refill of random bytes. */
const ID_BATCH = 256;
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const idRandom = Buffer.allocUnsafe(16 * ID_BATCH);
const idText = Buffer.allocUnsafe(36 * ID_BATCH);
/** ID_BATCH UUIDs side by side in one flat string, and how many of them were handed out. */
let ids = '';
let idsUsed = ID_BATCH;

/**
 * A random UUID (version 4, RFC 9562), as crypto.randomUUID() makes them (16 bytes of its CSPRNG each), but cheaper
 * per request: the random bytes of 256 ids are drawn and written as text at once, and each id is a slice of that one
 * flat string. randomUUID() builds each id by joining 20 pieces, a string V8 must then flatten to check it as a header
 * value and write it: that was most of the request id's cost (about 0.5 against 0.2 us, id and header check).
 */
export function newRequestId(): string {
  if (idsUsed === ID_BATCH) {
    randomFillSync(idRandom);
    let at = 0;
    for (let id = 0; id < ID_BATCH; id++) {
      const r = id * 16;
      idRandom[r + 6] = (idRandom[r + 6] & 0x0f) | 0x40; // version 4
      idRandom[r + 8] = (idRandom[r + 8] & 0x3f) | 0x80; // variant 10
      for (let i = 0; i < 16; i++) {
        if (i === 4 || i === 6 || i === 8 || i === 10) idText[at++] = 0x2d; // -
        const byte = idRandom[r + i];
        idText[at++] = HEX[byte >> 4];
        idText[at++] = HEX[byte & 15];
      }
    }
    ids = idText.toString('latin1', 0, at);
    idsUsed = 0;
  }
  const start = idsUsed++ * 36;
  return ids.slice(start, start + 36);
}

/** At most one log line per this many milliseconds for an error that repeats (the same event, the same reason). */
const REPEATED_ERROR_LOG_MS = 10_000;
/** Distinct errors remembered at most; past it the memory starts again (a few more lines, never unbounded memory). */
const REPEATED_ERRORS_HELD = 256;

/**
 * A gate for errors that repeat while a dependency is away (Redis for the rate limits, the seed store): `write` runs
 * for the first occurrence of an error, then at most once per `intervalMs`, and is told how many occurrences were
 * left out since its last line. Errors are told apart by `key` (the event and its reason): a new error is written at once.
 */
export function repeatedErrorLog(intervalMs = REPEATED_ERROR_LOG_MS, now: () => number = Date.now): (key: string, write: (leftOut: number) => void) => void {
  const seen = new Map<string, { at: number; leftOut: number }>();
  return (key, write) => {
    const t = now();
    const last = seen.get(key);
    if (last && t - last.at < intervalMs) {
      last.leftOut++;
      return;
    }
    if (!last && seen.size >= REPEATED_ERRORS_HELD) seen.clear();
    seen.set(key, { at: t, leftOut: 0 });
    write(last?.leftOut ?? 0);
  };
}
