import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, type Diagnostic } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FormatError } from '../edit/format.js';
import type { Problem } from '../model/problem.js';
import type { RuleMeta } from '../rules/define.js';
import { formatDocument, quickFixes } from './actions.js';
import { BaseWatch } from './base-watch.js';
import { completionAt } from './completion.js';
import { definitionAt } from './definition.js';
import { crashDiagnostic, problemsByFile, toDiagnostic } from './diagnostics.js';
import { hoverAt } from './hover.js';
import { Workspace } from './workspace.js';

/** How the server is started: the date rules judge by, the catalog folder, where the rules' docs are. */
export interface ServerOptions {
  today: string;
  /** --dir, relative to the workspace folder; else found as the CLI finds it. */
  dir?: string;
  /** Finds the catalog folder from the workspace folder (catalogDir of the CLI). */
  findDir: (flag: string | undefined, root: string) => string;
  /** The default base address of the rules' docs (the checkout's docs/ as a file:// URL). */
  docsBase: string;
  /** The rules' metadata, for hovers. */
  rules: RuleMeta[];
  /** How long a burst of edits is left to settle before the catalog is checked again, in ms. */
  settleMs?: number;
}

/** What was published for a file: its diagnostics with the problems behind them (code actions need the fixes). */
type Published = Array<{ problem: Problem; diagnostic: Diagnostic }>;

