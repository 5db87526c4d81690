import { createHash } from 'node:crypto';
import type { AppOptions } from './app-options.js';
import { JSON_TYPE, refuseQuery, sendError } from './edge/answers.js';
import { openApiDocument } from './document/openapi.js';
import { operatorRoutes } from './operations/probes.js';
import { Representation } from './representation/representation.js';
import { acceptedNames } from './edge/params.js';
import { catalogRoute } from './resources/catalog.js';
import { changesRoute } from './resources/changes.js';
import { docsRoutes } from './resources/docs.js';
import { endpoints } from './resources/endpoints.js';
import { itemRoutes } from './resources/items.js';
import { listHandler } from './resources/lists.js';
import type { ClientRoute, ClientRouteContext, RouteContext, RouteDef } from './resources/route.js';

/** A matcher of concrete paths against route patterns (/api/v1/rails/:id matches /api/v1/rails/BR-pix). */
export function pathMatcher(patterns: readonly string[]): (path: string) => boolean {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const res = patterns.map(
    (p) =>
      new RegExp(
        `^${p
          .split('/')
          .map((s) => (s.startsWith(':') ? '[^/]+' : literal(s)))
          .join('/')}$`,
      ),
  );
  return (path) => res.some((re) => re.test(path));
}

/**
 * The routes of the service, in ONE place: the list endpoints, the OpenAPI document, /healthz. A new endpoint is a row
 * here; cached responses go through `context.responses` (compression, ETags and memory bounds come with it).
 */
export function routeTable(context: RouteContext, options: Pick<AppOptions, 'readiness' | 'metrics'> = {}): RouteDef[] {
  const { store, cursors, responses, history } = context;

  const openApi = Buffer.from(JSON.stringify(openApiDocument()), 'utf8');
  const openApiTag = `"openapi-${createHash('sha256').update(openApi).digest('base64url').slice(0, 16)}"`;
  const openApiKey = `openapi\n${openApiTag}`;

  return [
    ...Object.values(endpoints()).map(
      (endpoint): RouteDef => ({ path: endpoint.path, auth: true, params: acceptedNames(endpoint), handler: listHandler(endpoint, context) }),
    ),
    {
      path: '/api/v1/openapi.json',
      auth: true,
      params: [],
      handler(request, reply) {
        const refused = refuseQuery(request, reply);
        if (refused) return refused;
        reply.header('cache-control', 'private');
        return responses.send(request, reply, openApiKey, () => new Representation(openApi, openApiTag), JSON_TYPE);
      },
    },
    ...clientRoutes({ store, cursors, responses, history, sendError }),
    ...docsRoutes(responses, new Representation(openApi, openApiTag), refuseQuery),
    ...operatorRoutes(context, options),
  ];
}

/**
 * The client developer's GET routes, rows of the route table: one item by id, the whole catalog and the changes feed
 * (behind the key, cached and compressed by the app's response cache).
 */
function clientRoutes(ctx: ClientRouteContext): ClientRoute[] {
  ctx.history.remember(ctx.store.current);
  return [...itemRoutes(ctx), catalogRoute(ctx), changesRoute(ctx)];
}
