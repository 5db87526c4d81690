import { ERRORS, type ErrorId } from '../edge/errors.js';
import { MIN_COMPRESS_BYTES } from '../representation/representation.js';
import { STORE_RETRY_AFTER_S } from '../operations/store.js';

/**
 * The parts of the OpenAPI document that every operation shares: response headers and error responses as reusable
 * components, and `completeOperations`, which gives every operation what the service does alike on every route (the
 * key check, the rate limit, 405 for other methods, the answers written before a request exists, X-Request-Id and
 * Cache-Control on every answer, HEAD beside every GET). Headers the service always sends are `required`.
 */

type Json = Record<string, any>;

/** A reference to a component. */
export const ref = {
  schema: (name: string) => ({ $ref: `#/components/schemas/${name}` }),
  header: (name: string) => ({ $ref: `#/components/headers/${name}` }),
  response: (name: string) => ({ $ref: `#/components/responses/${name}` }),
};

const cacheControl = (value: string, when: string) => ({ description: `${value}: ${when}`, required: true, schema: { type: 'string', const: value } });

const rateLimitHeaders = {
  RateLimitLimit: {
    description:
      'Requests the key may make in a window (IETF draft RateLimit header fields). Sent on every answer to a key that has a limit (the default limit is on).',
    schema: { type: 'integer', minimum: 1 },
  },
  RateLimitRemaining: { description: 'Requests the key has left in the current window.', schema: { type: 'integer', minimum: 0 } },
  RateLimitReset: { description: 'Seconds until the current window ends.', schema: { type: 'integer', minimum: 0 } },
};

/** Response headers, one component each; X-Request-Id and Cache-Control are on every answer. */
export const HEADER_COMPONENTS: Json = {
  XRequestId: {
    description:
      "The request id, also in the logs and in the error body (request_id): the client's own X-Request-Id when it cannot hold a key (1 to 15 of A-Z a-z 0-9 . _ : -, or a UUID that is not a key), else a UUID of the service.",
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,64}$' },
  },
  CacheControlPrivate: cacheControl('private', 'keyed data, never in a shared cache.'),
  CacheControlNoStore: cacheControl('no-store', 'errors, probes, metrics and beneficiary checks are never cached.'),
  CacheControlPublic: cacheControl('public, max-age=3600', 'the public documentation.'),
  ETag: {
    description: 'Strong ETag of the representation, one per coding (suffix -br or -gz on a compressed body); send it back in If-None-Match for a 304.',
    required: true,
    schema: { type: 'string', pattern: '^"[!#-~]+"$' },
  },
  CatalogLimitReduced: {
    description: 'Sent when the limit asked for was above the largest page: the page size used instead (the limit is reduced, not refused).',
    schema: { type: 'integer', minimum: 1 },
  },
  CatalogVersion: {
    description: 'The seed version the answer comes from (the version a run of pages stays on).',
    required: true,
    schema: { type: 'string', pattern: '^[0-9a-f]{16}$' },
  },
  Vary: {
    description: 'Accept-Encoding: the body depends on it (shared caches must key on it).',
    required: true,
    schema: { type: 'string', const: 'Accept-Encoding' },
  },
  ContentEncoding: {
    description: `br or gzip when negotiated from Accept-Encoding; absent when the body is sent as it is (identity, or a body under ${MIN_COMPRESS_BYTES} bytes).`,
    schema: { type: 'string', enum: ['br', 'gzip'] },
  },
  ...rateLimitHeaders,
  RetryAfter: { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 0 } },
  WWWAuthenticate: {
    description: 'Bearer realm="catalog", plus error="invalid_token" when a token was sent (RFC 6750 3.1).',
    required: true,
    schema: { type: 'string', pattern: '^Bearer realm="catalog"(, error="invalid_token")?$' },
  },
  AllowGetHead: { description: 'The methods the path answers.', required: true, schema: { type: 'string', const: 'GET, HEAD' } },
  AllowPost: { description: 'The method the path answers.', required: true, schema: { type: 'string', const: 'POST' } },
};

