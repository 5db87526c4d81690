import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { checkBeneficiary } from '../../beneficiary/check.js';
import { readSchema } from '../../model/schemas.js';
import { project } from '../../seed/project.js';
import { PROJECT_ROOT } from '../project-root.js';
import { CHECK_BODY_LIMIT } from '../resources/beneficiary-checks.js';
import { changesBetween, type VersionContent } from '../resources/history.js';
import { DATA_HEADERS, DATA_NOT_MODIFIED, errorResponse, LIST_HEADERS, ref, whenOf } from './parts.js';

/** Examples read from the bundled catalog (catalog/ beside the code); none when it is not there. */
interface BundledExamples {
  rail: Record<string, unknown>;
  asset: Record<string, unknown>;
  country: Record<string, unknown>;
  checkRequest: { values: Record<string, string> };
  checkValid: unknown;
  checkInvalidRequest: { values: Record<string, string> };
  checkInvalid: unknown;
  changes: unknown;
}

function published(kind: 'rail' | 'asset' | 'country', file: string): Record<string, unknown> | undefined {
  const full = path.join(PROJECT_ROOT, 'catalog', file);
  if (!existsSync(full)) return undefined;
  const seed = readSchema('seed.schema.json');
  return project(parse(readFileSync(full, 'utf8')), seed.definitions[kind], seed) as Record<string, unknown>;
}

let examples: BundledExamples | null | undefined;

/** Examples of requests and answers made from catalog/rails/BR-pix.yaml, assets/usdc.yaml and countries/BR.yaml. */
function bundledExamples(): BundledExamples | undefined {
  if (examples !== undefined) return examples ?? undefined;
  examples = null;
  try {
    const source = path.join(PROJECT_ROOT, 'catalog/rails/BR-pix.yaml');
    if (!existsSync(source)) return undefined;
    const raw = parse(readFileSync(source, 'utf8'));
    const rail = published('rail', 'rails/BR-pix.yaml')!;
    const asset = published('asset', 'assets/usdc.yaml');
    const country = published('country', 'countries/BR.yaml');
    if (!asset || !country) return undefined;
    country.rails = ['BR-doc', 'BR-pix'];
    const values: Record<string, string> = {};
    for (const field of raw.fields) values[field.name] = field.examples?.[0] ?? field.options?.[0]?.value;
    const bad: Record<string, string> = {};
    for (const field of raw.fields) bad[field.name] = field.counterexamples?.[0] ?? 'unknown';
    bad.pixkey = values.pixKey;
    const lowered = structuredClone(rail) as any;
    lowered.limits.maxMinor = Math.floor(lowered.limits.maxMinor / 2);
    const content = (r: Record<string, unknown>, version: string): VersionContent => ({
      version,
      entries: { rails: new Map([['BR-pix', r]]), assets: new Map([['usdc', asset]]), countries: new Map([['BR', country]]) },
    });
    examples = {
      rail,
      asset,
      country,
      checkRequest: { values },
      checkValid: checkBeneficiary(rail as any, values),
      checkInvalidRequest: { values: bad },
      checkInvalid: checkBeneficiary(rail as any, bad),
      changes: { data: changesBetween(content(rail, 'a'), content(lowered, 'b')), next_cursor: null },
    };
  } catch {
    examples = null;
  }
  return examples ?? undefined;
}

/** The paths of the client-kit endpoints, for openApiDocument (completed there: 401, 405, 429, HEAD...). */
export function clientPaths(): Record<string, unknown> {
  const ex = bundledExamples();
  const json = (schema: unknown, example?: unknown) => ({ 'application/json': example === undefined ? { schema } : { schema, example } });
  const noQuery = 'Takes no query parameter (any is 400 invalid_request).';

  const item = (name: string, what: string, param: 'id' | 'code', pattern: string, example: string, schema: string, sample: unknown, list: string) => ({
    get: {
      operationId: `get${name}`,
      tags: ['Catalog'],
      summary: `One ${what} by ${param}`,
      description: `The same JSON as in ${list}; closed and refused entries are returned like any other. ${noQuery}`,
      parameters: [{ name: param, in: 'path', required: true, description: `The ${what}'s ${param}.`, schema: { type: 'string', pattern }, example }],
      responses: {
        '200': { description: `The ${what}.`, headers: DATA_HEADERS, content: json(ref.schema(schema), sample) },
        '304': DATA_NOT_MODIFIED,
        '400': errorResponse(`invalid_request: the ${param} is not well-formed (param: ${param}), or a query parameter was given. ${whenOf('invalid_id')}.`),
        '404': errorResponse(`not_found: no ${what} has this ${param}.`),
      },
    },
  });

  return {
    '/api/v1/rails/{id}': item('Rail', 'rail', 'id', '^[A-Z]{2}-[a-z0-9_]+$', 'BR-pix', 'rail', ex?.rail, '/api/v1/rails'),
    '/api/v1/assets/{id}': item('Asset', 'asset', 'id', '^[a-z0-9_]+$', 'usdc', 'asset', ex?.asset, '/api/v1/assets'),
    '/api/v1/countries/{code}': item('Country', 'country', 'code', '^[A-Za-z]{2}$', 'BR', 'country', ex?.country, '/api/v1/countries'),
    '/api/v1/rails/{id}/beneficiary-checks': { post: checkOperation(ex, noQuery) },
    '/api/v1/catalog': {
      get: {
        operationId: 'getCatalog',
        tags: ['Catalog'],
        summary: 'The whole current catalog, for the daily refresh',
        description: `Rails, assets, countries and the seed version in one response. Strong ETag equal to the seed version ("<version>"; -br or -gz on a compressed body); send it in If-None-Match for a 304. ${noQuery}`,
        responses: {
          '200': {
            description: 'The catalog.',
            headers: DATA_HEADERS,
            content: json(
              ref.schema('Catalog'),
              ex
                ? {
                    meta: { version: '0123456789abcdef', counts: { rails: 1, assets: 1, countries: 1 } },
                    rails: [ex.rail],
                    assets: [ex.asset],
                    countries: [ex.country],
                  }
                : undefined,
            ),
          },
          '304': DATA_NOT_MODIFIED,
          '400': errorResponse('invalid_request: a query parameter was given.'),
        },
      },
    },
    '/api/v1/changes': { get: changesOperation(ex) },
  };
}

