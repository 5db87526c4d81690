import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { SimpleGit } from 'simple-git';
import { checkCatalogDir, listFiles } from '../read/folder.js';
import { displayPath, isEntryPlace, joinPath } from '../read/paths.js';
import { loadTexts } from '../parse/load.js';
import { MAX_FILE_BYTES, tooLarge, type CatalogText } from '../read/file.js';
import { cmp } from '../model/problem.js';
import { checkSchemas } from '../check/schema.js';
import type { BaseDelta } from '../history/delta.js';

/**
 * The base revision cannot be read: not a git checkout, an unknown ref, a shallow clone without the branch point.
 * The message says what to fetch; the CLI prints it and exits with code 2.
 */
export class BaseError extends Error {}

/** The catalog folder as it is at the merge base of a ref and HEAD. */
export interface BaseRevision {
  /** The ref as given (origin/main). */
  ref: string;
  /** The commit the ref names. */
  refCommit: string;
  /** The merge base of the ref and HEAD: the revision compared with. */
  commit: string;
  /** Path of the catalog folder inside the repository, with forward slashes ('' at the repository's root). */
  prefix: string;
  /**
   * The base as it differs from the working tree: the names of its files, and the entries of those the change touched,
   * parsed from the revision (display paths are those the files have, or had, in the working tree). validate gives it to
   * the history checks (historyView), catalog diff makes the base's whole catalog from it (composeBase).
   */
  delta: BaseDelta;
  /** Display paths of the files that differ between the base and the working tree: added, modified and deleted. */
  touched: Set<string>;
  /** Display paths of the files present at the base and missing from the working tree. */
  deleted: Set<string>;
}

export interface ReadBaseOptions {
  /** The base ref: a branch, a remote-tracking branch, a tag or a commit. */
  ref: string;
  /** Catalog folder, relative to cwd. */
  dir: string;
  cwd: string;
  /** Take the step-by-step path (simple-git) even when the direct one would do: for the tests that compare both. */
  stepByStep?: boolean;
  /** HEAD as defaultBase found it (its `seen.head`): with ref HEAD, the usual path does not run rev-parse again. */
  head?: ResolvedHead;
  /**
   * The working tree's files in the catalog folder, when the caller listed them (scanCatalog): not listed again. A
   * promise (a listing under way) is awaited once git has answered.
   */
  names?: string[] | Promise<string[]>;
}

/** The repository's top folder and HEAD's commit, as `git rev-parse --show-toplevel HEAD^{commit}` prints them. */
export interface ResolvedHead {
  top: string;
  commit: string;
}

const OBJECT_ID = /^[0-9a-f]{40,64}$/;

/**
 * Reads the catalog folder at the merge base of `ref` and HEAD, with git (ls-tree, cat-file).
 *
 * Why the merge base and not the ref's tip: a pull request is judged on what it changes (GitHub's three-dot diff).
 * Compared with the tip, a rail added on main after the branch point would look removed by the branch. On a pull
 * request's merge commit (what actions/checkout checks out), the merge base is the base branch's tip anyway.
 *
 * Only files that differ from the working tree are read from git; the others are the same bytes as on disk.
 *
 * The usual case takes a short path (readBaseDirect): the three look-ups in one rev-parse, git run directly, no
 * merge-base when the ref is HEAD. Anything off that path (not a checkout, an unknown ref, a shallow clone, no git...) is done again
 * step by step with simple-git, which words the error exactly as before.
 */
