import type { FastifyInstance } from 'fastify';
import type { repeatedErrorLog } from './log.js';
import type { ServiceMetrics } from './metrics.js';
import type { Readiness } from './readiness.js';
import type { ServiceOptions } from './service-options.js';
import type { ReloadResult, SnapshotStore } from './store.js';
import type { Snapshot } from '../representation/snapshot.js';

/** What the reloaders need from the running service. */
export interface ReloadContext {
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
export function reloaders({ app, store, options, readiness, metrics, repeated, readHistory, loadVersion }: ReloadContext): {
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
export function wireSignals(
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
