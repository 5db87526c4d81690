import fastJson from 'fast-json-stringify';
/**
 * Every error the service answers with, in ONE table: HTTP status, public code, when it happens and the message
 * (placeholders in braces). docs/service.md (section Errors) repeats this table and a test checks that both agree.
 */
export interface ErrorDef {
  status: number;
  code: string;
  /** When the error happens (documentation). */
  when: string;
  /** Message template; {param}, {allowed}, {example} and {what} are filled in. */
  message: string;
}

export const ERRORS = {
  missing_credential: {
    status: 401,
    code: 'unauthorized',
    when: 'No Authorization header, or the Bearer scheme without a key',
    message: 'Send your API key in the Authorization header: "Authorization: Bearer <key>".',
  },
  wrong_scheme: {
    status: 401,
    code: 'unauthorized',
    when: 'The Authorization header uses another scheme (Basic, Token, ...)',
    message: 'The Authorization header must use the Bearer scheme: "Authorization: Bearer <key>".',
  },
  invalid_credential: {
    status: 401,
    code: 'unauthorized',
    when: 'A Bearer key was sent but it is malformed or is not an active key',
    message: 'The API key is not valid: check that it was copied whole, or ask for a new one.',
  },
  invalid_metrics_token: {
    status: 401,
    code: 'unauthorized',
    when: 'GET /metrics without the metrics token (none, an API key, another value)',
    message:
      '/metrics takes the metrics token, not an API key: send "Authorization: Bearer <token>" with the value of CATALOG_METRICS_TOKEN this replica was started with.',
  },
  key_in_query: {
    status: 401,
    code: 'unauthorized',
    when: 'No valid Authorization header and the query string has a key-like parameter (api_key, access_token, key, token, ...)',
    message: 'API keys are not accepted in the URL, where they end up in logs: send "Authorization: Bearer <key>", and replace a key that was sent in a URL.',
  },
  unknown_param: {
    status: 400,
    code: 'invalid_request',
    when: 'A query parameter the endpoint does not know (names are case-sensitive)',
    message: 'Unknown parameter {param}: this endpoint accepts {allowed}.',
  },
  repeated_param: {
    status: 400,
    code: 'invalid_request',
    when: 'A query parameter given more than once',
    message: '{param} is given more than once: give it once.',
  },
  empty_param: {
    status: 400,
    code: 'invalid_request',
    when: 'A query parameter with an empty value (name= or a name alone)',
    message: '{param} has an empty value: give a value, or leave the parameter out.',
  },
  malformed_param: {
    status: 400,
    code: 'invalid_request',
    when: 'A query parameter whose name or value has a broken percent-encoding (%zz, a cut UTF-8 sequence)',
    message: '{param} is not correctly percent-encoded: encode the query with encodeURIComponent or an equivalent.',
  },
  invalid_limit: {
    status: 400,
    code: 'invalid_request',
    when: 'limit is not written with digits only, or is 0 (abc, 1.5, -1, 1e2, 0x10, 0)',
    message: 'limit must be a whole number of at least 1 written with digits only, such as limit=50 (values above 100 are reduced to 100).',
  },
  invalid_code: {
    status: 400,
    code: 'invalid_request',
    when: 'country or currency is not a well-formed code',
    message: '{param} must be {what}, such as {param}={example} (lowercase is accepted).',
  },
  unassigned_code: {
    status: 400,
    code: 'invalid_request',
    when: 'country or currency is well-formed but not assigned (a country: ISO 3166-1 alpha-2; a currency: ISO 4217, an active currency)',
    message: '{param}={value} is not {what}{hint}',
  },
  invalid_enum: {
    status: 400,
    code: 'invalid_request',
    when: 'phase, status or network is not one of its values',
    message: '{param} must be one of {allowed}{hint}.',
  },
  invalid_cursor: {
    status: 400,
    code: 'invalid_request',
    when: 'The cursor is not one this service issued (garbage, truncated, altered, signed with another secret), or it was issued for another endpoint or other filters',
    message:
      'The cursor is not valid for this request (altered, or issued for another endpoint or other filters): start the run again without a cursor, with the same filters.',
  },
  expired_cursor: {
    status: 400,
    code: 'invalid_request',
    when: 'The catalog snapshot the cursor belongs to is no longer held (replaced longer ago than the retention)',
    message: 'The catalog snapshot of this cursor is no longer held: start the run again without a cursor.',
  },
  missing_param: {
    status: 400,
    code: 'invalid_request',
    when: 'A required query parameter is missing (since on /api/v1/changes)',
    message: '{param} is required: {hint}.',
  },
  invalid_version: {
    status: 400,
    code: 'invalid_request',
    when: 'since is not a seed version (16 lowercase hexadecimal digits)',
    message: 'since must be a seed version: 16 lowercase hexadecimal digits, as in the Catalog-Version header or the version of GET /api/v1/catalog.',
  },
  invalid_id: {
    status: 400,
    code: 'invalid_request',
    when: 'The id or code in the path of an item is not well-formed (GET /api/v1/rails/{id}, /assets/{id}, /countries/{code})',
    message: '{param} must be {what}, such as {example}.',
  },
  unsupported_media_type: {
    status: 415,
    code: 'unsupported_media_type',
    when: 'A POST body that is not sent as Content-Type: application/json',
    message: 'Send the body as JSON with "Content-Type: application/json".',
  },
  unsupported_charset: {
    status: 415,
    code: 'unsupported_media_type',
    when: 'A POST body sent as application/json with a charset other than UTF-8',
    message: 'The body must be UTF-8 JSON: send "Content-Type: application/json" (or with "; charset=utf-8"), not charset={charset}.',
  },
  body_too_large: {
    status: 413,
    code: 'payload_too_large',
    when: 'A POST body larger than 16 KB',
    message: "The body is larger than 16 KB: send only the values of the rail's fields.",
  },
  invalid_body: {
    status: 400,
    code: 'invalid_request',
    when: 'A POST body that is not JSON, or not {"values": {<field>: <text>, ...}} (another key, values not an object)',
    message: 'The body must be a JSON object {"values": {"<field>": "<value>", ...}}: {problem}.',
  },
  rail_closed: {
    status: 409,
    code: 'rail_closed',
    when: 'A beneficiary check on a closed rail (phase never)',
    message: 'The rail {id} is closed (phase never, reason {reason}): it does not accept payouts, so no beneficiary can be checked for it.',
  },
  unknown_version: {
    status: 410,
    code: 'unknown_version',
    when: 'GET /api/v1/changes with a since version the service does not hold (never served, or older than the versions it keeps)',
    message: 'The service does not hold the catalog version {version}: do a full refresh with GET /api/v1/catalog, then ask for the changes since its version.',
  },
  item_not_found: {
    status: 404,
    code: 'not_found',
    when: 'No rail, asset or country with this id or code (GET /api/v1/rails/{id}, /assets/{id}, /countries/{code})',
    message: 'No {what} has the {key} {id}: list them with GET {list}.',
  },
  not_found: {
    status: 404,
    code: 'not_found',
    when: 'No endpoint at this path',
    message:
      'No such endpoint: the API serves /api/v1/rails, /api/v1/assets, /api/v1/countries (and one item of each by id or code), /api/v1/catalog, /api/v1/changes and /api/v1/openapi.json; the documentation is at /docs.',
  },
  metrics_off: {
    status: 404,
    code: 'not_found',
    when: 'GET /metrics on a replica started without CATALOG_METRICS_TOKEN',
    message:
      'Metrics are off on this replica: start catalog serve with CATALOG_METRICS_TOKEN=<a token>, then send "Authorization: Bearer <that token>" to /metrics.',
  },
  method_not_allowed: {
    status: 405,
    code: 'method_not_allowed',
    when: 'A method other than GET or HEAD on an endpoint',
    message: 'This endpoint is read-only: use GET (or HEAD).',
  },
  post_only: {
    status: 405,
    code: 'method_not_allowed',
    when: 'A method other than POST on /api/v1/rails/{id}/beneficiary-checks',
    message: 'This endpoint takes POST with a JSON body {"values": {...}}.',
  },
  bad_request: {
    status: 400,
    code: 'invalid_request',
    when: 'A request the HTTP layer cannot read (a malformed request line or header, a request target that is not a path, an HTTP/1.1 request without Host)',
    message: 'The request cannot be read: check the URL encoding.',
  },
  request_timeout: {
    status: 408,
    code: 'request_timeout',
    when: "The request line and headers did not arrive whole within 60 s (node's headersTimeout)",
    message: 'The request took too long to arrive: send it again.',
  },
  headers_too_large: {
    status: 431,
    code: 'headers_too_large',
    when: 'The request line and headers together are larger than 16 KB',
    message: 'The URL and headers are larger than 16 KB: send a shorter URL or fewer headers.',
  },
  rate_limited: {
    status: 429,
    code: 'rate_limited',
    when: 'The API key made more requests than its limit allows in the current window (Retry-After says when to retry)',
    message: 'This API key has made too many requests: wait the seconds in the Retry-After header, then retry (RateLimit-Limit gives the limit).',
  },
  store_unavailable: {
    status: 503,
    code: 'service_unavailable',
    when: 'The cursor names a catalog version this replica does not hold and cannot read from the seed store right now (the store is unreadable); Retry-After says when to retry',
    message: 'The catalog version of this cursor cannot be read right now: retry after the seconds in the Retry-After header (the cursor stays valid).',
  },
  internal_error: {
    status: 500,
    code: 'internal_error',
    when: 'A bug on the service side (never caused by what a client sends)',
    message: 'Something went wrong on our side: retry later, and report the X-Request-Id of this response if it persists.',
  },
} as const satisfies Record<string, ErrorDef>;

