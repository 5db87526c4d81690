import { CatalogApiError, CatalogConnectionError, errorFor } from './errors.js';
import type { Asset, BeneficiaryCheck, Catalog, ChangeEntry, Country, Rail } from './types.gen.js';

/** Options of a client. */
export interface ClientOptions {
  /** Where the service is: https://catalog.example.com (no path after the host, or the prefix the service is under). */
  baseUrl: string;
  /** The API key, sent as "Authorization: Bearer <key>" only, never in a URL. */
  apiKey: string;
  /** Milliseconds one attempt may take before it is abandoned (default 10,000). */
  timeoutMs?: number;
  /** Attempts after the first one on 429, 502, 503 and network errors (default 3). Other errors are never retried. */
  maxRetries?: number;
  /** First backoff in milliseconds (default 250), doubled per attempt, with full jitter; capped by maxDelayMs. */
  baseDelayMs?: number;
  /** Longest wait between attempts, Retry-After included (default 30,000). */
  maxDelayMs?: number;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** Random numbers for the jitter (tests); default Math.random. */
  random?: () => number;
  /** How to wait (tests); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

/** Filters of GET /api/v1/rails. */
export interface RailFilters {
  country?: string;
  currency?: string;
  phase?: Rail['phase'];
  /** Page size (1 to 100). */
  limit?: number;
}
/** Filters of GET /api/v1/assets. */
export interface AssetFilters {
  network?: string;
  limit?: number;
}
/** Filters of GET /api/v1/countries. */
export interface CountryFilters {
  status?: Country['status'];
  limit?: number;
}

/** One page of a list, as the service sent it. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  /** Catalog-Version of the page: every page of one run has the same. */
  version: string | undefined;
}

/**
 * A list run: `for await (const item of run)` yields every item of every page, following next_cursor only (never a
 * short page as an end signal); `run.pages()` yields the pages.
 */
export interface ListRun<T> extends AsyncIterable<T> {
  pages(): AsyncGenerator<Page<T>>;
}

/** The whole catalog with the ETag it came with, for revalidation. */
export interface CatalogSnapshot {
  catalog: Catalog;
  /** ETag of the response: send it back in If-None-Match. */
  etag: string;
  version: string;
}

/** The changes from a version to the current one. */
export interface ChangesSince {
  from: string;
  /** The version the changes lead to (Catalog-Version). */
  to: string;
  changes: ChangeEntry[];
}

