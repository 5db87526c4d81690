/** A protocol client in process for `catalog lsp --stdio`: spawns the real CLI and talks JSON-RPC to it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { BIN } from '../helpers/cli.js';

/** A diagnostic as the server publishes it (the fields the tests read). */
export interface Diag {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: number;
  code: string;
  codeDescription?: { href: string };
  source: string;
  message: string;
}

/** A running server and what it published, by URI (the latest list of each). */
export interface Session {
  connection: MessageConnection;
  child: ChildProcess;
  diagnostics: Map<string, Diag[]>;
  /** Called at each publication (after `diagnostics` is updated). */
  listeners: Set<(uri: string) => void>;
  /** Resolves once `ready(published)` holds (checked at each publication), or rejects after `ms`. */
  until(ready: (published: Map<string, Diag[]>) => boolean, ms?: number): Promise<void>;
  /** Sends a notification / request. */
  notify(method: string, params: unknown): void;
  request<T>(method: string, params: unknown): Promise<T>;
  close(): Promise<void>;
}

/** Starts `catalog lsp --stdio` for the workspace folder `root` and initializes it. */
export async function startSession(root: string, args: string[] = [], env: Record<string, string> = {}): Promise<Session> {
  const child = spawn(process.execPath, [BIN, 'lsp', '--stdio', '--today', '2026-11-27', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const diagnostics = new Map<string, Diag[]>();
  const waiters = new Set<() => void>();
  const listeners = new Set<(uri: string) => void>();
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diag[] }) => {
    diagnostics.set(p.uri, p.diagnostics);
    for (const l of listeners) l(p.uri);
    for (const w of waiters) w();
  });
  connection.onNotification('window/logMessage', (m: { message: string }) => {
    if (env.CATALOG_LSP_TEST_LOG) console.log(m.message);
  });
  connection.onRequest('window/showMessageRequest', () => null);
  connection.onRequest('workspace/configuration', () => []);
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const uri = pathToFileURL(root).href;
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: uri, workspaceFolders: [{ uri, name: 'w' }], capabilities: {} });
  connection.sendNotification('initialized', {});
  return {
    connection,
    child,
    diagnostics,
    listeners,
    until(ready, ms = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (ready(diagnostics)) {
            waiters.delete(check);
            clearTimeout(t);
            resolve();
          }
        };
        const t = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for diagnostics; server stderr: ${stderr}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    notify: (method, params) => void connection.sendNotification(method, params),
    request: (method, params) => connection.sendRequest(method, params),
    async close() {
      await connection.sendRequest('shutdown').catch(() => {});
      connection.sendNotification('exit');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        child.once('exit', () => resolve());
        setTimeout(() => {
          child.kill();
          resolve();
        }, 3000);
      });
      connection.dispose();
    },
  };
}

/** Resolves once the server has published nothing for `quietMs` (it has checked what it was given). */
export function quiet(s: Session, quietMs = 400): Promise<void> {
  return new Promise((resolve) => {
    let last = s.diagnostics.size;
    let stamp = Date.now();
    let count = 0;
    const seen = () => {
      count++;
      stamp = Date.now();
    };
    s.listeners.add(seen);
    const tick = setInterval(() => {
      if (Date.now() - stamp >= quietMs && s.diagnostics.size === last) {
        clearInterval(tick);
        s.listeners.delete(seen);
        resolve();
      }
      last = s.diagnostics.size;
      void count;
    }, 50);
  });
}

/** A diagnostic in words, to compare with a problem of `catalog validate --format json`. */
export function diagKey(d: Diag): string {
  const { start, end } = d.range;
  return `${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1} ${d.severity === 1 ? 'error' : 'warning'} ${d.code} ${d.message}`;
}
