import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { writeAtomic } from './write-atomic.js';
import type { CatalogText, ParsedText } from './load.js';

/**
 * An opt-in cache of parsed files (`catalog validate --cache`), as ESLint's: parsing is a pure function of a file's name
 * and text, so a file whose text did not change is not parsed again. Schema checks and rules always run on everything
 * (a rule's verdict may depend on other files). The cache holds the files of the last run only.
 */
const FORMAT = `payout-catalog-parse/2 yaml@${(createRequire(import.meta.url)('yaml/package.json') as { version: string }).version}`;

type Cached = Omit<ParsedText, 'text'>;

/** Key of a file in the cache: its name and a hash of its text. */
function keyOf(text: CatalogText): string | undefined {
  // Text decoded from invalid UTF-8 holds U+FFFD where the bad bytes were: the same text as a file that holds U+FFFD.
  if (text.text === undefined || text.badUtf8 || text.refused !== undefined) return undefined;
  return `${text.name}\u0000${createHash('sha1').update(text.text).digest('base64')}`;
}

/** True when the parsed data survives JSON unchanged (YAML's .inf and .nan do not): only such files are cached. */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (value && typeof value === 'object') return Object.values(value).every(jsonSafe);
  return true;
}

export class ParseCache {
  private readonly entries = new Map<string, Cached>();
  private readonly next = new Map<string, Cached>();
  private changed = false;
  /** Keys of the files `get` missed, so that `set` does not hash their text a second time. */
  private readonly missedKeys = new Map<CatalogText, string>();

  constructor(private readonly file: string) {
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { format: string; entries: Record<string, Cached> };
      if (data.format === FORMAT) for (const [k, v] of Object.entries(data.entries)) this.entries.set(k, v);
    } catch {
      // no cache yet, or unreadable: everything is parsed
    }
  }

  /** The cached parse of a file, when its text has not changed. */
  get(text: CatalogText): ParsedText | undefined {
    const key = keyOf(text);
    const hit = key === undefined ? undefined : this.entries.get(key);
    if (!hit || key === undefined) {
      if (key !== undefined) this.missedKeys.set(text, key);
      return undefined;
    }
    this.next.set(key, hit);
    return { ...hit, text: text.text! };
  }

  /** Remembers a fresh parse. */
  set(text: CatalogText, parsed: ParsedText): void {
    const key = this.missedKeys.get(text) ?? keyOf(text);
    if (key === undefined || !jsonSafe(parsed.data)) return;
    const { text: _text, ...rest } = parsed;
    this.next.set(key, rest);
    this.changed = true;
  }

  /** Writes the files of this run (atomically); a failure to write only costs the next run its speed. */
  async save(): Promise<void> {
    // Nothing parsed and nothing gone: the file on disk already says it all.
    if (!this.changed && this.next.size === this.entries.size) return;
    try {
      await writeAtomic(this.file, JSON.stringify({ format: FORMAT, entries: Object.fromEntries(this.next) }));
    } catch {
      // read-only location: nothing to keep
    }
  }
}
