/**
 * `catalog sources check` run as a user runs it, against a local HTTP server whose pages, between the run that wrote
 * the lock and the next one, moved, gave 404, changed, stayed the same (also with new scripts and white space),
 * answered too slowly, or are huge; and an address where nothing listens.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAIL_BR_PIX, writeCatalog } from '../helpers/catalog.js';
import { runCatalog } from '../helpers/cli.js';

/** Which side of the lock the server answers as: 'before' when the lock is written, 'after' for the check. */
let phase: 'before' | 'after' = 'before';
const agents = new Set<string>();
/** Requests by path: an address cited by two rails is fetched as often as one cited by one. */
const hits = new Map<string, number>();
let inFlight = 0;
let maxInFlight = 0;

const page = (body: string, script = '') =>
  `<!doctype html><html><head><script>${script}</script><style>p{color:red}</style></head><body>${body}</body></html>`;

/** Streams 40 MB of text as fast as the client reads it; the check reads 200 KB and hangs up. */
function huge(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.on('error', () => undefined);
  let sent = 0;
  const chunk = `<p>${'x'.repeat(65_000)}</p>`;
  const more = () => {
    while (sent < 40_000_000) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', more);
        return;
      }
    }
    res.end();
  };
  more();
}

/** The pages by path: what each answers before and after the lock was written (status, body), or a handler of its own. */
const PAGE_ANSWERS: Record<string, (res: ServerResponse) => [number, string] | undefined> = {
  '/same': () => [200, page('<p>The limit is 50,000 per transaction.</p>')],
  '/noisy': () =>
    phase === 'before' ? [200, page('<p>Limit:  5 lakh</p>', 'var nonce = 1;')] : [200, page('\n  <p>Limit:\n 5 lakh</p>\n', 'var nonce = 987654;')],
  '/changed': () => [200, page(phase === 'before' ? '<p>Cap: 3,000 ZAR</p>' : '<p>Cap: 50,000 ZAR</p>')],
  '/moved': (res) => {
    if (phase === 'before') return [200, page('<p>Here</p>')];
    res.writeHead(301, { location: '/elsewhere' }).end();
    return undefined;
  },
  '/elsewhere': () => [200, page('<p>Here</p>')],
  '/gone': () => (phase === 'before' ? [200, page('<p>Rulebook</p>')] : [404, page('<p>Not found</p>')]),
  '/slow': (res) => {
    if (phase === 'before') return [200, page('<p>Slow</p>')];
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page('<p>Slow</p>')), 4000);
    res.on('close', () => clearTimeout(timer));
    return undefined;
  },
  '/huge': (res) => {
    huge(res);
    return undefined;
  },
};

function answer(req: IncomingMessage, res: ServerResponse): void {
  const handler = PAGE_ANSWERS[req.url ?? '/'];
  const answered: [number, string] | undefined = handler ? handler(res) : [404, 'no such page'];
  if (answered) res.writeHead(answered[0], { 'content-type': 'text/html' }).end(answered[1]);
}

const server = createServer((req, res) => {
  agents.add(String(req.headers['user-agent']));
  hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  res.on('close', () => inFlight--);
  answer(req, res);
});
let base = '';
/** An address where nothing listens: a port that was free a moment ago. */
let refused = '';
let dir = '';

const PAGES = ['same', 'noisy', 'changed', 'moved', 'gone', 'slow', 'huge'];

