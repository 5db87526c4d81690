import { checkRoute } from './resources/beneficiary-checks.js';
import { catalogRoute } from './resources/catalog.js';
import { changesRoute } from './resources/changes.js';
import { docsFileRoute, docsPageRoute } from './resources/docs.js';
import { keyedDocumentRoute, publicDocumentRoute } from './resources/documents.js';
import { itemRoutes } from './resources/items.js';
import { listRoutes } from './resources/lists.js';
import { healthRoute, metricsRoute, readinessRoute } from './operations/probes.js';
import type { RouteDeclaration } from './resources/route.js';

/**
 * Every route of the service, each declared in its room (resources/, operations/probes.ts), in the order of the
 * OpenAPI document's paths. The router (app.ts), the log vocabulary, the document's `paths` (document/openapi.ts)
 * and the errors by route of docs/service.md (scripts/docs-errors.ts) are made from this list: a new endpoint is a
 * declaration in its room and a line here.
 */
export function routeDeclarations(): RouteDeclaration[] {
  return [
    ...listRoutes(),
    ...itemRoutes(),
    checkRoute,
    catalogRoute,
    changesRoute,
    keyedDocumentRoute,
    publicDocumentRoute,
    docsPageRoute,
    docsFileRoute,
    healthRoute,
    readinessRoute,
    metricsRoute,
  ];
}

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
