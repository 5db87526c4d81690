import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { KeyRing, RateLimit } from '../access/auth.js';
import type { SeedSource } from './seed-source.js';
import type { ReloadResult, SnapshotStore } from './store.js';

/** What startService takes: the seed (file or store), the address, the keys, the limits, the signals. */
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
