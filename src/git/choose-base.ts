import type { Listing } from '../read/folder.js';
import { preloadEntryValidators } from '../model/schemas.js';
import type { BaseRevision, ResolvedHead } from './base.js';

/** How the base revision is chosen: --base <ref>, --no-base, or neither (the default). */
export interface BaseChoice {
  base?: string;
  noBase?: boolean;
}

/**
 * The base revision that `catalog validate` and the language server compare with: `base` when given, else the merge
 * base of the branch's upstream and HEAD in a git checkout, else HEAD; none outside a checkout or with `noBase`. `say`
 * receives the one line that tells which (for stderr, or the editor's log). `list` lists the catalog folder (reading the
 * base needs the names): called while git answers. Resolves once git has said which revision to read; `reading` then
 * reads it, while the caller checks the working tree. A BaseError of an explicit `base` rejects `reading`.
 */
export async function chooseBase(
  choice: BaseChoice,
  dir: string,
  cwd: string,
  say: (line: string) => void,
  list: () => Promise<Listing>,
): Promise<{ reading?: Promise<BaseRevision | undefined> }> {
  if (choice.noBase) return {};
  const git = await import('./base.js');
  const namesOf = (listing: Promise<Listing>) => settled(listing.then((l) => l.files));
  if (choice.base !== undefined) {
    const reading = git.readBase({ ref: choice.base, dir, cwd, names: namesOf(list()) });
    // While the git processes run, the entries' validators load (the working tree's check needs them next).
    return { reading: settled(whileWaiting(reading, preloadEntryValidators)) };
  }
  const seen: { head?: ResolvedHead } = {};
  const where = await whileWaiting(git.defaultBase(dir, cwd, seen), () => {
    preloadEntryValidators();
    list();
  });
  if (!where.inCheckout) {
    say('not in a git checkout, so deleted entries are not checked (in a checkout, --base <ref> compares with a revision)');
    return {};
  }
  const names = namesOf(list());
  const read = async (): Promise<BaseRevision | undefined> => {
    const reasons: string[] = [];
    for (const ref of [where.upstream, 'HEAD']) {
      if (ref === undefined) continue;
      try {
        const base = await git.readBase({ ref, dir, cwd, head: seen.head, names });
        const what =
          ref === 'HEAD'
            ? `HEAD (${base.commit.slice(0, 7)}), as the branch has no upstream`
            : `the merge base of ${ref} and HEAD (${base.commit.slice(0, 7)})`;
        say(`compared with ${what} for deleted entries and history checks (--base <ref> to choose, --no-base to skip)`);
        return base;
      } catch (err) {
        if (!(err instanceof git.BaseError)) throw err;
        reasons.push(err.message);
      }
    }
    say(`deleted entries are not checked: ${reasons.at(-1)}`);
    return undefined;
  };
  return { reading: settled(read()) };
}

/** A promise awaited later, after other work: its rejection is not reported as unhandled meanwhile. */
export function settled<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => {});
  return pending;
}

/** Does `work` (synchronous, needed later anyway) while `pending` waits for another process; then awaits it. */
async function whileWaiting<T>(pending: Promise<T>, work: () => void): Promise<T> {
  try {
    work();
  } catch (err) {
    pending.catch(() => {}); // the work's error is the one to tell (a missing folder fails both)
    throw err;
  }
  return pending;
}
