import { fetchPage, type FetchOptions, type PageFetch } from './page.js';

/** What the lock remembers of a source page: how it answered when last checked. */
interface LockEntry {
  status: number;
  finalUrl: string;
  textHash: string;
  /** True when the page was longer than the bytes read: its hash is of the beginning. */
  truncated?: boolean;
  /** The day the page was last fetched with an answer (YYYY-MM-DD). */
  checked: string;
}

/** catalog/sources.lock.json: each cited address, sorted, with what it answered. */
export interface SourcesLock {
  version: 1;
  sources: Record<string, LockEntry>;
}

/** What became of a page since the lock: the findings that fail the check come first. */
export const OUTCOMES = ['broken', 'moved', 'changed', 'unreachable', 'new', 'unchanged'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The outcomes that make `catalog sources check` exit 1: the page a rail cites is not what it was. */
export const FAILING: ReadonlySet<Outcome> = new Set(['broken', 'moved', 'changed']);

/** One cited address, the rails that cite it, what the lock said and what the page answered now. */
export interface SourceResult {
  url: string;
  rails: string[];
  outcome: Outcome;
  /** In words, for the report: the status, where it moved, why it could not be reached. */
  detail: string;
  before?: LockEntry;
  now: PageFetch;
}

/** The judgement of one page against its lock entry. */
function judge(url: string, before: LockEntry | undefined, now: PageFetch): { outcome: Outcome; detail: string } {
  if (now.kind === 'unreachable') return { outcome: 'unreachable', detail: now.reason };
  const cut = now.truncated ? ' (page cut at the size limit)' : '';
  if (now.status >= 400) return { outcome: 'broken', detail: `HTTP ${now.status}${now.finalUrl !== url ? ` at ${now.finalUrl}` : ''}` };
  if (!before) return { outcome: 'new', detail: `HTTP ${now.status}, not in the lock yet${cut}` };
  if (now.finalUrl !== before.finalUrl) return { outcome: 'moved', detail: `now ends at ${now.finalUrl} (was ${before.finalUrl})` };
  if (now.textHash !== before.textHash) return { outcome: 'changed', detail: `its text changed since ${before.checked}${cut}` };
  return { outcome: 'unchanged', detail: `HTTP ${now.status}, same text as on ${before.checked}` };
}

/** Runs `task` on every item with at most `limit` under way at once; results in the items' order. */
async function mapPooled<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** How a run fetches: the fetch options and how many pages are fetched at once. */
export interface CheckOptions extends FetchOptions {
  concurrency: number;
}

/** Fetches every cited address (each once, whatever number of rails cite it) and judges it against the lock. */
export async function checkSources(cited: ReadonlyMap<string, string[]>, lock: SourcesLock | undefined, options: CheckOptions): Promise<SourceResult[]> {
  const urls = [...cited.keys()].sort();
  return mapPooled(urls, options.concurrency, async (url) => {
    const now = await fetchPage(url, options);
    const before = lock?.sources[url];
    return { url, rails: cited.get(url) ?? [], before, now, ...judge(url, before, now) };
  });
}

/**
 * The lock after a run with --update: every cited address that answered, as it answered on `today`; an address that
 * could not be reached keeps its last entry (no network says nothing of the page); an address no rail cites is dropped.
 */
export function updatedLock(results: readonly SourceResult[], today: string): SourcesLock {
  const sources: Record<string, LockEntry> = {};
  for (const r of results) {
    if (r.now.kind === 'answer') {
      const { status, finalUrl, textHash, truncated } = r.now;
      sources[r.url] = { status, finalUrl, textHash, ...(truncated ? { truncated } : {}), checked: today };
    } else if (r.before) sources[r.url] = r.before;
  }
  return { version: 1, sources };
}

/** Reads a lock's JSON text; a text that is not one is an error with what is wrong. */
export function parseLock(text: string, shown: string): SourcesLock {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`${shown} is not JSON (${(err as Error).message}): delete it and run catalog sources check --update to write it again`);
  }
  const sources = (value as { sources?: unknown })?.sources;
  if ((value as { version?: unknown })?.version !== 1 || !sources || typeof sources !== 'object' || Array.isArray(sources))
    throw new Error(`${shown} is not a sources lock ({ "version": 1, "sources": { … } }): delete it and run catalog sources check --update`);
  return value as SourcesLock;
}
