import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, LIMIT, seedSchema, type EndpointDef } from './endpoints.js';
import { ERRORS, errorSchema } from './errors.js';
import { MAX_CURSOR_LENGTH } from './cursor.js';
import { clientPaths, clientSchemas } from './openapi-client.js';
import { MIN_COMPRESS_BYTES } from './representation.js';

/** Rewrites the seed schema's draft-07 references (#/definitions/x) to OpenAPI components (#/components/schemas/x). */
function toComponents(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toComponents);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id') continue;
    out[key] = key === '$ref' && typeof value === 'string' ? value.replace(/^#\/definitions\//, '#/components/schemas/') : toComponents(value);
  }
  return out;
}

function packageVersion(): string {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

const TITLES = { rails: 'RailList', assets: 'AssetList', countries: 'CountryList' } as const;

/** JSON Schema of a list envelope (contract 2.1), items referring to a seed definition. */
export function listSchema(endpoint: EndpointDef, ref: (name: string) => string): Record<string, unknown> {
  return {
    title: TITLES[endpoint.name],
    description: 'The list envelope (contract 2.1).',
    type: 'object',
    properties: {
      data: { type: 'array', items: { $ref: ref(endpoint.definition) }, description: `Items, ordered by ${endpoint.key} (code-unit order).` },
      next_cursor: {
        type: ['string', 'null'],
        description: 'Opaque cursor of the next page; null exactly when no item follows. The only end signal.',
      },
    },
    required: ['data', 'next_cursor'],
    additionalProperties: false,
  };
}

/** The health document of GET /healthz. */
export const healthSchema = {
  title: 'Health',
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok'] },
    version: { type: 'string', description: 'Seed version served to new runs.' },
    commit: { type: 'string', description: 'Git commit the seed was built from, when known.' },
  },
  required: ['status', 'version'],
  additionalProperties: false,
} as const;

/** Headers of responses negotiated by Accept-Encoding (every cached GET; src/service/representation.ts). */
const negotiated = {
  'Content-Encoding': {
    description: `br or gzip when negotiated from Accept-Encoding; absent when the body is sent as it is (identity, or a body under ${MIN_COMPRESS_BYTES} bytes).`,
    schema: { type: 'string', enum: ['br', 'gzip'] },
  },
  Vary: { description: 'Always Accept-Encoding: the body depends on it (shared caches must key on it).', schema: { type: 'string', const: 'Accept-Encoding' } },
};

/** The ETag of a document (the OpenAPI document, the docs page): its body's, one per coding. */
const bodyTag = { description: 'Strong ETag of the body, one per coding (suffix -br or -gz); send it back in If-None-Match.', schema: { type: 'string' } };

const allowHeader = (allow: string) => ({ Allow: { description: `The methods the path answers: ${allow}.`, schema: { type: 'string', const: allow } } });

/**
 * Completes the paths with what every route does alike: each GET but /healthz is a cached response negotiated by
 * Accept-Encoding (the header parameter, on the path item; Content-Encoding and Vary on 200, Vary and the ETag matched
 * on 304), and
 * every other method on a path is answered 405 with Allow (GET, HEAD; POST on the beneficiary checks), after the key
 * check where the path needs a key.
 */
function describeNegotiationAndMethods(paths: Record<string, any>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item as Record<string, any>)) {
      if (method !== 'get' && method !== 'post') continue;
      const responses = op.responses as Record<string, any>;
      if (method === 'get' && path !== '/healthz') {
        // On the path item: it applies to the GET and the HEAD that comes with it, beside the operation's own parameters.
        (item as Record<string, any>).parameters = [{ $ref: '#/components/parameters/acceptEncoding' }];
        const ok = responses['200'];
        responses['200'] = { ...ok, headers: { ...ok.headers, ETag: ok.headers?.ETag ?? bodyTag, ...negotiated, 'X-Request-Id': headers['X-Request-Id'] } };
        const notModified = responses['304'];
        responses['304'] = { ...notModified, headers: { ...notModified.headers, ETag: notModified.headers?.ETag ?? bodyTag, Vary: negotiated.Vary, 'X-Request-Id': headers['X-Request-Id'] } };
      }
      const allow = method === 'post' ? 'POST' : 'GET, HEAD';
      const id = method === 'post' ? 'post_only' : 'method_not_allowed';
      const when = method === 'post' ? 'any method other than POST on this path' : 'any method other than GET and HEAD on this path';
      responses['405'] = errorResponse(`method_not_allowed: ${when} (${ERRORS[id].message}), answered after the key check where the path needs a key.`, allowHeader(allow));
    }
  }
}

