import { fileURLToPath } from 'node:url';
import type { Connection, TextDocuments } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { FormatError } from '../edit/format.js';
import type { RuleMeta } from '../rules/define.js';
import { formatDocument, quickFixes } from './actions.js';
import { completionAt } from './completion.js';
import { definitionAt } from './definition.js';
import { hoverAt } from './hover.js';
import type { Publisher } from './publisher.js';
import type { Workspace } from './workspace.js';

/** What the request handlers share with the server. */
export interface Features {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  publisher: Publisher;
  workspace: () => Workspace | undefined;
  schedule: () => void;
  log: (line: string) => void;
  rules: RuleMeta[];
}

/** Wraps a handler so that a bug in it is logged and answered with `fallback`, never the end of the server. */
function safely<A extends unknown[], R>(log: Features['log'], fallback: R, fn: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (err) {
      log(`${(err as Error).stack ?? err}`);
      return fallback;
    }
  };
}

/** Registers the document events and the requests of the server (quick fixes, formatting, hover, completion, definition). */
export function registerFeatures(f: Features): void {
  const nameOf = (uri: string) => (uri.startsWith('file:') ? f.workspace()?.nameOf(fileURLToPath(uri)) : undefined);
  /** The open document of a request and its name in the catalog, or undefined outside it. */
  const docOf = (uri: string) => {
    const doc = f.documents.get(uri);
    const name = nameOf(uri);
    return doc && name ? { doc, name, text: doc.getText() } : undefined;
  };
  registerDocumentEvents(f, nameOf);
  f.connection.onDidChangeWatchedFiles(
    safely(f.log, undefined, (params) => {
      for (const change of params.changes) {
        const name = nameOf(change.uri);
        if (name) f.workspace()?.diskChanged(name);
      }
      f.schedule();
    }),
  );
  f.connection.onCodeAction(
    safely(f.log, [], (params) => {
      const at = docOf(params.textDocument.uri);
      return at ? quickFixes(at.doc.uri, at.text, f.publisher.of(at.doc.uri), params.range) : [];
    }),
  );
  f.connection.onDocumentFormatting((params) => {
    const at = docOf(params.textDocument.uri);
    if (!at) return [];
    try {
      return formatDocument(at.name, at.text);
    } catch (err) {
      if (!(err instanceof FormatError)) throw err;
      void f.connection.window.showWarningMessage(`catalog fmt: ${err.message}`);
      return [];
    }
  });
  const rules = new Map(f.rules.map((r) => [r.id, r]));
  f.connection.onHover(
    safely(f.log, null, (params) => {
      const at = docOf(params.textDocument.uri);
      const diagnostics = f.publisher.of(params.textDocument.uri).map((x) => x.diagnostic);
      return at ? hoverAt(at.name, at.text, params.position, diagnostics, rules) : null;
    }),
  );
  f.connection.onCompletion(
    safely(f.log, [], (params) => {
      const at = docOf(params.textDocument.uri);
      return at ? completionAt(at.name, at.text, params.position) : [];
    }),
  );
  f.connection.onDefinition(
    safely(f.log, null, (params) => {
      const at = docOf(params.textDocument.uri);
      const ws = f.workspace();
      return at && ws ? definitionAt(at.name, at.text, params.position, (n) => ws.pathOf(n)) : null;
    }),
  );
}

/** Open, change and close: the buffer's text replaces the disk's while it is open. */
function registerDocumentEvents(f: Features, nameOf: (uri: string) => string | undefined): void {
  f.documents.onDidOpen(
    safely(f.log, undefined, (e) => {
      const name = nameOf(e.document.uri);
      const ws = f.workspace();
      if (!name || !ws) return;
      const same = ws.text(name)?.text === e.document.getText();
      ws.setOpen(name, e.document.getText());
      // The opened file gets its diagnostics now, an empty list included; a buffer unlike the disk is checked first.
      if (same) f.publisher.resend(e.document.uri);
      else f.schedule();
    }),
  );
  f.documents.onDidChangeContent(
    safely(f.log, undefined, (e) => {
      const name = nameOf(e.document.uri);
      const ws = f.workspace();
      if (!name || !ws || ws.text(name)?.text === e.document.getText()) return;
      ws.setOpen(name, e.document.getText());
      f.schedule();
    }),
  );
  f.documents.onDidClose(
    safely(f.log, undefined, (e) => {
      const name = nameOf(e.document.uri);
      if (!name) return;
      f.workspace()?.close(name);
      f.schedule();
    }),
  );
}
