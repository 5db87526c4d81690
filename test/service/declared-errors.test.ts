/**
 * Every error a route declares (its own in its declaration, and those the app answers around it: sharedErrors),
 * provoked on that route as a client would provoke it: the answer must be the row of the error table (status, code,
 * message) with Cache-Control: no-store and X-Request-Id. Then the other way round: every way of provoking an error,
 * tried on every route, never gives an error of the table the route does not declare. A route that declares an error
 * this file has no way to provoke fails here: add the way to PROVOKE.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { clientErrorAnswer } from '../../src/service/edge/raw-requests.js';
import { ERRORS, type ErrorId } from '../../src/service/edge/errors.js';
import { ServiceMetrics } from '../../src/service/operations/metrics.js';
import { CursorCodec } from '../../src/service/representation/cursor.js';
import { StoreUnreadableError } from '../../src/service/representation/snapshot.js';
import { endpoints } from '../../src/service/resources/endpoints.js';
import { sharedErrors, type RouteDeclaration } from '../../src/service/resources/route.js';
import { routeDeclarations } from '../../src/service/routes.js';
import { fixtureSeed, KEY, makeApp, SECRET } from './helpers.js';
import { rawRequest } from './socket.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
/** A version no app of this file holds. */
const UNHELD = '0123456789abcdef';

