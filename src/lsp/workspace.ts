import { existsSync } from 'node:fs';
import path from 'node:path';
import { CatalogEngine } from '../pipeline/engine.js';
import type { Validation } from '../pipeline/validate.js';
import { readTextSync, type CatalogText } from '../read/file.js';
import { scanCatalog } from '../read/folder.js';
import type { BaseDelta } from '../history/delta.js';

/**
 * The language server's view of one catalog folder: every file's text, from the editor's buffer when it is open
 * (unsaved text wins over the disk) and from the disk otherwise, held in one CatalogEngine.
 */
export class Workspace {
  readonly engine: CatalogEngine;
  /** The texts of the documents open in the editor, by name inside the catalog folder. */
  private readonly open = new Map<string, string>();
  /** The base revision's delta for the history checks, once git has said which revision (undefined outside a checkout). */
  base: BaseDelta | undefined;

  /** `root`: the workspace's folder (problems' paths are relative to it); `absDir`: the catalog folder, absolute. */
  constructor(
    readonly root: string,
    readonly absDir: string,
  ) {
    this.engine = new CatalogEngine({ dir: absDir, cwd: root });
  }

  /** Reads the whole folder from disk (open documents keep their buffer's text). */
  readDisk(): void {
    const listing = scanCatalog(this.absDir, path.relative(this.root, this.absDir) || '.');
    const seen = new Set([...listing.files, ...listing.refused.map((r) => r.name)]);
    this.engine.remove(this.engine.names().filter((n) => !seen.has(n) && !this.open.has(n)));
    this.engine.set(listing.refused);
    this.engine.set(listing.files.filter((n) => !this.open.has(n)).map((n) => readTextSync(this.absDir, n)));
  }

  /** The name inside the catalog folder of an absolute path, or undefined for a path outside it. */
  nameOf(absolute: string): string | undefined {
    const rel = path.relative(this.absDir, absolute);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    return rel.split(path.sep).join('/');
  }

  /** The absolute path of a name inside the catalog folder. */
  pathOf(name: string): string {
    return path.join(this.absDir, ...name.split('/'));
  }

  /** An editor's buffer: its text is what is checked until it is closed. */
  setOpen(name: string, text: string): void {
    this.open.set(name, text);
    this.engine.set([{ name, text }]);
  }

  /** A closed buffer: the file is read from disk again, or forgotten when there is none. */
  close(name: string): void {
    this.open.delete(name);
    this.diskChanged(name);
  }

  /** A file changed, appeared or went away on disk: read again unless its buffer is open. */
  diskChanged(name: string): void {
    if (this.open.has(name)) return;
    if (existsSync(this.pathOf(name))) this.engine.set([readTextSync(this.absDir, name)]);
    else this.engine.remove([name]);
  }

  /** The text held for a file (the buffer's or the disk's). */
  text(name: string): CatalogText | undefined {
    return this.engine.text(name);
  }

  /** Every problem of the catalog as held now. */
  run(today: string): Validation {
    return this.engine.run(today, this.base);
  }
}