export async function readBase(options: ReadBaseOptions): Promise<BaseRevision> {
  const { ref, dir, cwd } = options;
  const absDir = path.resolve(cwd, dir);
  const names = options.names ?? listFiles(absDir, dir); // throws CatalogDirError on a missing folder (a usage error)
  if (ref === '' || ref.startsWith('-') || /[\s\0]/.test(ref))
    throw new BaseError(`--base takes a git ref such as origin/main or a commit, not ${JSON.stringify(ref)}`);
  try {
    if (!options.stepByStep) return await readBaseDirect(options, absDir, names);
  } catch (err) {
    if (!(err instanceof OffPath)) throw err;
  }

  const { simpleGit } = await import('simple-git');
  const git = simpleGit({ baseDir: absDir, maxConcurrentProcesses: 4 });
  const top = await run(git, ['rev-parse', '--show-toplevel'], (err) =>
    /not a git repository/i.test(err) ? `--base compares with the git history, but ${dir} is not inside a git checkout` : `git cannot read ${dir}: ${err}`,
  );
  const prefix = toPosix(path.relative(await realpath(top.trim()), await realpath(absDir)));

  const isShallow = async () => (await run(git, ['rev-parse', '--is-shallow-repository'])).trim() === 'true';
  const refCommit = (await run(git, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
  if (!refCommit) throw new BaseError(missingRefMessage(ref, await isShallow()));
  const head = (await run(git, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).trim();
  if (!head) throw new BaseError('HEAD has no commit yet: commit the change before comparing it with --base');
  const commit = (await run(git, ['merge-base', refCommit, head])).trim();
  if (!commit)
    throw new BaseError((await isShallow()) ? shallowMessage(ref) : `${ref} and HEAD have no common history: give --base the branch this change was made from`);

  return readRevision((args) => run(git, args), { ref, refCommit, commit, prefix, absDir, names, cwd });
}

/** readBaseDirect left the usual path: readBase starts again step by step. */
class OffPath extends Error {}

/**
 * Runs git as simple-git does (a failure is a non-zero exit with something on stderr, or no git at all); undefined on
 * a failure. Spawning a process costs a few milliseconds: the usual path runs three or four.
 */
async function gitOutput(cwd: string, args: string[]): Promise<string | undefined> {
  // Loaded on first use: outside a checkout no git process starts, and node:child_process (with net, dgram and
  // streams) is not loaded.
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: 2 ** 30 }, (err, stdout, stderr) => {
      if (!err) resolve(stdout);
      else resolve(typeof err.code === 'number' && stderr.length === 0 ? stdout : undefined);
    });
  });
}

/** The output of a git command on the usual path; OffPath when it fails or says nothing. */
async function direct(cwd: string, args: string[]): Promise<string> {
  const out = await gitOutput(cwd, args);
  if (out === undefined) throw new OffPath();
  return out;
}

/**
 * readBase's usual path: one rev-parse for the three look-ups (the top folder, the ref's commit, HEAD's commit), then
 * the merge base, git run directly. An unknown ref, an empty repository or no checkout fail the rev-parse: OffPath.
 */
async function readBaseDirect({ ref, cwd, head: resolved }: ReadBaseOptions, absDir: string, names: string[] | Promise<string[]>): Promise<BaseRevision> {
  let top: string, refCommit: string, head: string;
  if (ref === 'HEAD' && resolved) {
    // What the rev-parse below would say for HEAD: defaultBase asked git already.
    ({ top, commit: head } = resolved);
    refCommit = head;
  } else {
    const lines = (await direct(absDir, ['rev-parse', '--show-toplevel', `${ref}^{commit}`, 'HEAD^{commit}', '--'])).split('\n');
    [top, refCommit, head] = lines.map((line) => line.trim());
    // rev-parse echoes the `--` that marks the end of the revisions.
    if (lines.length !== 5 || lines[3] !== '--' || lines[4] !== '' || !top || !OBJECT_ID.test(refCommit) || !OBJECT_ID.test(head)) throw new OffPath();
  }
  // The merge base of a commit and itself is that commit: comparing with HEAD (no upstream) needs no merge-base.
  const commit = refCommit === head ? head : (await direct(absDir, ['merge-base', refCommit, head])).trim();
  if (!commit) throw new OffPath();
  // Synchronous: the caller starts reading the base, then walks the working tree; git's processes start before that.
  const prefix = toPosix(path.relative(realpathSync.native(top), realpathSync.native(absDir)));
  return readRevision((args) => direct(absDir, args), { ref, refCommit, commit, prefix, absDir, names, cwd });
}

/** What readRevision needs: the revision found, where the catalog is, and the working tree's file names. */
interface Revision {
  ref: string;
  refCommit: string;
  commit: string;
  prefix: string;
  absDir: string;
  names: string[] | Promise<string[]>;
  cwd: string;
}

/**
 * Reads the catalog folder at a commit: ls-tree lists its files, and diff-index says which of them may differ from the
 * working tree (git compares each file's stat with its index, so unchanged files are not read). Those are read and
 * hashed to be sure (a file only touched, or changed in the index alone, is the same), and the base's text of each one
 * that differs is read with cat-file. When diff-index cannot answer, every file of the working tree is hashed.
 */
