import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Diag, quiet, type Session, startSession } from './client.js';

const ROOT = path.resolve(__dirname, '../..');
const root = mkdtempSync(path.join(tmpdir(), 'catalog-lsp-'));
cpSync(path.join(ROOT, 'catalog'), path.join(root, 'catalog'), { recursive: true });
const uriOf = (name: string) => pathToFileURL(path.join(root, 'catalog', name)).href;
const diskText = (name: string) => readFileSync(path.join(root, 'catalog', name), 'utf8');
let s: Session;
let version = 1;

beforeAll(async () => {
  s = await startSession(root);
  await s.until((d) => d.has(uriOf('rails/AU-npp.yaml')) && d.has(uriOf('countries/AU.yaml')));
  await quiet(s);
}, 60_000);
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

const open = (name: string, text = diskText(name)) =>
  s.notify('textDocument/didOpen', { textDocument: { uri: uriOf(name), languageId: 'yaml', version: version++, text } });
const change = (name: string, text: string) =>
  s.notify('textDocument/didChange', { textDocument: { uri: uriOf(name), version: version++ }, contentChanges: [{ text }] });
const codes = (name: string) => (s.diagnostics.get(uriOf(name)) ?? []).map((d) => d.code);
/** The line and character of the first occurrence of `what` in a text (on its `at`-th character). */
function positionOf(text: string, what: string, at = 0) {
  const offset = text.indexOf(what) + at;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

describe('diagnostics follow the editor', () => {
  it('publishes an empty list for an opened clean file, when it is opened', async () => {
    let sent = false;
    const seen = (uri: string) => {
      if (uri === uriOf('countries/FR.yaml')) sent = true;
    };
    s.listeners.add(seen);
    open('countries/FR.yaml');
    await s.until(() => sent, 5000);
    s.listeners.delete(seen);
    expect(s.diagnostics.get(uriOf('countries/FR.yaml'))).toEqual([]);
  });

  it('puts a policy list edit, unsaved, into the country it restricts, and takes it away on undo', async () => {
    const name = 'policies/eu-restrictive-measures.yaml';
    const before = diskText(name);
    open(name, before);
    expect(codes('countries/AU.yaml')).not.toContain('country-policy');
    change(name, before.replace('countries: [ RU,', 'countries: [ AU, RU,'));
    await s.until(() => codes('countries/AU.yaml').includes('country-policy'));
    change(name, before);
    await s.until(() => !codes('countries/AU.yaml').includes('country-policy'));
    expect(s.diagnostics.get(uriOf('countries/AU.yaml'))).toEqual([]);
  });

  it('reports on unsaved text with the rule as code, its docs as codeDescription and catalog as source', async () => {
    const name = 'rails/AU-npp.yaml';
    open(name);
    change(name, diskText(name).replace('currency: AUD', 'currency: SGX'));
    await s.until(() => codes(name).includes('iso-currency'));
    const d = s.diagnostics.get(uriOf(name))!.find((x) => x.code === 'iso-currency')!;
    expect(d).toMatchObject({ source: 'catalog', severity: 1, range: { start: positionOf(diskText(name), 'currency: AUD', 10) } });
    expect(d.codeDescription?.href).toMatch(/^file:\/\/.*\/docs\/rules\.md#iso-currency$/);
    change(name, diskText(name));
    await s.until(() => codes(name).length === 0);
  });
});

describe('requests', () => {
  it('offers the safe fix of a problem as a quick fix carrying its diagnostic', async () => {
    const name = 'rails/AU-npp.yaml';
    const text = diskText(name).replace('currency: AUD', 'currency: aud');
    open(name);
    change(name, text);
    await s.until(() => codes(name).includes('schema'));
    const diag = s.diagnostics.get(uriOf(name))!.find((d) => d.code === 'schema')!;
    const actions = await s.request<Array<{ kind: string; diagnostics: Diag[]; edit: { changes: Record<string, Array<{ newText: string }>> } }>>(
      'textDocument/codeAction',
      { textDocument: { uri: uriOf(name) }, range: diag.range, context: { diagnostics: [diag] } },
    );
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'quickfix', diagnostics: [diag] });
    expect(actions[0].edit.changes[uriOf(name)][0].newText).toBe('AUD');
    change(name, diskText(name));
    await s.until(() => codes(name).length === 0);
  });

  it('formats a document as catalog fmt does, and leaves a formatted one alone', async () => {
    const name = 'countries/DE.yaml';
    const text = diskText(name);
    const messy = text.replace(/^status: (.*)$/m, 'status:    $1');
    open(name, messy);
    const edits = await s.request<Array<{ newText: string }>>('textDocument/formatting', {
      textDocument: { uri: uriOf(name) },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(edits.map((e) => e.newText)).toEqual([text]);
    change(name, text);
    expect(await s.request('textDocument/formatting', { textDocument: { uri: uriOf(name) }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  });

  it.each([
    ['a key: the schema describes the field', 'rails/BR-pix.yaml', 'currency:', 1, /ISO 4217 code of the currency paid out/],
    ['a currency code: its name and minor units', 'rails/BR-pix.yaml', 'currency: BRL', 11, /BRL.*Brazilian Real.*2 minor units/],
    ['a country code: its name', 'rails/BR-pix.yaml', 'countries: [ BR', 13, /BR.*Brazil/],
  ])('hovers on %s', async (_what, name, what, at, shown) => {
    open(name);
    const hover = await s.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: uriOf(name) },
      position: positionOf(diskText(name), what, at),
    });
    expect(hover?.contents.value).toMatch(shown);
  });

  it('hovers on a diagnostic with the rule behind it', async () => {
    const name = 'rails/AU-npp.yaml';
    const text = diskText(name).replace('currency: AUD', 'currency: SGX');
    change(name, text);
    await s.until(() => codes(name).includes('iso-currency'));
    const hover = await s.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: uriOf(name) },
      position: positionOf(text, 'SGX', 1),
    });
    expect(hover.contents.value).toMatch(/\*\*iso-currency\*\* \(error\): A rail's currency .*\(\[rules\]\(file:.*rules\.md#iso-currency\)\)/);
    change(name, diskText(name));
  });

  it.each([
    ['a rail currency', 'rails/BR-pix.yaml', 'currency: BRL', 10, 'EUR', 'Euro'],
    ['a rail country', 'rails/BR-pix.yaml', 'countries: [ BR', 13, 'FR', 'France'],
    ['a policy list country', 'policies/eu-restrictive-measures.yaml', 'countries: [ RU', 13, 'NO', 'Norway'],
  ])('completes %s with the ISO codes and their names', async (_what, name, what, at, label, detail) => {
    open(name);
    const items = await s.request<Array<{ label: string; detail?: string }>>('textDocument/completion', {
      textDocument: { uri: uriOf(name) },
      position: positionOf(diskText(name), what, at),
    });
    expect(items).toContainEqual(expect.objectContaining({ label, detail }));
  });

  it('completes nothing where the schema asks for no ISO code', async () => {
    const name = 'rails/BR-pix.yaml';
    open(name);
    const items = await s.request<unknown[]>('textDocument/completion', {
      textDocument: { uri: uriOf(name) },
      position: positionOf(diskText(name), 'slug: ', 6),
    });
    expect(items).toEqual([]);
  });

  it.each([
    ['a rail', 'rails/BR-pix.yaml', 'countries: [ BR', 14, 'countries/BR.yaml'],
    ['a policy list', 'policies/eu-restrictive-measures.yaml', 'countries: [ RU', 14, 'countries/RU.yaml'],
  ])('goes from a country code in %s to the country file', async (_what, name, what, at, target) => {
    open(name);
    const location = await s.request<{ uri: string }>('textDocument/definition', {
      textDocument: { uri: uriOf(name) },
      position: positionOf(diskText(name), what, at),
    });
    expect(location.uri).toBe(uriOf(target));
  });
});

describe('bad input', () => {
  it.each([
    ['a file that does not parse', 'rails/XX-broken.yaml', 'id: XX-broken\nname: [unclosed\n', 'yaml-syntax'],
    ['a binary file', 'rails/XX-binary.yaml', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 0xff, 0xfe]), 'characters'],
    ['a 10 MB file', 'rails/XX-huge.yaml', `id: XX-huge\n# ${'x'.repeat(10 * 1024 * 1024)}\n`, 'yaml-syntax'],
  ])('gives %s its diagnostic and keeps answering', async (_what, name, content, rule) => {
    writeFileSync(path.join(root, 'catalog', name), content);
    await s.until(() => codes(name).includes(rule));
    const hover = await s.request('textDocument/hover', {
      textDocument: { uri: uriOf('rails/BR-pix.yaml') },
      position: positionOf(diskText('rails/BR-pix.yaml'), 'currency:', 1),
    });
    expect(hover).not.toBeNull();
    rmSync(path.join(root, 'catalog', name));
    await s.until(() => (s.diagnostics.get(uriOf(name)) ?? []).length === 0);
  });
});
