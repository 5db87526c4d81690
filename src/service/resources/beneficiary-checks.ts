import { bundledExamples } from '../document/examples.js';
import { JSON_TYPE, sendError } from '../edge/answers.js';
import { errorResponse, NO_QUERY, ref, whenOf } from '../document/parts.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkBeneficiary } from '../../beneficiary/check.js';
import type { SeedField } from '../../generated/types.js';
import type { ApiError } from '../edge/errors.js';
import type { Snapshot } from '../representation/snapshot.js';
import { idPattern, indexOfKey, ITEM_IDS } from './items.js';
import { noQuery, routerPath, type RouteContext, type RouteDeclaration, type Registration } from './route.js';

/** Largest body a beneficiary check accepts. */
const CHECK_BODY_LIMIT = 16 * 1024;

/** Path of the beneficiary check, the one POST route. */
export const CHECK_PATH = routerPath('/api/v1/rails/{id}/beneficiary-checks');

/** Parsed rails of a snapshot, for the beneficiary checks (parsed once per snapshot from the JSON it serves). */
const railsOf = new WeakMap<Snapshot, Map<string, { phase: string; reason?: string; fields: SeedField[] }>>();
function railOf(snapshot: Snapshot, id: string) {
  let rails = railsOf.get(snapshot);
  if (!rails) railsOf.set(snapshot, (rails = new Map()));
  let rail = rails.get(id);
  if (!rail) {
    const view = snapshot.views.rails;
    const i = indexOfKey(view.keys, id);
    if (i === -1) return undefined;
    rail = JSON.parse(view.items[i].toString('utf8')) as { phase: string; reason?: string; fields: SeedField[] };
    rails.set(id, rail);
  }
  return rail;
}

/** What a parsed body must never hold: keys that reach an object's prototype once copied with assignment. */
const POISONED = 'a member named "__proto__", or a "constructor" holding "prototype", is refused (no rail field has that name); remove it';

/** Whether a parsed JSON value holds a "__proto__" member or a "constructor" object with "prototype", at any depth. */
function holdsPrototypeKey(value: unknown): boolean {
  // A walk with a list, not recursion: 16 KB of "[" nests 16,000 deep.
  const next: unknown[] = [value];
  while (next.length > 0) {
    const node = next.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const ctor = Object.hasOwn(node, 'constructor') ? (node as { constructor: unknown }).constructor : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    next.push(...Object.values(node));
  }
  return false;
}

