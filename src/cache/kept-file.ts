import { parseCatalogText } from '../parse/file.js';
import type { SourceFile } from '../parse/source.js';
import { readTextSync } from '../read/file.js';
import { joinPath } from '../read/paths.js';

/**
 * A file of the catalog that the memo answered for (validate --cache): it is not read unless a problem must be located
 * in it, and not parsed unless a history check needs its whole entry.
 */
export class KeptFile implements SourceFile {
  private read?: string;
  private full?: Record<string, unknown>;

  constructor(
    private readonly absDir: string,
    /** Its name inside the catalog folder. */
    readonly name: string,
    /** The path shown to the user. */
    readonly path: string,
  ) {}

  get absolute(): string {
    return joinPath(this.absDir, this.name);
  }

  get text(): string {
    return (this.read ??= readTextSync(this.absDir, this.name).text ?? '');
  }

  set text(value: string) {
    this.read = value;
  }

  /** The entry's whole data, parsed from the file. */
  data(): Record<string, unknown> {
    this.full ??= parseCatalogText({ name: this.name, text: this.text }).data;
    if (!this.full) throw new Error(`${this.path} changed during the run: run catalog validate again`);
    return this.full;
  }
}
