/**
 * The cursor codec on its own: a token says back exactly what was encoded, under the same secret only, and anything
 * else (altered, re-spelt, too long, too short, of another format) decodes to nothing. Each case fails when the check
 * it names is removed (npm run test:mutation).
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CursorCodec, MAX_CURSOR_LENGTH } from '../../src/service/representation/cursor.js';

const state = { endpoint: 'rails', filterKey: 'country=FR', version: 'v1', after: 'FR-sepa' };
const codec = new CursorCodec('secret-one');
const token = codec.encode(state);
const keyOf = (secret: string) => createHmac('sha256', secret).update('catalog cursor v1').digest();
/** A token signed as the codec signs, of any payload: to reach the checks after the MAC. */
const signed = (secret: string, text: string) => {
  const payload = Buffer.from(text, 'utf8');
  return Buffer.concat([payload, createHmac('sha256', keyOf(secret)).update(payload).digest()]).toString('base64url');
};
const flipLast = (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A');

describe('CursorCodec', () => {
  it('decodes what it encoded, the same token for the same state', () => {
    expect(codec.decode(token)).toEqual(state);
    expect(codec.encode({ ...state })).toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('a signed payload in the codec own format is read field by field', () => {
    expect(codec.decode(signed('secret-one', 'c1\nassets\n\nv9\nUSDT'))).toEqual({ endpoint: 'assets', filterKey: '', version: 'v9', after: 'USDT' });
  });

  it.each([
    ['another secret', new CursorCodec('secret-two').encode(state)],
    ['a changed character', flipLast(token)],
    ['a changed first character', (token[0] === 'A' ? 'B' : 'A') + token.slice(1)],
    ['padding', `${token}=`],
    ['standard base64', Buffer.from(token, 'base64url').toString('base64')],
    ['the empty text', ''],
    ['a MAC alone', signed('secret-one', '').slice(0, 43)],
    ['exactly the MAC length', Buffer.alloc(32).toString('base64url')],
    ['too long', 'A'.repeat(MAX_CURSOR_LENGTH + 1)],
    ['another format', signed('secret-one', 'c2\nrails\ncountry=FR\nv1\nFR-sepa')],
    ['four fields', signed('secret-one', 'c1\nrails\nv1\nFR-sepa')],
    ['six fields', signed('secret-one', 'c1\nrails\ncountry=FR\nv1\nFR-sepa\nx')],
    [
      'a signature of the secret itself, not of the derived key',
      (() => {
        const payload = Buffer.from('c1\nrails\ncountry=FR\nv1\nFR-sepa');
        return Buffer.concat([payload, createHmac('sha256', 'secret-one').update(payload).digest()]).toString('base64url');
      })(),
    ],
  ])('%s decodes to nothing', (_what, t) => {
    expect(codec.decode(t)).toBeUndefined();
  });

  it('a token of exactly the longest length is read', () => {
    // 768 bytes are 1024 base64url characters: a payload of 736 bytes and its MAC.
    const exact = { ...state, after: 'x'.repeat(736 - Buffer.byteLength(['c1', state.endpoint, state.filterKey, state.version, ''].join('\n'))) };
    const t = codec.encode(exact);
    expect(t).toHaveLength(MAX_CURSOR_LENGTH);
    expect(codec.decode(t)).toEqual(exact);
  });

  it('a token at the length limit is still read', () => {
    let long = { ...state };
    while (codec.encode(long).length <= MAX_CURSOR_LENGTH - 4) long = { ...long, after: `${long.after}x` };
    const t = codec.encode(long);
    expect(t.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
    expect(t.length).toBeGreaterThan(MAX_CURSOR_LENGTH - 8);
    expect(codec.decode(t)).toEqual(long);
  });

  it.each([
    ['secret-one', 'secret-one', true],
    ['secret-one', 'secret-two', false],
  ])('fingerprints of %s and %s equal: %s', (a, b, same) => {
    const [fa, fb] = [new CursorCodec(a).fingerprint, new CursorCodec(b).fingerprint];
    expect(fa).toHaveLength(8);
    expect(fa === fb).toBe(same);
    expect(fa).toBe(createHash('sha256').update(keyOf(a)).digest('base64url').slice(0, 8));
  });
});