/** Two rails citing the pages (BR-pix all of them, SE-x the page that stays the same, to show an address is fetched once). */
function railCiting(id: string, urls: string[]): string {
  const sources = urls.map((u, i) => `  - url: ${u}\n    title: Page ${i}\n    checked: "2026-10-01"\n`).join('');
  return `${RAIL_BR_PIX.slice(0, RAIL_BR_PIX.indexOf('sources:\n')).replace('id: BR-pix', `id: ${id}`)}sources:\n${sources}`;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  refused = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/nothing`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const urls = [...PAGES.map((p) => `${base}/${p}`), refused];
  dir = await writeCatalog({ 'rails/BR-pix.yaml': railCiting('BR-pix', urls), 'rails/SE-x.yaml': railCiting('SE-x', [`${base}/same`]) });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const check = (...flags: string[]) =>
  runCatalog(['sources', 'check', '--dir', '.', '--timeout', '2', '--max-bytes', '200000', '--concurrency', '2', '--today', '2026-11-28', ...flags], dir);
const lockOf = () => JSON.parse(readFileSync(path.join(dir, 'sources.lock.json'), 'utf8'));

describe('catalog sources check', () => {
  it('writes the lock with --update: every page that answered, sorted, and nothing for the address where nothing listens', async () => {
    phase = 'before';
    const { code, stdout } = await check('--update');
    expect(code, stdout).toBe(0);
    const lock = lockOf();
    expect(Object.keys(lock.sources)).toEqual(PAGES.map((p) => `${base}/${p}`).sort());
    expect(lock.sources[`${base}/same`]).toMatchObject({ status: 200, finalUrl: `${base}/same`, checked: '2026-11-28' });
    expect(lock.sources[`${base}/same`].textHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(lock.sources[`${base}/huge`].truncated).toBe(true);
    expect(stdout).toContain(`unreachable ${refused} (BR-pix): ECONNREFUSED`);
    // The catalog folder holds the lock, and validate does not take it for a stray file.
    const validate = await runCatalog(['validate', '--dir', '.', '--no-base', '--format', 'json'], dir);
    expect(JSON.parse(validate.stdout).problems.filter((p: { rule: string }) => p.rule === 'file-name')).toEqual([]);
  });

  it('then reports each page as it became, and exits 1 for the pages that broke, moved or changed', async () => {
    phase = 'after';
    const { code, stdout } = await check('--format', 'json');
    expect(code, stdout).toBe(1);
    const outcomes = Object.fromEntries(JSON.parse(stdout).results.map((r: { url: string; outcome: string }) => [r.url.replace(base, ''), r.outcome]));
    expect(outcomes).toEqual({
      '/changed': 'changed',
      '/gone': 'broken',
      '/huge': 'unchanged',
      '/moved': 'moved',
      '/noisy': 'unchanged',
      '/same': 'unchanged',
      '/slow': 'unreachable',
      [refused]: 'unreachable',
    });
    expect(JSON.parse(stdout).counts).toEqual({ broken: 1, moved: 1, changed: 1, unreachable: 2, new: 0, unchanged: 3 });
  });

  it('says in the text report what happened to each page, and which rails cite it', async () => {
    const { stdout } = await check();
    expect(stdout).toContain(`broken      ${base}/gone (BR-pix): HTTP 404`);
    expect(stdout).toContain(`moved       ${base}/moved (BR-pix): now ends at ${base}/elsewhere (was ${base}/moved)`);
    expect(stdout).toContain(`changed     ${base}/changed (BR-pix): its text changed since 2026-11-28`);
    expect(stdout).toContain(`unreachable ${base}/slow (BR-pix): no answer within 2 s`);
    expect(stdout).not.toContain(`${base}/same`);
    expect(stdout).toContain('1 broken, 1 moved, 1 changed, 2 unreachable, 0 new, 3 unchanged');
  });

  it('fetches each address once, at most --concurrency at a time, with a User-Agent that names the project', () => {
    expect(maxInFlight).toBeLessThanOrEqual(2);
    expect(hits.get('/same')).toBe(hits.get('/changed'));
    expect([...agents]).toEqual([expect.stringMatching(/^payout-catalog-sources-check\/1 \(the payout reference catalog/)]);
  });

  it('writes a Markdown report for the issue of the weekly workflow', async () => {
    const { code, stdout } = await check('--format', 'markdown');
    expect(code).toBe(1);
    expect(stdout).toContain('| broken | http://127.0.0.1:');
    expect(stdout).toContain('| `BR-pix` |');
    expect(stdout).toContain('catalog sources check --update');
  });

  it('keeps the lock entry of a page it could not reach on --update, and records the others as they are now', async () => {
    const before = lockOf();
    const { code } = await check('--update');
    expect(code).toBe(0);
    const after = lockOf();
    expect(after.sources[`${base}/slow`]).toEqual(before.sources[`${base}/slow`]);
    expect(after.sources[`${base}/gone`].status).toBe(404);
    expect(after.sources[`${base}/moved`].finalUrl).toBe(`${base}/elsewhere`);
    // A page that answers 404 stays broken after --update: the rails citing it must change, not the lock.
    const again = await check('--format', 'json');
    expect(again.code, again.stdout).toBe(1);
    expect(JSON.parse(again.stdout).counts).toEqual({ broken: 1, moved: 0, changed: 0, unreachable: 2, new: 0, unchanged: 5 });
  });

  it('refuses a lock that is not one, and a subcommand that does not exist, with exit 2', async () => {
    expect((await runCatalog(['sources', 'list'], dir)).code).toBe(2);
    const bad = await check('--lock', 'rails/BR-pix.yaml');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not JSON');
  });
});
