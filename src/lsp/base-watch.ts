import { execFile } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { chooseBase } from '../git/choose-base.js';
import type { BaseDelta } from '../history/delta.js';
import { scanCatalog } from '../read/folder.js';

/**
 * Reads the base revision as `catalog validate` chooses it (the merge base of the branch's upstream, else HEAD), and
 * reads it again when the repository's HEAD or refs move (a branch switch, a commit, a fetch): `changed` receives each
 * new delta. `say` receives the line that tells which revision (for the editor's log).
 */
export class BaseWatch {
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(
    private readonly dir: string,
    private readonly cwd: string,
    private readonly say: (line: string) => void,
    private readonly changed: (delta: BaseDelta | undefined) => void,
  ) {}

  /** Reads the base, then watches the repository; resolves once the first base is read. */
  async start(): Promise<void> {
    await this.read();
    await this.watchRepository();
  }

  /** Reads the base again; a read overtaken by a newer one is dropped. */
  async read(): Promise<void> {
    const mine = ++this.generation;
    let delta: BaseDelta | undefined;
    try {
      const list = async () => scanCatalog(this.dir);
      const { reading } = await chooseBase({}, this.dir, this.cwd, this.say, list);
      delta = (await reading)?.delta;
    } catch (err) {
      this.say(`the base revision could not be read, so the history checks are off: ${(err as Error).message}`);
    }
    if (mine === this.generation) this.changed(delta);
  }

  private async watchRepository(): Promise<void> {
    const git = (args: string[]) => promisify(execFile)('git', args, { cwd: this.cwd }).then((r) => r.stdout.trim());
    let gitDir: string;
    let commonDir: string;
    try {
      gitDir = await git(['rev-parse', '--absolute-git-dir']);
      commonDir = path.resolve(this.cwd, await git(['rev-parse', '--git-common-dir']));
    } catch {
      return; // not a checkout: nothing to follow
    }
    const soon = () => {
      clearTimeout(this.timer);
      // git writes HEAD, the index and refs in a burst: read once it is over.
      this.timer = setTimeout(() => void this.read(), 200);
    };
    const onlyRefs = (file: string | null) => !file || file === 'HEAD' || file.endsWith('HEAD') || file === 'packed-refs';
    for (const [folder, recursive, filter] of [
      [gitDir, false, onlyRefs],
      [commonDir, false, onlyRefs],
      [path.join(commonDir, 'refs'), true, () => true],
    ] as const) {
      try {
        this.watchers.push(watch(folder, { recursive, persistent: false }, (_e, file) => filter(file?.toString() ?? null) && soon()));
      } catch {
        // a folder that cannot be watched: the base is still read at start
      }
    }
  }

  /** Stops watching. */
  stop(): void {
    clearTimeout(this.timer);
    for (const w of this.watchers) w.close();
    this.watchers = [];
  }
}
