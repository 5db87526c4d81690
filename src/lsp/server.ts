import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import {
  type CancellationToken,
  type Connection,
  createConnection,
  ProposedFeatures,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions, FIX_ALL, formatting, QUICK_FIX } from './code-actions.js';
import { completion } from './completion.js';
import { hover } from './hover.js';
import { definition, documentLinks, documentSymbols, references } from './navigation.js';
import { MessageGate } from './gate.js';
import { CatalogWorkspace, overCap } from './workspace.js';

/** What `catalog lsp` was started with. */
export interface ServerOptions {
  /** The catalog folder, relative to the workspace folder (default catalog). */
  dir: string;
  /** A fixed date to judge on; the clock's date otherwise. */
  today?: string;
  /** Compare with the base revision in a git checkout, as `catalog validate` does (false: git never runs). */
  history: boolean;
  /** Where the documentation of the rules lives (a URL of docs/rules.md); the local checkout's by default. */
  docsBase?: string;
  /** The memo of `validate --cache` to start from, relative to the workspace folder; none: every file is judged. */
  memo?: string;
  /** The folder to work in when the client names none. */
  cwd: string;
}

/** LSP's RequestCancelled, without the protocol's module for constants. */
const REQUEST_CANCELLED = -32800;

/**
 * The language server of the catalog, on stdio: every diagnostic of `catalog validate` as the analyst types (on the
 * unsaved text, across files, against the base revision), quick fixes and the file's fix-all, `fmt` as formatting,
 * completion and hover from the schemas, the outline, links, go to definition and references. Resolves when the
 * client has shut the server down.
 */
export function startServer(options: ServerOptions): Promise<void> {
  const writer = new StreamMessageWriter(process.stdout);
  const gate = new MessageGate(writer);
  const connection = createConnection(ProposedFeatures.all, gate.reader(new StreamMessageReader(process.stdin)), writer, gate.options());
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
      superseded: () => gate.changesWaiting(),
    });
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [QUICK_FIX, FIX_ALL] },
        documentFormattingProvider: true,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', '[', ','] },
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        documentLinkProvider: { resolveProvider: false },
      },
      serverInfo: { name: 'catalog' },
    };
  });
  connection.onInitialized(() => void ws?.start());
  documents.onDidOpen(({ document }) => ws?.edited(document.uri, document.getText(), true));
  documents.onDidChangeContent(({ document }) => ws?.edited(document.uri, document.getText()));
  documents.onDidClose(({ document }) => ws?.closed(document.uri));
  /**
   * Every request about a document goes through here: a catalog file only, never over the size cap (its one diagnostic
   * says why), never after the client cancelled it, and a failure is logged and answered empty.
   */
  const withDoc = <T>(uri: string, token: CancellationToken, empty: T, answer: (ws: CatalogWorkspace, doc: TextDocument) => T): T | ResponseError => {
    if (token.isCancellationRequested) return new ResponseError(REQUEST_CANCELLED, 'cancelled by the client');
    const doc = documents.get(uri);
    if (!ws || !doc || ws.nameOf(uri) === undefined || overCap(doc.getText())) return empty;
    try {
      return answer(ws, doc);
    } catch (err) {
      log(`${(err as Error).stack ?? String(err)}`);
      return empty;
    }
  };
  connection.onCodeAction((p, token) => withDoc(p.textDocument.uri, token, [], (w, d) => codeActions(w, d, p.range, p.context.only)));
  connection.onDocumentFormatting((p, token) => withDoc(p.textDocument.uri, token, [], formatting));
  connection.onHover((p, token) => withDoc(p.textDocument.uri, token, null, (w, d) => hover(w, d, p.position)));
  connection.onCompletion((p, token) => withDoc(p.textDocument.uri, token, [], (w, d) => completion(w, d, p.position)));
  connection.onDefinition((p, token) => withDoc(p.textDocument.uri, token, null, (w, d) => definition(w, d, p.position)));
  connection.onReferences((p, token) => withDoc(p.textDocument.uri, token, [], (w, d) => references(w, d, p.position, p.context.includeDeclaration)));
  connection.onDocumentSymbol((p, token) => withDoc(p.textDocument.uri, token, [], documentSymbols));
  connection.onDocumentLinks((p, token) => withDoc(p.textDocument.uri, token, [], documentLinks));
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
