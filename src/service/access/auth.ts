import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorId } from '../edge/errors.js';

/** A configuration problem with the API keys: the service refuses to start. Messages never contain a key. */
export class KeyConfigError extends Error {}

/** Shortest key accepted: shorter ones can be guessed. */
export const MIN_KEY_LENGTH = 16;
/** Longest Bearer token looked at; longer ones are refused without hashing. */
const MAX_TOKEN_LENGTH = 4096;
/** The token68 syntax of RFC 6750 (b64token): what can follow "Bearer ". */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** SHA-256 of a key: what the service holds and compares. */
export function digestOf(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/**
 * The active API keys, held as SHA-256 digests. A presented key is hashed and compared in constant time with
 * every digest, without stopping at the first match: the time taken says nothing about which key, if any, matched.
 */
export class KeyRing {
  private digests: Buffer[];
  /**
   * Keys that passed the full check, by their exact text: at most one entry per active key (only a key whose SHA-256
   * is an active digest gets in), emptied when the keys are replaced. A key seen before is accepted without hashing
   * it again (the SHA-256 was most of the service's own work per request). This tells a client nothing the answer
   * does not: only a valid key can be found here, and a 200 says as much. A key not found here is hashed and compared
   * with every digest, as always. (V8 compares strings of a Set by their seeded hash first, so a wrong key is not
   * compared character by character with a held one unless their 30-bit hashes collide.)
   */
  private accepted = new Set<string>();

  constructor(digests: Buffer[]) {
    this.digests = digests;
  }

  get size(): number {
    return this.digests.length;
  }

  /** The limits of the keys that have their own, by hex digest (null: unlimited); the others get the default. */
  limits = new Map<string, RateLimit | null>();

  /** Replaces the active keys (SIGHUP re-reads CATALOG_API_KEYS_FILE), and their limits when given. */
  replace(digests: Buffer[], limits?: Map<string, RateLimit | null>): void {
    this.digests = digests;
    this.accepted = new Set();
    this.headers = new Set();
    if (limits) this.limits = limits;
  }

  /**
   * Authorization header values that carried an accepted key, exactly as sent (a few spellings per key at most:
   * "Bearer k", "bearer  k"), held on the same terms as the accepted keys and emptied with them.
   */
  private headers = new Set<string>();

  /** Whether this exact Authorization header value was accepted before (with the keys now active). */
  acceptedHeader(header: string): boolean {
    return this.headers.has(header);
  }

  /** Remembers a header value whose key was just accepted (a bounded few: 4 spellings per key). */
  rememberHeader(header: string): void {
    // Stryker disable next-line ArithmeticOperator,ConditionalExpression,EqualityOperator: bounds a memo of accepted headers: a header not kept is checked again, to the same answer
    if (this.headers.size < 4 * this.digests.length && header.length <= MAX_TOKEN_LENGTH + 64) this.headers.add(header);
  }

  verify(key: string): boolean {
    if (this.accepted.has(key)) return true;
    const presented = digestOf(key);
    let match = 0;
    for (const digest of this.digests) match |= timingSafeEqual(presented, digest) ? 1 : 0;
    if (match === 1 && this.accepted.size < this.digests.length) this.accepted.add(key);
    return match === 1;
  }
}

function checkRawKey(key: string, where: string): void {
  if (!TOKEN68.test(key))
    throw new KeyConfigError(
      `${where}: a key may only hold letters, digits and - . _ ~ + / (then = padding), so that it can be sent as "Authorization: Bearer <key>"`,
    );
  if (key.length < MIN_KEY_LENGTH)
    throw new KeyConfigError(`${where}: a key needs at least ${MIN_KEY_LENGTH} characters (generate one with: openssl rand -hex 32)`);
  if (key.length > MAX_TOKEN_LENGTH) throw new KeyConfigError(`${where}: a key has at most ${MAX_TOKEN_LENGTH} characters`);
}

/** Digests of the comma-separated keys of CATALOG_API_KEYS. */
export function keysFromList(list: string | undefined): Buffer[] {
  if (list === undefined || list.trim() === '') return [];
  const keys = list.split(',').map((k) => k.trim());
  return keys.map((key, i) => {
    if (key === '') throw new KeyConfigError(`CATALOG_API_KEYS: key ${i + 1} is empty (a stray comma?)`);
    checkRawKey(key, `CATALOG_API_KEYS: key ${i + 1}`);
    return digestOf(key);
  });
}

/** A request limit: at most `max` requests per `windowMs` milliseconds. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const WINDOWS: Record<string, number> = { s: 1000, sec: 1000, second: 1000, m: 60_000, min: 60_000, minute: 60_000, h: 3_600_000, hour: 3_600_000 };

/** Parses a limit such as 600/min, 10/s or 5000/h; "off" (or 0) is no limit (null). Undefined when malformed. */
export function parseRateLimit(text: string): RateLimit | null | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'off' || t === '0') return null;
  const m = /^([0-9]{1,9})\/(s|sec|second|m|min|minute|h|hour)$/.exec(t);
  if (!m || Number(m[1]) === 0) return undefined;
  return { max: Number(m[1]), windowMs: WINDOWS[m[2]] };
}

