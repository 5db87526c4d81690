import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constant, errorResponse, NEGOTIATED, notModified, PUBLIC_CACHE } from '../document/parts.js';
import { projectRequire } from '../project-root.js';
import { Representation } from '../representation/representation.js';
import type { ResponseCache } from '../representation/response-cache.js';
import type { RouteDeclaration, RouteDef } from './route.js';

/**
 * The renderer of /docs: Swagger UI's standalone bundle (swagger-ui-dist, a dependency of this package, no runtime
 * dependency of its own), served by the service itself from node_modules, so the page loads nothing from another host.
 */
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference Catalog Service API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="api-docs"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to an online validator for its badge.
const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#api-docs', validatorUrl: null, deepLinking: true, tryItOutEnabled: false });\n`;

/** Only this host: scripts, styles, fetches and images (Swagger UI inlines a few data: images and styles). */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Folder of swagger-ui-dist. */
function swaggerUiDir(): string {
  const require = projectRequire;
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/** The header of a file that is only ever read as its Content-Type says. */
const nosniff = () => ({ 'X-Content-Type-Options': constant('nosniff', 'The body is only ever read as its Content-Type says.') });

function tagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"`;
}

/**
 * A file of the documentation, without a key (the docs are public, the data is not). Files are read once, when first
 * asked for, and go through the response cache (compressed, ETag, 304).
 */
function serve(responses: ResponseCache, name: string, type: string, bytes: () => Buffer, headers: Record<string, string> = {}): RouteDef {
  let rep: Representation | undefined;
  return {
    path: name === 'index' ? '/docs' : `/docs/${name}`,
    auth: false,
    params: [],
    handler(request, reply) {
      reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
      for (const [k, v] of Object.entries(headers)) reply.header(k, v);
      if (!rep) {
        const body = bytes();
        rep = new Representation(body, tagOf(body));
      }
      const made = rep;
      return responses.send(request, reply, `docs\n${name}\n${made.etag}`, () => made, type);
    },
  };
}

/** GET /docs: the OpenAPI document rendered (Swagger UI). */
export const docsPageRoute: RouteDeclaration = {
  method: 'GET',
  path: '/docs',
  auth: false,
  params: [],
  negotiated: true,
  errors: [],
  document: () => ({
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
            ...nosniff(),
            'Content-Security-Policy': { description: 'Only this host: scripts, styles, fetches and images.', required: true, schema: { type: 'string' } },
            'Referrer-Policy': constant('no-referrer', 'The page sends no Referer.'),
          },
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '304': notModified(PUBLIC_CACHE),
      },
    },
  }),
  serve: ({ responses }) => [
    serve(responses, 'index', 'text/html; charset=utf-8', () => Buffer.from(PAGE), { 'content-security-policy': CSP, 'referrer-policy': 'no-referrer' }),
  ],
};

/** GET /docs/{file}: the renderer's files and its start-up script, each a route of its own. */
export const docsFileRoute: RouteDeclaration = {
  method: 'GET',
  path: '/docs/{file}',
  auth: false,
  params: [],
  negotiated: true,
  errors: ['not_found'],
  document: () => ({
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
          headers: { ...PUBLIC_CACHE, ...NEGOTIATED, ...nosniff() },
          content: { 'text/css': { schema: { type: 'string' } }, 'text/javascript': { schema: { type: 'string' } } },
        },
        '304': notModified(PUBLIC_CACHE),
        '404': errorResponse('not_found: no such file.'),
      },
    },
  }),
  serve: ({ responses }) => [
    serve(responses, 'init.js', 'text/javascript; charset=utf-8', () => Buffer.from(INIT)),
    ...Object.entries(ASSETS).map(([name, type]) => serve(responses, name, type, () => readFileSync(path.join(swaggerUiDir(), name)))),
  ],
};
