import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
const CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

function asset(body: Buffer | string, type: string): Asset {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return { body: bytes, type, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"` };
}

/** Folder of swagger-ui-dist. */
function swaggerUiDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/**
 * Public documentation: GET /openapi.json (the same document as /api/v1/openapi.json, without a key: the docs are
 * public, the data is not) and GET /docs (the rendered document). Assets are read once, when first asked for.
 */
export function registerDocs(app: FastifyInstance, openApi: { body: Buffer; etag: string }, notModified: (header: string | undefined, etag: string) => boolean): void {
  const cache = new Map<string, Asset>();
  function load(name: string): Asset {
    let found = cache.get(name);
    if (!found) {
      if (name === 'index') found = asset(PAGE, 'text/html; charset=utf-8');
      else if (name === 'init.js') found = asset(INIT, 'text/javascript; charset=utf-8');
      else found = asset(readFileSync(path.join(swaggerUiDir(), name)), ASSETS[name as keyof typeof ASSETS]);
      cache.set(name, found);
    }
    return found;
  }
  function send(request: FastifyRequest, reply: FastifyReply, a: Asset) {
    reply.header('etag', a.etag).header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
    if (notModified(request.headers['if-none-match'], a.etag)) return reply.code(304).send();
    return reply.header('content-type', a.type).send(a.body);
  }

  app.get('/openapi.json', (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    return send(request, reply, { body: openApi.body, etag: openApi.etag, type: 'application/json; charset=utf-8' });
  });
  app.get('/docs', (request, reply) => {
    reply.header('content-security-policy', CSP).header('referrer-policy', 'no-referrer');
    return send(request, reply, load('index'));
  });
  app.get('/docs/init.js', (request, reply) => send(request, reply, load('init.js')));
  for (const name of Object.keys(ASSETS)) app.get(`/docs/${name}`, (request, reply) => send(request, reply, load(name)));
}
