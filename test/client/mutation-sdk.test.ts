/**
 * The SDK's behaviour that sdk.test.ts leaves unpinned, one table per concern, against a scripted fetch: the options
 * and their defaults, the backoff cap, the request it sends, the error it builds from any answer, snapshots and
 * changes, the refresher, the typed error of each status and the offline helpers. Each case fails when the code it
 * names changes (npm run test:mutation).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  CatalogApiError,
  CatalogClient,
  CatalogConnectionError,
  CatalogRefresher,
  InvalidRequestError,
  NotFoundError,
  RailClosedError,
  RateLimitError,
  ServerError,
  VersionGoneError,
  fieldFor,
  retryAfterMs,
  reviewDueOn,
  validateBeneficiary,
} from '../../packages/client/src/index.js';
import { json, scriptedClient, type Answer } from './scripted.js';

const KEY = 'mutation-sdk-key-0123456789';
const scripted = (answers: Answer[], options: Partial<ConstructorParameters<typeof CatalogClient>[0]> = {}) =>
  scriptedClient(answers, { apiKey: KEY, ...options });

const text =
  (status: number, body: string, headers: Record<string, string> = {}): Answer =>
  () =>
    new Response(status === 304 ? null : body, { status, headers });
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('options', () => {
  it.each([
    [{ baseUrl: 'http://catalog.test', apiKey: '' }, 'CatalogClient needs an apiKey'],
    [{ baseUrl: 'http://catalog.test', apiKey: 42 }, 'CatalogClient needs an apiKey'],
    [{ baseUrl: 'catalog.test', apiKey: KEY }, 'CatalogClient needs a baseUrl starting with http:// or https://'],
    [{ baseUrl: 'ftp://catalog.test', apiKey: KEY }, 'CatalogClient needs a baseUrl starting with http:// or https://'],
    [{ baseUrl: 42, apiKey: KEY }, 'CatalogClient needs a baseUrl starting with http:// or https://'],
    [{ baseUrl: new URL('http://catalog.test'), apiKey: KEY }, 'CatalogClient needs a baseUrl starting with http:// or https://'],
    [{ baseUrl: 'proxy.test/?to=https://catalog.test', apiKey: KEY }, 'CatalogClient needs a baseUrl starting with http:// or https://'],
    [{ baseUrl: 'http://catalog.test', apiKey: KEY, fetch: 'no' }, 'no fetch: pass options.fetch (Node 18+ and browsers have one)'],
  ])('%j is refused: %s', (options, message) => {
    expect(() => new CatalogClient(options as never)).toThrow(new TypeError(message));
  });

  it('refuses no options at all', () => {
    expect(() => new CatalogClient(undefined as never)).toThrow('CatalogClient needs an apiKey');
  });

  it.each([
    ['http://catalog.test', 'http://catalog.test/api/v1/rails/A'],
    ['https://catalog.test//', 'https://catalog.test/api/v1/rails/A'],
    ['http://catalog.test/prefix/', 'http://catalog.test/prefix/api/v1/rails/A'],
  ])('base %s: requests go to %s', async (baseUrl, url) => {
    const { client, calls } = scripted([json(200, { id: 'A' })], { baseUrl });
    await client.rails.get('A');
    expect(calls[0].url).toBe(url);
  });

  it('uses globalThis.fetch when none is given', async () => {
    const saved = globalThis.fetch;
    const urls: string[] = [];
    globalThis.fetch = (async (url: string) => {
      urls.push(url);
      return new Response('{"id":"A"}', { status: 200 });
    }) as never;
    try {
      expect(await new CatalogClient({ baseUrl: 'http://catalog.test', apiKey: KEY }).rails.get('A')).toEqual({ id: 'A' });
      expect(urls).toEqual(['http://catalog.test/api/v1/rails/A']);
    } finally {
      globalThis.fetch = saved;
    }
  });

  it.each([
    // [options, answers (503 until the last), waits]
    [{}, 4, [125, 250, 500]],
    [{ maxRetries: 0 }, 1, []],
    [{ maxRetries: 1 }, 2, [125]],
    [{ baseDelayMs: 100 }, 4, [50, 100, 200]],
    [{ baseDelayMs: 1000, maxDelayMs: 1500 }, 4, [500, 750, 750]],
  ])('backoff with %j: %i attempts, waits %j', async (options, attempts, waits) => {
    const run = scripted([json(503, { error: { code: 'unavailable', message: 'busy' } })], options);
    expect(await run.client.rails.get('A').catch((e) => e)).toBeInstanceOf(ServerError);
    expect(run.calls).toHaveLength(attempts);
    expect(run.waits).toEqual(waits);
  });

  it('jitter is full: random 0 waits nothing, random 0.999 waits just under the ceiling', async () => {
    for (const [random, waits] of [
      [0, [0, 0, 0]],
      [0.999, [249, 499, 999]],
    ] as const) {
      const run = scripted([json(503, {})], { random: () => random });
      await run.client.rails.get('A').catch(() => undefined);
      expect(run.waits).toEqual(waits);
    }
  });

  it.each([
    ['5', 5000],
    ['120', 30_000],
  ])('Retry-After %s is capped by maxDelayMs: waits %i', async (header, wait) => {
    const run = scripted([json(429, {}, { 'retry-after': header }), json(200, { id: 'A' })]);
    await run.client.rails.get('A');
    expect(run.waits).toEqual([wait]);
  });

  it('the default wait is a real timer of the backoff', async () => {
    const run = scripted([json(503, {}), json(200, { id: 'A' })], { sleep: undefined, baseDelayMs: 20, random: () => 0.999 });
    const start = performance.now();
    await run.client.rails.get('A');
    expect(performance.now() - start).toBeGreaterThanOrEqual(15);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
  it.each([
    [null, undefined],
    [' 7 ', 7000],
    ['7 seconds', undefined],
    ['x7', undefined],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0],
    ['', undefined],
  ])('%j is %s ms', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });

  it('an HTTP date is read against the clock by default', () => {
    const ms = retryAfterMs(new Date(Date.now() + 60_000).toUTCString());
    expect(ms).toBeGreaterThan(55_000);
    expect(ms).toBeLessThanOrEqual(60_000);
  });
});

describe('the request sent', () => {
  it.each([
    ['a GET', (c: CatalogClient) => c.rails.get('A'), 'GET', undefined, undefined],
    ['a beneficiary check', (c: CatalogClient) => c.rails.checkBeneficiary('BR pix', { pixKey: 'x' }), 'POST', 'application/json', '{"values":{"pixKey":"x"}}'],
  ])('%s: method, content type and body', async (_what, call, method, contentType, body) => {
    const run = scripted([json(200, { valid: true })]);
    await call(run.client);
    expect(run.calls[0].init.method).toBe(method);
    expect(headersOf(run.calls[0].init)['content-type']).toBe(contentType);
    expect(headersOf(run.calls[0].init).accept).toBe('application/json');
    expect(run.calls[0].init.body).toBe(body);
    expect(run.calls[0].init.signal).toBeInstanceOf(AbortSignal);
    // No header with an undefined value (a real fetch would send the text "undefined").
    expect(Object.keys(headersOf(run.calls[0].init)).sort()).toEqual(contentType ? ['accept', 'authorization', 'content-type'] : ['accept', 'authorization']);
  });

  it.each([
    ['a list page', (c: CatalogClient) => c.rails.list().pages().next()],
    ['a snapshot', (c: CatalogClient) => c.catalog.snapshot()],
    ['the changes', (c: CatalogClient) => c.changes.since('v1')],
  ])('%s is a GET', async (_what, call) => {
    const run = scripted([json(200, { data: [], next_cursor: null, meta: { version: 'v1' } })]);
    await call(run.client);
    expect(run.calls.map((c) => c.init.method)).toEqual(['GET']);
  });

  it('a filter given as null is left out, as an undefined one', async () => {
    const run = scripted([json(200, { data: [], next_cursor: null })]);
    for await (const _ of run.client.rails.list({ country: null, currency: undefined, phase: 'live' } as never));
    expect(run.calls[0].url).toBe('http://catalog.test/api/v1/rails?phase=live');
  });

  it('a finished request leaves no timer behind: its signal is never aborted afterwards', async () => {
    const run = scripted([json(200, { id: 'A' })], { timeoutMs: 5 });
    await run.client.rails.get('A');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(run.calls[0].init.signal!.aborted).toBe(false);
  });

  it.each([
    ['rails', (c: CatalogClient) => c.rails.list({ country: 'BR', phase: undefined }), '/api/v1/rails?country=BR'],
    ['assets', (c: CatalogClient) => c.assets.list({ network: 'tron' }), '/api/v1/assets?network=tron'],
    ['countries', (c: CatalogClient) => c.countries.list({ status: 'open', limit: 5 }), '/api/v1/countries?status=open&limit=5'],
    ['rails without filters', (c: CatalogClient) => c.rails.list(), '/api/v1/rails'],
    ['assets without filters', (c: CatalogClient) => c.assets.list(), '/api/v1/assets'],
    ['countries without filters', (c: CatalogClient) => c.countries.list(), '/api/v1/countries'],
  ])('%s: %s', async (_what, list, url) => {
    const run = scripted([json(200, { data: [{ id: 1 }], next_cursor: null })]);
    const items = [];
    for await (const item of list(run.client)) items.push(item);
    expect(items).toEqual([{ id: 1 }]);
    expect(run.calls.map((c) => c.url)).toEqual([`http://catalog.test${url}`]);
  });

  it.each([
    ['rail', (c: CatalogClient) => c.rails.get('a/b'), '/api/v1/rails/a%2Fb'],
    ['asset', (c: CatalogClient) => c.assets.get('USDT tron'), '/api/v1/assets/USDT%20tron'],
    ['country', (c: CatalogClient) => c.countries.get('B?R'), '/api/v1/countries/B%3FR'],
    ['beneficiary check', (c: CatalogClient) => c.rails.checkBeneficiary('a/b', {}), '/api/v1/rails/a%2Fb/beneficiary-checks'],
  ])('a %s id is escaped in the path', async (_what, call, path) => {
    const run = scripted([json(200, { id: 'x' })]);
    expect(await call(run.client)).toEqual({ id: 'x' });
    expect(run.calls[0].url).toBe(`http://catalog.test${path}`);
  });

  it('an empty 200 answer is undefined, not a crash', async () => {
    const run = scripted([text(200, '')]);
    expect(await run.client.rails.get('A')).toBeUndefined();
  });

  it('pages carry their Catalog-Version, and an answer without one has none', async () => {
    const run = scripted([json(200, { data: [1], next_cursor: 'c' }, { 'catalog-version': 'v1' }), json(200, { data: [2], next_cursor: null })]);
    const pages = [];
    for await (const page of run.client.rails.list().pages()) pages.push(page);
    expect(pages).toEqual([
      { data: [1], next_cursor: 'c', version: 'v1' },
      { data: [2], next_cursor: null, version: undefined },
    ]);
  });
});

describe('the error built from an answer', () => {
  it.each([
    // [answer, expected fields]
    ['a proxy page', text(502, '<html>bad gateway</html>'), { code: 'http_error', message: 'GET /api/v1/rails/A: HTTP 502', param: undefined }],
    ['an error without a code', json(400, { error: { message: 'x' } }), { code: 'http_error', message: 'GET /api/v1/rails/A: HTTP 400' }],
    [
      'a code without a message',
      json(400, { error: { code: 'invalid_request', message: 3 } }),
      { code: 'invalid_request', message: 'GET /api/v1/rails/A: HTTP 400' },
    ],
    ['a param that is no text', json(400, { error: { code: 'invalid_request', message: 'm', param: 7 } }), { param: undefined, message: 'm' }],
    ['a body of null', text(404, 'null'), { code: 'http_error', message: 'GET /api/v1/rails/A: HTTP 404' }],
    ['no request id', json(404, { error: { code: 'not_found', message: 'm' } }), { requestId: undefined }],
    ['a request id', json(404, { error: { code: 'not_found', message: 'm' } }, { 'x-request-id': 'r-9' }), { requestId: 'r-9' }],
    ['no Retry-After', json(404, { error: { code: 'not_found', message: 'm' } }), { retryAfter: undefined }],
    ['a Retry-After on a status not retried', json(409, { error: { code: 'rail_closed', message: 'm' } }, { 'retry-after': '3' }), { retryAfter: 3 }],
    ['the key in a message, twice', json(401, { error: { code: 'unauthorized', message: `${KEY} and ${KEY}` } }), { message: '[key] and [key]' }],
  ])('%s', async (_what, answer, fields) => {
    const run = scripted([answer], { maxRetries: 0 });
    const err = await run.client.rails.get('A').catch((e) => e);
    expect(err).toBeInstanceOf(CatalogApiError);
    expect(err).toMatchObject(fields);
  });

  it('a 429 after the last retry keeps Retry-After in seconds', async () => {
    const run = scripted([json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '2' })], { maxRetries: 1 });
    const err = await run.client.rails.get('A').catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, retryAfter: 2, message: 'slow down' });
    expect(run.waits).toEqual([2000]);
  });

  it('a 2xx answer that is not JSON is a connection error naming the request, never retried', async () => {
    const run = scripted([text(200, '<html>')]);
    const err = await run.client.rails.get('A').catch((e) => e);
    expect(err).toBeInstanceOf(CatalogConnectionError);
    expect(err).toMatchObject({ message: 'GET /api/v1/rails/A: the answer is not JSON', timedOut: false });
    expect(run.calls).toHaveLength(1);
  });

  it.each([
    [new TypeError('fetch failed'), 'GET /api/v1/rails/A: the service cannot be reached (4 attempts): fetch failed'],
    ['a string', 'GET /api/v1/rails/A: the service cannot be reached (4 attempts): a string'],
    [null, 'GET /api/v1/rails/A: the service cannot be reached (4 attempts): null'],
    [undefined, 'GET /api/v1/rails/A: the service cannot be reached (4 attempts): undefined'],
  ])('a network failure after every retry: %s', async (thrown, message) => {
    const run = scripted([() => Promise.reject(thrown)]);
    const err = await run.client.rails.get('A').catch((e) => e);
    expect(err).toMatchObject({ name: 'CatalogConnectionError', message, timedOut: false });
    expect(run.waits).toEqual([125, 250, 500]);
  });

  it('a request that never answers: the timeout and the attempts in the message', async () => {
    const hang: Answer = (_url, init) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const run = scripted([hang], { maxRetries: 1, timeoutMs: 20 });
    const err = await run.client.rails.get('A').catch((e) => e);
    expect(err).toMatchObject({ message: 'GET /api/v1/rails/A: no answer within 20 ms (2 attempts)', timedOut: true });
    expect(run.waits).toEqual([125]);
  });

  it('a body that stalls past the timeout is retried, then a timeout error', async () => {
    const stalled: Answer = (_url, init) =>
      ({
        status: 200,
        ok: true,
        headers: new Headers(),
        text: () => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      }) as unknown as Response;
    const once = scripted([stalled, json(200, { id: 'A' })]);
    expect(await once.client.rails.get('A')).toEqual({ id: 'A' });
    expect(once.waits).toEqual([125]);
    const always = scripted([stalled], { maxRetries: 1, timeoutMs: 20 });
    const err = await always.client.rails.get('A').catch((e) => e);
    expect(err).toBeInstanceOf(CatalogConnectionError);
    expect(err).toMatchObject({ message: 'GET /api/v1/rails/A: no answer within 20 ms', timedOut: true });
    expect(always.calls).toHaveLength(2);
  });

  it('an error answer read whole after the timeout ran out is thrown, not retried', async () => {
    const slow: Answer = () =>
      ({
        status: 404,
        ok: false,
        headers: new Headers(),
        text: () => new Promise((resolve) => setTimeout(() => resolve('{"error":{"code":"not_found","message":"none"}}'), 40)),
      }) as unknown as Response;
    const run = scripted([slow], { timeoutMs: 5 });
    expect(await run.client.rails.get('A').catch((e) => e)).toBeInstanceOf(NotFoundError);
    expect(run.calls).toHaveLength(1);
  });

  it('another failure while reading the body is passed on as it is, not retried', async () => {
    const broken = new Error('body broke');
    const run = scripted([() => ({ status: 200, ok: true, headers: new Headers(), text: () => Promise.reject(broken) }) as unknown as Response]);
    expect(await run.client.rails.get('A').catch((e) => e)).toBe(broken);
    expect(run.calls).toHaveLength(1);
  });
});

describe('snapshots and changes', () => {
  const catalog = { meta: { version: 'v2' }, rails: [] };
  it.each([
    ['with an ETag', { etag: '"e2"' }, { catalog, etag: '"e2"', version: 'v2' }],
    ['without one: the version quoted', {}, { catalog, etag: '"v2"', version: 'v2' }],
  ])('a snapshot %s', async (_what, headers, expected) => {
    const run = scripted([json(200, catalog, headers as Record<string, string>)]);
    expect(await run.client.catalog.snapshot()).toEqual(expected);
    expect(run.calls[0].url).toBe('http://catalog.test/api/v1/catalog');
    expect(headersOf(run.calls[0].init)['if-none-match']).toBeUndefined();
  });

  it('a snapshot revalidated: If-None-Match sent, null on 304', async () => {
    const run = scripted([text(304, '')]);
    expect(await run.client.catalog.snapshot({ etag: '"e1"' })).toBeNull();
    expect(headersOf(run.calls[0].init)['if-none-match']).toBe('"e1"');
  });

  it('changes since a version: every page, the first version seen, the limit sent', async () => {
    const run = scripted([
      json(200, { data: [{ n: 1 }], next_cursor: 'c' }, { 'catalog-version': 'v3' }),
      json(200, { data: [{ n: 2 }], next_cursor: null }, { 'catalog-version': 'v4' }),
    ]);
    expect(await run.client.changes.since('v1', { limit: 1 })).toEqual({ from: 'v1', to: 'v3', changes: [{ n: 1 }, { n: 2 }] });
    expect(run.calls.map((c) => c.url)).toEqual([
      'http://catalog.test/api/v1/changes?since=v1&limit=1',
      'http://catalog.test/api/v1/changes?since=v1&limit=1&cursor=c',
    ]);
  });

  it('changes without a Catalog-Version lead to the version asked', async () => {
    const run = scripted([json(200, { data: [], next_cursor: null })]);
    expect(await run.client.changes.since('v1')).toEqual({ from: 'v1', to: 'v1', changes: [] });
    expect(new URL(run.calls[0].url).search).toBe('?since=v1');
  });
});

describe('the refresher', () => {
  const at = (version: string, etag: string): Answer => json(200, { meta: { version } }, { etag });
  it('downloads, then revalidates: unchanged on 304, changed on a new version, unchanged on the same one', async () => {
    const run = scripted([at('v1', '"a"'), text(304, ''), at('v2', '"b"'), at('v2', '"c"')]);
    const refresher = new CatalogRefresher(run.client);
    expect(refresher.current).toBeUndefined();
    expect((await refresher.refresh()).changed).toBe(true);
    expect(await refresher.refresh()).toMatchObject({ changed: false, snapshot: { etag: '"a"', version: 'v1' } });
    expect(await refresher.refresh()).toMatchObject({ changed: true, snapshot: { etag: '"b"', version: 'v2' } });
    expect(await refresher.refresh()).toMatchObject({ changed: false, snapshot: { etag: '"c"' } });
    expect(refresher.current?.etag).toBe('"c"');
    expect(run.calls.map((c) => headersOf(c.init)['if-none-match'])).toEqual([undefined, '"a"', '"a"', '"b"']);
  });

  it('starts from a copy kept, and a 304 without one is an error', async () => {
    const kept = { catalog: { meta: { version: 'v1' } } as never, etag: '"k"', version: 'v1' };
    const run = scripted([text(304, '')]);
    expect(await new CatalogRefresher(run.client, kept).refresh()).toEqual({ changed: false, snapshot: kept });
    const err = await new CatalogRefresher(run.client).refresh().catch((e) => e);
    expect(err).toBeInstanceOf(CatalogApiError);
    expect(err).toMatchObject({ status: 304, code: 'not_modified', message: 'the service answered 304 to a request without a copy' });
  });

  it('start(): refreshes now and on each interval, reports updates and errors, stops', async () => {
    const run = scripted([at('v1', '"a"'), json(503, {}), at('v2', '"b"')], { maxRetries: 0 });
    const updates: string[] = [];
    const errors: unknown[] = [];
    const stop = new CatalogRefresher(run.client).start({ intervalMs: 10, onUpdate: (s) => updates.push(s.version), onError: (e) => errors.push(e) });
    // Polled, not a fixed sleep: a busy machine delays the timer, never the order of the refreshes.
    await vi.waitFor(() => expect(updates).toHaveLength(2), { timeout: 5000, interval: 5 });
    stop();
    const seen = run.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(run.calls.length).toBe(seen);
    expect(updates.slice(0, 2)).toEqual(['v1', 'v2']);
    expect(errors[0]).toBeInstanceOf(ServerError);
  });

  it('start() without options: refreshes daily, and an update or an error without its callback is no crash', async () => {
    const intervals: number[] = [];
    const cleared: unknown[] = [];
    // A browser's timers: setInterval gives a number (no unref).
    vi.stubGlobal('setInterval', (_fn: () => void, ms: number) => intervals.push(ms));
    vi.stubGlobal('clearInterval', (handle: unknown) => cleared.push(handle));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const answer of [at('v1', '"a"'), json(503, {})]) {
        const run = scripted([answer], { maxRetries: 0 });
        const stop = new CatalogRefresher(run.client).start();
        await vi.waitFor(() => expect(run.calls).toHaveLength(1));
        await new Promise((resolve) => setImmediate(resolve));
        stop();
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off('unhandledRejection', onUnhandled);
      vi.unstubAllGlobals();
    }
    expect(intervals).toEqual([86_400_000, 86_400_000]);
    expect(cleared).toEqual([1, 2]);
    expect(unhandled).toEqual([]);
  });
});

describe('the typed error of each status', () => {
  it.each([
    [400, InvalidRequestError],
    [401, AuthenticationError],
    [403, CatalogApiError],
    [404, NotFoundError],
    [409, RailClosedError],
    [410, VersionGoneError],
    [418, CatalogApiError],
    [429, RateLimitError],
    [499, CatalogApiError],
    [500, ServerError],
    [504, ServerError],
  ])('%i is a %o', async (status, Type) => {
    const run = scripted([json(status, { error: { code: 'c', message: 'm' } })], { maxRetries: 0 });
    const err = await run.client.rails.get('A').catch((e) => e);
    expect(err.constructor).toBe(Type);
    expect(err.name).toBe(Type.name);
    expect(err).toMatchObject({ status, code: 'c', message: 'm' });
  });

  it('instanceof holds along the classes, and is false for any other value', () => {
    const err = new RailClosedError('m', 409, 'rail_closed', undefined, undefined);
    expect([CatalogApiError, RailClosedError, NotFoundError, CatalogConnectionError].map((T) => err instanceof T)).toEqual([true, true, false, false]);
    for (const value of [null, undefined, 'x', 1, {}, Object.create(null)]) {
      expect(value instanceof CatalogApiError).toBe(false);
      expect(value instanceof CatalogConnectionError).toBe(false);
    }
    // A class of the user's, extending the SDK's: plain instanceof.
    class MyNotFound extends NotFoundError {}
    const mine = new MyNotFound('m', 404, 'not_found', undefined, undefined);
    expect([mine instanceof MyNotFound, mine instanceof NotFoundError, err instanceof MyNotFound]).toEqual([true, true, false]);
    // An error of another copy of the SDK (another version installed by a dependency): known by its brand.
    const brand = Symbol.for('@payout-catalog/client:error-class');
    const foreign = Object.create({ [brand]: '@payout-catalog/client:NotFoundError' });
    expect([foreign instanceof NotFoundError, foreign instanceof RailClosedError]).toEqual([true, false]);
    const cause = new Error('c');
    expect(new CatalogConnectionError('down', true, { cause })).toMatchObject({ message: 'down', timedOut: true, cause });
  });
});

describe('offline', () => {
  const rail = {
    fields: [{ name: 'code', type: 'text', required: true, maxLength: 3 }],
  } as never;

  it.each([
    [{ code: 'xy' }, true],
    [{}, false],
    [{ code: 'wxyz' }, false],
  ])('validateBeneficiary %j: valid %s', (values, valid) => {
    expect(validateBeneficiary(rail, values).valid).toBe(valid);
  });

  it.each([
    [{ fields: [{ name: 'code', type: 'text' }] }, 'code', {}, { field: { name: 'code', type: 'text' }, applies: true }],
    [{ fields: [{ name: 'code', type: 'text' }] }, 'code', null, { field: { name: 'code', type: 'text' }, applies: true }],
    [{ fields: [{ name: 'code', type: 'text' }] }, 'other', {}, undefined],
    [{ fields: 'none' }, 'code', {}, undefined],
    [null, 'code', {}, undefined],
    [{ fields: [null, { name: 'code', type: 'text' }] }, 'code', 'x', { field: { name: 'code', type: 'text' }, applies: true }],
  ])('fieldFor %j %s', (r, name, values, expected) => {
    expect(fieldFor(r as never, name, values as never)).toEqual(expected);
  });

  const pix = {
    fields: [
      { name: 'keyType', type: 'select', required: true, options: [{ value: 'cpf' }, { value: 'email' }] },
      { name: 'key', type: 'text', required: true, dependsOn: { field: 'keyType', variants: [{ when: ['cpf'], pattern: '^[0-9]{11}$' }] } },
      { name: 'bank', type: 'text', required: false, dependsOn: { field: 'keyType', variants: [{ when: ['email'], applies: false }] } },
    ],
  } as never;

  it.each([
    ['key', { keyType: 'cpf' }, '^[0-9]{11}$', true],
    ['bank', { keyType: 'email' }, undefined, false],
    ['key', {}, undefined, true],
    ['key', null, undefined, true],
    ['key', 'cpf', undefined, true],
  ])('fieldFor %s with %j: pattern %s, applies %s', (name, values, pattern, applies) => {
    const found = fieldFor(pix, name, values as never);
    expect(found?.field.pattern).toBe(pattern);
    expect(found?.applies).toBe(applies);
  });

  it('values that are not an object are no choice, even a function, whose own `name` could read as a select named name', () => {
    const named = {
      fields: [
        { name: 'name', type: 'select', required: true, options: [{ value: 'cpf' }] },
        { name: 'key', type: 'text', required: true, dependsOn: { field: 'name', variants: [{ when: ['cpf'], pattern: '^[0-9]{11}$' }] } },
      ],
    } as never;
    expect(fieldFor(named, 'key', { name: 'cpf' })?.field.pattern).toBe('^[0-9]{11}$');
    expect(fieldFor(named, 'key', function cpf() {} as never)?.field.pattern).toBeUndefined();
  });

  it.each([
    ['2026-05-22', '2026-11-23'],
    ['2026-08-31', '2027-03-01'],
  ])('reviewDueOn %s is %s', (verifiedAt, due) => {
    expect(reviewDueOn({ verifiedAt })).toBe(due);
  });
});
