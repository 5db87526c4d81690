import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type Connection } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions, completion, definition, formatting, hover } from './features.js';
import { CatalogWorkspace } from './workspace.js';

/** What `catalog lsp` was started with. */
export interface ServerOptions {
  /** The catalog folder, relative to the workspace folder (default catalog). */
  dir: string;
  /** A fixed date to judge on; the clock's date otherwise. */
  today?: string;
  /** Compare with the base revision in a git checkout, as `catalog validate` does. */
  history: boolean;
  /** Where the documentation of the rules lives (a URL of docs/rules.md); the local checkout's by default. */
  docsBase?: string;
  /** The memo of `validate --cache` to start from, relative to the workspace folder; none: every file is judged. */
  memo?: string;
  /** The folder to work in when the client names none. */
  cwd: string;
}

/**
 * The language server of the catalog, on stdio: every diagnostic of `catalog validate` as the analyst types (on the
 * unsaved text, across files, against the base revision), the safe fixes as quick fixes, `fmt` as formatting, hover,
 * completion of ISO codes and go to definition. Resolves when the client has shut the server down.
 */
export function startServer(options: ServerOptions): Promise<void> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  let ws: CatalogWorkspace | undefined;
  const log = (line: string) => connection.console.log(`catalog: ${line}`);

  connection.onInitialize((params) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    const root = folder ? fileURLToPath(folder) : options.cwd;
    const init = (params.initializationOptions ?? {}) as { docsBase?: string; today?: string };
    const docsBase = init.docsBase ?? options.docsBase ?? pathToFileURL(path.resolve(fileURLToPath(import.meta.url), '../../../docs/rules.md')).href;
    ws = new CatalogWorkspace({
      root,
      dir: path.resolve(root, options.dir),
      today: init.today ?? options.today,
      docsBase,
      history: options.history,
      memo: options.memo ? path.resolve(root, options.memo) : undefined,
      log,
      publish: (uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }),
    });
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        documentFormattingProvider: true,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', '[', ','] },
        definitionProvider: true,
      },
      serverInfo: { name: 'catalog' },
    };
  });
  connection.onInitialized(() => void ws?.start());
  documents.onDidOpen(({ document }) => ws?.edited(document.uri, document.getText(), true));
  documents.onDidChangeContent(({ document }) => ws?.edited(document.uri, document.getText()));
  documents.onDidClose(({ document }) => ws?.closed(document.uri));
  const withDoc = <T>(uri: string, empty: T, answer: (ws: CatalogWorkspace, doc: TextDocument) => T): T => {
    const doc = documents.get(uri);
    if (!ws || !doc || ws.nameOf(uri) === undefined) return empty;
    try {
      return answer(ws, doc);
    } catch (err) {
      log(`${(err as Error).stack ?? String(err)}`);
      return empty;
    }
  };
  connection.onCodeAction((p) => withDoc(p.textDocument.uri, [], (w, d) => codeActions(w, d, p.range)));
  connection.onDocumentFormatting((p) => withDoc(p.textDocument.uri, [], formatting));
  connection.onHover((p) => withDoc(p.textDocument.uri, null, (w, d) => hover(w, d, p.position)));
  connection.onCompletion((p) => withDoc(p.textDocument.uri, [], (w, d) => completion(w, d, p.position)));
  connection.onDefinition((p) => withDoc(p.textDocument.uri, null, (w, d) => definition(w, d, p.position)));
  documents.listen(connection);
  return listen(connection, () => ws?.stop());
}

/** Starts listening; resolves on the client's exit notification, or when its stream ends. */
function listen(connection: Connection, stop: () => void): Promise<void> {
  return new Promise((resolve) => {
    connection.onExit(() => {
      stop();
      resolve();
    });
    process.stdin.on('end', () => {
      stop();
      resolve();
    });
    connection.listen();
  });
}