const headers = {
  ETag: { description: 'Derived from the snapshot version and the normalised query; send it back in If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { description: '"private" on success; "no-store" on errors.', schema: { type: 'string' } },
  'Catalog-Version': { description: 'Version of the seed snapshot this page comes from.', schema: { type: 'string' } },
  'X-Request-Id': { description: 'Request id, also in the logs (echoes a well-formed X-Request-Id sent by the client).', schema: { type: 'string' } },
};

function errorResponse(description: string, extra: Record<string, unknown> = {}) {
  return {
    description,
    headers: { 'Cache-Control': headers['Cache-Control'], 'X-Request-Id': headers['X-Request-Id'], ...extra },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

const unauthorized = errorResponse('unauthorized: missing or invalid credential.', {
  'WWW-Authenticate': { description: 'Bearer realm="catalog", plus error="invalid_token" when a token was sent.', schema: { type: 'string' } },
});

function errorTable(): string {
  const rows = Object.values(ERRORS).map((e) => `| ${e.status} | ${e.code} | ${e.when} |`);
  return ['| Status | code | When |', '|---|---|---|', ...rows].join('\n');
}

/** The OpenAPI 3.1 document of the API, generated from the seed schema, the parameters and the error table. */
export function openApiDocument(): Record<string, unknown> {
  const defs = endpoints();
  const schemas: Record<string, unknown> = { ...(toComponents(seedSchema().definitions) as Record<string, unknown>) };
  const ref = (name: string) => `#/components/schemas/${name}`;
  for (const endpoint of Object.values(defs)) schemas[TITLES[endpoint.name]] = listSchema(endpoint, ref);
  schemas.Error = errorSchema;
  schemas.Health = healthSchema;
  Object.assign(schemas, clientSchemas);

  const paths: Record<string, unknown> = {};
  for (const endpoint of Object.values(defs)) {
    const parameters = [
      ...endpoint.filters.map((f) => ({
        name: f.name,
        in: 'query',
        required: false,
        description: f.kind === 'code' ? `${f.description} Well-formed code of any case, normalised to uppercase; a code no item has gives an empty page.` : f.description,
        schema: f.kind === 'code' ? { type: 'string', pattern: f.pattern!.source.replace(/A-Z/g, 'A-Za-z') } : { type: 'string', enum: f.allowed },
        example: f.example,
      })),
      { $ref: '#/components/parameters/limit' },
      { $ref: '#/components/parameters/cursor' },
    ];
    paths[endpoint.path] = {
      get: {
        operationId: `list${endpoint.name[0].toUpperCase()}${endpoint.name.slice(1)}`,
        summary: endpoint.summary,
        description: 'HEAD answers the same headers without the body. Unknown, repeated or empty parameters are refused (400).',
        parameters,
        responses: {
          '200': { description: 'A page.', headers, content: { 'application/json': { schema: { $ref: ref(TITLES[endpoint.name]) } } } },
          '304': { description: 'Not modified: If-None-Match matched the ETag.', headers: { ETag: headers.ETag, 'Cache-Control': headers['Cache-Control'] } },
          '400': errorResponse('invalid_request: a parameter or the cursor is not valid; param names it.'),
          '401': unauthorized,
        },
      },
    };
  }
  paths['/api/v1/openapi.json'] = {
    get: {
      operationId: 'openApiDocument',
      summary: 'This document. It needs the API key like every /api/v1 endpoint.',
      responses: {
        '200': { description: 'The OpenAPI 3.1 document.', headers: { ETag: headers.ETag, 'Cache-Control': headers['Cache-Control'] }, content: { 'application/json': { schema: { type: 'object' } } } },
        '304': { description: 'Not modified.' },
        '401': unauthorized,
      },
    },
  };
  Object.assign(paths, clientPaths({ headers, errorResponse, unauthorized }));
  paths['/healthz'] = {
    get: {
      operationId: 'health',
      summary: 'Liveness and the seed version served. No authentication.',
      security: [],
      responses: { '200': { description: 'Serving.', content: { 'application/json': { schema: { $ref: ref('Health') } } } } },
    },
  };
  describeNegotiationAndMethods(paths);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Reference Catalog Service',
      version: packageVersion(),
      description: [
        'Read-only catalog of payout rails, deposit assets and countries, with cursor pagination; one item by id; the whole catalog for the daily refresh; a changes feed; the authoritative beneficiary check. Every /api/v1 path needs the key; /openapi.json and /docs do not.',
        '',
        `Pagination: limit is 1 to ${LIMIT.max} (default ${LIMIT.default}; larger values are reduced to ${LIMIT.max}). next_cursor is null exactly when no item follows. A cursor is bound to its endpoint, its filters and the catalog snapshot the run started on; a run finishes on that snapshot even if the catalog is reloaded.`,
        '',
        'Errors: {"error":{"code","message","param"?}} with Cache-Control: no-store.',
        '',
        errorTable(),
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas,
      parameters: {
        limit: {
          name: 'limit',
          in: 'query',
          required: false,
          description: `Page size: a whole number of at least 1 written with digits only; default ${LIMIT.default}; above ${LIMIT.max} it is reduced to ${LIMIT.max}. May change between the pages of a run.`,
          schema: { type: 'integer', minimum: 1, default: LIMIT.default },
          example: LIMIT.default,
        },
        acceptEncoding: {
          name: 'Accept-Encoding',
          in: 'header',
          required: false,
          description: `Content codings the client accepts (RFC 9110 12.5.3): br and gzip (or x-gzip) are sent, identity always acceptable unless refused; q-values weigh them (q=0 refuses one; * names every coding not listed). The highest q wins, ties going to br, then gzip, then identity; without the header, or when nothing else is acceptable, the body is sent as it is. Bodies under ${MIN_COMPRESS_BYTES} bytes are always sent as they are. Each coding has its own ETag (suffix -br or -gz).`,
          schema: { type: 'string' },
          example: 'br, gzip',
        },
        cursor: {
          name: 'cursor',
          in: 'query',
          required: false,
          description: 'next_cursor of the previous page, unchanged. Opaque; no guaranteed lifetime; never build or store one.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$', maxLength: MAX_CURSOR_LENGTH },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>. Keys in the query string are refused.' },
      },
    },
  };
}
