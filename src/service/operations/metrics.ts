import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ResponseCache } from '../representation/response-cache.js';
import type { SnapshotStore } from './store.js';

/**
 * The service's Prometheus metrics (prom-client). Loaded only by `catalog serve` (server.ts imports this module
 * dynamically when CATALOG_METRICS_TOKEN is set): validate, build and the tests of the API do not pay for it.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'route' | 'method' | 'status'>;
  readonly latency: Histogram<'route' | 'method'>;
  readonly reloads: Counter<'outcome'>;
  readonly rateLimited: Counter<never>;
  readonly rateLimitStoreErrors: Counter<never>;
  readonly versionsLoaded: Counter<'outcome'>;
  private readonly token: Buffer;

  constructor(token: string, options: { replica: string }) {
    this.token = createHash('sha256').update(token).digest();
    this.registry.setDefaultLabels({ replica: options.replica });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'catalog_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'catalog_http_request_duration_seconds',
      help: 'Time from request to response, by route pattern and method',
      labelNames: ['route', 'method'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.reloads = new Counter({
      name: 'catalog_seed_reloads_total',
      help: 'Seed reloads (SIGHUP, store polls) by outcome: replaced, unchanged, rejected',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    this.rateLimited = new Counter({ name: 'catalog_rate_limited_total', help: 'Requests refused 429 rate_limited', registers: [this.registry] });
    this.rateLimitStoreErrors = new Counter({
      name: 'catalog_rate_limit_store_errors_total',
      help: 'Errors of the shared rate-limit store (Redis); requests are let through (fail open)',
      registers: [this.registry],
    });
    this.versionsLoaded = new Counter({
      name: 'catalog_seed_versions_loaded_total',
      help: 'Older seed versions loaded on demand from the store for a cursor, by outcome (ok; failed: not in the store; unavailable: the store could not be read)',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
  }

  /** Gauges read when scraped: the version served, snapshots held, page cache. */
  observe(store: SnapshotStore, responses: ResponseCache): void {
    const registers = [this.registry];
    new Gauge({
      name: 'catalog_seed_info',
      help: 'The seed version served (label version; value 1)',
      labelNames: ['version'],
      registers,
      collect() {
        this.reset();
        this.set({ version: store.current.version }, 1);
      },
    });
    new Gauge({
      name: 'catalog_snapshots_held',
      help: 'Snapshots in memory: the current one plus those retained for runs started on them',
      registers,
      collect() {
        this.set(1 + store.retainedVersions().length);
      },
    });
    new Gauge({
      name: 'catalog_page_cache_entries',
      help: 'Rendered responses held in the page cache',
      registers,
      collect() {
        this.set(responses.size);
      },
    });
    new Gauge({
      name: 'catalog_page_cache_bytes',
      help: 'Bytes held by the page cache (bodies, compressed variants, keys, bookkeeping)',
      registers,
      collect() {
        this.set(responses.heldBytes);
      },
    });
    new Gauge({
      name: 'catalog_page_cache_hits',
      help: 'Page cache lookups answered from the cache since start',
      registers,
      collect() {
        this.set(responses.hits);
      },
    });
    new Gauge({
      name: 'catalog_page_cache_misses',
      help: 'Page cache lookups that rendered since start',
      registers,
      collect() {
        this.set(responses.misses);
      },
    });
    new Gauge({
      name: 'catalog_page_cache_hit_ratio',
      help: 'Hits / (hits + misses) of the page cache since start',
      registers,
      collect() {
        const total = responses.hits + responses.misses;
        this.set(total === 0 ? 0 : responses.hits / total);
      },
    });
  }

  /** Whether an Authorization header carries the metrics token (compared in constant time). */
  authorized(header: string | undefined): boolean {
    const m = /^Bearer +(\S+)$/i.exec(header?.trim() ?? '');
    if (!m) return false;
    return timingSafeEqual(createHash('sha256').update(m[1]).digest(), this.token);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
