import { constant, errorResponse, NEGOTIATED, notModified, PUBLIC_CACHE, ref, whenOf } from '../document/parts.js';
import { JSON_TYPE, refuseQuery } from '../edge/answers.js';
import { Representation } from '../representation/representation.js';
import { defineRoute } from './route.js';

const unknownParam = () =>
  errorResponse(`invalid_request: a query parameter was given (this document takes none: ${whenOf('unknown_param')}), or ${whenOf('bad_request')}.`);
const documentSchema = { type: 'object', description: 'An OpenAPI 3.1 document.' };

/** GET /api/v1/openapi.json: the OpenAPI document, behind the key like every /api/v1 path. */
export const keyedDocumentRoute = defineRoute({
  path: '/api/v1/openapi.json',
  auth: true,
  params: [],
  negotiated: true,
  errors: ['unknown_param'],
  document: () => ({
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
        '400': unknownParam(),
      },
    },
  }),
  handler: ({ responses, openApi }) => {
    const openApiKey = `openapi\n${openApi.tag}`;
    return (request, reply) => {
      const refused = refuseQuery(request, reply);
      if (refused) return refused;
      reply.header('cache-control', 'private');
      return responses.send(request, reply, openApiKey, () => new Representation(openApi.bytes, openApi.tag), JSON_TYPE);
    };
  },
});

/** GET /openapi.json: the same document without a key (the docs are public, the data is not). */
export const publicDocumentRoute = defineRoute({
  path: '/openapi.json',
  auth: false,
  params: [],
  negotiated: true,
  errors: ['unknown_param'],
  document: () => ({
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
        '400': unknownParam(),
      },
    },
  }),
  handler: ({ responses, openApi }) => {
    const document = new Representation(openApi.bytes, openApi.tag);
    return (request, reply) => {
      // Like /api/v1/openapi.json: one document, one rule (a parameter it does not take is refused).
      const refused = refuseQuery(request, reply);
      if (refused) return refused;
      reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
      return responses.send(request, reply, `public-openapi\n${document.etag}`, () => document, 'application/json; charset=utf-8');
    };
  },
});