export type ErrorId = keyof typeof ERRORS;

/** Every public error code, for the OpenAPI document. */
const ERROR_CODES: readonly string[] = [...new Set(Object.values(ERRORS).map((e) => e.code))].sort();

/** An error answer: which row of the table, for which parameter, with which values in the message. */
export interface ApiError {
  id: ErrorId;
  param?: string;
  vars?: Record<string, string>;
}

/** Fills a message template; the parameter name comes from `param`, quoted. */
function messageOf(error: ApiError): string {
  const vars: Record<string, string> = { ...error.vars };
  if (error.param !== undefined && vars.param === undefined) vars.param = error.param;
  return ERRORS[error.id].message.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/**
 * The JSON body of an error: {"error":{"code","message","param"?,"request_id"?}}. `request_id` is the request's
 * X-Request-Id, so that a client reporting an error body gives what the logs are searched by.
 */
function errorBody(error: ApiError, requestId?: string): { error: { code: string; message: string; param?: string; request_id?: string } } {
  const body: { code: string; message: string; param?: string; request_id?: string } = { code: ERRORS[error.id].code, message: messageOf(error) };
  if (error.param !== undefined) body.param = error.param;
  if (requestId !== undefined) body.request_id = requestId;
  return { error: body };
}

/** JSON Schema of the error body (response serialization and OpenAPI). */
export const errorSchema = {
  title: 'Error',
  description: 'Every error answer. code is stable and machine-readable; message is for humans and may change.',
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: ERROR_CODES, description: 'Machine-readable error code.' },
        message: { type: 'string', description: 'What is wrong and what to do instead.' },
        param: { type: 'string', description: 'The query parameter, path parameter (id, code) or body member at fault, on invalid_request errors about one.' },
        request_id: { type: 'string', description: 'The X-Request-Id of the response: give it when reporting a problem.' },
      },
      required: ['code', 'message'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
} as const;

const serializeError = fastJson(errorSchema as any) as (body: unknown) => string;

/** The error body as JSON text, serialized from errorSchema (a property it does not describe is never written). */
export function errorJson(error: ApiError, requestId?: string): string {
  return serializeError(errorBody(error, requestId));
}
