import type { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { VersionHistory } from './history.js';
import type { KeyRing } from './auth.js';
import { SnapshotStore, type ReloadResult } from './store.js';
import type { RateLimit } from './auth.js';
import type { SeedSource } from './seed-source.js';
import { SeedError, snapshotOfText, type Snapshot } from './snapshot.js';
import type { ServiceMetrics } from './metrics.js';
import { repeatedErrorLog } from './log.js';
import { Readiness } from './readiness.js';

/** Default interval between two reads of the store's pointer. */
const DEFAULT_POLL_MS = 30_000;

export interface ServiceOptions {
  /** The seed file served, re-read on SIGHUP (when no `source` is given). */
  seedPath?: string;
  /** A seed store (catalog publish): its pointer is followed every `pollMs` and on SIGHUP; cursors naming older versions load them. */
  source?: SeedSource;
  /** How often the store's pointer is read, in milliseconds (default 30 s; 0: only on SIGHUP). */
  pollMs?: number;
  /** The replica's name in logs and metrics. */
  replica?: string;
  /** With a token: GET /metrics (Prometheus text) answers requests bearing it. */
  metricsToken?: string;
  /** Rate limits per key; `redisUrl` shares the counts across replicas. */
  rateLimit?: { default: RateLimit | null; redisUrl?: string };
  host: string;
  port: number;
  keys: KeyRing;
  /** Re-reads the API keys on SIGHUP (CATALOG_API_KEYS_FILE); throws to keep the current keys. */
  reloadKeys?: () => Promise<Buffer[]>;
  cursorSecret: Buffer | string;
  /** How long replaced snapshots are kept, in milliseconds. */
  retentionMs?: number;
  /** Folder of past seed files the changes feed can start from (read at start and on SIGHUP). */
  historyDir?: string;
  /** Log level (default info) and where the JSON lines go (default stdout). */
  logLevel?: string;
  logStream?: { write(line: string): unknown };
  /** Where SIGHUP, SIGTERM and SIGINT come from (default the process; tests pass an EventEmitter). */
  signals?: EventEmitter;
  /** How long in-flight requests may take to finish after SIGTERM before their connections are cut. */
  drainTimeoutMs?: number;
  /**
   * After SIGTERM, how long the service keeps accepting connections and serving API requests while /readyz answers
   * 503, so that a load balancer sees it leave before its port closes (default 0; catalog serve's --drain-delay).
   */
  drainDelayMs?: number;
}

/** A listening service. */
export interface RunningService {
  app: FastifyInstance;
  store: SnapshotStore;
  /** http://host:port of the listening socket. */
  url: string;
  /** Re-reads the seed file (and the keys file); what SIGHUP does. */
  reload(): Promise<ReloadResult>;
  /**
   * Stops accepting connections, lets in-flight requests finish, then resolves; what SIGTERM does after its drain
   * delay, and SIGINT at once. With `delayMs`, answers /readyz 503 and goes on serving for that long first.
   */
  close(delayMs?: number): Promise<void>;
  /** Resolves once the service has stopped, whoever stopped it. */
  closed: Promise<void>;
}

function urlOf(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '[::1]' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Makes the server's close graceful for responses still being written. Node's server.close() destroys the
 * "idle" connections, and a connection counts as idle as soon as its response has ended, even when the end of
 * the body is still queued in the socket: a client reading slowly then gets a cut body. Here an idle connection is
 * ended instead (the queued bytes go out, then FIN), a connection busy with a request is ended when its response
 * finishes, and a connection that has not sent a request yet gets a second to send one.
 */
export function drainGracefully(server: Server): { closing(): void } {
  const sockets = new Set<Socket>();
  const busy = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  // Before fastify's listener, so that the response cannot have finished yet.
  server.prependListener('request', (req, res) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      busy.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  server.closeIdleConnections = () => {
    for (const socket of sockets) {
      const requests = busy.get(socket);
      if (requests === 0) socket.end();
      else if (requests === undefined) {
        // Connected but no request yet: it may be on its way; a request that comes is answered with Connection: close.
        setTimeout(() => {
          if (!busy.get(socket)) socket.end();
        }, 1000).unref();
      }
    }
  };
  return {
    closing() {
      closing = true;
    },
  };
}

/**
 * Counts and logs the failures of the rate limits' Redis (requests are let through meanwhile: fail open), at most one
 * line every 10 s, and says when it is back.
 */
function watchRedis(app: FastifyInstance, redis: any, metrics: ServiceMetrics | undefined, repeated: ReturnType<typeof repeatedErrorLog>): void {
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

/**
 * Loads the seed, listens, and wires the signals: SIGHUP reloads, SIGTERM and SIGINT drain and stop (a second one
 * cuts the remaining connections). Throws SeedError when the seed cannot be served, and listen errors as they are.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { store, loadVersion } = await openStore(options);
  const history = new VersionHistory();
  const readHistory = async () => (options.historyDir ? history.loadFolder(options.historyDir) : undefined);
  const historyRead = await readHistory();
  const { metrics, redis } = await optionalServices(options);
  const source = options.source;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const readiness = new Readiness(source ? pollMs : 0, () => store.current.version);
  const app = await buildApp(store, {
    history,
    keys: options.keys,
    cursorSecret: options.cursorSecret,
    logger: { level: options.logLevel ?? 'info', stream: options.logStream, ...(options.replica !== undefined ? { replica: options.replica } : {}) },
    readiness: () => readiness.reason(),
    metrics,
    rateLimit: options.rateLimit ? { default: options.rateLimit.default, redis } : undefined,
  });
  // Errors that repeat while Redis or the seed store is away: one line per error and 10 s, with the count left out.
  const repeated = repeatedErrorLog();
  if (redis) watchRedis(app, redis, metrics, repeated);
  watchStoreLoads(app, store, readiness, metrics, repeated);
  const drain = drainGracefully(app.server);
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (err) {
    await app.close().catch(() => {});
    redis?.disconnect();
    throw err;
  }
  const url = urlOf(app.server.address() as AddressInfo);
  readiness.started();
  const current = store.current;
  app.log.info({ event: 'started', url, version: current.version, counts: current.counts }, 'serving the seed');
  if (historyRead)
    app.log.info({ event: 'history', versions: historyRead.loaded.length, rejected: historyRead.rejected }, 'past seeds read for the changes feed');

  const { reload, reloadSeed } = reloaders({ app, store, options, readiness, metrics, repeated, readHistory, loadVersion });
  const pruner = setInterval(() => store.prune(), Math.min(options.retentionMs ?? 3_600_000, 3_600_000));
  pruner.unref();
  const poller = source && pollMs > 0 ? setInterval(() => void reloadSeed(), pollMs) : undefined;
  poller?.unref();

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
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
    }, options.drainTimeoutMs ?? 10_000);
    force.unref();
    closing = app.close().then(() => {
      clearTimeout(force);
      clearInterval(pruner);
      redis?.disconnect();
      unwire();
      resolveClosed();
    });
    return closing;
  }
  const unwire = wireSignals(options.signals ?? process, reload, (signal) => close(signal === 'SIGTERM' ? (options.drainDelayMs ?? 0) : 0));
  return { app, store, url, reload, close, closed };
}

/** The snapshots the service serves: from the seed store (and its older versions, loaded for cursors), or a seed file. */
async function openStore(options: ServiceOptions): Promise<{ store: SnapshotStore; loadVersion: (version: string) => Promise<Snapshot> }> {
  const { retentionMs, source } = options;
  const loadVersion = async (version: string) => snapshotOfText(await source!.versionText(version));
  if (source) return { store: new SnapshotStore(await loadVersion(await source.pointer()), { retentionMs, loader: loadVersion }), loadVersion };
  if (!options.seedPath) throw new SeedError('no seed file and no seed store given');
  return { store: await SnapshotStore.fromFile(options.seedPath, { retentionMs }), loadVersion };
}

/** The metrics (with a metrics token) and the Redis connection of shared rate limits (with a Redis URL), loaded only then. */
async function optionalServices(options: ServiceOptions): Promise<{ metrics?: ServiceMetrics; redis?: any }> {
  let metrics: ServiceMetrics | undefined;
  if (options.metricsToken) {
    const { ServiceMetrics } = await import('./metrics.js');
    metrics = new ServiceMetrics(options.metricsToken, { replica: options.replica ?? 'catalog' });
  }
  let redis: any;
  if (options.rateLimit?.redisUrl) {
    const { Redis } = await import('ioredis');
    // Fail fast and never queue: a request must not wait for a Redis that is away (fail open).
    redis = new Redis(options.rateLimit.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: 500,
      lazyConnect: false,
    });
  }
  return { metrics, redis };
}

/** Tells readiness, the metrics and the log about each older version loaded from the store for a cursor. */
function watchStoreLoads(
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

interface ReloadContext {
  app: FastifyInstance;
  store: SnapshotStore;
  options: ServiceOptions;
  readiness: Readiness;
  metrics: ServiceMetrics | undefined;
  repeated: ReturnType<typeof repeatedErrorLog>;
  readHistory: () => Promise<unknown>;
  loadVersion: (version: string) => Promise<Snapshot>;
}

/** What SIGHUP runs (past seeds, keys, then the seed) and what the store's poll runs (the seed only). */
function reloaders({ app, store, options, readiness, metrics, repeated, readHistory, loadVersion }: ReloadContext): {
  reload: () => Promise<ReloadResult>;
  reloadSeed: () => Promise<ReloadResult>;
} {
  const source = options.source;
  async function reloadSeed(): Promise<ReloadResult> {
    if (source) readiness.reading();
    const result = source ? await store.follow(() => source.pointer(), loadVersion) : await store.reload(options.seedPath!);
    if (source) readiness.read(result);
    metrics?.reloads.inc({ outcome: result.status });
    if (result.status === 'unchanged' && source) return result;
    if (result.status === 'rejected')
      repeated(`reload-rejected\n${result.reason}`, (leftOut) =>
        app.log.warn(
          { event: 'reload-rejected', reason: result.reason, version: result.version, unreadable: result.unreadable, ...(leftOut ? { leftOut } : {}) },
          'seed rejected; still serving the current snapshot',
        ),
      );
    else app.log.info({ event: 'reload', ...result }, result.status === 'replaced' ? 'seed reloaded' : 'seed unchanged');
    return result;
  }
  async function reload(): Promise<ReloadResult> {
    const read = (await readHistory()) as { rejected: string[] } | undefined;
    if (read?.rejected.length) app.log.warn({ event: 'history-rejected', rejected: read.rejected }, 'past seeds skipped');
    if (options.reloadKeys) {
      try {
        const digests = await options.reloadKeys();
        // Never an empty ring: it would answer 401 to every client.
        if (digests.length === 0) throw new Error('the keys file holds no key');
        options.keys.replace(digests);
        app.log.info({ event: 'keys-reloaded', keys: digests.length }, 'API keys reloaded');
      } catch (err) {
        app.log.warn({ event: 'keys-rejected', reason: (err as Error).message }, 'API keys file rejected; the current keys stay active');
      }
    }
    return reloadSeed();
  }
  return { reload, reloadSeed };
}

/** SIGHUP reloads, SIGTERM and SIGINT stop; returns what takes the handlers off again. */
function wireSignals(
  signals: NonNullable<ServiceOptions['signals']>,
  reload: () => Promise<unknown>,
  close: (signal: 'SIGTERM' | 'SIGINT') => Promise<void>,
): () => void {
  const onHup = () => void reload();
  const onTerm = () => void close('SIGTERM');
  const onInt = () => void close('SIGINT');
  signals.on('SIGHUP', onHup);
  signals.on('SIGTERM', onTerm);
  signals.on('SIGINT', onInt);
  return () => {
    signals.off('SIGHUP', onHup);
    signals.off('SIGTERM', onTerm);
    signals.off('SIGINT', onInt);
  };
}
