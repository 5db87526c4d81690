import { createHash } from 'node:crypto';

/** What fetching a source page gave: an answer (its status, final address and text hash) or why there was none. */
export type PageFetch = { kind: 'answer'; status: number; finalUrl: string; textHash: string; truncated: boolean } | { kind: 'unreachable'; reason: string };

/** How a page is fetched: the limits that keep one slow or huge page from holding up the run. */
export interface FetchOptions {
  /** Milliseconds for the whole exchange (connect, redirects, body). */
  timeoutMs: number;
  /** Bytes of the body read at most; the text hash is of what was read, and the answer says it was cut. */
  maxBytes: number;
  userAgent: string;
  /** The fetch to use (tests pass none: node's own). */
  fetch?: typeof fetch;
}

/**
 * The text of an HTML page as a reader sees it, for hashing: comments, scripts, styles and templates dropped, tags
 * dropped, the few entities that vary between renderings decoded, white space collapsed. A page whose scripts carry a
 * fresh nonce or whose markup is re-indented hashes the same; a page whose words change does not. Not a renderer: the
 * hash only has to be stable for the same words, and different for different ones.
 */
export function pageText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The hash recorded in the lock: sha256 of the page's text (pageText), hex. */
export function textHash(html: string): string {
  return `sha256:${createHash('sha256').update(pageText(html)).digest('hex')}`;
}

/** Reads at most `maxBytes` of a body, then stops the download: a huge page costs that much and no more. */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  if (!body) return { text: '', truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    chunks.push(value.byteLength > room ? value.subarray(0, room) : value);
    size += Math.min(value.byteLength, room);
    if (value.byteLength >= room) {
      truncated = value.byteLength > room || !(await reader.read()).done;
      if (truncated) await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), truncated };
}

/** Why a fetch failed, in words: the cause's code (ENOTFOUND, ECONNREFUSED, a certificate error) when it has one. */
function failure(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return `the host's name does not resolve (${cause.code})`;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Fetches one page as a browser would (redirects followed), within the time and size limits. A page that answers, with
 * any status, is an answer; no answer at all (DNS, refused connection, TLS, timeout) is `unreachable`, which says
 * nothing of the page itself.
 */
export async function fetchPage(url: string, options: FetchOptions): Promise<PageFetch> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      redirect: 'follow',
      signal,
      headers: { 'user-agent': options.userAgent, accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.8' },
    });
    const { text, truncated } = await readCapped(response.body, options.maxBytes);
    return { kind: 'answer', status: response.status, finalUrl: response.url || url, textHash: textHash(text), truncated };
  } catch (err) {
    return { kind: 'unreachable', reason: failure(err, options.timeoutMs) };
  }
}
