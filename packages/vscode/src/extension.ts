import path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { chooseServer } from './find-server.js';

/** One language server per workspace folder, as each folder may pin its own version of the toolkit. */
const clients = new Map<string, LanguageClient>();
let extensionPath = '';

/** The fix-all code action kind of the server (src/lsp/code-actions.ts). */
const FIX_ALL = 'source.fixAll.catalog';

/** The YAML files of the folder's catalog/ (any depth): the only documents this server is asked about. */
function catalogSelector(folder: vscode.WorkspaceFolder): LanguageClientOptions['documentSelector'] {
  const root = folder.uri.fsPath.split(path.sep).join('/');
  return ['yaml', 'yml'].map((ext) => ({ scheme: 'file', pattern: `${root}/catalog/**/*.${ext}` }));
}

async function startFor(folder: vscode.WorkspaceFolder): Promise<void> {
  // Only a folder that has a catalog/ is the catalog's: others are not the analyst's concern here.
  const catalogFiles = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, 'catalog/**/*.yaml'), null, 1);
  if (catalogFiles.length === 0) return;
  const settings = vscode.workspace.getConfiguration('payoutCatalog', folder.uri);
  const choice = chooseServer({
    folder: folder.uri.fsPath,
    trusted: vscode.workspace.isTrusted,
    serverPath: settings.get<string>('serverPath', ''),
    // The node on PATH (or the one set), not the editor's own: the catalog needs Node 20.19, VS Code 1.82 bundles 18.
    runtime: settings.get<string>('runtime', 'node'),
    extensionPath,
  });
  const server: ServerOptions = {
    command: choice.command,
    args: choice.args,
    transport: TransportKind.stdio, // adds --stdio
    options: { cwd: folder.uri.fsPath },
  };
  const client = new LanguageClient('payoutCatalog', `Payout catalog (${folder.name})`, server, {
    documentSelector: catalogSelector(folder),
    workspaceFolder: folder,
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, 'catalog/**')) },
  });
  clients.set(folder.uri.toString(), client);
  client.outputChannel.appendLine(`${choice.command} ${choice.args.join(' ')} --stdio (${choice.from})${choice.note ? `: ${choice.note}` : ''}`);
  try {
    await client.start();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(
      `Payout catalog: ${choice.command} ${choice.args.join(' ')} --stdio did not start in ${folder.name} (${why}): set payoutCatalog.runtime to a Node.js 20.19 or later, or run npm ci there.`,
    );
  }
}

async function stopFor(folder: vscode.WorkspaceFolder): Promise<void> {
  const client = clients.get(folder.uri.toString());
  clients.delete(folder.uri.toString());
  await client?.stop();
}

const folders = () => vscode.workspace.workspaceFolders ?? [];
const restartAll = () => Promise.all(folders().map((folder) => stopFor(folder).then(() => startFor(folder))));

/** The client of the folder of the active editor (else the first one started). */
function activeClient(): LanguageClient | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const folder = uri && vscode.workspace.getWorkspaceFolder(uri);
  return (folder && clients.get(folder.uri.toString())) ?? clients.values().next().value;
}

/** Starts a server for each workspace folder; follows folders, settings and the workspace's trust; adds the commands. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionPath = context.extensionPath;
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders(async ({ added, removed }) => {
      await Promise.all([...removed.map(stopFor), ...added.map(startFor)]);
    }),
    // A new runtime or server path takes effect at once, as the analyst expects of a setting.
    vscode.workspace.onDidChangeConfiguration(async (change) => {
      const changed = folders().filter(
        (f) => change.affectsConfiguration('payoutCatalog', f.uri) && !change.affectsConfiguration('payoutCatalog.trace', f.uri),
      );
      await Promise.all(changed.map((folder) => stopFor(folder).then(() => startFor(folder))));
    }),
    // Trusted now: the workspace's own toolkit, with git and the memo.
    vscode.workspace.onDidGrantWorkspaceTrust(restartAll),
    vscode.commands.registerCommand('payoutCatalog.restartServer', restartAll),
    vscode.commands.registerCommand('payoutCatalog.showOutput', () => activeClient()?.outputChannel.show(true)),
    // The server's fix-all of the active file: every safe fix of catalog validate --fix, as one edit.
    vscode.commands.registerCommand('payoutCatalog.fixAll', () =>
      vscode.commands.executeCommand('editor.action.sourceAction', { kind: FIX_ALL, apply: 'first' }),
    ),
  );
  await Promise.all(folders().map(startFor));
}

/** Stops every server (VS Code waits for the returned promise). */
export async function deactivate(): Promise<void> {
  await Promise.all([...clients.values()].map((client) => client.stop()));
  clients.clear();
}
