import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { projectRequire } from '../project-root.js';
import { Representation } from '../representation/representation.js';
import type { ResponseCache } from '../representation/response-cache.js';

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

function tagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"`;
}

/** A row of the app's route table (RouteDef of route.ts). */
interface DocsRoute {
  path: string;
  auth: false;
  params: readonly string[];
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * Public documentation, without a key (the docs are public, the data is not): GET /openapi.json (the document of
 * /api/v1/openapi.json, refusing a query parameter as it does: `refuseQuery`) and GET /docs (the document rendered),
 * with the renderer's files. Files are read once, when
 * first asked for, and go through the response cache (compressed, ETag, 304).
 */
export function docsRoutes(
  responses: ResponseCache,
  openApi: Representation,
  refuseQuery: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
): DocsRoute[] {
  const made = new Map<string, Representation>();
  function file(name: string, bytes: () => Buffer): Representation {
    let rep = made.get(name);
    if (!rep) {
      const body = bytes();
      made.set(name, (rep = new Representation(body, tagOf(body))));
    }
    return rep;
  }
  const serve = (name: string, type: string, bytes: () => Buffer, headers: Record<string, string> = {}): DocsRoute => ({
    path: name === 'index' ? '/docs' : `/docs/${name}`,
    auth: false,
    params: [],
    handler(request, reply) {
      reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
      for (const [k, v] of Object.entries(headers)) reply.header(k, v);
      const rep = file(name, bytes);
      return responses.send(request, reply, `docs\n${name}\n${rep.etag}`, () => rep, type);
    },
  });
  return [
    {
      path: '/openapi.json',
      auth: false,
      params: [],
      handler(request, reply) {
        // Like /api/v1/openapi.json: one document, one rule (a parameter it does not take is refused).
        const refused = refuseQuery(request, reply);
        if (refused) return refused;
        reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*');
        return responses.send(request, reply, `public-openapi\n${openApi.etag}`, () => openApi, 'application/json; charset=utf-8');
      },
    },
    serve('index', 'text/html; charset=utf-8', () => Buffer.from(PAGE), { 'content-security-policy': CSP, 'referrer-policy': 'no-referrer' }),
    serve('init.js', 'text/javascript; charset=utf-8', () => Buffer.from(INIT)),
    ...Object.entries(ASSETS).map(([name, type]) => serve(name, type, () => readFileSync(path.join(swaggerUiDir(), name)))),
  ];
}
