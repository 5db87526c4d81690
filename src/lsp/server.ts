import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createConnection,
  type InitializeParams,
  type InitializeResult,
  ProposedFeatures,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { RuleMeta } from '../rules/define.js';
import { BaseWatch } from './base-watch.js';
import { registerFeatures } from './features.js';
import { Publisher } from './publisher.js';
import { Workspace } from './workspace.js';

/** How the server is started: the date rules judge by, the catalog folder, where the rules' docs are. */
export interface ServerOptions {
  today: string;
  /** --dir, relative to the workspace folder; else found as the CLI finds it. */
  dir?: string;
  /** Finds the catalog folder from the workspace folder (catalogDir of the CLI). */
  findDir: (flag: string | undefined, root: string) => string;
  /** The default base address of the rules' docs (the checkout's docs/ as a file:// URL, or CATALOG_DOCS_URL). */
  docsBase: string;
  /** The rules' metadata, for hovers. */
  rules: RuleMeta[];
  /** How long a burst of edits is left to settle before the catalog is checked again, in ms. */
  settleMs?: number;
}

/** What the server answers (LSP capabilities). */
const CAPABILITIES: InitializeResult['capabilities'] = {
  textDocumentSync: TextDocumentSyncKind.Incremental,
  codeActionProvider: { codeActionKinds: ['quickfix'] },
  documentFormattingProvider: true,
  hoverProvider: true,
  completionProvider: { triggerCharacters: [' ', '[', ','] },
  definitionProvider: true,
};

/** A base address as given, ending with a slash. */
const slashed = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Starts the language server on stdin/stdout; resolves when the client has asked it to exit. */
export function startServer(options: ServerOptions): Promise<void> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  const log = (line: string) => connection.console.error(`catalog lsp: ${line}`);
  const publisher = new Publisher((uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }), log, options.docsBase);
  const state: { workspace?: Workspace; timer?: NodeJS.Timeout; base?: BaseWatch; watcher?: FSWatcher } = {};

  /** Checks the catalog soon: a burst of edits (or of files written on disk) is checked once. */
  const schedule = () => {
    state.timer ??= setTimeout(() => {
      state.timer = undefined;
      try {
        if (state.workspace) publisher.publish(state.workspace, options.today);
      } catch (err) {
        log(`the catalog could not be checked: ${(err as Error).stack ?? err}`);
      }
    }, options.settleMs ?? 15);
  };

  connection.onInitialize((params: InitializeParams) => {
    const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    const rootPath = root ? fileURLToPath(root) : process.cwd();
    const init = (params.initializationOptions ?? {}) as { docsBaseUrl?: string };
    if (init.docsBaseUrl) publisher.docsBase = slashed(init.docsBaseUrl);
    state.workspace = new Workspace(rootPath, path.resolve(rootPath, options.findDir(options.dir, rootPath)));
    state.workspace.readDisk();
    return { capabilities: CAPABILITIES, serverInfo: { name: 'catalog' } };
  });

  connection.onInitialized(() => {
    const ws = state.workspace!;
    publisher.publish(ws, options.today);
    state.base = new BaseWatch(
      ws.absDir,
      ws.root,
      (line) => connection.console.info(`catalog lsp: ${line}`),
      (delta) => {
        ws.base = delta;
        schedule();
      },
    );
    void state.base.start();
    state.watcher = watchFolder(ws, schedule, log);
  });

  registerFeatures({ connection, documents, publisher, workspace: () => state.workspace, schedule, log, rules: options.rules });

  return new Promise((resolve) => {
    connection.onShutdown(() => {
      clearTimeout(state.timer);
      state.base?.stop();
      state.watcher?.close();
    });
    connection.onExit(() => resolve());
    documents.listen(connection);
    connection.listen();
  });
}

/** Follows the catalog folder on disk: a file written, added or deleted by another program is read again. */
function watchFolder(ws: Workspace, schedule: () => void, log: (line: string) => void): FSWatcher | undefined {
  try {
    return watch(ws.absDir, { recursive: true, persistent: false }, (_event, file) => {
      const name = file ? ws.nameOf(path.join(ws.absDir, file.toString())) : undefined;
      if (!name) return;
      try {
        ws.diskChanged(name);
      } catch (err) {
        log(`${name} could not be read again: ${(err as Error).message}`);
      }
      schedule();
    });
  } catch (err) {
    log(`the catalog folder cannot be watched (${(err as Error).message}): changes on disk arrive through the editor's notifications only`);
    return undefined;
  }
}