/** The headers of every error answer. */
const ERROR_HEADERS = { 'X-Request-Id': ref.header('XRequestId'), 'Cache-Control': ref.header('CacheControlNoStore') };

/** An error answer: the error body, X-Request-Id and Cache-Control: no-store, plus `extra` headers. */
export function errorResponse(description: string, extra: Json = {}): Json {
  return { description, headers: { ...ERROR_HEADERS, ...extra }, content: { 'application/json': { schema: ref.schema('Error') } } };
}

/** "`code`: when", from the error table, for response descriptions. */
export function whenOf(...ids: ErrorId[]): string {
  return ids.map((id) => `${ERRORS[id].code}: ${ERRORS[id].when}`).join('; ');
}

/** Error responses every operation may get, as components. */
export const RESPONSE_COMPONENTS: Json = {
  Unauthorized: errorResponse(`${whenOf('missing_credential', 'wrong_scheme', 'invalid_credential', 'key_in_query')}. Checked before anything else.`, {
    'WWW-Authenticate': ref.header('WWWAuthenticate'),
  }),
  RateLimited: errorResponse(`${whenOf('rate_limited')}. Checked right after the key, before anything else about the request.`, {
    'Retry-After': ref.header('RetryAfter'),
    // Always sent with a 429: required here, whereas the same headers are optional on other answers.
    'RateLimit-Limit': { ...rateLimitHeaders.RateLimitLimit, required: true },
    'RateLimit-Remaining': { ...rateLimitHeaders.RateLimitRemaining, required: true },
    'RateLimit-Reset': { ...rateLimitHeaders.RateLimitReset, required: true },
  }),
  BadRequest: errorResponse(`${whenOf('bad_request')}.`),
  RequestTimeout: errorResponse(`${whenOf('request_timeout')}. Written on the connection, which is then closed.`),
  HeadersTooLarge: errorResponse(`${whenOf('headers_too_large')}. Written on the connection, which is then closed.`),
  InternalError: errorResponse(`${whenOf('internal_error')}.`),
  StoreUnavailable: errorResponse(
    `${whenOf('store_unavailable')}. A load balancer retries it on another replica (nginx: proxy_next_upstream http_503); the cursor stays valid.`,
    {
      'Retry-After': { ...HEADER_COMPONENTS.RetryAfter, description: `Seconds to wait before retrying (${STORE_RETRY_AFTER_S}).` },
    },
  ),
};

/** Whether an operation needs the API key: it has no `security` of its own (the document's default is the key). */
function keyed(op: Json): boolean {
  return op.security === undefined;
}

const RATE_LIMIT_OPTIONAL = {
  'RateLimit-Limit': ref.header('RateLimitLimit'),
  'RateLimit-Remaining': ref.header('RateLimitRemaining'),
  'RateLimit-Reset': ref.header('RateLimitReset'),
};

/**
 * Gives an operation the answers every route shares: 400 (a request the HTTP layer cannot read), 405 with Allow,
 * 408, 431 and 500; on a keyed operation 401 and 429, and the optional RateLimit headers on every answer after the
 * key check. Every answer gets X-Request-Id (and Cache-Control: no-store when it has none).
 */
