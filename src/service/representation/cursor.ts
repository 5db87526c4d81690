import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a cursor says: where a run stands, on which endpoint, with which filters, on which snapshot. */
export interface CursorState {
  endpoint: string;
  /** Canonical filters of the run (country=FR&phase=live). */
  filterKey: string;
  /** Seed version of the snapshot the run started on. */
  version: string;
  /** Keyset position: the id (or code) of the last item returned. */
  after: string;
}

const FORMAT = 'c1';
const MAC_BYTES = 32;
/** Longer tokens are refused before any decoding (a real one is about 100 characters). */
export const MAX_CURSOR_LENGTH = 1024;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Issues and checks cursors: base64url of the state followed by its HMAC-SHA256. Clients cannot read meaning into
 * the token (the contract says opaque) and cannot forge or alter one: any change breaks the MAC.
 */
export class CursorCodec {
  private readonly key: Buffer;
  /** Short public fingerprint of the secret, mixed into ETags: two secrets issue different cursors, so different bodies. */
  readonly fingerprint: string;

  constructor(secret: Buffer | string) {
    // A key derived for this purpose only, so that the configured secret could be shared with another use safely.
    this.key = createHmac('sha256', secret).update('catalog cursor v1').digest();
    this.fingerprint = createHash('sha256').update(this.key).digest('base64url').slice(0, 8);
  }

  /** The token of a state. Deterministic: the same position of the same run gives the same cursor. */
  encode(state: CursorState): string {
    // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding as utf8, its default
    const payload = Buffer.from([FORMAT, state.endpoint, state.filterKey, state.version, state.after].join('\n'), 'utf8');
    const mac = createHmac('sha256', this.key).update(payload).digest();
    return Buffer.concat([payload, mac]).toString('base64url');
  }

  /** The state of a token this codec issued, or undefined for anything else. Never throws. */
  decode(token: string): CursorState | undefined {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: the spelling check below refuses these tokens too, after decoding them
    if (token.length > MAX_CURSOR_LENGTH || !BASE64URL.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    // Only the canonical spelling is accepted: otherwise flipping the unused low bits of the last character would
    // give another token for the same bytes.
    // Stryker disable next-line EqualityOperator: a token of the MAC alone has an empty payload, refused below (not five fields)
    if (bytes.length <= MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
    const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
    const mac = bytes.subarray(bytes.length - MAC_BYTES);
    const expected = createHmac('sha256', this.key).update(payload).digest();
    if (!timingSafeEqual(mac, expected)) return undefined;
    const parts = payload.toString('utf8').split('\n');
    if (parts.length !== 5 || parts[0] !== FORMAT) return undefined;
    return { endpoint: parts[1], filterKey: parts[2], version: parts[3], after: parts[4] };
  }
}
