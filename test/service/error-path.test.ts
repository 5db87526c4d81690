/**
 * One error path for the whole app, and the rules every answer keeps: the key first, then the rate limit (429 on every
 * method and route, whatever else is wrong with the request), then the route's own checks; X-Request-Id,
 * Cache-Control and the error body of the table on every error, early ones included.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorAnswer, readableUrl } from '../../src/service/edge/raw-requests.js';
import { ERRORS } from '../../src/service/edge/errors.js';
import { fixtureSeed, KEY, makeApp, OTHER_KEY } from './helpers.js';

const JSON_BODY = { 'content-type': 'application/json' };
const CHECK = '/api/v1/rails/BR-pix/beneficiary-checks';

type Request = { method: string; url: string; headers?: Record<string, string>; payload?: string };

/** Requests wrong in every way but their key: each must be 429 for a key over its limit. */
const WRONG_BUT_THE_KEY: Array<[string, Request]> = [
  ['a list with a bad parameter', { method: 'GET', url: '/api/v1/rails?limit=abc' }],
  ['a list, HEAD', { method: 'HEAD', url: '/api/v1/rails' }],
  ['an item with a malformed id', { method: 'GET', url: '/api/v1/rails/not-an-id' }],
  ['an item path with a broken percent-encoding', { method: 'GET', url: '/api/v1/rails/%zz' }],
  ['the document with a parameter', { method: 'GET', url: '/api/v1/openapi.json?x=1' }],
  ['DELETE on a list', { method: 'DELETE', url: '/api/v1/rails' }],
  ['GET on the beneficiary checks', { method: 'GET', url: CHECK }],
  ['the beneficiary check, a good body', { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '{"values":{}}' }],
  ['the beneficiary check, a body that is not JSON', { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '{"values":' }],
  ['the beneficiary check, an empty body', { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '' }],
  ['the beneficiary check, text/plain', { method: 'POST', url: CHECK, headers: { 'content-type': 'text/plain' }, payload: 'x' }],
  ['the beneficiary check, a body over 16 KB', { method: 'POST', url: CHECK, headers: JSON_BODY, payload: `{"values":{"x":"${'a'.repeat(20_000)}"}}` }],
];

function send(app: FastifyInstance, request: Request, key = KEY): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { authorization: `Bearer ${key}`, ...request.headers },
    payload: request.payload,
  });
}

/** The rules of every error answer: X-Request-Id, Cache-Control: no-store, the table's status and code, the id in the body. */
function expectError(res: LightMyRequestResponse, id: keyof typeof ERRORS): void {
  expect(res.statusCode, res.body).toBe(ERRORS[id].status);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-request-id']).toBeTruthy();
  if (res.body !== '') expect(res.json().error).toMatchObject({ code: ERRORS[id].code, request_id: res.headers['x-request-id'] });
}

describe('a key over its rate limit is 429 on every route and method, whatever else is wrong', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await makeApp(await fixtureSeed(), { rateLimit: { default: { max: 1, windowMs: 60_000 } } }));
    expect((await send(app, { method: 'GET', url: '/api/v1/rails?limit=1' })).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it.each(WRONG_BUT_THE_KEY)('%s: 429 rate_limited with Retry-After and the RateLimit headers', async (_name, request) => {
    const res = await send(app, request);
    expectError(res, 'rate_limited');
    if (request.method !== 'HEAD') expect(res.json().error.message).toBe(ERRORS.rate_limited.message);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-limit']).toBe('1');
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });

  it.each(WRONG_BUT_THE_KEY)('%s, without a key: 401 (the key comes first)', async (_name, request) => {
    const res = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload });
    expectError(res, 'missing_credential');
  });

  it("another key under its limit gets each route's own answer, not 429", async () => {
    const { app: roomy } = await makeApp(await fixtureSeed(), { rateLimit: { default: { max: 1000, windowMs: 60_000 } } });
    const statuses = [];
    for (const [, request] of WRONG_BUT_THE_KEY) statuses.push((await send(roomy, request, OTHER_KEY)).statusCode);
    expect(statuses).toEqual([400, 200, 400, 400, 400, 405, 405, 200, 400, 400, 415, 413]);
    await roomy.close();
  });
});

describe('every request with an accepted key counts once, whatever its method', () => {
  it('GET, HEAD, DELETE and POST each count one request (a HEAD route shares no hook twice)', async () => {
    const { app } = await makeApp(await fixtureSeed(), { rateLimit: { default: { max: 4, windowMs: 60_000 } } });
    const statuses = [];
    for (const request of [
      { method: 'GET', url: '/api/v1/rails?limit=1' },
      { method: 'HEAD', url: '/api/v1/rails?limit=1' },
      { method: 'DELETE', url: '/api/v1/rails' },
      { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '{"values":{}}' },
      { method: 'GET', url: '/api/v1/rails?limit=1' },
    ])
      statuses.push((await send(app, request)).statusCode);
    expect(statuses).toEqual([200, 200, 405, 200, 429]);
    await app.close();
  });
});

