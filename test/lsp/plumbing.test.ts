/**
 * How the server behaves as a long-lived process under an editor: requests after `shutdown`, a request the client
 * cancels before it runs, a buffer over the 256 KB cap (every request, its one diagnostic, the memory given back when
 * it closes), and the file's fix-all next to `catalog validate --fix`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { StreamMessageReader } from 'vscode-languageserver/node.js';
import { runCatalog } from '../helpers/cli.js';
import { writeCatalog } from '../helpers/catalog.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';
import { LspClient } from './client.js';

const CATALOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../catalog');
const bundled: Record<string, string> = Object.fromEntries(
  readdirSync(CATALOG, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => [`catalog/${f.split(path.sep).join('/')}`, readFileSync(path.join(CATALOG, f), 'utf8')]),
);
const SEPA = 'catalog/rails/FR-sepa.yaml';
const sepa = bundled[SEPA];

const clients: LspClient[] = [];
async function server(files: Record<string, string> = bundled): Promise<LspClient> {
  const client = new LspClient(await writeCatalog(files), ['--no-base']);
  clients.push(client);
  await client.initialize();
  return client;
}
afterAll(() => Promise.all(clients.map((c) => c.close())));

/** Writes raw protocol messages to the server in one write (they arrive together), and collects its answers to them. */
function sendTogether(client: LspClient, messages: object[]): Map<string | number, { error?: { code: number; message: string }; result?: unknown }> {
  const answers = new Map();
  new StreamMessageReader(client.process.stdout!).listen((m) => {
    const answer = m as { id?: string | number };
    if (answer.id !== undefined && 'error' in answer) answers.set(answer.id, answer);
    else if (answer.id !== undefined && 'result' in answer) answers.set(answer.id, answer);
  });
  const frames = messages.map((m) => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...m });
    return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  });
  client.process.stdin!.write(frames.join(''));
  return answers;
}

const rss = (client: LspClient) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${client.process.pid}/status`, 'utf8'))?.[1]) / 1024;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the protocol', () => {
  it('after shutdown, every request is answered InvalidRequest, and exit ends the process with 0', async () => {
    const client = await server();
    await client.open(SEPA, sepa);
    await client.until(() => client.of(SEPA) !== undefined);
    await client.request('shutdown', {});
    const position = { textDocument: { uri: client.uri(SEPA) }, position: { line: 14, character: 2 } };
    for (const [method, params] of [
      ['textDocument/hover', position],
      ['textDocument/completion', position],
      ['textDocument/formatting', { textDocument: position.textDocument, options: { tabSize: 2, insertSpaces: true } }],
      ['shutdown', {}],
      ['no/suchMethod', {}],
    ] as const)
      await expect(client.request(method, params), method).rejects.toMatchObject({ code: -32600, message: expect.stringContaining('after shutdown') });
    const exited = new Promise<number | null>((resolve) => client.process.once('exit', resolve));
    await client.connection.sendNotification('exit');
    expect(await exited).toBe(0);
  });

  it('a request cancelled while it waits is answered RequestCancelled, and the next one is answered', async () => {
    const client = await server();
    await client.open(SEPA, sepa);
    await client.until(() => client.of(SEPA) !== undefined);
    const hover = (id: string) => ({
      id,
      method: 'textDocument/hover',
      params: { textDocument: { uri: client.uri(SEPA) }, position: { line: 14, character: 2 } },
    });
    const answers = sendTogether(client, [hover('old'), { method: '$/cancelRequest', params: { id: 'old' } }, hover('new')]);
    await client.until(() => answers.size === 2, 10_000, 'both answers');
    expect(answers.get('old')?.error?.code).toBe(-32800);
    expect(JSON.stringify(answers.get('new')?.result)).toContain('Category of the rail');
  });
});

describe('a buffer over the 256 KB cap', () => {
  /** A rail followed by a comment of `kb` kilobytes: valid YAML, too large to be a catalog file. */
  const big = (kb: number) => `${sepa}${`# ${'x'.repeat(97)}\n`.repeat(kb * 10)}`;

  it('has one diagnostic that says why, and every request answers empty at once', async () => {
    const client = await server();
    const name = 'catalog/rails/FR-sepa.yaml';
    await client.open(name, big(300));
    await client.until(() => (client.of(name) ?? []).length > 0);
    const shown = client.of(name)!;
    expect(shown).toHaveLength(1);
    expect(shown[0].message).toMatch(/is \d+ KB, and a catalog entry is at most 256 KB.*answers no request on this file.*hover, completion, formatting/);
    const doc = { textDocument: { uri: client.uri(name) } };
    const at = { ...doc, position: { line: 14, character: 2 } };
    expect(await client.request('textDocument/hover', at)).toBeNull();
    expect(await client.request('textDocument/completion', at)).toEqual([]);
    expect(await client.request('textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
    expect(await client.request('textDocument/documentSymbol', doc)).toEqual([]);
    expect(await client.request('textDocument/definition', at)).toBeNull();
    const range = { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } };
    expect(await client.request('textDocument/codeAction', { ...doc, range, context: { diagnostics: shown } })).toEqual([]);
    // Back under the cap: the rail's own diagnostics again (none), and hover answers.
    await client.change(name, sepa);
    await client.until(() => (client.of(name) ?? []).length === 0);
    expect(await client.request('textDocument/hover', at)).not.toBeNull();
  });

  it('when a 5 MB buffer closes, the server gives back its memory: RSS within 20 % of before it opened', async () => {
    const client = await server();
    await client.open(SEPA, sepa);
    await client.until(() => client.of(SEPA) !== undefined);
    await settle(500);
    const before = rss(client);
    const name = 'catalog/rails/BIG-x.yaml';
    const text = big(5 * 1024);
    await client.open(name, text);
    for (let i = 0; i < 3; i++) await client.change(name, `${text}# edit ${i}\n`);
    await client.request('textDocument/hover', { textDocument: { uri: client.uri(name) }, position: { line: 14, character: 2 } });
    await client.request('textDocument/formatting', { textDocument: { uri: client.uri(name) }, options: { tabSize: 2, insertSpaces: true } });
    await client.until(() => (client.of(name) ?? []).length === 1);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: client.uri(name) } });
    await client.until(
      () => (client.of(name) ?? []).some((d) => /does not end with \.yaml|BIG-x|cannot read/.test(d.message)) || client.of(name)?.length === 0,
    );
    await settle(500);
    const after = rss(client);
    expect(after, `RSS ${before.toFixed(0)} MB before the buffer, ${after.toFixed(0)} MB after it closed`).toBeLessThanOrEqual(before * 1.2);
  });
});

