import type { FastifyInstance } from 'fastify';
import type { drainGracefully } from './drain.js';
import type { Readiness } from './readiness.js';

/** What stopping the service stops: the app and its server, readiness, the timers, the rate limits' Redis. */
interface Running {
  app: FastifyInstance;
  readiness: Readiness;
  drain: ReturnType<typeof drainGracefully>;
  poller: ReturnType<typeof setInterval> | undefined;
  pruner: ReturnType<typeof setInterval>;
  redis: { disconnect(): void } | undefined;
  drainTimeoutMs: number | undefined;
}

/**
 * The service's close: with a delay, /readyz answers 503 and the service goes on serving for that long first; then it
 * drains in-flight requests (cut after the drain timeout) and stops. Asked again while waiting, it stops waiting;
 * asked again while draining, it cuts what is left. `stopped` runs once everything is closed.
 */
export function stopper({ app, readiness, drain, poller, pruner, redis, drainTimeoutMs }: Running, stopped: () => void): (delayMs?: number) => Promise<void> {
  let closing: Promise<void> | undefined;
  let delayed: { promise: Promise<void>; cut: () => void } | undefined;
  function close(delayMs = 0): Promise<void> {
    if (delayed) {
      // Asked again while readiness says 503: stop waiting for the load balancer.
      const waiting = delayed;
      delayed = undefined;
      waiting.cut();
      return waiting.promise;
    }
    if (closing) {
      // Asked again while draining: cut what is left.
      app.server.closeAllConnections();
      return closing;
    }
    readiness.stopping();
    if (poller) clearInterval(poller);
    if (delayMs > 0) {
      app.log.info({ event: 'drain-delay', delayMs }, 'stopping: /readyz answers 503; still serving until the load balancer has taken this replica out');
      let cut!: () => void;
      const waited = new Promise<void>((resolve) => (cut = resolve));
      const timer = setTimeout(cut, delayMs);
      const afterDelay = () => {
        clearTimeout(timer);
        delayed = undefined;
        return shutDown();
      };
      delayed = { promise: waited.then(afterDelay), cut };
      return delayed.promise;
    }
    return shutDown();
  }
  function shutDown(): Promise<void> {
    if (closing) return closing;
    app.log.info({ event: 'stopping' }, 'stopping: draining in-flight requests');
    drain.closing();
    const force = setTimeout(() => {
      app.log.warn({ event: 'drain-timeout' }, 'drain timeout: closing the remaining connections');
      app.server.closeAllConnections();
    }, drainTimeoutMs ?? 10_000);
    force.unref();
    closing = app.close().then(() => {
      clearTimeout(force);
      clearInterval(pruner);
      redis?.disconnect();
      stopped();
    });
    return closing;
  }
  return close;
}
