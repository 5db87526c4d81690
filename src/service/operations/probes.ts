import { constant, errorResponse, NO_STORE, ref, whenOf } from '../document/parts.js';
import { JSON_TYPE, sendError } from '../edge/answers.js';
import { defineRoute } from '../resources/route.js';

/** A readiness answer of the document. */
const readinessAnswer = (description: string) => ({ description, headers: NO_STORE, content: { 'application/json': { schema: ref.schema('Readiness') } } });

/** GET /healthz: liveness and the seed version served (no key, not rate-limited). */
export const healthRoute = defineRoute({
  path: '/healthz',
  auth: false,
  params: [],
  negotiated: false,
  errors: [],
  document: () => ({
    get: {
      operationId: 'health',
      tags: ['Operations'],
      summary: 'Liveness and the seed version served',
      description: 'No key, not rate-limited; 200 while the process answers. The query is ignored.',
      security: [],
      responses: { '200': { description: 'Serving.', headers: NO_STORE, content: { 'application/json': { schema: ref.schema('Health') } } } },
    },
  }),
  handler:
    ({ store }) =>
    (_request, reply) => {
      const snapshot = store.current;
      const body: Record<string, string> = { status: 'ok', version: snapshot.version };
      if (snapshot.commit) body.commit = snapshot.commit;
      return reply.header('cache-control', 'no-store').header('content-type', JSON_TYPE).send(JSON.stringify(body));
    },
});

/** GET /readyz: whether this replica should get traffic (no key, not rate-limited). */
export const readinessRoute = defineRoute({
  path: '/readyz',
  auth: false,
  params: [],
  negotiated: false,
  errors: [],
  document: () => ({
    get: {
      operationId: 'readiness',
      tags: ['Operations'],
      summary: 'Whether this replica should get traffic',
      description:
        'No key, not rate-limited. 503 while the replica starts or drains, while it cannot read its seed store, and while a read of the store has not answered for longer than the poll interval; the body says why. The query is ignored.',
      security: [],
      responses: { '200': readinessAnswer('Ready.'), '503': readinessAnswer('Not ready: reason says why.') },
    },
  }),
  handler:
    ({ store, readiness }) =>
    (_request, reply) => {
      const reason = readiness?.() ?? null;
      const version = store.current.version;
      const body = reason === null ? { status: 'ready', version } : { status: 'not-ready', version, reason };
      return reply
        .code(reason === null ? 200 : 503)
        .header('cache-control', 'no-store')
        .header('content-type', JSON_TYPE)
        .send(JSON.stringify(body));
    },
});

/** GET /metrics: Prometheus metrics, with the metrics token only, never a client key. */
export const metricsRoute = defineRoute({
  path: '/metrics',
  auth: false,
  params: [],
  negotiated: false,
  errors: ['metrics_off', 'invalid_metrics_token'],
  document: () => ({
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
  }),
  handler:
    ({ metrics }) =>
    async (request, reply) => {
      // Without a metrics token configured there are no metrics; the clients' keys never open them.
      if (!metrics) return sendError(reply, { id: 'metrics_off' });
      if (!metrics.authorized(request.headers.authorization)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(reply, { id: 'invalid_metrics_token' });
      }
      const text = await metrics.render();
      return reply.header('cache-control', 'no-store').header('content-type', metrics.contentType).send(text);
    },
});