function checkOperation(ex: BundledExamples | undefined, noQuery: string): Record<string, unknown> {
  return {
    operationId: 'checkBeneficiary',
    tags: ['Beneficiary checks'],
    summary: "Checks a beneficiary's values against a rail's fields",
    description: `The authoritative check (contract 2.3). JSON only (415 otherwise), at most ${CHECK_BODY_LIMIT / 1024} KB (413). The values are personal data: never logged, never cached (Cache-Control: no-store). A closed rail (phase never) answers 409 rail_closed; live, beta and planned rails are checked. The same function (src/beneficiary) runs in the catalog validator's examples rule and offline in the SDK. ${noQuery}`,
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: "The rail's id.",
        schema: { type: 'string', pattern: '^[A-Z]{2}-[a-z0-9_]+$' },
        example: 'BR-pix',
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: ref.schema('BeneficiaryCheckRequest'),
          ...(ex ? { examples: { valid: { value: ex.checkRequest }, invalid: { value: ex.checkInvalidRequest } } } : {}),
        },
      },
    },
    responses: {
      '200': {
        description: 'The verdict (valid or not: a refused value is not an HTTP error).',
        headers: { 'Cache-Control': ref.header('CacheControlNoStore'), 'Catalog-Version': ref.header('CatalogVersion') },
        content: {
          'application/json': {
            schema: ref.schema('BeneficiaryCheck'),
            ...(ex ? { examples: { valid: { value: ex.checkValid }, invalid: { value: ex.checkInvalid } } } : {}),
          },
        },
      },
      '400': errorResponse(
        `invalid_request: the body is not {"values": {...}} JSON, the id is malformed, or a query parameter was given. ${whenOf('invalid_body')}.`,
      ),
      '404': errorResponse('not_found: no rail has this id.'),
      '409': errorResponse(`${whenOf('rail_closed')}.`),
      '413': errorResponse(`${whenOf('body_too_large')}.`),
      '415': errorResponse(`${whenOf('unsupported_media_type', 'unsupported_charset')}.`),
    },
  };
}

function changesOperation(ex: BundledExamples | undefined): Record<string, unknown> {
  return {
    operationId: 'listChanges',
    tags: ['Changes'],
    summary: 'What changed between a catalog version and the current one',
    description:
      'Entry by entry, each change classified as breaking or not. The service keeps the versions it has served since it started, plus the seeds of its history folder (catalog serve --history), 64 at most. An unknown or too old version is 410 unknown_version: do a full refresh with GET /api/v1/catalog. Cursor-paginated like the lists; a run finishes on the version it started on (Catalog-Version).',
    parameters: [
      {
        name: 'since',
        in: 'query',
        required: true,
        description: 'The seed version the client has (meta.version of GET /api/v1/catalog).',
        schema: { type: 'string', pattern: '^[0-9a-f]{16}$' },
        example: '0123456789abcdef',
      },
      { $ref: '#/components/parameters/limit' },
      { $ref: '#/components/parameters/cursor' },
    ],
    responses: {
      '200': {
        description: 'A page of changes; empty when since is the current version.',
        headers: LIST_HEADERS,
        content: {
          'application/json': ex?.changes === undefined ? { schema: ref.schema('ChangeList') } : { schema: ref.schema('ChangeList'), example: ex.changes },
        },
      },
      '304': { ...DATA_NOT_MODIFIED, headers: { ...DATA_NOT_MODIFIED.headers, 'Catalog-Limit-Reduced': ref.header('CatalogLimitReduced') } },
      '400': errorResponse(
        "invalid_request: since missing or malformed, or another parameter or the cursor not valid, or the cursor's version no longer held.",
      ),
      '410': errorResponse(`${whenOf('unknown_version')}.`),
    },
  };
}