async function readRevision(
  git: (args: string[]) => Promise<string>,
  { ref, refCommit, commit, prefix, absDir, names: listed, cwd }: Revision,
): Promise<BaseRevision> {
  const [blobs, maybe, names] = await Promise.all([listBlobs(git, commit, prefix), mayDiffer(git, commit, prefix), listed]);
  const algorithm = commit.length === 64 ? 'sha256' : 'sha1';
  const shown = (name: string) => displayPath(path.join(absDir, name), cwd);
  const here = new Set(names);
  const atBase = new Set<string>(); // in catalog order: the delta's names
  const touched = new Set<string>();
  const deleted = new Set<string>();
  const changed = new Set<string>();
  const reads: Blob[] = [];
  for (const blob of blobs) {
    const { name } = blob;
    atBase.add(name);
    if (here.has(name) && maybe && !maybe.has(name)) continue; // git: the working tree's file is the base's
    if (!here.has(name)) deleted.add(shown(name));
    else if (workingBlobId(absDir, name, algorithm) === blob.sha) continue;
    touched.add(shown(name));
    changed.add(name);
    reads.push(blob);
  }
  for (const name of names) if (!atBase.has(name)) touched.add(shown(name));
  const own = checkSchemas(loadTexts(absDir, await readBlobs(absDir, reads), cwd)).catalog;
  return { ref, refCommit, commit, prefix, delta: { dir: absDir, names: atBase, changed, own }, touched, deleted };
}

/**
 * The names (inside the catalog folder) of the files that git says may differ between a commit and the working tree
 * (`git diff-index`: changed in the index or on disk, deleted, a new mode); files git does not track are not in it.
 * Undefined when git cannot tell, or tells paths that are not in the folder.
 */
async function mayDiffer(git: (args: string[]) => Promise<string>, commit: string, prefix: string): Promise<Set<string> | undefined> {
  let out: string;
  try {
    // Run in the catalog folder: `.` is the folder; git prints paths from the repository's top.
    out = await git(['diff-index', '-z', '--name-only', '--no-renames', commit, '--', '.']);
  } catch {
    return undefined;
  }
  const names = new Set<string>();
  for (const full of out.split('\0')) {
    if (full === '') continue;
    if (prefix && !full.startsWith(`${prefix}/`)) return undefined;
    names.add(prefix ? full.slice(prefix.length + 1) : full);
  }
  return names;
}

/** The git object id of a working tree's file; '' when it cannot be read. */
function workingBlobId(absDir: string, name: string, algorithm: 'sha1' | 'sha256'): string {
  try {
    return blobId(readFileSync(joinPath(absDir, name)), algorithm);
  } catch {
    return '';
  }
}

/** Runs a git command; a failure becomes a BaseError (with `explain` to word it). */
async function run(git: SimpleGit, args: string[], explain?: (stderr: string) => string): Promise<string> {
  try {
    return await git.raw(args);
  } catch (err) {
    const message = ((err as Error).message ?? String(err)).trim();
    if (/ENOENT|spawn git/.test(message)) throw new BaseError('--base needs git, and git is not installed (or not on the PATH)');
    throw new BaseError(explain ? explain(message) : `git ${args[0]} failed: ${message}`);
  }
}

/**
 * What to fetch when the ref is not there (a shallow CI checkout fetches only the commit under test). In a shallow
 * clone, fetching the ref alone is not enough: HEAD's history stops at the clone's depth, so the branch point would
 * still be missing; --unshallow fetches both.
 */
export function missingRefMessage(ref: string, shallow = false): string {
  const remote = /^(?:refs\/remotes\/)?([A-Za-z0-9._-]+)\/(.+)$/.exec(ref);
  const options = shallow ? '--no-tags --unshallow' : '--no-tags';
  const fetch = remote
    ? `git fetch ${options} ${remote[1]} +refs/heads/${remote[2]}:refs/remotes/${remote[1]}/${remote[2]}`
    : `git fetch ${options} origin ${ref}`;
  return (
    `the base ref ${ref} is not in this checkout, so there is nothing to compare with. Fetch it first: ${fetch}` +
    ` (in GitHub Actions, give actions/checkout \`fetch-depth: 0\`, which fetches every branch with its history)`
  );
}

