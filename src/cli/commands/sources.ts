import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CatalogDirError, SOURCES_LOCK } from '../../read/folder.js';
import { loadCatalog } from '../../parse/load.js';
import type { RawEntry } from '../../model/catalog.js';
import { checkSources, FAILING, parseLock, updatedLock, type SourcesLock } from '../../sources/check.js';
import { jsonReport, markdownReport, textReport } from '../../sources/report.js';
import { writeAtomic } from '../../util/write-atomic.js';
import { choiceFlag, intFlag, parseFlags, todayFlag } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog sources check [--update] [--dir catalog] [--lock FILE] [--concurrency 4] [--timeout 20] [--max-bytes 5000000] [--today YYYY-MM-DD] [--format text|json|markdown]

Fetches every page the rails cite as a source (each address once, --concurrency at a time, each within --timeout
seconds and --max-bytes bytes, redirects followed, with a User-Agent that names the project) and compares it with the
lock, <catalog>/${SOURCES_LOCK}: its HTTP status, the address it ends at, and a hash of its text (scripts, styles,
tags and white space left out). Each page is broken (HTTP 400 or more), moved (it ends at another address), changed
(its text differs), unreachable (no answer: DNS, refused connection, TLS, timeout; says nothing of the page), new (not
in the lock yet) or unchanged. --update rewrites the lock with every page that answered (an unreachable page keeps its
entry). Exit code 1 when a page broke, moved or changed (without --update), 0 otherwise, 2 on a usage error.

Example:
  catalog sources check --format markdown`;

export const FORMATS = ['text', 'json', 'markdown'] as const;

/** The User-Agent of every request: the project, and why it fetches. */
export const USER_AGENT = 'payout-catalog-sources-check/1 (the payout reference catalog: checks that the pages its rails cite still state their facts)';

/** Each address the rails cite, with the ids of the rails citing it (read before the schema, as catalog stale does). */
export function citedSources(entries: readonly RawEntry[]): Map<string, string[]> {
  const cited = new Map<string, string[]>();
  for (const entry of entries) {
    const { id, sources } = entry.data;
    if (entry.kind !== 'rail' || !Array.isArray(sources)) continue;
    for (const source of sources) {
      const url = (source as { url?: unknown })?.url;
      if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
      const rails = cited.get(url) ?? [];
      if (typeof id === 'string' && !rails.includes(id)) rails.push(id);
      cited.set(url, rails.sort());
    }
  }
  return cited;
}

/** The lock as written: sorted by address, so that a rewrite changes only the lines of the pages that changed. */
function lockText(lock: SourcesLock): string {
  const sources = Object.fromEntries(
    Object.keys(lock.sources)
      .sort()
      .map((url) => [url, lock.sources[url]]),
  );
  return `${JSON.stringify({ version: 1, sources }, null, 2)}\n`;
}

async function readLock(file: string, shown: string): Promise<SourcesLock | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot read ${shown}: ${(err as Error).message}`);
  }
  try {
    return parseLock(text, shown);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'check') throw new UsageError(`catalog sources takes one subcommand, check${sub ? `, not ${JSON.stringify(sub)}` : ''}: catalog sources check`);
  const { values } = parseFlags(rest, {
    update: { type: 'boolean' },
    dir: { type: 'string' },
    lock: { type: 'string' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
    'max-bytes': { type: 'string' },
    today: { type: 'string' },
    format: { type: 'string' },
  });
  const format = choiceFlag('format', values.format, FORMATS, 'text');
  const today = todayFlag(values.today, io);
  const dir = catalogDir(values.dir, io.cwd);
  const lockShown = values.lock ?? path.join(dir, SOURCES_LOCK);
  const lockFile = path.resolve(io.cwd, lockShown);
  let entries: RawEntry[];
  try {
    entries = (await loadCatalog(dir, io.cwd)).entries;
  } catch (err) {
    if (err instanceof CatalogDirError) throw new UsageError(err.message);
    throw err;
  }
  const lock = await readLock(lockFile, lockShown);
  const results = await checkSources(citedSources(entries), lock, {
    concurrency: intFlag('concurrency', values.concurrency, 1) ?? 4,
    timeoutMs: (intFlag('timeout', values.timeout, 1) ?? 20) * 1000,
    maxBytes: intFlag('max-bytes', values['max-bytes'], 1) ?? 5_000_000,
    userAgent: USER_AGENT,
  });
  if (values.update) await writeAtomic(lockFile, lockText(updatedLock(results, today)), io.fs);
  const report =
    format === 'json'
      ? jsonReport(results, lockShown)
      : format === 'markdown'
        ? markdownReport(results)
        : textReport(results, lockShown, values.update === true);
  io.stdout.write(report);
  return !values.update && results.some((r) => FAILING.has(r.outcome)) ? EXIT.problems : EXIT.ok;
}