/** Starts the language server on stdin/stdout; resolves when the client has asked it to exit. */
export function startServer(options: ServerOptions): Promise<void> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  const rules = new Map(options.rules.map((r) => [r.id, r]));
  let docsBase = options.docsBase;
  let workspace: Workspace | undefined;
  let base: BaseWatch | undefined;
  let watcher: FSWatcher | undefined;
  const published = new Map<string, Published>();
  let timer: NodeJS.Timeout | undefined;

  const nameOfUri = (uri: string) => (uri.startsWith('file:') && workspace ? workspace.nameOf(fileURLToPath(uri)) : undefined);

  /** Checks the catalog as held and publishes every file's diagnostics (an empty list for a clean file). */
  const publish = () => {
    timer = undefined;
    if (!workspace) return;
    const validation = workspace.run(options.today);
    const ws = workspace;
    const byFile = problemsByFile(validation, ws.root, ws.engine.names(), (n) => ws.pathOf(n));
    const now = new Map<string, Published>();
    for (const [abs, problems] of byFile)
      now.set(
        pathToFileURL(abs).href,
        problems.map((problem) => ({ problem, diagnostic: toDiagnostic(problem, docsBase) })),
      );
    const first = ws.engine.names()[0];
    for (const c of validation.crashed) {
      connection.console.error(`internal error in rule ${c.rule}: ${c.error.stack ?? c.error.message}`);
      if (first) now.get(pathToFileURL(ws.pathOf(first)).href)?.push({ problem: undefined as never, diagnostic: crashDiagnostic(c.rule, c.error, docsBase) });
    }
    for (const uri of published.keys()) if (!now.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    for (const [uri, list] of now) {
      const before = published.get(uri);
      const same = before && before.length === list.length && before.every((b, i) => JSON.stringify(b.diagnostic) === JSON.stringify(list[i].diagnostic));
      if (!same) void connection.sendDiagnostics({ uri, diagnostics: list.map((x) => x.diagnostic) });
    }
    published.clear();
    for (const [uri, list] of now) published.set(uri, list);
  };
  /** Publishes soon: a burst of edits is checked once. */
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(safely(publish), options.settleMs ?? 15);
  };
  /** Runs a handler so that a bug in it is logged, never the end of the server. */
  function safely<A extends unknown[], R>(fn: (...args: A) => R, fallback?: R): (...args: A) => R {
    return (...args: A) => {
      try {
        return fn(...args);
      } catch (err) {
        connection.console.error(`catalog lsp: ${(err as Error).stack ?? err}`);
        return fallback as R;
      }
    };
  }

  connection.onInitialize((params) => {
    const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    const rootPath = root ? fileURLToPath(root) : process.cwd();
    const init = (params.initializationOptions ?? {}) as { docsBaseUrl?: string };
    if (init.docsBaseUrl) docsBase = init.docsBaseUrl.endsWith('/') ? init.docsBaseUrl : `${init.docsBaseUrl}/`;
    const absDir = path.resolve(rootPath, options.findDir(options.dir, rootPath));
    workspace = new Workspace(rootPath, absDir);
    workspace.readDisk();
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

  connection.onInitialized(() => {
    const ws = workspace!;
    publish();
    base = new BaseWatch(
      ws.absDir,
      ws.root,
      (line) => connection.console.info(`catalog lsp: ${line}`),
      (delta) => {
        ws.base = delta;
        schedule();
      },
    );
    void base.start();
    try {
      watcher = watch(ws.absDir, { recursive: true, persistent: false }, (_event, file) => {
        if (!file) return;
        const name = ws.nameOf(path.join(ws.absDir, file.toString()));
        if (name) safely(() => ws.diskChanged(name))();
        schedule();
      });
    } catch (err) {
      connection.console.warn(`catalog lsp: the catalog folder cannot be watched (${(err as Error).message}); changes on disk arrive through the editor`);
    }
  });

  connection.onDidChangeWatchedFiles(
    safely((params) => {
      for (const change of params.changes) {
        const name = nameOfUri(change.uri);
        if (name) workspace!.diskChanged(name);
      }
      schedule();
    }),
  );

  documents.onDidOpen(
    safely((e) => {
      const name = nameOfUri(e.document.uri);
      if (!name) return;
      workspace!.setOpen(name, e.document.getText());
      // The opened file gets its diagnostics now, an empty list included, even if nothing changed.
      const list = published.get(e.document.uri);
      if (list && workspace!.text(name)?.text === e.document.getText())
        void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: list.map((x) => x.diagnostic) });
      else published.delete(e.document.uri);
      schedule();
    }),
  );
  documents.onDidChangeContent(
    safely((e) => {
      const name = nameOfUri(e.document.uri);
      if (!name || workspace!.text(name)?.text === e.document.getText()) return;
      workspace!.setOpen(name, e.document.getText());
      schedule();
    }),
  );
  documents.onDidClose(
    safely((e) => {
      const name = nameOfUri(e.document.uri);
      if (!name) return;
      workspace!.close(name);
      schedule();
    }),
  );

  connection.onCodeAction(
    safely((params) => {
      const doc = documents.get(params.textDocument.uri);
      const list = (published.get(params.textDocument.uri) ?? []).filter((x) => x.problem);
      return doc ? quickFixes(doc.uri, doc.getText(), list, params.range) : [];
    }, []),
  );
  connection.onDocumentFormatting((params) => {
    const doc = documents.get(params.textDocument.uri);
    const name = nameOfUri(params.textDocument.uri);
    if (!doc || !name) return [];
    try {
      return formatDocument(name, doc.getText());
    } catch (err) {
      if (!(err instanceof FormatError)) throw err;
      void connection.window.showWarningMessage(`catalog fmt: ${err.message}`);
      return [];
    }
  });
  connection.onHover(
    safely((params) => {
      const doc = documents.get(params.textDocument.uri);
      const name = nameOfUri(params.textDocument.uri);
      if (!doc || !name) return null;
      const diagnostics = (published.get(params.textDocument.uri) ?? []).map((x) => x.diagnostic);
      return hoverAt(name, doc.getText(), params.position, diagnostics, rules);
    }, null),
  );
  connection.onCompletion(
    safely((params) => {
      const doc = documents.get(params.textDocument.uri);
      const name = nameOfUri(params.textDocument.uri);
      return doc && name ? completionAt(name, doc.getText(), params.position) : [];
    }, []),
  );
  connection.onDefinition(
    safely((params) => {
      const doc = documents.get(params.textDocument.uri);
      const name = nameOfUri(params.textDocument.uri);
      return doc && name && workspace ? definitionAt(name, doc.getText(), params.position, (n) => workspace!.pathOf(n)) : null;
    }, null),
  );

  return new Promise((resolve) => {
    connection.onShutdown(() => {
      clearTimeout(timer);
      base?.stop();
      watcher?.close();
    });
    connection.onExit(() => resolve());
    documents.listen(connection);
    connection.listen();
  });
}