/** What to fetch when the ref is there but the branch point is not (a shallow clone). */
export function shallowMessage(ref: string): string {
  return (
    `this clone is shallow and does not hold the commit where HEAD branched from ${ref}, so the change cannot be isolated.` +
    ` Fetch the history: git fetch --no-tags --unshallow origin (or git fetch --no-tags --deepen=200 origin for part of it);` +
    ` in GitHub Actions, give actions/checkout \`fetch-depth: 0\``
  );
}

interface Blob {
  /** Path inside the catalog folder (rails/BR-pix.yaml). */
  name: string;
  sha: string;
}

/**
 * Every file of the catalog folder at a commit (ls-tree -r -z): its name and object id. Without sizes (-l makes git
 * read every object's header, twice the time): readBlobs learns the size of the few it reads.
 */
async function listBlobs(git: (args: string[]) => Promise<string>, commit: string, prefix: string): Promise<Blob[]> {
  const args = ['ls-tree', '-r', '-z', '--full-tree', commit];
  if (prefix) args.push('--', prefix);
  const out = await git(args);
  const blobs: Blob[] = [];
  const skip = prefix ? prefix.length + 1 : 0;
  // Each record: <mode> SP <type> SP <object> TAB <path> NUL.
  for (let at = 0; at < out.length; ) {
    let end = out.indexOf('\0', at);
    if (end < 0) end = out.length;
    const tab = out.indexOf('\t', at);
    const sp1 = out.indexOf(' ', at);
    const sp2 = out.indexOf(' ', sp1 + 1);
    const record = at;
    at = end + 1;
    if (tab < 0 || tab > end || sp2 < 0 || sp2 > tab) continue;
    // Submodules and symbolic links hold no entry.
    if (!out.startsWith('blob', sp1 + 1) || sp2 !== sp1 + 5 || out.startsWith('120000', record)) continue;
    if (prefix && !(out.startsWith(prefix, tab + 1) && out[tab + 1 + prefix.length] === '/')) continue;
    const name = out.slice(tab + 1 + skip, end);
    if (name.startsWith('.') || name.includes('/.')) continue; // as listFiles: dot files are not catalog files
    blobs.push({ name, sha: out.slice(sp2 + 1, tab) });
  }
  return blobs.sort((a, b) => cmp(a.name, b.name));
}

/** The id git gives a file's content: the hash of "blob <size>\0<bytes>". */
export function blobId(bytes: Buffer, algorithm: 'sha1' | 'sha256' = 'sha1'): string {
  return createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * The base's texts of the files a change touched, read by one `git cat-file --batch` (a process per file cost 10 ms
 * or more each). Files outside the entry folders are not read. The output is taken as it comes: a file over the size
 * limit is refused, its bytes passed over, never held.
 */
