import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { POINTER_NAME, VERSION_SYNTAX, versionFileName } from '../../seed/store.js';
import { MAX_SEED_BYTES } from './store.js';
import { SeedError, StoreUnreadableError } from '../representation/snapshot.js';

/**
 * Where a replica reads seed versions from: a store folder or the same files over HTTP(S) (object storage, a CDN,
 * any static server). Every method throws SeedError when it cannot give what is asked; StoreUnreadableError (a
 * SeedError) when the store itself cannot be read right now (permissions, a mount gone, the network), so that a
 * version that is gone is told apart from a store that is away. The caller keeps what it has.
 */
export interface SeedSource {
  /** What the logs say the store is (a folder path, or a URL without credentials or query). */
  readonly description: string;
  /** The version the pointer names; over HTTP the pointer is revalidated with its ETag (304: nothing transferred). */
  pointer(): Promise<string>;
  /** The text of a version file. */
  versionText(version: string): Promise<string>;
}

function checkedVersion(text: string, where: string): string {
  const version = text.trim();
  if (!VERSION_SYNTAX.test(version)) throw new SeedError(`${where} does not hold a seed version (16 hex digits): publish with "catalog publish --store"`);
  return version;
}

/** A store folder. */
export class DirSource implements SeedSource {
  constructor(private readonly dir: string) {}

  get description(): string {
    return this.dir;
  }

  async pointer(): Promise<string> {
    const file = path.join(this.dir, POINTER_NAME);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A store without its pointer is not a store (never published, or the mount holding it is gone).
      if (code === 'ENOENT') throw new StoreUnreadableError(`${file} does not exist: publish a seed with "catalog publish --store ${this.dir}"`);
      throw new StoreUnreadableError(`${file} cannot be read: ${code ?? (err as Error).message}`);
    }
    return checkedVersion(text, file);
  }

  async versionText(version: string): Promise<string> {
    const file = path.join(this.dir, versionFileName(version));
    try {
      const handle = await open(file, 'r');
      try {
        const { size } = await handle.stat();
        if (size > MAX_SEED_BYTES) throw new SeedError(`${file} has ${size} bytes, more than the ${MAX_SEED_BYTES} a seed may have`);
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (err) {
      if (err instanceof SeedError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new StoreUnreadableError(`${file} cannot be read: ${code ?? (err as Error).message}`);
      // Missing: removed from a store that is there (its pointer reads), or the whole store is away (a mount gone).
      await this.pointer();
      throw new SeedError(`${file} does not exist (removed from the store?)`);
    }
  }
}

/** A store over HTTP(S): <base>/current and <base>/<version>.json. */
export class HttpSource implements SeedSource {
  private readonly base: URL;
  private etag: string | undefined;
  private lastVersion: string | undefined;

  constructor(
    url: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.base = new URL(url.endsWith('/') ? url : `${url}/`);
  }

  get description(): string {
    return `${this.base.protocol}//${this.base.host}${this.base.pathname}`;
  }

  private async get(name: string, headers: Record<string, string> = {}): Promise<Response> {
    const url = new URL(name, this.base);
    try {
      return await fetch(url, { headers, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'follow' });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      throw new StoreUnreadableError(`${this.description}${name} cannot be fetched: ${cause}`);
    }
  }

  async pointer(): Promise<string> {
    const headers: Record<string, string> = { 'cache-control': 'no-cache' };
    if (this.etag && this.lastVersion) headers['if-none-match'] = this.etag;
    const response = await this.get(POINTER_NAME, headers);
    if (response.status === 304 && this.lastVersion) return this.lastVersion;
    if (!response.ok) throw new StoreUnreadableError(`${this.description}${POINTER_NAME} answered HTTP ${response.status}`);
    const version = checkedVersion((await this.text(response, POINTER_NAME)).slice(0, 200), `${this.description}${POINTER_NAME}`);
    this.etag = response.headers.get('etag') ?? undefined;
    this.lastVersion = version;
    return version;
  }

  async versionText(version: string): Promise<string> {
    const name = versionFileName(version);
    const response = await this.get(name);
    // 404 and 410: the server says the version is not there; any other failure may pass (a server error, a proxy).
    if (response.status === 404 || response.status === 410)
      throw new SeedError(`${this.description}${name} answered HTTP ${response.status} (removed from the store?)`);
    if (!response.ok) throw new StoreUnreadableError(`${this.description}${name} answered HTTP ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_SEED_BYTES) throw new SeedError(`${this.description}${name} has ${length} bytes, more than the ${MAX_SEED_BYTES} a seed may have`);
    return this.text(response, name);
  }

  /** A body read whole; a connection lost on the way is the store being away, not the file being wrong. */
  private async text(response: Response, name: string): Promise<string> {
    try {
      return await response.text();
    } catch (err) {
      throw new StoreUnreadableError(`${this.description}${name} cannot be read whole: ${(err as Error).message}`);
    }
  }
}

/** A store named on the command line: an http(s) URL, or a folder. */
export function sourceOf(store: string, cwd: string): SeedSource {
  if (/^https?:\/\//i.test(store)) return new HttpSource(store);
  return new DirSource(path.resolve(cwd, store));
}
