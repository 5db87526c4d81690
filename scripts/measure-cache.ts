/**
 * node --expose-gc --import tsx scripts/measure-cache.ts [--count 4000] [--rails 10000] [--json]
 *
 * What one page cache entry really holds, against what the cache counts (ENTRY_OVERHEAD, BUFFER_OVERHEAD and the
 * rest of src/service/representation/: bounded-cache.ts, representation.ts and response-cache.ts): the service (buildApp) on a generated seed of 10,000 rails is
 * asked distinct queries of each kind (empty pages; small pages; pages of 1 KB and more, in br or gzip), every answer
 * kept in the cache, in two rounds of `count`; the heap, external memory and RSS after a full garbage collection,
 * before and after the second round, divided by the entries it added, beside the bytes the cache counted for them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Seed } from '../src/generated/types.js';
import { buildApp } from '../src/service/app.js';
import { digestOf, KeyRing } from '../src/service/access/auth.js';
import type { ServiceMetrics } from '../src/service/operations/metrics.js';
import type { ResponseCache } from '../src/service/representation/response-cache.js';
import { snapshotOf } from '../src/service/representation/snapshot.js';
import { SnapshotStore } from '../src/service/operations/store.js';
import { growSeed } from '../src/service/operations/synthetic.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEY = 'measure-key-0123456789abcdef';

function letters(n: number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out += String.fromCharCode(65 + (n % 26));
    n = Math.floor(n / 26);
  }
  return out;
}

function settled(): NodeJS.MemoryUsage {
  const gc = globalThis.gc;
  if (!gc) throw new Error('run with node --expose-gc --import tsx scripts/measure-cache.ts');
  // Several: V8 flushes the bytecode of functions left unused (start-up code) only after a few full collections.
  for (let i = 0; i < 10; i++) gc();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '4000' }, rails: { type: 'string', default: '10000' }, json: { type: 'boolean', default: false } },
  });
  const count = Number(values.count);
  const results: Array<{ kind: string; entries: number; heap: number; external: number; rss: number; counted: number }> = [];
  const seedPath = path.join(ROOT, 'dist/seed.json');
  if (!existsSync(seedPath)) throw new Error('dist/seed.json is missing: run npm run build first');
  const seed = growSeed(JSON.parse(readFileSync(seedPath, 'utf8')) as Seed, Number(values.rails));
  let responses: ResponseCache | undefined;
  // The cache, as /metrics reads it; large enough to keep every page of the run.
  const metrics = { observe: (_store: unknown, cache: ResponseCache) => void (responses = cache) } as unknown as ServiceMetrics;
  const app = await buildApp(new SnapshotStore(snapshotOf(seed)), {
    keys: new KeyRing([digestOf(KEY)]),
    cursorSecret: 'measure-cursor-secret-0123456789abcdef',
    logger: false,
    pageCacheBytes: 2 ** 31,
    pageCacheEntries: 10_000_000,
    rateLimit: { default: null },
    metrics,
  });
  if (!responses) throw new Error('buildApp did not hand its page cache to the metrics');
  // Over HTTP, as clients ask: app.inject keeps objects of its own for every request.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const get = async (url: string, encoding?: string) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${KEY}`, 'accept-encoding': encoding ?? 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, text: encoding ? '' : body.toString('utf8') };
  };
  const countries = [...new Set(seed.rails.flatMap((r) => r.countries))];
  let cursor: string | null = null;
  const kinds: Array<[string, (n: number) => { url: string; encoding?: string }]> = [
    ['empty page', (n) => ({ url: `/api/v1/rails?country=${letters(n % 676, 2)}&currency=${letters(Math.floor(n / 676) % 17576, 3)}` })],
    // One rail, a different one each time (following next_cursor): under 1 KB, never compressed.
    ['page of one rail (under 1 KB)', () => ({ url: `/api/v1/rails?limit=1${cursor ? `&cursor=${cursor}` : ''}` })],
    [
      'pages of 2 to 100 rails, br or gzip',
      (n) => {
        const phase = ['', '&phase=live', '&phase=beta', '&phase=planned', '&phase=never'][Math.floor(n / 99 / countries.length) % 5];
        return {
          url: `/api/v1/rails?limit=${2 + (n % 99)}&country=${countries[Math.floor(n / 99) % countries.length]}${phase}`,
          encoding: ['br', 'gzip'][n % 2],
        };
      },
    ],
  ];
  if (!values.json)
    console.log(
      `page cache entries, node ${process.version}, ${count.toLocaleString('en')} distinct queries of each kind (${seed.rails.length.toLocaleString('en')}-rail seed)`,
    );
  let n = 0;
  // A first pass, not measured: the heap shrinks by about 30 MB during the first thousands of requests (start-up
  // leftovers), which would read as entries costing less than nothing.
  for (let i = 0; i < count; i++) await get(kinds[0][1](n++).url);
  for (const [label, query] of kinds) {
    const walk = label.startsWith('page of one rail');
    for (let i = 0; i < 500; i++) {
      const res = await get(query(n++).url);
      if (walk) cursor = (JSON.parse(res.text) as { next_cursor: string | null }).next_cursor;
    }
    // Two rounds of `count` queries: the second one's growth is what entries cost, without what the first round
    // compiled or sized once (code, inline caches, tables that grow by doubling and stay).
    let before = settled();
    let heldBefore = responses.heldBytes;
    let sizeBefore = responses.size;
    let after = before;
    for (let round = 0; round < 2; round++) {
      if (round === 1) [before, heldBefore, sizeBefore] = [after, responses.heldBytes, responses.size];
      for (let i = 0; i < count; i++) {
        const { url, encoding } = query(n++);
        const res = await get(url, encoding);
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
        if (walk) cursor = (JSON.parse(res.text) as { next_cursor: string | null }).next_cursor;
      }
      after = settled();
    }
    const added = responses.size - sizeBefore;
    const per = (bytes: number) => (bytes / added).toFixed(0).padStart(6);
    results.push({
      kind: label,
      entries: added,
      heap: (after.heapUsed - before.heapUsed) / added,
      external: (after.external - before.external) / added,
      rss: (after.rss - before.rss) / added,
      counted: (responses.heldBytes - heldBefore) / added,
    });
    const line = `${label.padEnd(36)} ${added.toLocaleString('en').padStart(7)} entries; per entry: heap ${per(after.heapUsed - before.heapUsed)}, external ${per(after.external - before.external)}, `;
    if (!values.json) console.log(`${line}RSS ${per(after.rss - before.rss)}; counted ${per(responses.heldBytes - heldBefore)}`);
  }
  await app.close();
  if (values.json) console.log(JSON.stringify(results));
}

await main();