describe('fix-all', () => {
  it('source.fixAll applies to a file what catalog validate --fix writes, and lists the diagnostics it fixes', async () => {
    const broken = sepa
      .replace(/^currency: EUR$/m, 'currency: eur')
      .replace(/^countries: \[ FR, BE,/m, 'countries: [ fr, be,')
      .replace(/businessDaysOnly: true/, 'businessDaysOnly: yes')
      .replace(/^ {2}minMinor: 100$/m, '  minMinor: "100"');
    const root = await writeCatalog({ ...bundled, [SEPA]: broken });
    await runCatalog(['validate', SEPA, '--fix', '--no-base', '--today', BUNDLED_TODAY], root);
    const fixedByCli = readFileSync(path.join(root, SEPA), 'utf8');
    expect(fixedByCli).not.toBe(broken);
    writeFileSync(path.join(root, SEPA), sepa);
    const client = new LspClient(root, ['--no-base']);
    clients.push(client);
    await client.initialize();
    await client.open(SEPA, broken);
    await client.until(() => (client.of(SEPA) ?? []).length >= 5);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    type Action = { kind: string; diagnostics: Array<{ code: string; message: string }>; edit: { changes: Record<string, Array<{ newText: string }>> } };
    const actions = await client.request<Action[]>('textDocument/codeAction', {
      textDocument: { uri: client.uri(SEPA) },
      range,
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.catalog']);
    expect(actions[0].edit.changes[client.uri(SEPA)][0].newText).toBe(fixedByCli);
    const shown = client.of(SEPA)!.map((d) => d.message);
    expect(actions[0].diagnostics.length).toBeGreaterThanOrEqual(4);
    for (const d of actions[0].diagnostics) expect(shown).toContain(d.message);
    // The server still holds the editor's text: its diagnostics stand until the editor applies the edit.
    expect(client.of(SEPA)!.length).toBeGreaterThanOrEqual(5);
  });

  it('each quick fix lists the diagnostic it fixes', async () => {
    const client = await server();
    await client.open(SEPA, sepa.replace(/^currency: EUR$/m, 'currency: eur'));
    await client.until(() => (client.of(SEPA) ?? []).some((d) => d.message.includes('eur')));
    const line = sepa.split('\n').indexOf('currency: EUR');
    const actions = await client.request<Array<{ kind: string; title: string; diagnostics: Array<{ message: string }> }>>('textDocument/codeAction', {
      textDocument: { uri: client.uri(SEPA) },
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      context: { diagnostics: client.of(SEPA), only: ['quickfix'] },
    });
    expect(actions.map((a) => a.title)).toEqual(['Fix: write EUR (schema)']);
    expect(actions[0].diagnostics.map((d) => d.message)).toEqual(
      client
        .of(SEPA)!
        .filter((d) => d.range.start.line === line && d.code === 'schema')
        .map((d) => d.message),
    );
  });
});