describe("bodies: one error path, the route's table rows", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await makeApp(await fixtureSeed()));
  });
  afterAll(() => app.close());

  it.each([
    ['a body over 16 KB', 'body_too_large', undefined, { method: 'POST', url: CHECK, headers: JSON_BODY, payload: `{"values":{"x":"${'a'.repeat(20_000)}"}}` }],
    ['text/plain', 'unsupported_media_type', undefined, { method: 'POST', url: CHECK, headers: { 'content-type': 'text/plain' }, payload: 'x' }],
    ['no Content-Type', 'unsupported_media_type', undefined, { method: 'POST', url: CHECK, payload: 'x' }],
    ['an empty body', 'invalid_body', 'the body is empty', { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '' }],
    ['a body that is not JSON', 'invalid_body', 'the body is not valid JSON', { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '{"values":' }],
    ['a JSON array', 'invalid_body', 'the body is not a JSON object', { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '[]' }],
    ['a body on an unknown path, not JSON', 'not_found', undefined, { method: 'POST', url: '/api/v1/nothing', headers: JSON_BODY, payload: '{' }],
    [
      'a body on an unknown path, over the limit',
      'not_found',
      undefined,
      { method: 'POST', url: '/api/v1/nothing', headers: JSON_BODY, payload: 'x'.repeat(5000) },
    ],
    [
      'a body on an unknown path, of an unknown type',
      'not_found',
      undefined,
      { method: 'PUT', url: '/nothing', headers: { 'content-type': 'application/x-what' }, payload: 'x' },
    ],
    ['a body on a refused method', 'method_not_allowed', undefined, { method: 'PUT', url: '/api/v1/rails', headers: JSON_BODY, payload: '{' }],
  ] as const)('%s: %s', async (_name, id, problem, request) => {
    const res = await send(app, request as Request);
    expectError(res, id);
    if (problem) expect(res.json().error.message).toContain(problem);
    // The parser's own words never reach the client: they may quote the body (personal data).
    expect(res.body).not.toMatch(/Unexpected|position|JSON\.parse/);
  });

  it('a POST with a good body is 200 with X-Request-Id and no-store', async () => {
    const res = await send(app, { method: 'POST', url: CHECK, headers: JSON_BODY, payload: '{"values":{}}' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('answers written before a request exists', () => {
  it.each([
    ['ERR_HTTP_REQUEST_TIMEOUT', 'request_timeout'],
    ['HPE_HEADER_OVERFLOW', 'headers_too_large'],
    ['HPE_INVALID_HEADER_TOKEN', 'bad_request'],
  ] as const)('%s: %s with X-Request-Id, Cache-Control: no-store and the error body', (code, id) => {
    const raw = clientErrorAnswer(Object.assign(new Error('x'), { code }), () => true, 'GET, HEAD')!;
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${ERRORS[id].status} `));
    const requestId = /\r\nX-Request-Id: ([0-9a-f-]{36})\r\n/.exec(head)?.[1];
    expect(requestId).toBeDefined();
    expect(head).toContain('\r\nCache-Control: no-store\r\n');
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`);
    expect(JSON.parse(body)).toEqual({ error: { code: ERRORS[id].code, message: ERRORS[id].message, request_id: requestId } });
  });

  it('a connection reset gets no answer', () => {
    expect(clientErrorAnswer(Object.assign(new Error('x'), { code: 'ECONNRESET' }), () => true, 'GET, HEAD')).toBeUndefined();
  });
});

describe('readableUrl: a path the router cannot decode is routed with its "%" taken literally', () => {
  it.each([
    ['/api/v1/rails', '/api/v1/rails'],
    ['/api/v1/rails/BR-pix?cursor=a%zz', '/api/v1/rails/BR-pix?cursor=a%zz'],
    ['/api/v1/rails/BR%2Dpix', '/api/v1/rails/BR%2Dpix'],
    ['/api/v1/rails/%zz', '/api/v1/rails/%25zz'],
    ['/api/v1/rails/%zz?limit=%zz', '/api/v1/rails/%25zz?limit=%zz'],
    ['/api/v1/countries/%E0%A4%A', '/api/v1/countries/%25E0%25A4%25A'],
    ['/api/v1/rails/%C3', '/api/v1/rails/%25C3'],
  ])('%s -> %s', (url, expected) => {
    expect(readableUrl(url)).toBe(expected);
  });
});
