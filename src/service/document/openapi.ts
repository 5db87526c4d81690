import { readFileSync } from 'node:fs';
import path from 'node:path';
import { endpoints, LIMIT, seedSchema, type EndpointDef } from '../resources/endpoints.js';
import { ERRORS, errorSchema } from '../edge/errors.js';
import { PROJECT_ROOT } from '../project-root.js';
import { MAX_CURSOR_LENGTH } from '../representation/cursor.js';
import { clientSchemas } from './client-schemas.js';
import { completeOperations, HEADER_COMPONENTS, LIST_TITLES, RESPONSE_COMPONENTS } from './parts.js';
import { publicSchemas } from './public-schemas.js';
import { routeDeclarations } from '../routes.js';
import { MIN_COMPRESS_BYTES } from '../representation/representation.js';

/**
 * Rewrites the seed schema's draft-07 references (#/definitions/x) to OpenAPI components (#/components/schemas/x).
 * A subschema that requires properties it does not describe (the seed's if/then/else: "rails" is required on a country
 * that is not restricted) describes them as anything ({}), which changes nothing to what validates, so that linters
 * reading the document see every required property defined.
 */
function toComponents(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toComponents);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id') continue;
    out[key] = key === '$ref' && typeof value === 'string' ? value.replace(/^#\/definitions\//, '#/components/schemas/') : toComponents(value);
  }
  const required = (node as { required?: unknown }).required;
  if (Array.isArray(required) && !('type' in out) && !('$ref' in out)) {
    const properties = (out.properties ?? {}) as Record<string, unknown>;
    for (const name of required) properties[name] ??= {};
    out.properties = properties;
    out.unevaluatedProperties ??= true;
  }
  return out;
}

/** The package's version and licence (package.json: the one source of both). */
function packageInfo(): { version: string; license: string } {
  const file = path.join(PROJECT_ROOT, 'package.json');
  const { version, license } = JSON.parse(readFileSync(file, 'utf8'));
  return { version, license };
}

/** JSON Schema of a list envelope (contract 2.1), items referring to a seed definition. */
function listSchema(endpoint: EndpointDef, ref: (name: string) => string): Record<string, unknown> {
  return {
    title: LIST_TITLES[endpoint.name],
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

function errorTable(): string {
  const rows = Object.values(ERRORS).map((e) => `| ${e.status} | ${e.code} | ${e.when} |`);
  return ['| Status | code | When |', '|---|---|---|', ...rows].join('\n');
}

/** What the document says of itself before the paths: the rules of every answer, pagination, the error table. */
function documentDescription(): string {
  return [
    'Read-only catalog of payout rails, deposit assets and countries, with cursor pagination; one item by id; the whole catalog for the daily refresh; a changes feed; the authoritative beneficiary check. Every /api/v1 path needs the key; /openapi.json, /docs and the probes do not.',
    '',
    'Every answer carries X-Request-Id and Cache-Control; the key is checked first on every keyed path, then the rate limit (429), then the request itself. Errors: {"error":{"code","message","param"?,"request_id"}} with Cache-Control: no-store.',
    '',
    `Pagination: limit is 1 to ${LIMIT.max} (default ${LIMIT.default}; larger values are reduced to ${LIMIT.max}). next_cursor is null exactly when no item follows. A cursor is bound to its endpoint, its filters and the catalog snapshot the run started on; a run finishes on that snapshot even if the catalog is reloaded.`,
    '',
    errorTable(),
  ].join('\n');
}

/** The reusable parameters: page size, cursor, Accept-Encoding. */
function parameterComponents(): Record<string, unknown> {
  return {
    limit: {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Page size: a whole number of at least 1 written with digits only; default ${LIMIT.default}; above ${LIMIT.max} it is reduced to ${LIMIT.max}, and the answer carries Catalog-Limit-Reduced: ${LIMIT.max}. May change between the pages of a run.`,
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
  };
}

const TAGS = [
  { name: 'Catalog', description: 'Rails, assets and countries: the lists, one item, the whole catalog.' },
  { name: 'Changes', description: 'What changed between two catalog versions.' },
  { name: 'Beneficiary checks', description: "The authoritative check of a beneficiary's values against a rail's fields." },
  { name: 'Documentation', description: 'This document, and this document rendered.' },
  { name: 'Operations', description: 'Probes and metrics for the load balancer and the operator.' },
];

/**
 * The paths of the document, one per route declaration, in their order. Every route whose answers are negotiated takes
 * Accept-Encoding: a parameter of its path item, so that its HEAD takes it too.
 */
function paths(): Record<string, any> {
  const out: Record<string, any> = {};
  for (const route of routeDeclarations()) {
    const item: Record<string, unknown> = route.document();
    if (route.negotiated) item.parameters = [{ $ref: '#/components/parameters/acceptEncoding' }];
    out[route.path] = item;
  }
  return out;
}

/** The OpenAPI 3.1 document of the API, generated from the seed schema, the parameters and the error table. */
export function openApiDocument(): Record<string, unknown> {
  const defs = endpoints();
  const schemas: Record<string, unknown> = { ...(toComponents(seedSchema().definitions) as Record<string, unknown>) };
  for (const endpoint of Object.values(defs)) schemas[LIST_TITLES[endpoint.name]] = listSchema(endpoint, (name) => `#/components/schemas/${name}`);
  schemas.Error = errorSchema;
  // Health where it has always been, Readiness after the others: the SDK's generated types keep their order.
  Object.assign(schemas, { Health: publicSchemas.Health }, clientSchemas, { Readiness: publicSchemas.Readiness });

  const documented = paths();
  completeOperations(documented);
  const { version, license } = packageInfo();

  return {
    openapi: '3.1.0',
    info: {
      title: 'Reference Catalog Service',
      version,
      description: documentDescription(),
      contact: { name: 'Reference Catalog Service operators' },
      // OpenAPI 3.1 wants an SPDX expression: a licence the SPDX list does not name is written LicenseRef-<name>.
      license: { name: license, identifier: license === 'UNLICENSED' ? 'LicenseRef-UNLICENSED' : license },
    },
    servers: [{ url: '/', description: 'The service that serves this document.' }],
    security: [{ bearerAuth: [] }],
    tags: TAGS,
    paths: documented,
    components: {
      schemas,
      parameters: parameterComponents(),
      headers: HEADER_COMPONENTS,
      responses: RESPONSE_COMPONENTS,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>. Keys in the query string are refused.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <metrics token> (CATALOG_METRICS_TOKEN), never a client key.' },
      },
    },
  };
}
