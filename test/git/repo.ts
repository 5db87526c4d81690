/** Test helpers for the history commands: temporary git repositories made with simple-git, and the CLI run in-process. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleGit, type SimpleGit } from 'simple-git';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { COUNTRY_BR, RAIL_BR_PIX, ASSET_USDC, TODAY } from '../helpers/catalog.js';

/** A SEPA Instant rail in beta, with an IBAN field (pattern and examples) and a select field. Line 1 is `id`. */
export const RAIL_FR_SEPA = `id: FR-sepa_instant
slug: sepa_instant
name: SEPA Instant Credit Transfer (France)
kind: instant_bank
currency: EUR
countries: [FR]
phase: beta
settlement:
  p50Minutes: 1
  p95Minutes: 2
  businessDaysOnly: false
limits:
  minMinor: 100
  maxMinor: 1000000
  decimals: 2
fees:
  fixedMinor: 25
  bps: 0
fields:
  - name: iban
    label: { fr: IBAN, en: IBAN }
    type: iban
    required: true
    normalize: upper_remove_spaces
    maxLength: 27
    pattern: ^FR[0-9]{12}[0-9A-Z]{11}[0-9]{2}$
    help: { fr: IBAN français, en: French IBAN }
    examples: ["FR76 3000 6000 0112 3456 7890 189", "FR1420041010050500013M02606"]
  - name: accountType
    label: { fr: Type de compte, en: Account type }
    type: select
    required: false
    options:
      - { value: personal, label: { fr: Particulier, en: Personal } }
      - { value: business, label: { fr: Entreprise, en: Business } }
verifiedAt: "2026-10-14"
sources:
  - url: https://www.europeanpaymentscouncil.eu/
    title: European Payments Council
    checked: "2026-10-14"
`;

const COUNTRY_FR = `code: FR
name: France
currency: EUR
status: open
`;

/** The catalog every history test starts from (names relative to the catalog folder). */
export const START: Record<string, string> = {
  'rails/BR-pix.yaml': RAIL_BR_PIX,
  'rails/FR-sepa_instant.yaml': RAIL_FR_SEPA,
  'countries/BR.yaml': COUNTRY_BR,
  'countries/FR.yaml': COUNTRY_FR,
  'assets/usdc.yaml': ASSET_USDC,
};

/** A repository under /tmp with the catalog in `catalogDir` (a subfolder, to exercise the path inside the repository). */
export interface Repo {
  root: string;
  catalogDir: string;
  git: SimpleGit;
}

const made: string[] = [];

/** Makes a temporary folder that `cleanup` removes. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every temporary folder made by the helpers. */
export async function cleanup(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

async function configure(git: SimpleGit): Promise<void> {
  await git.addConfig('user.name', 'Catalog Test');
  await git.addConfig('user.email', 'catalog-test@example.com');
  await git.addConfig('commit.gpgsign', 'false');
}

/** Creates a repository whose branch `main` has one commit holding `files` under `catalogDir`. */
export async function makeRepo(files: Record<string, string>, catalogDir = 'data/catalog'): Promise<Repo> {
  const root = await tempDir('catalog-git-');
  const git = simpleGit({ baseDir: root });
  await git.raw(['init', '-q', '-b', 'main']);
  await configure(git);
  if (catalogDir) await writeFile(path.join(root, 'README.md'), 'test repository\n');
  const repo = { root, catalogDir, git };
  await change(repo, files, 'catalog: start');
  return repo;
}

/** Writes (text) or deletes (null) catalog files in a work tree, then commits everything. */
export async function change(repo: Repo, files: Record<string, string | null>, message: string): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(repo.root, repo.catalogDir, name);
    if (text === null) await rm(file, { force: true });
    else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
    }
  }
  await repo.git.raw(['add', '-A']);
  await repo.git.raw(['commit', '-q', '--allow-empty', '-m', message]);
}

/** A new branch made from `from`, checked out in a work tree of its own (git worktree), with one commit of changes. */
export async function branch(repo: Repo, name: string, from: string, files: Record<string, string | null>): Promise<Repo> {
  const root = path.join(path.dirname(repo.root), `${path.basename(repo.root)}-${name}`);
  made.push(root);
  await repo.git.raw(['worktree', 'add', '-q', '-b', name, root, from]);
  const tree = { root, catalogDir: repo.catalogDir, git: simpleGit({ baseDir: root }) };
  await change(tree, files, `catalog: ${name}`);
  return tree;
}

/** What a CLI run printed and returned. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in-process with a fake IO whose working directory is `cwd` and whose clock is fixed on TODAY; `fs`
 * stands in for the file-system calls of atomic writes (a test that makes them fail).
 */
export async function cli(argv: string[], cwd: string, fs?: CliIO['fs']): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    cwd,
    env: {},
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    now: () => new Date(`${TODAY}T12:00:00Z`),
    fs,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
