import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/service/resources/endpoints.js';
import { ERRORS } from '../../src/service/edge/errors.js';
import { parseLimit, parseQueryString, readListQuery } from '../../src/service/edge/params.js';
import { schemaEnum } from '../../src/model/schemas.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { AUTH, fixtureSeed, get, makeApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  // 150 rails: enough for limit=100 and above to show its effect.
  ({ app } = await makeApp(growSeed(await fixtureSeed(), 150)));
});

async function error(url: string) {
  const res = await get(app, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  expect(res.headers['cache-control']).toBe('no-store');
  // Every error body names its request: the X-Request-Id of the response.
  const { request_id: requestId, ...rest } = res.json().error;
  expect(requestId).toBe(res.headers['x-request-id']);
  return rest;
}

describe('limit', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['50', 50],
    ['99', 99],
    ['100', 100],
    ['101', 100],
    ['1000', 100],
    ['99999999999999999999999999', 100],
    ['007', 7],
    ['0100', 100],
  ])('limit=%s gives %i items', async (limit, expected) => {
    const res = await get(app, `/api/v1/rails?limit=${limit}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(expected);
    // Reduced: said in a header, with the page size used; taken as sent: no header.
    expect(res.headers['catalog-limit-reduced']).toBe(Number(limit.replace(/^0+/, '')) > 100 ? '100' : undefined);
  });

  it('the changes feed says a reduced limit too, on its 200 and its 304', async () => {
    const since = (await get(app, '/api/v1/catalog')).json().meta.version;
    const res = await get(app, `/api/v1/changes?since=${since}&limit=500`);
    expect(res.headers['catalog-limit-reduced']).toBe('100');
    expect((await get(app, `/api/v1/changes?since=${since}&limit=100`)).headers['catalog-limit-reduced']).toBeUndefined();
    const again = await get(app, `/api/v1/changes?since=${since}&limit=500`, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers['catalog-limit-reduced']).toBe('100');
  });

  it('defaults to 50', async () => {
    expect((await get(app, '/api/v1/rails')).json().data).toHaveLength(50);
  });

  it.each(['0', '00', '-1', '+1', '1.5', '1.0', '1e2', '0x10', 'abc', '10abc', '%201', '1%20', '%EF%BC%91', '1,2', 'Infinity', 'NaN', '-0', '1_000'])(
    'limit=%s is 400 invalid_request, param limit',
    async (limit) => {
      const err = await error(`/api/v1/rails?limit=${limit}`);
      expect(err).toEqual({ code: 'invalid_request', message: ERRORS.invalid_limit.message, param: 'limit' });
    },
  );

  it.each(['limit=', 'limit'])('%s (empty) is 400 with param limit', async (q) => {
    const err = await error(`/api/v1/rails?${q}`);
    expect(err).toMatchObject({ code: 'invalid_request', param: 'limit' });
    expect(err.message).toBe('limit has an empty value: give a value, or leave the parameter out.');
  });

  it('applies to every list endpoint', async () => {
    for (const path of ['/api/v1/assets', '/api/v1/countries']) {
      expect((await get(app, `${path}?limit=1`)).json().data).toHaveLength(1);
      expect((await error(`${path}?limit=0`)).param).toBe('limit');
    }
  });

  it('parseLimit', () => {
    expect(parseLimit('100')).toBe(100);
    expect(parseLimit('0000')).toBeUndefined();
    expect(parseLimit('')).toBeUndefined();
  });
});

describe('unknown, repeated, empty and malformed parameters', () => {
  it.each([
    ['/api/v1/rails?foo=1', 'unknown_param', 'foo'],
    ['/api/v1/rails?Limit=5', 'unknown_param', 'Limit'],
    ['/api/v1/rails?limit[]=5', 'unknown_param', 'limit[]'],
    ['/api/v1/rails?network=ethereum', 'unknown_param', 'network'],
    ['/api/v1/assets?country=FR', 'unknown_param', 'country'],
    ['/api/v1/countries?phase=live', 'unknown_param', 'phase'],
    ['/api/v1/countries?currency=EUR', 'unknown_param', 'currency'],
    ['/api/v1/rails?=5', 'unknown_param', ''],
    ['/api/v1/rails?limit=1&limit=1', 'repeated_param', 'limit'],
    ['/api/v1/rails?phase=live&phase=beta', 'repeated_param', 'phase'],
    ['/api/v1/rails?country=FR&country=fr', 'repeated_param', 'country'],
    ['/api/v1/rails?cursor=a&cursor=b', 'repeated_param', 'cursor'],
    ['/api/v1/rails?li%6Dit=1&limit=2', 'repeated_param', 'limit'],
    ['/api/v1/rails?country=', 'empty_param', 'country'],
    ['/api/v1/rails?currency', 'empty_param', 'currency'],
    ['/api/v1/rails?cursor=', 'empty_param', 'cursor'],
    ['/api/v1/assets?network=', 'empty_param', 'network'],
    ['/api/v1/countries?status=', 'empty_param', 'status'],
    ['/api/v1/rails?limit=%zz', 'malformed_param', 'limit'],
    ['/api/v1/rails?%E0%A4=1', 'malformed_param', '%E0%A4'],
    ['/api/v1/rails?cursor=%', 'malformed_param', 'cursor'],
    ['/api/v1/rails?foo=1&limit=abc', 'unknown_param', 'foo'],
    ['/api/v1/rails?limit=abc&foo=1', 'invalid_limit', 'limit'],
  ] as const)('%s → %s (%s)', async (url, id, param) => {
    const err = await error(url);
    expect(err.code).toBe(ERRORS[id].code);
    expect(err.param).toBe(param);
  });

  it('names the accepted parameters when one is unknown', async () => {
    expect((await error('/api/v1/rails?foo=1')).message).toBe('Unknown parameter "foo": this endpoint accepts country, currency, phase, limit and cursor.');
    expect((await error('/api/v1/assets?foo=1')).message).toBe('Unknown parameter "foo": this endpoint accepts network, limit and cursor.');
  });

  it('shortens a huge parameter name in param', async () => {
    const err = await error(`/api/v1/rails?${'x'.repeat(5000)}=1`);
    expect(err.param).toBe('x'.repeat(64));
  });

  it('skips empty segments (a stray &)', async () => {
    expect((await get(app, '/api/v1/rails?&limit=2&')).json().data).toHaveLength(2);
    expect((await get(app, '/api/v1/rails?')).statusCode).toBe(200);
  });

  it('decodes + and percent-encoding in values', () => {
    expect(parseQueryString('a=b+c&d=%C3%A9&e')).toEqual([
      { name: 'a', value: 'b c', malformed: false },
      { name: 'd', value: 'é', malformed: false },
      { name: 'e', value: null, malformed: false },
    ]);
  });

  it('the OpenAPI document accepts no parameter', async () => {
    expect((await error('/api/v1/openapi.json?format=yaml')).param).toBe('format');
  });
});

describe('filters', () => {
  it.each([
    ['country', 'FRA'],
    ['country', 'F'],
    ['country', 'F1'],
    ['country', '%C3%9F%C3%9F'],
    ['country', '%EF%AC%80'],
    ['country', 'F%20'],
    ['country', 'fr%00'],
    ['currency', 'EURO'],
    ['currency', 'EU'],
    ['currency', 'E1R'],
    ['currency', '%C3%A9ur'],
  ])('%s=%s is not a well-formed code', async (param, value) => {
    const err = await error(`/api/v1/rails?${param}=${value}`);
    expect(err).toMatchObject({ code: 'invalid_request', param });
    expect(err.message).toMatch(param === 'country' ? /ISO 3166-1 alpha-2/ : /ISO 4217/);
  });

  it('codes are case-insensitive and normalised to uppercase', async () => {
    const upper = await get(app, '/api/v1/rails?country=FR&currency=EUR&limit=100');
    for (const q of ['country=fr&currency=eur', 'country=Fr&currency=eUr']) {
      const res = await get(app, `/api/v1/rails?${q}&limit=100`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(upper.body);
      expect(res.headers.etag).toBe(upper.headers.etag);
    }
  });

  it.each([
    ['/api/v1/rails', 'phase', '/definitions/phase'],
    ['/api/v1/countries', 'status', '/definitions/countryStatus'],
    ['/api/v1/assets', 'network', '/definitions/asset/properties/networks/items'],
  ])('%s?%s= takes exactly the values of the seed schema enum', async (path, param, pointer) => {
    const allowed = schemaEnum('seed', pointer);
    for (const value of allowed) expect((await get(app, `${path}?${param}=${value}`)).statusCode).toBe(200);
    for (const value of [`${allowed[0]} `, 'x'.repeat(300)]) {
      const err = await error(`${path}?${param}=${encodeURIComponent(value)}`);
      expect(err).toEqual({
        code: 'invalid_request',
        param,
        message: `${param} must be one of ${allowed.slice(0, -1).join(', ')} and ${allowed[allowed.length - 1]}.`,
      });
    }
  });

  it.each([
    ['/api/v1/rails?phase=closed', 'phase', /; never is the closed phase: phase=never\.$/],
    ['/api/v1/rails?phase=Closed', 'phase', /; never is the closed phase: phase=never\.$/],
    ['/api/v1/rails?phase=LIVE', 'phase', / \(values are lowercase\): phase=live\.$/],
    ['/api/v1/countries?status=Open', 'status', / \(values are lowercase\): status=open\.$/],
    ['/api/v1/rails?country=XX', 'country', /^country=XX is not an assigned ISO 3166-1 alpha-2 country code; write an assigned one, such as country=FR\.$/],
    ['/api/v1/rails?country=zz', 'country', /^country=ZZ is not an assigned ISO 3166-1 alpha-2 country code/],
    ['/api/v1/rails?country=uk', 'country', /^country=UK is not an assigned ISO 3166-1 alpha-2 country code: did you mean country=GB\?$/],
    ['/api/v1/rails?currency=XXX', 'currency', /^currency=XXX is not an active ISO 4217 currency code; write an assigned one, such as currency=EUR\.$/],
    ['/api/v1/rails?currency=EUT', 'currency', /did you mean currency=EUR\?$/],
    ['/api/v1/rails?currency=ZZZ', 'currency', /^currency=ZZZ is not an active ISO 4217 currency code/],
  ])('%s is refused with what was meant', async (url, param, message) => {
    const err = await error(url);
    expect(err).toMatchObject({ code: 'invalid_request', param });
    expect(err.message).toMatch(message);
  });

  it.each([
    '/api/v1/rails?country=AQ',
    '/api/v1/rails?currency=ISK',
    '/api/v1/rails?country=FR&currency=USD',
    '/api/v1/rails?country=KP',
    '/api/v1/assets?network=ton',
  ])('%s: a valid filter that matches nothing is 200 with an empty page', async (url) => {
    const res = await get(app, url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"data":[],"next_cursor":null}');
  });

  it('readListQuery normalises the filters in the endpoint order', () => {
    const q = readListQuery(endpoints().rails, parseQueryString('phase=live&limit=5&country=fr'));
    expect(q).toMatchObject({ limit: 5, filterKey: 'country=FR&phase=live', cursor: undefined });
  });
});

describe('never a 500 for what a client sends', () => {
  // A small deterministic PRNG: the fuzz cases are the same on every run.
  function prng(seed: number) {
    return () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
  }
  const pieces = [
    'limit',
    'cursor',
    'country',
    'currency',
    'phase',
    'network',
    'status',
    '=',
    '&',
    '%',
    '%2',
    '%zz',
    '%E0%A4',
    '%00',
    '+',
    '#',
    ';',
    '..',
    '/',
    'FR',
    'live',
    '1',
    '0',
    '-1',
    'é',
    '\u{1F600}',
    '[]',
    '%26',
    '%3D',
    'YzEK',
    'AAAA',
    '?',
  ];

  it('fuzzed query strings, paths and headers answer 200, 400, 401 or 404 with a JSON body', async () => {
    const random = prng(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const paths = [
      '/api/v1/rails',
      '/api/v1/assets',
      '/api/v1/countries',
      '/api/v1/openapi.json',
      '/api/v1/rails/',
      '/api/v1//rails',
      '/api/v1/%E0%A4',
      '/healthz',
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const query = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(pieces)).join('');
      const url = `${pick(paths)}?${encodeURI(query).replace(/%25/g, '%')}`;
      const headers: Record<string, string> = i % 5 === 0 ? {} : { ...AUTH };
      if (i % 7 === 0) headers['if-none-match'] = pick(['*', '"x"', 'W/"a", "b"', '', ',,,']);
      const res = await app.inject({ method: i % 3 === 0 ? 'HEAD' : 'GET', url, headers });
      statuses.add(res.statusCode);
      expect([200, 304, 400, 401, 404], `${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      if (res.statusCode >= 400 && i % 3 !== 0) expect(res.json().error.code).toBeTypeOf('string');
    }
    expect(statuses.has(200) && statuses.has(400)).toBe(true);
  });
});
