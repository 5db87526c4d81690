import path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { findCatalogServer, missingServerMessage } from './find-server.js';

/** One language server per workspace folder that has a catalog CLI, as each folder may pin its own version. */
const clients = new Map<string, LanguageClient>();

/** The YAML files of the folder's catalog/ (any depth): the only documents this server is asked about. */
function catalogSelector(folder: vscode.WorkspaceFolder): LanguageClientOptions['documentSelector'] {
  const root = folder.uri.fsPath.split(path.sep).join('/');
  return ['yaml', 'yml'].map((ext) => ({ scheme: 'file', pattern: `${root}/catalog/**/*.${ext}` }));
}

async function startFor(folder: vscode.WorkspaceFolder): Promise<void> {
  const settings = vscode.workspace.getConfiguration('payoutCatalog', folder.uri);
  const serverPath = settings.get<string>('serverPath', '');
  const found = findCatalogServer(folder.uri.fsPath, serverPath);
  if (!found) {
    // Only a folder that has a catalog/ is the catalog's: others are not the analyst's concern here.
    const catalogFiles = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, 'catalog/**/*.yaml'), null, 1);
    if (catalogFiles.length) void vscode.window.showWarningMessage(missingServerMessage(folder.uri.fsPath, serverPath));
    return;
  }
  // The node on PATH (or the one set), not the editor's own: the catalog needs Node 20.19, VS Code 1.82 bundles 18.
  const runtime = settings.get<string>('runtime', 'node') || 'node';
  const server: ServerOptions = {
    command: runtime,
    args: [found.script, 'lsp'],
    transport: TransportKind.stdio, // adds --stdio
    options: { cwd: folder.uri.fsPath },
  };
  const client = new LanguageClient('payoutCatalog', `Payout catalog (${folder.name})`, server, {
    documentSelector: catalogSelector(folder),
    workspaceFolder: folder,
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, 'catalog/**')) },
  });
  clients.set(folder.uri.toString(), client);
  try {
    await client.start();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(
      `Payout catalog: ${runtime} ${found.script} lsp --stdio did not start in ${folder.name} (${why}): set payoutCatalog.runtime to a Node.js 20.19 or later, or run npm ci there.`,
    );
  }
}

async function stopFor(folder: vscode.WorkspaceFolder): Promise<void> {
  const client = clients.get(folder.uri.toString());
  clients.delete(folder.uri.toString());
  await client?.stop();
}

/** Starts a server for each workspace folder, and follows folders added and removed. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders(async ({ added, removed }) => {
      await Promise.all([...removed.map(stopFor), ...added.map(startFor)]);
    }),
    // A new runtime or server path takes effect at once, as the analyst expects of a setting.
    vscode.workspace.onDidChangeConfiguration(async (change) => {
      const changed = (vscode.workspace.workspaceFolders ?? []).filter((f) => change.affectsConfiguration('payoutCatalog', f.uri));
      await Promise.all(changed.map((folder) => stopFor(folder).then(() => startFor(folder))));
    }),
  );
  await Promise.all((vscode.workspace.workspaceFolders ?? []).map(startFor));
}

/** Stops every server (VS Code waits for the returned promise). */
export async function deactivate(): Promise<void> {
  await Promise.all([...clients.values()].map((client) => client.stop()));
  clients.clear();
}