interface Request {
  method: string;
  /** The path with its parameters filled in, without the query. */
  path: string;
  query: string[];
  headers: Record<string, string>;
  payload?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

type Apps = Record<'plain' | 'metrics' | 'faulty' | 'unreadableStore', FastifyInstance> & { port: number; seed: Seed };

/** How to provoke an error on a route, or why it cannot be on this route (the way does not apply to it). */
type Provoke = (route: RouteDeclaration, apps: Apps) => Promise<Answer | string> | string;

const urlOf = (r: Request) => (r.query.length ? `${r.path}?${r.query.join('&')}` : r.path);

/** The values of the path and query parameters a route requires that make a good request on the fixture seed. */
function goodValues(seed: Seed): Record<string, string> {
  return { since: seed.meta.version };
}

/** The route's parameters as its document gives them. */
function parametersOf(route: RouteDeclaration): Array<{ name: string; in: string; required?: boolean; example?: string; schema?: { enum?: string[] } }> {
  return Object.values(route.document()).flatMap((op) => ((op as { parameters?: [] }).parameters ?? []).filter((p: { name?: string }) => p.name));
}

/** A good request of the route: its path parameters and required query parameters from its document's examples. */
function goodRequest(route: RouteDeclaration, seed: Seed, path: Record<string, string> = {}): Request {
  const values = { ...Object.fromEntries(parametersOf(route).map((p) => [p.name, p.example ?? ''])), ...goodValues(seed), ...path };
  const query = parametersOf(route)
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${values[p.name]}`);
  const headers: Record<string, string> = route.auth ? { authorization: `Bearer ${KEY}` } : {};
  if (route.path === '/metrics') headers.authorization = `Bearer ${METRICS_TOKEN}`;
  const request: Request = { method: route.method, path: route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]), query, headers };
  if (route.method === 'POST') return { ...request, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"values":{}}' };
  return request;
}

async function send(app: FastifyInstance, r: Request): Promise<Answer> {
  const res = await app.inject({ method: r.method as 'GET', url: urlOf(r), headers: r.headers, payload: r.payload });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

const withQuery = (r: Request, ...more: string[]) => ({ ...r, query: [...r.query, ...more] });
const withoutQuery = (r: Request, name: string) => ({ ...r, query: r.query.filter((q) => !q.startsWith(`${name}=`)) });

/** The route's request with one path parameter replaced (the route must have one). */
function withPathParameter(route: RouteDeclaration, apps: Apps, value: (p: { example?: string; schema?: { enum?: string[] } }) => string): Request | string {
  const param = parametersOf(route).find((p) => p.in === 'path');
  if (!param) return 'no path parameter';
  return goodRequest(route, apps.seed, { [param.name]: value(param) });
}

/** A filter of the route's list of the given kind. */
function filterOf(route: RouteDeclaration, kind: 'code' | 'enum') {
  return Object.values(endpoints())
    .find((e) => e.path === route.path)
    ?.filters.find((f) => f.kind === kind);
}

/** A cursor this service could have signed for the route's run, naming a version that is not held. */
function unheldCursor(route: RouteDeclaration, seed: Seed): string | undefined {
  const codec = new CursorCodec(SECRET);
  const list = Object.values(endpoints()).find((e) => e.path === route.path);
  if (list) return codec.encode({ endpoint: list.name, filterKey: '', version: UNHELD, after: 'BR-pix' });
  if (route.path === '/api/v1/changes') return codec.encode({ endpoint: 'changes', filterKey: `since=${seed.meta.version}`, version: UNHELD, after: '0' });
  return undefined;
}

/** A request as bytes over a socket, for what is refused before a request exists. */
async function overSocket(port: number, r: Request, extraHeader: string): Promise<Answer> {
  const headers = Object.entries(r.headers).map(([k, v]) => `${k}: ${v}\r\n`);
  const raw = await rawRequest(port, `${r.method} ${urlOf(r)} HTTP/1.1\r\nHost: localhost\r\n${headers.join('')}${extraHeader}Connection: close\r\n\r\n`);
  return { status: raw.status, headers: raw.headers, body: raw.body };
}

/** What a route with a query parameter named `name` answers to `query` (the route must know the parameter). */
const onParameter =
  (name: string, ...query: string[]): Provoke =>
  (route, apps) =>
    route.params.includes(name) ? send(apps.plain, withQuery(withoutQuery(goodRequest(route, apps.seed), name), ...query)) : `no ${name} parameter`;

const onBody =
  (contentType: string, payload: string): Provoke =>
  (route, apps) => {
    if (route.method !== 'POST') return 'no body';
    const good = goodRequest(route, apps.seed);
    return send(apps.plain, { ...good, headers: { ...good.headers, 'content-type': contentType }, payload });
  };

const onKey =
  (authorization: string | undefined, ...query: string[]): Provoke =>
  (route, apps) => {
    if (!route.auth) return 'no key';
    const good = goodRequest(route, apps.seed);
    const headers = { ...good.headers };
    if (authorization === undefined) delete headers.authorization;
    else headers.authorization = authorization;
    return send(apps.plain, withQuery({ ...good, headers }, ...query));
  };

const onCursor =
  (app: 'plain' | 'unreadableStore'): Provoke =>
  (route, apps) => {
    const cursor = unheldCursor(route, apps.seed);
    return cursor ? send(apps[app], withQuery(goodRequest(route, apps.seed), `cursor=${cursor}`)) : 'no cursor';
  };

const onPath =
  (value: (p: { example?: string; schema?: { enum?: string[] } }) => string): Provoke =>
  (route, apps) => {
    const request = withPathParameter(route, apps, value);
    return typeof request === 'string' ? request : send(apps.plain, request);
  };

/** A well-formed id or code that names nothing in the fixture seed, by the document's example of the parameter. */
const ABSENT: Record<string, string> = { 'BR-pix': 'QQ-nothing', usdc: 'nothing', BR: 'QQ' };

/** One way to provoke each error of the table, on any route it may apply to. */
const PROVOKE: Record<ErrorId, Provoke> = {
  missing_credential: onKey(undefined),
  wrong_scheme: onKey('Basic a2V5OnNlY3JldA=='),
  invalid_credential: onKey('Bearer not-a-key-0123456789abcdef'),
  key_in_query: onKey(undefined, 'api_key=test-key-0123456789abcdef'),
  invalid_metrics_token: (route, apps) =>
    route.path === '/metrics' ? send(apps.metrics, { ...goodRequest(route, apps.seed), headers: { authorization: `Bearer ${KEY}` } }) : 'not /metrics',
  metrics_off: (route, apps) => (route.path === '/metrics' ? send(apps.plain, goodRequest(route, apps.seed)) : 'not /metrics'),
  unknown_param: (route, apps) => send(apps.plain, withQuery(goodRequest(route, apps.seed), 'zzz=1')),
  repeated_param: onParameter('limit', 'limit=1', 'limit=1'),
  empty_param: onParameter('limit', 'limit='),
  malformed_param: onParameter('limit', 'limit=%zz'),
  invalid_limit: onParameter('limit', 'limit=abc'),
  invalid_code: (route, apps) => {
    const filter = filterOf(route, 'code');
    return filter ? send(apps.plain, withQuery(goodRequest(route, apps.seed), `${filter.name}=1`)) : 'no code filter';
  },
  unassigned_code: (route, apps) => {
    const filter = filterOf(route, 'code');
    return filter ? send(apps.plain, withQuery(goodRequest(route, apps.seed), `${filter.name}=${'Q'.repeat(filter.example.length)}`)) : 'no code filter';
  },
  invalid_enum: (route, apps) => {
    const filter = filterOf(route, 'enum');
    return filter ? send(apps.plain, withQuery(goodRequest(route, apps.seed), `${filter.name}=zzz`)) : 'no enum filter';
  },
  invalid_cursor: onParameter('cursor', 'cursor=garbage'),
  expired_cursor: onCursor('plain'),
  store_unavailable: onCursor('unreadableStore'),
  missing_param: (route, apps) => {
    const required = parametersOf(route).find((p) => p.in === 'query' && p.required);
    return required ? send(apps.plain, withoutQuery(goodRequest(route, apps.seed), required.name)) : 'no required parameter';
  },
  invalid_version: onParameter('since', 'since=not-a-version'),
  unknown_version: onParameter('since', `since=${UNHELD}`),
  invalid_id: onPath(() => '%21%21'),
  item_not_found: onPath((p) => ABSENT[p.example ?? ''] ?? `no absent value for the example ${p.example}: add one to ABSENT`),
  // An item path without its id; a file path naming no file.
  not_found: onPath((p) => (p.schema?.enum ? 'nothing.js' : '')),
  rail_closed: (route, apps) => {
    const closed = apps.seed.rails.find((r) => r.phase === 'never');
    return route.method === 'POST' && closed ? onPath(() => closed.id)(route, apps) : 'no rail to check';
  },
  unsupported_media_type: onBody('text/plain', 'x'),
  unsupported_charset: onBody('application/json; charset=iso-8859-1', '{"values":{}}'),
  body_too_large: onBody('application/json', `{"values":{"x":"${'a'.repeat(20_000)}"}}`),
  invalid_body: onBody('application/json', '[]'),
  method_not_allowed: (route, apps) => (route.method === 'GET' ? send(apps.plain, { ...goodRequest(route, apps.seed), method: 'DELETE' }) : 'not a GET route'),
  post_only: (route, apps) =>
    route.method === 'POST' ? send(apps.plain, { ...goodRequest(route, apps.seed), method: 'GET', payload: undefined }) : 'not a POST route',
  // Bytes node's parser refuses never become a request: a space in a header name, headers over 16 KB.
  bad_request: (route, apps) => overSocket(apps.port, goodRequest(route, apps.seed), 'Bad Header: x\r\n'),
  headers_too_large: (route, apps) => overSocket(apps.port, goodRequest(route, apps.seed), `X-Big: ${'a'.repeat(20_000)}\r\n`),
  // Node's headersTimeout (60 s, checked every 30 s) is too slow to wait for: the answer the server writes on the
  // socket of a request whose headers never arrived whole, for a request line of this route.
  request_timeout: (route, apps) => {
    const line = `${route.method} ${urlOf(goodRequest(route, apps.seed))} HTTP/1.1\r\n`;
    const raw = clientErrorAnswer(
      Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT', rawPacket: Buffer.from(line) }),
      () => true,
      'GET, HEAD',
    )!;
    const [head, body] = raw.split('\r\n\r\n');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return Promise.resolve({ status: Number(head.split(' ')[1]), headers, body });
  },
  // A bug in any route: the app of this file throws in a hook of every route when asked to.
  internal_error: (route, apps) => {
    const good = goodRequest(route, apps.seed);
    return send(apps.faulty, { ...good, headers: { ...good.headers, 'x-test-fault': 'yes' } });
  },
  rate_limited: async (route, apps) => {
    if (!route.auth) return 'no key';
    const { app } = await makeApp(apps.seed, { rateLimit: { default: { max: 1, windowMs: 60_000 } } });
    const first = await send(app, goodRequest(route, apps.seed));
    if (first.status === 429) throw new Error(`${route.path}: the first request is already 429`);
    const second = await send(app, goodRequest(route, apps.seed));
    await app.close();
    return second;
  },
};

/**
 * The error of the table an answer is: same status and code, and a message its template writes. When several
 * templates write the message ("{param} must be {what}..." writes most), the one with the most fixed text.
 */
function errorsOf(answer: Answer): ErrorId[] {
  if (answer.status < 400 || answer.body === '') return [];
  const error = JSON.parse(answer.body).error;
  const fixed = (id: ErrorId) => ERRORS[id].message.replace(/\{\w+\}/g, '').length;
  const matching = (Object.keys(ERRORS) as ErrorId[]).filter((id) => {
    const row = ERRORS[id];
    const parts = row.message.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return row.status === answer.status && row.code === error.code && new RegExp(`^${parts.join('.*')}$`, 's').test(error.message);
  });
  const most = Math.max(...matching.map(fixed));
  return matching.filter((id) => fixed(id) === most);
}

const ROUTES = routeDeclarations();
const declared = (route: RouteDeclaration) => [...route.errors, ...sharedErrors(route)];
const name = (route: RouteDeclaration) => `${route.method} ${route.path}`;

let apps: Apps;
beforeAll(async () => {
  const seed = await fixtureSeed();
  const plain = (await makeApp(seed)).app;
  const metrics = (await makeApp(seed, { metrics: new ServiceMetrics(METRICS_TOKEN, { replica: 'declared-errors' }) })).app;
  const faulty = (
    await makeApp(seed, {
      beforeRoutes: (app) => {
        app.addHook('preHandler', (request, _reply, done) => done(request.headers['x-test-fault'] ? new Error('a bug') : undefined));
      },
    })
  ).app;
  const loader = () => Promise.reject(new StoreUnreadableError('the seed store cannot be read'));
  const unreadableStore = (await makeApp(seed, { store: { loader } })).app;
  await plain.listen({ host: '127.0.0.1', port: 0 });
  apps = { plain, metrics, faulty, unreadableStore, seed, port: (plain.server.address() as { port: number }).port };
});
afterAll(async () => {
  for (const app of [apps.plain, apps.metrics, apps.faulty, apps.unreadableStore]) await app.close();
});

describe('the good request of each route, which the provocations below start from, is answered', () => {
  it.each(ROUTES.map((route) => [name(route), route] as const))('%s', async (_name, route) => {
    const answer = await send(route.path === '/metrics' ? apps.metrics : apps.plain, goodRequest(route, apps.seed));
    expect(answer.status, answer.body).toBeLessThan(300);
  });
});

describe('every error a route declares, provoked on that route, is the row of the table', () => {
  const cases = ROUTES.flatMap((route) => declared(route).map((id) => [name(route), id, route] as const));
  it.each(cases)('%s: %s', async (_name, id, route) => {
    const answer = await PROVOKE[id](route, apps);
    if (typeof answer === 'string') throw new Error(`${name(route)} declares ${id}, and PROVOKE cannot provoke it there (${answer}): add a way`);
    expect(errorsOf(answer), answer.body).toContain(id);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(answer.body).error.request_id).toBe(answer.headers['x-request-id']);
  });
});

describe('no route answers an error of the table it does not declare', () => {
  const cases = ROUTES.flatMap((route) => (Object.keys(PROVOKE) as ErrorId[]).map((id) => [name(route), id, route] as const));
  it.each(cases)('%s, provoked as %s', async (_name, id, route) => {
    const answer = await PROVOKE[id](route, apps);
    if (typeof answer === 'string') return;
    expect(
      errorsOf(answer).filter((error) => !declared(route).includes(error)),
      answer.body,
    ).toEqual([]);
  });

  it('every error of the table is declared by a route, or answered around every route', () => {
    const all = new Set(ROUTES.flatMap(declared));
    expect((Object.keys(ERRORS) as ErrorId[]).filter((id) => !all.has(id))).toEqual([]);
  });
});
