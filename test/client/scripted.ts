/** The SDK against a scripted fetch: each call answered by the next answer (the last one again once they run out). */
import { CatalogClient } from '../../packages/client/src/index.js';

/** One scripted answer of the fetch. */
export type Answer = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * A client whose fetch plays `answers`, with the calls it made and the waits it asked for (sleep records them: no
 * test waits), jitter fixed at the middle and a 50 ms timeout unless `options` says otherwise.
 */
export function scriptedClient(answers: Answer[], options: Partial<ConstructorParameters<typeof CatalogClient>[0]> & { apiKey: string }) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const waits: number[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answers[Math.min(calls.length - 1, answers.length - 1)](url, init);
  }) as unknown as typeof globalThis.fetch;
  const client = new CatalogClient({
    baseUrl: 'http://catalog.test',
    fetch,
    random: () => 0.5,
    sleep: async (ms) => void waits.push(ms),
    timeoutMs: 50,
    ...options,
  });
  return { client, calls, waits };
}

/** An answer with a JSON body. */
export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
