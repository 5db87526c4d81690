/** The SDK's HTTP behaviour against a scripted fetch: retries, Retry-After, timeouts, typed errors, the key kept out. */
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  CatalogApiError,
  CatalogConnectionError,
  InvalidRequestError,
  NotFoundError,
  RailClosedError,
  ServerError,
  VersionGoneError,
  dueForReview,
  retryAfterMs,
} from '../../packages/client/src/index.js';
import { importBundledSdk } from './bundle.js';
import { json, scriptedClient, type Answer } from './scripted.js';

const KEY = 'sdk-test-key-0123456789';

/** The client of these tests: a base URL with its trailing slash, as a user may write it. */
const scripted = (answers: Answer[]) => scriptedClient(answers, { baseUrl: 'http://catalog.test/', apiKey: KEY });

const error = (status: number, code: string, headers: Record<string, string> = {}, param?: string) =>
  json(status, { error: { code, message: `${code} happened`, ...(param ? { param } : {}) } }, { 'x-request-id': 'req-1', ...headers });

describe('retries', () => {
  it.each([429, 502, 503])('%i is retried, honouring Retry-After', async (status) => {
    const { client, calls, waits } = scripted([error(status, 'busy', { 'retry-after': '2' }), json(200, { id: 'BR-pix' })]);
    expect(await client.rails.get('BR-pix')).toEqual({ id: 'BR-pix' });
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('without Retry-After: exponential backoff with full jitter, then the typed error', async () => {
    const { client, calls, waits } = scripted([error(503, 'unavailable')]);
    const err = await client.rails.get('BR-pix').catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([125, 250, 500]);
  });

  it.each([
    [400, 'invalid_request', InvalidRequestError],
    [401, 'unauthorized', AuthenticationError],
    [404, 'not_found', NotFoundError],
    [409, 'rail_closed', RailClosedError],
    [410, 'unknown_version', VersionGoneError],
    [500, 'internal_error', ServerError],
  ] as const)('%i is never retried: a typed error with code, param and X-Request-Id', async (status, code, Type) => {
    const { client, calls } = scripted([error(status, code, {}, 'country'), json(200, {})]);
    const err = await client.rails.get('BR-pix').catch((e) => e);
    expect(err).toBeInstanceOf(Type);
    expect(err).toMatchObject({ status, code, param: 'country', requestId: 'req-1' });
    expect(calls).toHaveLength(1);
  });

  it('network errors are retried, then a CatalogConnectionError', async () => {
    const { client, calls } = scripted([() => Promise.reject(new TypeError('fetch failed'))]);
    const err = await client.rails.get('BR-pix').catch((e) => e);
    expect(err).toBeInstanceOf(CatalogConnectionError);
    expect(calls).toHaveLength(4);
  });

  it('a request that takes longer than the timeout is abandoned and retried', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { client, calls } = scripted([hang, json(200, { id: 'BR-pix' })]);
    expect(await client.rails.get('BR-pix')).toEqual({ id: 'BR-pix' });
    expect(calls).toHaveLength(2);
    const never = scripted([hang]);
    const err = await never.client.rails.get('BR-pix').catch((e) => e);
    expect(err).toMatchObject({ name: 'CatalogConnectionError', timedOut: true });
  });

  it.each([
    ['120', 120_000],
    ['0', 0],
    ['Wed, 21 Oct 2015 07:28:10 GMT', 10_000],
    ['soon', undefined],
  ])('Retry-After %s is %s ms', (header, ms) => {
    expect(retryAfterMs(header, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(ms);
  });
});

describe('the key', () => {
  it('goes in the Authorization header only, never in a URL or an error message', async () => {
    const { client, calls } = scripted([json(401, { error: { code: 'unauthorized', message: `bad key ${KEY}` } })]);
    const err = await client.rails
      .list({ country: 'BR' })
      [Symbol.asyncIterator]()
      .next()
      .catch((e) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(String(err.message)).not.toContain(KEY);
    expect(JSON.stringify(err)).not.toContain(KEY);
    expect(calls[0].url).not.toContain(KEY);
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe(`Bearer ${KEY}`);
  });
});

describe('pagination', () => {
  it('follows next_cursor only: a short page with a cursor is not the end, a full page without one is', async () => {
    const { client, calls } = scripted([
      json(200, { data: [{ id: 'A' }], next_cursor: 'c1' }),
      json(200, { data: [], next_cursor: 'c2' }),
      json(200, { data: [{ id: 'B' }, { id: 'C' }], next_cursor: null }),
    ]);
    const ids: string[] = [];
    for await (const rail of client.rails.list({ country: 'BR', limit: 2 })) ids.push(rail.id);
    expect(ids).toEqual(['A', 'B', 'C']);
    expect(calls.map((c) => new URL(c.url).search)).toEqual(['?country=BR&limit=2', '?country=BR&limit=2&cursor=c1', '?country=BR&limit=2&cursor=c2']);
  });
});

describe('dueForReview', () => {
  it.each([
    ['2026-05-22', '2026-11-22', false],
    ['2026-05-22', '2026-11-23', true],
    ['2026-08-31', '2027-02-28', false],
    ['2026-08-31', '2027-03-01', true],
  ])('verified %s, on %s: %s', (verifiedAt, today, due) => {
    expect(dueForReview({ verifiedAt }, today)).toBe(due);
    expect(dueForReview({ verifiedAt }, new Date(`${today}T23:59:59Z`))).toBe(due);
  });
});

describe('instanceof across two copies of the SDK (its ESM and CommonJS builds in one process)', () => {
  const make = (sdk: typeof import('../../packages/client/src/index.js'), Type: 'NotFoundError' | 'CatalogConnectionError') =>
    Type === 'NotFoundError' ? new sdk.NotFoundError('gone', 404, 'not_found', 'id', 'req-1') : new sdk.CatalogConnectionError('down', false);

  it.each([
    // [class of copy A, error made by copy B, instanceof?]
    ['NotFoundError', 'NotFoundError', true],
    ['CatalogApiError', 'NotFoundError', true],
    ['RailClosedError', 'NotFoundError', false],
    ['CatalogConnectionError', 'NotFoundError', false],
    ['CatalogConnectionError', 'CatalogConnectionError', true],
    ['CatalogApiError', 'CatalogConnectionError', false],
  ] as const)('%s of one copy, a %s of the other: %s', async (Class, made, expected) => {
    const [a, b] = [await importBundledSdk(), await importBundledSdk()];
    expect(a.NotFoundError).not.toBe(b.NotFoundError);
    expect(make(b, made) instanceof a[Class]).toBe(expected);
    expect(make(a, made) instanceof b[Class]).toBe(expected);
    expect(make(a, made) instanceof a[Class]).toBe(expected);
  });

  it("a class of the user's own keeps native instanceof; other values are not SDK errors", () => {
    class Mine extends NotFoundError {}
    const plain = new NotFoundError('gone', 404, 'not_found', undefined, undefined);
    expect(new Mine('gone', 404, 'not_found', undefined, undefined)).toBeInstanceOf(NotFoundError);
    expect(plain instanceof Mine).toBe(false);
    for (const value of [new Error('x'), { name: 'NotFoundError', status: 404 }, null, undefined, 'NotFoundError', 404])
      expect(value instanceof CatalogApiError).toBe(false);
  });
});
