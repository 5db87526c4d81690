import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.js';
import { VersionHistory } from '../resources/history.js';
import { SnapshotStore } from './store.js';
import { SeedError, snapshotOfText, type Snapshot } from '../representation/snapshot.js';
import { drainGracefully } from './drain.js';
import type { ServiceMetrics } from './metrics.js';
import { repeatedErrorLog } from './log.js';
import { Readiness } from './readiness.js';
import { reloaders, wireSignals } from './reload.js';
import { stopper } from './stop.js';
import type { RunningService, ServiceOptions } from './service-options.js';
import { watchRedis, watchStoreLoads } from './watchers.js';

/** Default interval between two reads of the store's pointer. */
const DEFAULT_POLL_MS = 30_000;
export type { RunningService, ServiceOptions } from './service-options.js';
export { drainGracefully } from './drain.js';

function urlOf(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '[::1]' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
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
  let unwire = () => {};
  const close = stopper({ app, readiness, drain, poller, pruner, redis, drainTimeoutMs: options.drainTimeoutMs }, () => {
    unwire();
    resolveClosed();
  });
  unwire = wireSignals(options.signals ?? process, reload, (signal) => close(signal === 'SIGTERM' ? (options.drainDelayMs ?? 0) : 0));
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
