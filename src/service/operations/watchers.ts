import type { FastifyInstance } from 'fastify';
import type { repeatedErrorLog } from './log.js';
import type { ServiceMetrics } from './metrics.js';
import type { Readiness } from './readiness.js';
import type { SnapshotStore } from './store.js';

/**
 * Counts and logs the failures of the rate limits' Redis (requests are let through meanwhile: fail open), at most one
 * line every 10 s, and says when it is back.
 */
export function watchRedis(app: FastifyInstance, redis: any, metrics: ServiceMetrics | undefined, repeated: ReturnType<typeof repeatedErrorLog>): void {
  const storeError = (err: Error) =>
    repeated('rate-limit-store-error', (leftOut) =>
      app.log.warn(
        { event: 'rate-limit-store-error', reason: err.message, ...(leftOut ? { leftOut } : {}) },
        'Redis unreachable: rate limits are not enforced until it is back (fail open)',
      ),
    );
  redis.on('error', storeError);
  // Every rate-limit command that fails is a request let through: count those (the plugin's script is rateLimit).
  const command = redis.rateLimit;
  if (typeof command === 'function') {
    redis.rateLimit = function (this: unknown, ...args: any[]) {
      const callback = args[args.length - 1];
      if (typeof callback === 'function')
        args[args.length - 1] = (err: Error | null, result: unknown) => {
          if (err) {
            metrics?.rateLimitStoreErrors.inc();
            storeError(err);
          }
          callback(err, result);
        };
      return command.apply(this, args);
    };
  }
  redis.on('ready', () => app.log.info({ event: 'rate-limit-store-ready' }, 'Redis connected: rate limits shared across replicas'));
}

/** Tells readiness, the metrics and the log about each older version loaded from the store for a cursor. */
export function watchStoreLoads(
  app: FastifyInstance,
  store: SnapshotStore,
  readiness: Readiness,
  metrics: ServiceMetrics | undefined,
  repeated: ReturnType<typeof repeatedErrorLog>,
): void {
  store.onLoad = (event) => {
    readiness.loaded(event);
    metrics?.versionsLoaded.inc({ outcome: event.ok ? 'ok' : event.unreadable ? 'unavailable' : 'failed' });
    if (event.ok) app.log.info({ event: 'version-loaded', loaded: event.version }, 'older seed version loaded from the store for a cursor');
    else
      repeated(`version-load-failed\n${event.reason}`, (leftOut) =>
        app.log.warn(
          { event: 'version-load-failed', loaded: event.version, reason: event.reason, unreadable: event.unreadable === true, ...(leftOut ? { leftOut } : {}) },
          event.unreadable
            ? 'seed version named by a cursor cannot be read from the store now: answered 503, retried elsewhere'
            : 'seed version named by a cursor is not in the store: answered expired_cursor',
        ),
      );
  };
}