async function readBlobs(absDir: string, blobs: Blob[]): Promise<CatalogText[]> {
  const texts: CatalogText[] = [];
  const wanted = blobs.filter((blob) => isEntryPlace(blob.name));
  for (const blob of blobs) if (!isEntryPlace(blob.name)) texts.push({ name: blob.name });
  if (wanted.length === 0) return texts;
  const { spawn } = await import('node:child_process');
  const read = new BlobReader(wanted);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd: absDir, stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        read.take(chunk);
      } catch (err) {
        child.kill();
        reject(err);
      }
    });
    child.on('error', (err) => reject(new BaseError(`git cat-file failed: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BaseError(`git cat-file failed with exit code ${code}`))));
    child.stdin.on('error', () => {}); // git exited early: 'close' says so
    child.stdin.end(wanted.map((b) => `${b.sha}\n`).join(''));
  });
  return [...texts, ...read.done()];
}

/** Reads `git cat-file --batch`'s output as it comes: for each object, "<id> blob <size>\n", its bytes, "\n". */
class BlobReader {
  private readonly texts: CatalogText[] = [];
  private next = 0;
  /** The header read so far, or the bytes of the object being read (null: over the limit, passed over). */
  private header = '';
  private body: Buffer[] | null = [];
  /** Bytes of the current object still to come, its final "\n" included; -1 while reading a header. */
  private left = -1;
  private size = 0;

  constructor(private readonly blobs: Blob[]) {}

  take(chunk: Buffer): void {
    for (let at = 0; at < chunk.length; ) {
      if (this.left < 0) {
        const eol = chunk.indexOf(0x0a, at);
        this.header += chunk.toString('latin1', at, eol < 0 ? chunk.length : eol);
        if (eol < 0) return;
        at = eol + 1;
        this.start();
        continue;
      }
      const n = Math.min(this.left, chunk.length - at);
      if (this.body) this.body.push(chunk.subarray(at, at + n));
      at += n;
      this.left -= n;
      if (this.left === 0) this.finish();
    }
  }

  /** A header is whole: checks it names the object asked for next. */
  private start(): void {
    const blob = this.blobs[this.next];
    const header = /^([0-9a-f]+) blob (\d+)$/.exec(this.header);
    if (!blob || !header || header[1] !== blob.sha) throw new BaseError(`git cat-file did not give ${blob?.sha} (${blob?.name}) as a blob`);
    this.size = Number(header[2]);
    this.body = this.size > MAX_FILE_BYTES ? null : [];
    this.left = this.size + 1;
    this.header = '';
  }

  private finish(): void {
    const { name } = this.blobs[this.next++];
    if (this.body === null) this.texts.push({ name, unreadable: `at the base revision, ${tooLarge(this.size)}`, unreadableId: 'too-large' });
    else this.texts.push({ name, text: Buffer.concat(this.body).toString('utf8', 0, this.size) });
    this.left = -1;
  }

  /** The texts read, once git has exited; a short output throws. */
  done(): CatalogText[] {
    if (this.next !== this.blobs.length) throw new BaseError(`git cat-file stopped before ${this.blobs[this.next].sha} (${this.blobs[this.next].name})`);
    return this.texts;
  }
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** Where a plain `catalog validate` (no --base) compares from: the upstream branch, if the checkout has one. */
export interface DefaultBase {
  /** False outside a git checkout (or without git): deletions cannot be checked. */
  inCheckout: boolean;
  /** The upstream of the current branch (origin/main), when there is one. */
  upstream?: string;
}

/** True when `dir` or a folder above it holds a `.git` (a folder, or a file in a worktree or submodule). */
function gitAbove(dir: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, '.git'))) return true;
    if (path.dirname(at) === at) return false;
  }
}

/**
 * Whether `dir` is in a git checkout, and the current branch's upstream. Throws only CatalogDirError, when the folder
 * cannot be read (simple-git used to refuse such a folder with an internal error).
 * `seen.head` receives the top folder and HEAD's commit when git gave them on the way: readBase's `head` for ref HEAD.
 */
export async function defaultBase(dir: string, cwd: string, seen: { head?: ResolvedHead } = {}): Promise<DefaultBase> {
  // Both questions at once, git run directly (as simple-git runs it: a failure is an exit code with a message).
  const absDir = path.resolve(cwd, dir);
  // No .git in the folder or above it (and no GIT_DIR): not a checkout, and no git process to start to learn it.
  if (!process.env.GIT_DIR && !gitAbove(absDir)) {
    checkCatalogDir(absDir, dir); // a missing folder: the usage error that validating it would give
    return { inCheckout: false };
  }
  // The first also asks for the top folder and HEAD's commit, which readBase needs next for ref HEAD (one git process
  // less). When that fails (no commit yet, not a work tree...), the plain question is asked again, as before.
  const [withHead, upstream] = await Promise.all([
    gitOutput(absDir, ['rev-parse', '--is-inside-work-tree', '--show-toplevel', 'HEAD^{commit}', '--']),
    gitOutput(absDir, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']),
  ]);
  // As readBaseDirect reads its own rev-parse: trimmed lines, then the `--` that rev-parse echoes.
  const lines = withHead?.split('\n') ?? [];
  const [inTree, top, commit] = lines.map((line) => line.trim());
  const head = lines.length === 5 && inTree === 'true' && top && OBJECT_ID.test(commit) && lines[3] === '--' && lines[4] === '' ? { top, commit } : undefined;
  const inside = head ? 'true' : await gitOutput(absDir, ['rev-parse', '--is-inside-work-tree']);
  if (inside === undefined) checkCatalogDir(absDir, dir); // a missing folder: the usage error that validating it would give
  if (inside === undefined || inside.trim() !== 'true') return { inCheckout: false };
  if (head) seen.head = head;
  return upstream === undefined ? { inCheckout: true } : { inCheckout: true, upstream: upstream.trim() || undefined };
}
