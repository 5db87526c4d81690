import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomic } from '../util/write-atomic.js';
import { unsafeTexts } from './invariants.js';
import { contentVersion } from './version.js';

/**
 * A seed store: a folder (or the same files served over HTTP(S)) holding immutable, content-addressed seed versions
 * `<version>.json` and a pointer file `current` whose content is the version served (one line). Versions are never
 * rewritten; the pointer moves only after the version file is complete, so a reader never sees a pointer to a
 * partial version.
 */
export const POINTER_NAME = 'current';
/** A version as the store names it: 16 lowercase hex digits (the content hash the build writes). */
export const VERSION_SYNTAX = /^[0-9a-f]{16}$/;

export function versionFileName(version: string): string {
  if (!VERSION_SYNTAX.test(version)) throw new Error(`not a seed version: ${JSON.stringify(version)}`);
  return `${version}.json`;
}

/** A problem with the seed given to publish (not valid JSON, no content version): nothing was written. */
export class PublishError extends Error {}

export interface PublishResult {
  version: string;
  /** The version file was written (false: it was there already, same content by construction). */
  wroteVersion: boolean;
  /** The pointer moved (false: it already named this version). */
  movedPointer: boolean;
  /** The version the pointer named before, if any. */
  previous?: string;
}

/** Reads the pointer of a store folder: the version it names, or undefined when there is none yet. */
async function readPointerFile(dir: string): Promise<string | undefined> {
  try {
    const text = (await readFile(path.join(dir, POINTER_NAME), 'utf8')).trim();
    return VERSION_SYNTAX.test(text) ? text : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Publishes the text of a seed (as `catalog build` writes it) into a store folder: the version file first (atomically,
 * only when absent), then the pointer (atomically, only when it names another version). Publishing the same content
 * twice changes nothing. The version is the seed's content hash, checked here.
 */
export async function publishSeed(dir: string, seedText: string): Promise<PublishResult> {
  let seed: any;
  try {
    seed = JSON.parse(seedText);
  } catch (err) {
    throw new PublishError(`the seed is not valid JSON: ${(err as Error).message}`);
  }
  if (
    !seed ||
    typeof seed !== 'object' ||
    !Array.isArray(seed.rails) ||
    !Array.isArray(seed.assets) ||
    !Array.isArray(seed.countries) ||
    typeof seed.meta?.version !== 'string'
  )
    throw new PublishError('the seed has no rails, assets, countries and meta.version: give a file written by catalog build');
  const unsafe = unsafeTexts(seed, 3);
  if (unsafe.length > 0) throw new PublishError(`the seed ${unsafe.join('; ')}, which no seed may hold: rebuild it with catalog build`);
  const version = contentVersion(seed);
  if (version !== seed.meta.version)
    throw new PublishError(`meta.version ${seed.meta.version} is not the hash of the content (${version}): rebuild the seed with catalog build`);
  const file = path.join(dir, versionFileName(version));
  let wroteVersion = false;
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === undefined || !sameVersion(existing, version)) {
    await writeAtomic(file, seedText);
    wroteVersion = true;
  }
  const previous = await readPointerFile(dir);
  let movedPointer = false;
  if (previous !== version) {
    await writeAtomic(path.join(dir, POINTER_NAME), `${version}\n`);
    movedPointer = true;
  }
  return { version, wroteVersion, movedPointer, ...(previous ? { previous } : {}) };
}

/** Whether a stored version file is whole and holds that version (a damaged one is rewritten). */
function sameVersion(text: string, version: string): boolean {
  try {
    const seed = JSON.parse(text);
    return contentVersion(seed) === version;
  } catch {
    return false;
  }
}
