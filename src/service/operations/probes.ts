import type { AppOptions } from '../app-options.js';
import { JSON_TYPE, sendError } from '../edge/answers.js';
import type { RouteContext, RouteDef } from '../resources/route.js';

/** The operators' routes, outside the API: readiness, metrics (with their own token), health. */
export function operatorRoutes({ store }: RouteContext, options: Pick<AppOptions, 'readiness' | 'metrics'>): RouteDef[] {
  const metrics = options.metrics;
  return [
    {
      path: '/readyz',
      auth: false,
      params: [],
      handler(_request, reply) {
        const reason = options.readiness?.() ?? null;
        const version = store.current.version;
        const body = reason === null ? { status: 'ready', version } : { status: 'not-ready', version, reason };
        return reply
          .code(reason === null ? 200 : 503)
          .header('cache-control', 'no-store')
          .header('content-type', JSON_TYPE)
          .send(JSON.stringify(body));
      },
    },
    {
      path: '/metrics',
      auth: false,
      params: [],
      async handler(request, reply) {
        // Without a metrics token configured there are no metrics; the clients' keys never open them.
        if (!metrics) return sendError(reply, { id: 'metrics_off' });
        if (!metrics.authorized(request.headers.authorization)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          return sendError(reply, { id: 'invalid_metrics_token' });
        }
        const text = await metrics.render();
        return reply.header('cache-control', 'no-store').header('content-type', metrics.contentType).send(text);
      },
    },
    {
      path: '/healthz',
      auth: false,
      params: [],
      handler(_request, reply) {
        const snapshot = store.current;
        const body: Record<string, string> = { status: 'ok', version: snapshot.version };
        if (snapshot.commit) body.commit = snapshot.commit;
        return reply.header('cache-control', 'no-store').header('content-type', JSON_TYPE).send(JSON.stringify(body));
      },
    },
  ];
}
