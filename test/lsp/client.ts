import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver/node.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

/** The CLI as users run it (the benchmark imports this file outside vitest: no __dirname). */
const BIN = fileURLToPath(new URL('../../bin/catalog.js', import.meta.url));

/** A diagnostic as the server publishes it. */
export interface Published {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: number;
  code: string;
  codeDescription?: { href: string };
  message: string;
  data?: { messageId?: string };
}

/** How to start a server other than `catalog lsp --stdio` (the benchmark's yaml-language-server). */
export interface ServerCommand {
  /** The program and its arguments, run in `root`. */
  command: string[];
  /** What the server is answered when it asks for its settings (workspace/configuration), section by section. */
  settings?: Record<string, unknown>;
  /** The server's environment (this process's by default). */
  env?: NodeJS.ProcessEnv;
}

/**
 * A protocol client in process: starts `catalog lsp --stdio` in `root` as an editor does (or another server), and keeps
 * the latest diagnostics the server published for each file.
 */
export class LspClient {
  readonly diagnostics = new Map<string, Published[]>();
  /** How many times the server published each file's diagnostics. */
  readonly publications = new Map<string, number>();
  private readonly waiters: Array<() => void> = [];
  private versions = new Map<string, number>();
  readonly connection: MessageConnection;
  readonly process: ChildProcess;
  stderr = '';

  constructor(
    readonly root: string,
    args: string[] = [],
    server?: ServerCommand,
  ) {
    const [program, ...rest] = server?.command ?? [process.execPath, BIN, 'lsp', '--stdio', '--today', BUNDLED_TODAY, ...args];
    this.process = spawn(program, rest, { cwd: root, env: server?.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stderr!.on('data', (d) => (this.stderr += d));
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Published[] }) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      this.publications.set(p.uri, (this.publications.get(p.uri) ?? 0) + 1);
      for (const w of this.waiters.splice(0)) w();
    });
    this.connection.onNotification('window/logMessage', (m: { message: string }) => (this.stderr += `${m.message}\n`));
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) =>
      p.items.map((item) => server?.settings?.[item.section ?? ''] ?? null),
    );
    this.connection.listen();
  }

  async initialize(): Promise<void> {
    await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: this.uri(''),
      workspaceFolders: [{ uri: this.uri(''), name: 'catalog' }],
      capabilities: { textDocument: { publishDiagnostics: { relatedInformation: false } }, workspace: { configuration: true } },
    });
    await this.connection.sendNotification('initialized', {});
  }

  uri(relative: string): string {
    return pathToFileURL(`${this.root}/${relative}`).href.replace(/\/$/, '');
  }

  open(relative: string, text: string): Promise<void> {
    this.versions.set(relative, 1);
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: this.uri(relative), languageId: 'yaml', version: 1, text } });
  }

  change(relative: string, text: string): Promise<void> {
    const version = (this.versions.get(relative) ?? 1) + 1;
    this.versions.set(relative, version);
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri: this.uri(relative), version }, contentChanges: [{ text }] });
  }

  request<T>(method: string, params: object): Promise<T> {
    return this.connection.sendRequest(method, params) as Promise<T>;
  }

  /** Waits until `ok` holds of the published diagnostics (checked after each publication), or fails after `ms`. */
  async until(ok: () => boolean, ms = 15_000, what = 'diagnostics'): Promise<void> {
    const end = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; server stderr: ${this.stderr}`);
      if (this.process.exitCode !== null) throw new Error(`the server exited (${this.process.exitCode}) while waiting for ${what}; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  of(relative: string): Published[] | undefined {
    return this.diagnostics.get(this.uri(relative));
  }

  async close(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.connection.sendNotification('exit');
    } catch {
      // the server is gone already
    }
    await new Promise<void>((resolve) => {
      if (this.process.exitCode !== null) return resolve();
      const timer = setTimeout(() => this.process.kill('SIGKILL'), 3000);
      this.process.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.connection.dispose();
  }
}