/** The charset parameter of a Content-Type, lowercased and unquoted; undefined when there is none. */
function charsetOf(contentType: string): string | undefined {
  for (const part of contentType.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    return part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

/**
 * What a beneficiary check answers when its body cannot be read (the app's error handler asks): too large, not
 * JSON, or empty. The parser's own message is never shown: it may quote the body, which holds personal data.
 */
export function bodyErrorOf(err: { statusCode?: number; code?: string }): ApiError {
  if (err.statusCode === 413) return { id: 'body_too_large' };
  if (err.statusCode === 415) return { id: 'unsupported_media_type' };
  const problem = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'the body is empty' : 'the body is not valid JSON';
  return { id: 'invalid_body', vars: { problem } };
}

/**
 * The beneficiary check, the one POST route. Personal data in the body: never cached, never logged (the request log
 * holds the method, the route pattern and known parameter names only; body errors never carry the parser's message).
 * Every other method on its path is 405 with Allow: POST.
 */
function registerBeneficiaryChecks(app: FastifyInstance, { store }: RouteContext, { authenticate, otherMethods }: Registration): void {
  const railId = idPattern('rails');
  app.post(
    CHECK_PATH,
    {
      // A function, not an array: the rate limit's hook is added after it (access/rate-limit.ts).
      onRequest: authenticate,
      // After the key check and the rate limit, before the body is read: a body of another type is never read.
      preParsing: (request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: () => void) => {
        reply.header('cache-control', 'no-store');
        const type = request.headers['content-type'];
        const mediaType = typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() : '';
        if (mediaType !== 'application/json') return void sendError(reply, { id: 'unsupported_media_type' });
        // The parser reads UTF-8 whatever the header says: a body declared in another charset would be misread.
        const charset = charsetOf(type as string);
        if (charset !== undefined && charset !== 'utf-8')
          return void sendError(reply, { id: 'unsupported_charset', vars: { charset: JSON.stringify(charset.slice(0, 40)) } });
        done();
      },
      bodyLimit: CHECK_BODY_LIMIT,
      // No errorHandler of its own: a body that cannot be read goes to the app's one error path (bodyErrorOf).
    } as any,
    (request, reply) => {
      if (!noQuery(request, reply)) return reply;
      const id = (request.params as { id: string }).id;
      const spec = ITEM_IDS.rails;
      if (!railId.test(id)) return sendError(reply, { id: 'invalid_id', param: 'id', vars: { what: spec.what, example: spec.example } });
      const body = request.body as unknown;
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        return sendError(reply, { id: 'invalid_body', vars: { problem: 'the body is not a JSON object' } });
      if (holdsPrototypeKey(body)) return sendError(reply, { id: 'invalid_body', vars: { problem: POISONED } });
      const extra = Object.keys(body).find((k) => k !== 'values');
      if (extra !== undefined) {
        const shown = extra.slice(0, 64);
        return sendError(reply, {
          id: 'invalid_body',
          param: shown,
          vars: { problem: `${JSON.stringify(shown)} is not a member of the body; send the values inside "values"` },
        });
      }
      const values = (body as { values?: unknown }).values;
      if (values === undefined) return sendError(reply, { id: 'invalid_body', param: 'values', vars: { problem: '"values" is missing' } });
      if (values === null || typeof values !== 'object' || Array.isArray(values))
        return sendError(reply, { id: 'invalid_body', param: 'values', vars: { problem: '"values" must be an object of field name to text' } });
      const snapshot = store.current;
      const rail = railOf(snapshot, id);
      if (!rail)
        return sendError(reply, { id: 'item_not_found', param: 'id', vars: { what: 'rail', key: 'id', id: JSON.stringify(id), list: '/api/v1/rails' } });
      if (rail.phase === 'never') return sendError(reply, { id: 'rail_closed', param: 'id', vars: { id, reason: rail.reason ?? 'not given' } });
      const result = checkBeneficiary(rail, values as Record<string, unknown>);
      return reply.header('catalog-version', snapshot.version).header('content-type', JSON_TYPE).send(JSON.stringify(result));
    },
  );
  const refuse = (_request: FastifyRequest, reply: FastifyReply) => {
    sendError(reply, { id: 'post_only' });
  };
  app.route({ method: otherMethods, url: CHECK_PATH, onRequest: authenticate, preParsing: refuse as any, handler: () => {} });
}

/** The POST operation of the beneficiary check. */
function checkOperation(): Record<string, unknown> {
  const ex = bundledExamples();
  return {
    operationId: 'checkBeneficiary',
    tags: ['Beneficiary checks'],
    summary: "Checks a beneficiary's values against a rail's fields",
    description: `The authoritative check (contract 2.3). JSON only (415 otherwise), at most ${CHECK_BODY_LIMIT / 1024} KB (413). The values are personal data: never logged, never cached (Cache-Control: no-store). A closed rail (phase never) answers 409 rail_closed; live, beta and planned rails are checked. The same function (src/beneficiary) runs in the catalog validator's examples rule and offline in the SDK. ${NO_QUERY}`,
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

/** The beneficiary check (behind the key), the one POST route. */
export const checkRoute: RouteDeclaration = {
  method: 'POST',
  path: '/api/v1/rails/{id}/beneficiary-checks',
  auth: true,
  params: [],
  negotiated: false,
  errors: ['unknown_param', 'invalid_id', 'unsupported_media_type', 'unsupported_charset', 'body_too_large', 'invalid_body', 'item_not_found', 'rail_closed'],
  document: () => ({ post: checkOperation() }),
  serve: () => [],
  register: registerBeneficiaryChecks,
};
