/**
 * The key check and the rate-limit configuration without a server: how each Authorization header is judged, the key
 * syntax and length bounds, the keys file's limits, and what the key ring remembers. Each case fails when the check it
 * names changes (npm run test:mutation).
 */
import { describe, expect, it } from 'vitest';
import { checkAuthorization, digestOf, KeyConfigError, KeyRing, keysFromList, parseRateLimit, readKeysFile } from '../../src/service/access/auth.js';

const KEY = 'mutation-keys-0123456789';
const OTHER = 'mutation-other-0123456789';
const ring = () => new KeyRing([digestOf(KEY)]);

describe('checkAuthorization', () => {
  it.each([
    [undefined, false, 'missing_credential', false],
    ['', false, 'missing_credential', false],
    ['   ', false, 'missing_credential', false],
    ['Bearer', false, 'missing_credential', false],
    ['Bearer ', false, 'missing_credential', false],
    ['Basic abc', false, 'wrong_scheme', false],
    [KEY, false, 'wrong_scheme', false],
    [`Bearer ${OTHER}`, false, 'invalid_credential', true],
    [`Bearer ${KEY}!`, false, 'invalid_credential', true],
    [`Bearer ${'a'.repeat(4097)}`, false, 'invalid_credential', true],
    [undefined, true, 'key_in_query', false],
    ['Basic abc', true, 'key_in_query', false],
    [`Bearer ${OTHER}`, true, 'invalid_credential', true],
  ])('%j (key in query: %s) is %s', (header, inQuery, id, tokenSent) => {
    expect(checkAuthorization(header, ring(), inQuery)).toEqual({ id, tokenSent });
    expect(checkAuthorization(header, ring(), () => inQuery)).toEqual({ id, tokenSent });
  });

  it.each([`Bearer ${KEY}`, `bearer ${KEY}`, `BEARER   ${KEY}`, `  Bearer ${KEY}  `])('%j is accepted', (header) => {
    expect(checkAuthorization(header, ring(), true)).toBeNull();
  });

  it('a header accepted once is accepted again without the query looked at, until the keys are replaced', () => {
    const keys = ring();
    let asked = 0;
    const inQuery = () => {
      asked++;
      return true;
    };
    expect(checkAuthorization(`Bearer ${KEY}`, keys, inQuery)).toBeNull();
    expect(keys.acceptedHeader(`Bearer ${KEY}`)).toBe(true);
    expect(checkAuthorization(`Bearer ${KEY}`, keys, inQuery)).toBeNull();
    expect(asked).toBe(0);
    keys.replace([digestOf(OTHER)]);
    expect(keys.acceptedHeader(`Bearer ${KEY}`)).toBe(false);
    expect(checkAuthorization(`Bearer ${KEY}`, keys, false)).toEqual({ id: 'invalid_credential', tokenSent: true });
  });

  it('remembers at most four spellings per key', () => {
    const keys = ring();
    const spellings = [1, 2, 3, 4, 5].map((n) => `Bearer${' '.repeat(n)}${KEY}`);
    for (const s of spellings) expect(checkAuthorization(s, keys, false)).toBeNull();
    expect(spellings.map((s) => keys.acceptedHeader(s))).toEqual([true, true, true, true, false]);
  });
});

describe('KeyRing', () => {
  it('verifies against every key, a key again after the first time, none after replace', () => {
    const keys = new KeyRing([digestOf(OTHER), digestOf(KEY)]);
    expect(keys.size).toBe(2);
    expect([keys.verify(KEY), keys.verify(KEY), keys.verify(OTHER), keys.verify('nope')]).toEqual([true, true, true, false]);
    // A key refused once is refused again: what the ring remembers is only what it accepted.
    expect([keys.verify('nope'), keys.verify('nope')]).toEqual([false, false]);
    const refused = new KeyRing([digestOf(KEY)]);
    for (let i = 0; i < 3; i++) expect(checkAuthorization(`Bearer ${OTHER}`, refused, false)).toEqual({ id: 'invalid_credential', tokenSent: true });
    keys.replace([]);
    expect([keys.size, keys.verify(KEY), keys.verify(OTHER)]).toEqual([0, false, false]);
  });

  it('keeps its limits when replaced without new ones, takes new ones when given', () => {
    const keys = ring();
    const limits = new Map([['a', { max: 1, windowMs: 1000 }]]);
    keys.replace([digestOf(KEY)], limits);
    expect(keys.limits).toBe(limits);
    keys.replace([digestOf(KEY)]);
    expect(keys.limits).toBe(limits);
  });
});

