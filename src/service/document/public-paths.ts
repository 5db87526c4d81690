import { errorResponse, ref, whenOf } from './parts.js';

/**
 * The paths of the OpenAPI document that are not catalog data: the document itself (behind the key and public), its
 * rendering (/docs), the probes and the metrics. openApiDocument completes them (405, HEAD, X-Request-Id...).
 */

/** The health document of GET /healthz. */
const healthSchema = {
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

/** The readiness document of GET /readyz. */
const readinessSchema = {
  title: 'Readiness',
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'not-ready'] },
    version: { type: 'string', description: 'Seed version served to new runs.' },
    reason: {
      type: 'string',
      description:
        'Why the replica should not get traffic now (not-ready only): starting, stopping, its seed store cannot be read, or a read of the store has not answered for longer than the poll interval.',
    },
  },
  required: ['status', 'version'],
  additionalProperties: false,
} as const;

/** Schemas of these paths, for components.schemas. */
export const publicSchemas = { Health: healthSchema, Readiness: readinessSchema };

const PUBLIC_CACHE = { 'Cache-Control': ref.header('CacheControlPublic') };
const NEGOTIATED = { ETag: ref.header('ETag'), Vary: ref.header('Vary'), 'Content-Encoding': ref.header('ContentEncoding') };
const NO_STORE = { 'Cache-Control': ref.header('CacheControlNoStore') };
const constant = (value: string, description: string) => ({ description, required: true, schema: { type: 'string', const: value } });
const notModified = (cache: Record<string, unknown>) => ({
  description: 'Not modified: If-None-Match named the ETag of this representation; no body.',
  headers: { ...cache, ETag: ref.header('ETag'), Vary: ref.header('Vary') },
});
const unknownParam = errorResponse(
  `invalid_request: a query parameter was given (this document takes none: ${whenOf('unknown_param')}), or ${whenOf('bad_request')}.`,
);
const documentSchema = { type: 'object', description: 'An OpenAPI 3.1 document.' };

function documents(): Record<string, unknown> {
  return {
    '/api/v1/openapi.json': {
      get: {
        operationId: 'openApiDocument',
        tags: ['Documentation'],
        summary: 'This document, behind the key',
        description:
          'The same document as /openapi.json, behind the API key like every /api/v1 path. Takes no query parameter (any is 400 invalid_request, as on /openapi.json).',
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document.',
            headers: { 'Cache-Control': ref.header('CacheControlPrivate'), ...NEGOTIATED },
            content: { 'application/json': { schema: documentSchema } },
          },
          '304': notModified({ 'Cache-Control': ref.header('CacheControlPrivate') }),
          '400': unknownParam,
        },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'publicOpenApiDocument',
        tags: ['Documentation'],
        summary: 'This document, without a key',
        description:
          'The docs are public, the data is not. Takes no query parameter (any is 400 invalid_request, as on /api/v1/openapi.json). Readable from any origin (Access-Control-Allow-Origin: *).',
        security: [],
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document.',
            headers: { ...PUBLIC_CACHE, ...NEGOTIATED, 'Access-Control-Allow-Origin': constant('*', 'Any origin may read the document.') },
            content: { 'application/json': { schema: documentSchema } },
          },
          '304': notModified(PUBLIC_CACHE),
          '400': unknownParam,
        },
      },
    },
  };
}

function rendering(): Record<string, unknown> {
  const nosniff = { 'X-Content-Type-Options': constant('nosniff', 'The body is only ever read as its Content-Type says.') };
  return {
    '/docs': {
      get: {
        operationId: 'apiDocs',
        tags: ['Documentation'],
        summary: 'This document rendered as HTML',
        description: 'Swagger UI, served by the service itself (no other host is contacted: see Content-Security-Policy). No key. The query is ignored.',
        security: [],
        responses: {
          '200': {
            description: 'The documentation page.',
            headers: {
              ...PUBLIC_CACHE,
              ...NEGOTIATED,
              ...nosniff,
              'Content-Security-Policy': { description: 'Only this host: scripts, styles, fetches and images.', required: true, schema: { type: 'string' } },
              'Referrer-Policy': constant('no-referrer', 'The page sends no Referer.'),
            },
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          '304': notModified(PUBLIC_CACHE),
        },
      },
    },
    '/docs/{file}': {
      get: {
        operationId: 'apiDocsFile',
        tags: ['Documentation'],
        summary: 'A file of the documentation page',
        description: 'The renderer (Swagger UI) and its start-up script, served by the service from its own dependencies. No key. The query is ignored.',
        security: [],
        parameters: [
          {
            name: 'file',
            in: 'path',
            required: true,
            description: 'The file.',
            schema: { type: 'string', enum: ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js'] },
            example: 'init.js',
          },
        ],
        responses: {
          '200': {
            description: 'The file.',
            headers: { ...PUBLIC_CACHE, ...NEGOTIATED, ...nosniff },
            content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } },
          },
          '304': notModified(PUBLIC_CACHE),
          '404': errorResponse('not_found: no such file.'),
        },
      },
    },
  };
}

function probes(): Record<string, unknown> {
  const readiness = (description: string) => ({ description, headers: NO_STORE, content: { 'application/json': { schema: ref.schema('Readiness') } } });
  return {
    '/healthz': {
      get: {
        operationId: 'health',
        tags: ['Operations'],
        summary: 'Liveness and the seed version served',
        description: 'No key, not rate-limited; 200 while the process answers. The query is ignored.',
        security: [],
        responses: { '200': { description: 'Serving.', headers: NO_STORE, content: { 'application/json': { schema: ref.schema('Health') } } } },
      },
    },
    '/readyz': {
      get: {
        operationId: 'readiness',
        tags: ['Operations'],
        summary: 'Whether this replica should get traffic',
        description:
          'No key, not rate-limited. 503 while the replica starts or drains, while it cannot read its seed store, and while a read of the store has not answered for longer than the poll interval; the body says why. The query is ignored.',
        security: [],
        responses: { '200': readiness('Ready.'), '503': readiness('Not ready: reason says why.') },
      },
    },
    '/metrics': {
      get: {
        operationId: 'metrics',
        tags: ['Operations'],
        summary: 'Prometheus metrics of this replica',
        description:
          'Only with the metrics token (CATALOG_METRICS_TOKEN), never a client key; without a token configured there are no metrics (404). The query is ignored.',
        security: [{ metricsToken: [] }],
        responses: {
          '200': { description: 'The Prometheus text format (version 0.0.4).', headers: NO_STORE, content: { 'text/plain': { schema: { type: 'string' } } } },
          '401': errorResponse(`${whenOf('invalid_metrics_token')}.`, {
            'WWW-Authenticate': constant('Bearer realm="metrics"', 'The metrics token is a Bearer token.'),
          }),
          '404': errorResponse(`${whenOf('metrics_off')}.`),
        },
      },
    },
  };
}

/** The documents, their rendering, the probes and the metrics. */
export function publicPaths(): Record<string, unknown> {
  return { ...documents(), ...rendering(), ...probes() };
}