function completeResponses(method: string, op: Json): void {
  const responses = op.responses as Json;
  responses['400'] ??= ref.response('BadRequest');
  const allow = method === 'post' ? ref.header('AllowPost') : ref.header('AllowGetHead');
  const refused = method === 'post' ? whenOf('post_only') : whenOf('method_not_allowed');
  responses['405'] = errorResponse(
    `${refused} (every method but ${method === 'post' ? 'POST' : 'GET and HEAD'}), answered after the key check and the rate limit where the path needs a key.`,
    { Allow: allow },
  );
  responses['408'] = ref.response('RequestTimeout');
  responses['431'] = ref.response('HeadersTooLarge');
  responses['500'] = ref.response('InternalError');
  if (keyed(op)) {
    responses['401'] = ref.response('Unauthorized');
    responses['429'] = ref.response('RateLimited');
  }
  for (const [status, response] of Object.entries(responses)) {
    if (response.$ref) continue;
    // A new object: the same response (DATA_NOT_MODIFIED) may be given to several operations.
    const headers = {
      'X-Request-Id': ref.header('XRequestId'),
      'Cache-Control': ref.header('CacheControlNoStore'),
      ...response.headers,
      ...(keyed(op) && status !== '401' ? RATE_LIMIT_OPTIONAL : {}),
    };
    responses[status] = { ...response, headers };
  }
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** The HEAD operation of a GET: the same parameters and answers, without bodies. */
function headOf(get: Json): Json {
  const head = structuredClone(get);
  head.operationId = `head${get.operationId[0].toUpperCase()}${get.operationId.slice(1)}`;
  head.summary = `The headers of: ${get.summary[0].toLowerCase()}${get.summary.slice(1)}`;
  head.description = `HEAD: the answer of GET, the same status and headers, without the body. ${get.description}`;
  for (const [status, answer] of Object.entries<Json>(head.responses)) {
    // Shared error responses are copied here, to be described without their body.
    const response = answer.$ref ? structuredClone(RESPONSE_COMPONENTS[answer.$ref.split('/').pop()]) : answer;
    delete response.content;
    response.description = `${response.description} (no body: HEAD)`;
    head.responses[status] = response;
  }
  return head;
}

/**
 * Completes every operation of `paths` (see completeResponses) and gives every GET path its HEAD operation, in place:
 * what the service does alike on every route is written once here rather than on each operation.
 */
export function completeOperations(paths: Json): void {
  for (const item of Object.values<Json>(paths)) {
    for (const method of ['get', 'post']) if (item[method]) completeResponses(method, item[method]);
    if (item.get) item.head = headOf(item.get);
  }
}

/** The response headers of a page of data (lists, items, the catalog, the changes feed). */
export const DATA_HEADERS = {
  'Cache-Control': ref.header('CacheControlPrivate'),
  'Catalog-Version': ref.header('CatalogVersion'),
  ETag: ref.header('ETag'),
  Vary: ref.header('Vary'),
  'Content-Encoding': ref.header('ContentEncoding'),
};

/** The response headers of a page of a list or of the changes feed: those of data, and the limit when it was reduced. */
export const LIST_HEADERS = { ...DATA_HEADERS, 'Catalog-Limit-Reduced': ref.header('CatalogLimitReduced') };

/** The 304 of a page of data: the ETag the client named, and the headers of its 200 but the coding. */
export const DATA_NOT_MODIFIED = {
  description: 'Not modified: If-None-Match named the ETag of this representation (any coding); no body.',
  headers: {
    'Cache-Control': ref.header('CacheControlPrivate'),
    'Catalog-Version': ref.header('CatalogVersion'),
    ETag: ref.header('ETag'),
    Vary: ref.header('Vary'),
  },
};

/** A JSON body of a response: its schema, with an example when there is one. */
export const json = (schema: unknown, example?: unknown) => ({ 'application/json': example === undefined ? { schema } : { schema, example } });

/** What an operation that takes no query parameter says of it. */
export const NO_QUERY = 'Takes no query parameter (any is 400 invalid_request).';

/** Cache-Control of the public documents and the docs page. */
export const PUBLIC_CACHE = { 'Cache-Control': ref.header('CacheControlPublic') };
/** The headers of a representation negotiated by Accept-Encoding. */
export const NEGOTIATED = { ETag: ref.header('ETag'), Vary: ref.header('Vary'), 'Content-Encoding': ref.header('ContentEncoding') };
/** Cache-Control of the probes. */
export const NO_STORE = { 'Cache-Control': ref.header('CacheControlNoStore') };
/** A response header that always has one value. */
export const constant = (value: string, description: string) => ({ description, required: true, schema: { type: 'string', const: value } });
/** The 304 of a public document: the ETag the client named, and its Cache-Control. */
export const notModified = (cache: Record<string, unknown>) => ({
  description: 'Not modified: If-None-Match named the ETag of this representation; no body.',
  headers: { ...cache, ETag: ref.header('ETag'), Vary: ref.header('Vary') },
});

/** The schema component of each list's page. */
export const LIST_TITLES = { rails: 'RailList', assets: 'AssetList', countries: 'CountryList' } as const;