/** A keys file read: the digests, and the limits of the keys that have their own (by hex digest; null: unlimited). */
export interface KeysFile {
  digests: Buffer[];
  limits: Map<string, RateLimit | null>;
}

/**
 * Reads a keys file: one key per line, either the key itself or sha256:<64 hex digits> of it (so that the file need
 * not hold the keys), optionally followed by white space and `limit=<n>/<s|min|h>` (or `limit=off`), the key's own
 * rate limit. Blank lines and lines starting with # are skipped. Files without limits are read as before.
 */
export function readKeysFile(text: string, fileName: string): KeysFile {
  const digests: Buffer[] = [];
  const limits = new Map<string, RateLimit | null>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const where = `${fileName} line ${i + 1}`;
    const [line, ...options] = trimmed.split(/[ \t]+/);
    let digest: Buffer;
    if (/^sha256:/i.test(line)) {
      const hex = line.slice('sha256:'.length);
      if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new KeyConfigError(`${where}: sha256: must be followed by 64 hexadecimal digits (the SHA-256 of the key)`);
      digest = Buffer.from(hex, 'hex');
    } else {
      checkRawKey(line, where);
      digest = digestOf(line);
    }
    digests.push(digest);
    for (const option of options) {
      const m = /^limit=(.*)$/.exec(option);
      const limit = m ? parseRateLimit(m[1]) : undefined;
      if (limit === undefined)
        throw new KeyConfigError(
          `${where}: after the key, only limit=<number>/<s|min|h> (such as limit=600/min) or limit=off may follow, not ${JSON.stringify(option.slice(0, 40))}`,
        );
      limits.set(digest.toString('hex'), limit);
    }
  });
  return { digests, limits };
}

/** Digests of a keys file (see readKeysFile). */
export function keysFromFileText(text: string, fileName: string): Buffer[] {
  return readKeysFile(text, fileName).digests;
}

/** Outcome of checking a request's credentials: null when accepted. */
export interface AuthFailure {
  id: Extract<ErrorId, 'missing_credential' | 'wrong_scheme' | 'invalid_credential' | 'key_in_query'>;
  /** A Bearer token was sent (the challenge then carries error="invalid_token", RFC 6750 3.1). */
  tokenSent: boolean;
}

const MISSING: AuthFailure = { id: 'missing_credential', tokenSent: false };
const IN_QUERY: AuthFailure = { id: 'key_in_query', tokenSent: false };
const SCHEME: AuthFailure = { id: 'wrong_scheme', tokenSent: false };
const INVALID: AuthFailure = { id: 'invalid_credential', tokenSent: true };

/**
 * Checks an Authorization header: the Bearer scheme (any case), one or more spaces (RFC 6750 2.1: 1*SP), then a
 * token68.
 * Only the header counts: a key in the query string is never a credential.
 */
export function checkAuthorization(sent: string | undefined, keys: KeyRing, keyInQuery: boolean | (() => boolean)): AuthFailure | null {
  // A header accepted before (the same client again) is accepted at once; see KeyRing.acceptedHeader.
  if (sent !== undefined && keys.acceptedHeader(sent)) return null;
  const failure = checkHeader(sent, keys);
  if (failure === null) keys.rememberHeader(sent!);
  // Whether a key was put in the query string only matters to a refused request (it is read only then).
  if (failure !== null && failure !== INVALID && (typeof keyInQuery === 'function' ? keyInQuery() : keyInQuery)) return IN_QUERY;
  return failure;
}

function checkHeader(sent: string | undefined, keys: KeyRing): AuthFailure | null {
  // HTTP strips white space around a field value (node does it on the wire; injected requests keep it).
  const header = sent?.trim();
  if (header === undefined || header === '') return MISSING;
  const space = header.indexOf(' ');
  const scheme = space === -1 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return SCHEME;
  if (space === -1) return MISSING;
  let start = space;
  while (header.charCodeAt(start) === 32) start++;
  const token = header.slice(start);
  if (token === '') return MISSING;
  if (token.length > MAX_TOKEN_LENGTH || !TOKEN68.test(token)) return INVALID;
  return keys.verify(token) ? null : INVALID;
}
