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
    return `Payout catalog: the setting payoutCatalog.serverPath names ${path.resolve(folder, serverPath)}, which does not exist: point it at the catalog's bin/catalog.js, or clear it.`;
  return `Payout catalog: no catalog CLI in ${folder} (neither the package.json's "bin" nor node_modules/.bin/catalog): run npm ci in that folder, or set payoutCatalog.serverPath to the catalog's bin/catalog.js.`;
}
