import type { FastifyInstance } from 'fastify';
import type { RateLimit, KeyRing } from './access/auth.js';
import type { ServiceMetrics } from './operations/metrics.js';
import type { VersionHistory } from './resources/history.js';

/** What buildApp takes: the keys, the cursor secret, the logger, the caches, readiness, metrics and rate limits. */
export interface AppOptions {
  /** The active API keys. */
  keys: KeyRing;
  /** Secret signing the cursors; replicas behind one load balancer must share it. */
  cursorSecret: Buffer | string;
  /** false: no logs. Otherwise JSON lines (pino) at `level` (default info) to `stream` (default stdout). */
  logger?: false | { level?: string; stream?: { write(line: string): unknown }; replica?: string };
  /** Bytes of rendered responses kept, counting keys and bookkeeping (default 32 MiB); 0 turns the cache off. */
  pageCacheBytes?: number;
  /** Rendered responses kept at most (default 10,000). */
  pageCacheEntries?: number;
  /** false: cached responses are never compressed (default true: br and gzip, negotiated, made once per response). */
  compression?: boolean;
  /** The catalog versions the changes feed can start from (default: the versions this app serves, 64 at most). */
  history?: VersionHistory;
  /** Why the service should not get traffic now (GET /readyz: 503 with it), or null when it should (200); default always ready. */
  readiness?: () => string | null;
  /** Prometheus metrics, served at GET /metrics to the metrics token only (src/service/metrics.ts, loaded by serve). */
  metrics?: ServiceMetrics;
  /**
   * Rate limits per API key (the keys file may give a key its own, KeyRing.limits): `default` for the others (null:
   * none). With `redis` (an ioredis client) the counts are shared by every replica using it; when Redis fails,
   * requests are let through (fail open; operations/watchers.ts counts and logs the failures).
   */
  rateLimit?: { default: RateLimit | null; redis?: unknown };
  /** Runs before the routes are registered (plugins whose hooks must see every route, such as @fastify/compress in the benchmark). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void> | void;
}