const RETRIED = new Set([429, 502, 503]);

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^[0-9]+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A client of the Reference Catalog Service. */
export class CatalogClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  readonly rails = {
    /** Every rail matching the filters, page after page. */
    list: (filters: RailFilters = {}): ListRun<Rail> => this.listRun<Rail>('/api/v1/rails', filters as Record<string, unknown>),
    /** One rail by id (NotFoundError when there is none). */
    get: (id: string): Promise<Rail> => this.getJson<Rail>(`/api/v1/rails/${encodeURIComponent(id)}`),
    /**
     * The authoritative beneficiary check of the service (RailClosedError on a closed rail). The values are sent in
     * the body only; the service neither logs nor caches them.
     */
    checkBeneficiary: async (id: string, values: Record<string, unknown>): Promise<BeneficiaryCheck> =>
      (await this.request('POST', `/api/v1/rails/${encodeURIComponent(id)}/beneficiary-checks`, { body: { values } })).body as BeneficiaryCheck,
  };

  readonly assets = {
    list: (filters: AssetFilters = {}): ListRun<Asset> => this.listRun<Asset>('/api/v1/assets', filters as Record<string, unknown>),
    get: (id: string): Promise<Asset> => this.getJson<Asset>(`/api/v1/assets/${encodeURIComponent(id)}`),
  };

  readonly countries = {
    list: (filters: CountryFilters = {}): ListRun<Country> => this.listRun<Country>('/api/v1/countries', filters as Record<string, unknown>),
    get: (code: string): Promise<Country> => this.getJson<Country>(`/api/v1/countries/${encodeURIComponent(code)}`),
  };

  readonly catalog = {
    /**
     * The whole catalog. With the ETag of a copy you hold, answers null when it has not changed (304): nothing is
     * downloaded again.
     */
    snapshot: async (options: { etag?: string } = {}): Promise<CatalogSnapshot | null> => {
      const answer = await this.request('GET', '/api/v1/catalog', { ifNoneMatch: options.etag });
      if (answer.status === 304) return null;
      const catalog = answer.body as Catalog;
      return { catalog, etag: answer.headers.get('etag') ?? `"${catalog.meta.version}"`, version: catalog.meta.version };
    },
  };

  readonly changes = {
    /** Every change from `version` to the current catalog (VersionGoneError: do a full refresh). */
    since: async (version: string, options: { limit?: number } = {}): Promise<ChangesSince> => {
      const changes: ChangeEntry[] = [];
      let to: string | undefined;
      for await (const page of this.listRun<ChangeEntry>('/api/v1/changes', { since: version, limit: options.limit }).pages()) {
        changes.push(...page.data);
        to ??= page.version;
      }
      return { from: version, to: to ?? version, changes };
    },
  };

  constructor(options: ClientOptions) {
    if (!options || typeof options.apiKey !== 'string' || options.apiKey === '') throw new TypeError('CatalogClient needs an apiKey');
    if (typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl))
      throw new TypeError('CatalogClient needs a baseUrl starting with http:// or https://');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== 'function') throw new TypeError('no fetch: pass options.fetch (Node 18+ and browsers have one)');
    this.fetchImpl = f;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private listRun<T>(path: string, filters: Record<string, unknown>): ListRun<T> {
    const pages = async function* (this: CatalogClient): AsyncGenerator<Page<T>> {
      let cursor: string | null = null;
      do {
        const query: Record<string, unknown> = { ...filters, cursor: cursor ?? undefined };
        const answer = await this.request('GET', path, { query });
        const page = answer.body as { data: T[]; next_cursor: string | null };
        yield { data: page.data, next_cursor: page.next_cursor, version: answer.headers.get('catalog-version') ?? undefined };
        cursor = page.next_cursor;
      } while (cursor !== null);
    }.bind(this);
    return {
      pages,
      async *[Symbol.asyncIterator]() {
        for await (const page of pages()) yield* page.data;
      },
    };
  }

  private async getJson<T>(path: string): Promise<T> {
    return (await this.request('GET', path)).body as T;
  }

  /** Backoff before attempt `attempt` (1-based): full jitter over base·2^(attempt-1), or Retry-After when given. */
  private delay(attempt: number, retryAfter: number | undefined): number {
    if (retryAfter !== undefined) return Math.min(retryAfter, this.maxDelayMs);
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
    return Math.floor(this.random() * ceiling);
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, unknown>; body?: unknown; ifNoneMatch?: string } = {},
  ): Promise<Answer> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined && value !== null) params.set(name, String(value));
    const url = `${this.baseUrl}${path}${params.size ? `?${params}` : ''}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
    // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined too
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.timeoutMs);
      try {
        response = await this.fetchImpl(url, { method, headers, body, signal: controller.signal });
      } catch (err) {
        clearTimeout(timer);
        const timedOut = controller.signal.aborted;
        if (attempt < this.maxRetries) {
          await this.sleep(this.delay(attempt + 1, undefined));
          continue;
        }
        // The URL holds no key (the key is in a header): it is safe in a message.
        throw new CatalogConnectionError(
          timedOut
            ? `${method} ${path}: no answer within ${this.timeoutMs} ms (${attempt + 1} attempts)`
            : `${method} ${path}: the service cannot be reached (${attempt + 1} attempts): ${(err as Error)?.message ?? err}`,
          timedOut,
        );
      }
      try {
        if (response.status === 304) return { status: 304, headers: response.headers, body: undefined };
        const text = await response.text();
        if (response.ok) return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
        const retryAfter = retryAfterMs(response.headers.get('retry-after'));
        if (RETRIED.has(response.status) && attempt < this.maxRetries) {
          await this.sleep(this.delay(attempt + 1, retryAfter));
          continue;
        }
        let code = 'http_error';
        let message = `${method} ${path}: HTTP ${response.status}`;
        let param: string | undefined;
        try {
          // Stryker disable next-line OptionalChaining: a body of null then throws here, and the catch below ignores it the same
          const error = JSON.parse(text)?.error;
          if (error && typeof error.code === 'string') {
            code = error.code;
            message = typeof error.message === 'string' ? error.message : message;
            param = typeof error.param === 'string' ? error.param : undefined;
          }
        } catch {
          // Not the service's error body (a proxy's page): the status says enough.
        }
        throw errorFor(
          response.status,
          code,
          message.split(this.apiKey).join('[key]'),
          param,
          response.headers.get('x-request-id') ?? undefined,
          retryAfter === undefined ? undefined : retryAfter / 1000,
        );
      } catch (err) {
        if (err instanceof CatalogApiError) throw err;
        if (err instanceof SyntaxError) throw new CatalogConnectionError(`${method} ${path}: the answer is not JSON`, false);
        if (controller.signal.aborted && attempt < this.maxRetries) {
          await this.sleep(this.delay(attempt + 1, undefined));
          continue;
        }
        if (controller.signal.aborted) throw new CatalogConnectionError(`${method} ${path}: no answer within ${this.timeoutMs} ms`, true);
        throw err;
      } finally {
        clearTimeout(timer);
      }
    }
  }
}

/**
 * Keeps a copy of the whole catalog fresh: refresh() revalidates it with If-None-Match (a 304 costs no download) and
 * replaces it when the version changed. Call refresh() daily (the contract asks for at least daily), or use start().
 */
export class CatalogRefresher {
  private held: CatalogSnapshot | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly client: CatalogClient,
    /** A copy kept from an earlier run (its catalog and ETag), to revalidate instead of downloading. */
    initial?: CatalogSnapshot,
  ) {
    this.held = initial;
  }

  /** The catalog held, undefined before the first refresh. */
  get current(): CatalogSnapshot | undefined {
    return this.held;
  }

  /** Revalidates the copy; `changed` is false on a 304. */
  async refresh(): Promise<{ changed: boolean; snapshot: CatalogSnapshot }> {
    const fresh = await this.client.catalog.snapshot({ etag: this.held?.etag });
    if (fresh === null && this.held) return { changed: false, snapshot: this.held };
    if (fresh === null) throw new CatalogApiError('the service answered 304 to a request without a copy', 304, 'not_modified', undefined, undefined);
    const changed = this.held?.version !== fresh.version;
    this.held = fresh;
    return { changed, snapshot: fresh };
  }

  /** Refreshes now and then every `intervalMs` (default 24 h); errors go to onError and the copy is kept. */
  start(options: { intervalMs?: number; onUpdate?: (snapshot: CatalogSnapshot) => void; onError?: (err: unknown) => void } = {}): () => void {
    const run = () =>
      this.refresh().then(
        (r) => r.changed && options.onUpdate?.(r.snapshot),
        (err) => options.onError?.(err),
      );
    void run();
    this.timer = setInterval(run, options.intervalMs ?? 24 * 60 * 60 * 1000);
    (this.timer as { unref?: () => void }).unref?.();
    return () => clearInterval(this.timer);
  }
}
