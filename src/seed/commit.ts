import { simpleGit } from 'simple-git';

/** The commit the catalog folder is checked out at, or undefined outside a git work tree (or without git). */
export async function currentCommit(dir: string): Promise<string | undefined> {
  try {
    const git = simpleGit({ baseDir: dir });
    if (!(await git.checkIsRepo())) return undefined;
    const sha = (await git.revparse(['HEAD'])).trim();
    return /^[0-9a-f]{40}$/.test(sha) ? sha : undefined;
  } catch {
    return undefined;
  }
}
