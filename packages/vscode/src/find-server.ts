import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Where the catalog's CLI of a workspace folder was found: the script that node runs, and which rule found it. */
export type FoundServer = { script: string; from: 'setting' | 'workspace package' | 'node_modules' };

/** The `catalog` entry of a package.json's "bin" (a string bin names the package itself), if the file has one. */
function catalogBin(packageDir: string): string | undefined {
  const file = path.join(packageDir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    const { name, bin } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; bin?: string | Record<string, string> };
    const relative = typeof bin === 'string' ? (name === 'catalog' ? bin : undefined) : bin?.catalog;
    return relative ? path.resolve(packageDir, relative) : undefined;
  } catch {
    return undefined; // a package.json being edited: the next rule may still find the CLI
  }
}

/**
 * The catalog CLI a workspace folder runs, as ESLint's extension finds the workspace's own eslint: the setting when it
 * is set; the workspace's own bin when the workspace is the catalog project; else node_modules/.bin/catalog (a symlink
 * to the package's script on Linux and macOS; on Windows npm writes a .cmd shim, so the package's package.json is read).
 */
export function findCatalogServer(folder: string, serverPath = ''): FoundServer | undefined {
  if (serverPath) {
    const script = path.resolve(folder, serverPath);
    return existsSync(script) ? { script, from: 'setting' } : undefined;
  }
  const own = catalogBin(folder);
  if (own && existsSync(own)) return { script: own, from: 'workspace package' };
  const link = path.join(folder, 'node_modules/.bin/catalog');
  if (existsSync(link)) {
    const target = realpathSync(link);
    if (target !== link) return { script: target, from: 'node_modules' };
  }
  const installed = catalogBin(path.join(folder, 'node_modules/payout-catalog'));
  return installed && existsSync(installed) ? { script: installed, from: 'node_modules' } : undefined;
}

/** What the analyst reads when no CLI was found: where it was looked for and what to do. */
export function missingServerMessage(folder: string, serverPath = ''): string {
  if (serverPath)
    return `Payout catalog: the setting payoutCatalog.serverPath names ${path.resolve(folder, serverPath)}, which does not exist, so the extension's own copy runs: point it at the catalog's bin/catalog.js, or clear it.`;
  return `Payout catalog: no catalog CLI in ${folder} (neither the package.json's "bin" nor node_modules/.bin/catalog), so the extension's own copy runs: run npm ci in that folder to use its version, or set payoutCatalog.serverPath to the catalog's bin/catalog.js.`;
}

/** What the extension starts for a workspace folder: a Node.js with the server's script and its flags. */
export interface ServerChoice {
  command: string;
  /** The script and `lsp` with its flags (the client adds --stdio). */
  args: string[];
  /** Whose server: the workspace's own toolkit (as found), or the copy the extension carries. */
  from: FoundServer['from'] | 'bundled';
  /** Said in the output channel when the choice is not the obvious one. */
  note?: string;
}

/** Where the extension's own copy of the server is (packages/vscode/server, built by build.mjs). */
export function bundledScript(extensionPath: string): string {
  return path.join(extensionPath, 'server', 'bin', 'catalog.js');
}

/**
 * The server a folder runs, as the ESLint extension chooses its eslint. In a trusted workspace, the workspace's own
 * toolkit when it has one (its version of the rules), else the copy the extension carries. In a folder that is not
 * trusted, always the extension's copy, with --no-base (git never runs: a repository's git configuration can run
 * programs) and --no-cache (the repository's memo would be taken on trust): nothing of the repository runs, its files
 * are only read. The runtime is a user setting there (VS Code ignores the workspace's value in restricted mode).
 */
export function chooseServer(options: { folder: string; trusted: boolean; serverPath: string; runtime: string; extensionPath: string }): ServerChoice {
  const { folder, trusted, serverPath, runtime, extensionPath } = options;
  const command = runtime || 'node';
  const bundled = bundledScript(extensionPath);
  if (!trusted)
    return {
      command,
      args: [bundled, 'lsp', '--no-base', '--no-cache'],
      from: 'bundled',
      note: 'restricted mode: the extension’s own server, without git and without the memo',
    };
  const found = findCatalogServer(folder, serverPath);
  if (found) return { command, args: [found.script, 'lsp'], from: found.from };
  return { command, args: [bundled, 'lsp'], from: 'bundled', note: missingServerMessage(folder, serverPath) };
}