describe('key syntax', () => {
  it.each([
    [`${'a'.repeat(15)}`, 'CATALOG_API_KEYS: key 1: a key needs at least 16 characters (generate one with: openssl rand -hex 32)'],
    [`${'a'.repeat(4097)}`, 'CATALOG_API_KEYS: key 1: a key has at most 4096 characters'],
    [
      `${KEY},bad key value here!!`,
      'CATALOG_API_KEYS: key 2: a key may only hold letters, digits and - . _ ~ + / (then = padding), so that it can be sent as "Authorization: Bearer <key>"',
    ],
    [`${KEY}, ,${OTHER}`, 'CATALOG_API_KEYS: key 2 is empty (a stray comma?)'],
  ])('CATALOG_API_KEYS=%s…: %s', (list, message) => {
    expect(() => keysFromList(list)).toThrow(new KeyConfigError(message));
  });

  it.each(['a'.repeat(16), 'a'.repeat(4096), `${'a'.repeat(16)}==`, 'A-._~+/0123456789z'])('accepts %s', (key) => {
    expect(keysFromList(key)).toEqual([digestOf(key)]);
  });
});

describe('rate limits', () => {
  it.each([
    ['600/min', { max: 600, windowMs: 60_000 }],
    [' 10/S ', { max: 10, windowMs: 1000 }],
    ['1/sec', { max: 1, windowMs: 1000 }],
    ['2/second', { max: 2, windowMs: 1000 }],
    ['3/m', { max: 3, windowMs: 60_000 }],
    ['4/minute', { max: 4, windowMs: 60_000 }],
    ['5000/h', { max: 5000, windowMs: 3_600_000 }],
    ['6/hour', { max: 6, windowMs: 3_600_000 }],
    ['999999999/s', { max: 999_999_999, windowMs: 1000 }],
    ['off', null],
    ['OFF', null],
    ['0', null],
    ['0/min', undefined],
    ['1000000000/s', undefined],
    ['10/day', undefined],
    ['x10/s', undefined],
    ['10/sx', undefined],
    ['10 / s', undefined],
    ['', undefined],
  ])('%j is %j', (text, limit) => {
    expect(parseRateLimit(text)).toEqual(limit);
  });

  it('a keys file gives each key its own limit, by hex digest; a key without one keeps the default', () => {
    const hex = digestOf(OTHER).toString('hex');
    const file = readKeysFile(`${KEY}\tlimit=10/s\nsha256:${hex} limit=off\n# ${KEY} limit=1/s\n${'b'.repeat(16)}\n`, 'keys.txt');
    expect(file.digests).toEqual([digestOf(KEY), digestOf(OTHER), digestOf('b'.repeat(16))]);
    expect([...file.limits]).toEqual([
      [digestOf(KEY).toString('hex'), { max: 10, windowMs: 1000 }],
      [hex, null],
    ]);
  });

  it.each([
    [
      `${KEY} limit=10/day`,
      'keys.txt line 1: after the key, only limit=<number>/<s|min|h> (such as limit=600/min) or limit=off may follow, not "limit=10/day"',
    ],
    [`\n${KEY} max=10/s`, 'keys.txt line 2: after the key, only limit=<number>/<s|min|h> (such as limit=600/min) or limit=off may follow, not "max=10/s"'],
    [
      `${KEY} ${'x'.repeat(50)}`,
      `keys.txt line 1: after the key, only limit=<number>/<s|min|h> (such as limit=600/min) or limit=off may follow, not "${'x'.repeat(40)}"`,
    ],
    ['sha256:12', 'keys.txt line 1: sha256: must be followed by 64 hexadecimal digits (the SHA-256 of the key)'],
    [`sha256:${'0'.repeat(64)}0`, 'keys.txt line 1: sha256: must be followed by 64 hexadecimal digits (the SHA-256 of the key)'],
    [`x${'0'.repeat(64)}`.slice(0, 10), 'keys.txt line 1: a key needs at least 16 characters (generate one with: openssl rand -hex 32)'],
  ])('%j is refused: %s', (text, message) => {
    expect(() => readKeysFile(text, 'keys.txt')).toThrow(new KeyConfigError(message));
  });
});
