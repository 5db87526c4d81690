import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCatalog } from '../helpers/cli.js';
import { writeCatalog } from '../helpers/catalog.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';
import { LspClient, type Published } from './client.js';

const CATALOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../catalog');
const bundled: Record<string, string> = Object.fromEntries(
  readdirSync(CATALOG, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => [`catalog/${f.split(path.sep).join('/')}`, readFileSync(path.join(CATALOG, f), 'utf8')]),
);
const TODAY = BUNDLED_TODAY;
const sepa = bundled['catalog/rails/FR-sepa.yaml'];
const fatf = bundled['catalog/policies/fatf-call-for-action.yaml'];

/** Broken texts, each a mistake an analyst makes: YAML, schema, rules, and across files. */
const BROKEN: Record<string, string> = {
  'catalog/rails/FR-sepa.yaml': sepa.replace(/^currency: .*$/m, 'currency: SGX'),
  'catalog/rails/BR-pix.yaml': bundled['catalog/rails/BR-pix.yaml'].replace(/^id: .*$/m, 'id: [BR-pix'),
  'catalog/rails/AU-npp.yaml': bundled['catalog/rails/AU-npp.yaml'].replace(/^ {2}decimals: .*$/m, '  decimals: 3'),
  'catalog/countries/FR.yaml': `${bundled['catalog/countries/FR.yaml']}name: France again\n`,
  'catalog/policies/fatf-call-for-action.yaml': fatf.replace(/countries: \[/, 'countries: [ FR, DE, '),
  'catalog/rails/IN-upi.yaml': bundled['catalog/rails/IN-upi.yaml'].replace(/^phase: /m, '\tphase: '),
  'catalog/assets/usdc.yaml': `${bundled['catalog/assets/usdc.yaml']}colour: blue\n`,
  'catalog/rails/CA-eft.yaml': bundled['catalog/rails/CA-eft.yaml'].replace(/^id: .*$/m, 'id: BR-pix'),
  'catalog/countries/BR.yaml': bundled['catalog/countries/BR.yaml'].replace(/^code: BR$/m, 'code: br'),
  'catalog/rails/XX-new.yaml': 'id: XX-new\nslug: TODO\nname: TODO\n',
  'catalog/countries/ZZ.yaml': 'code: ZZ\nname: "bad \u0007 bell"\ncurrency: EUR\nstatus: open\n',
};

/** What `catalog validate --format json` reports in a folder holding `files`, by file, as the editor shows it. */
async function validated(files: Record<string, string>): Promise<Map<string, string[]>> {
  const dir = await writeCatalog(files);
  const { stdout } = await runCatalog(['validate', '--format', 'json', '--no-base', '--today', TODAY], dir);
  const byFile = new Map<string, string[]>();
  for (const p of JSON.parse(stdout).problems) {
    const list = byFile.get(p.file) ?? [];
    list.push(`${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} ${p.rule} ${p.message}`);
    byFile.set(p.file, list);
  }
  return byFile;
}

/** The server's diagnostics in the same words (severity 1 error, 2 warning; lines and columns from 1). */
function shown(list: Published[] | undefined): string[] {
  return (list ?? []).map(
    (d) =>
      `${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1} ${d.severity === 1 ? 'error' : 'warning'} ${d.code} ${d.message}`,
  );
}

const clients: LspClient[] = [];
async function serverIn(files: Record<string, string>, args: string[] = ['--no-base']): Promise<LspClient> {
  const client = new LspClient(await writeCatalog(files), args);
  clients.push(client);
  await client.initialize();
  return client;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

describe('the server publishes what catalog validate --format json reports', () => {
  it.each([
    ['every bundled file, from disk', {} as Record<string, string>, 'disk'],
    ['a corpus of broken files, from disk', BROKEN, 'disk'],
    ['the same corpus, unsaved in the editor', BROKEN, 'unsaved'],
  ] as const)('%s', async (_, broken, how) => {
    const expected = await validated({ ...bundled, ...broken });
    const client = await serverIn(how === 'disk' ? { ...bundled, ...broken } : bundled);
    if (how === 'unsaved') for (const [name, text] of Object.entries(broken)) await client.open(name, text);
    const files = Object.keys({ ...bundled, ...broken });
    const compare = () => files.filter((f) => JSON.stringify(shown(client.of(f))) !== JSON.stringify(expected.get(f) ?? []));
    await client.until(() => compare().length === 0, 20_000, `the same problems (still differing: ${compare().join(', ')})`).catch(() => {});
    const problems = [...expected.values()].flat().length;
    expect(compare(), `${files.length} files, ${problems} problems compared`).toEqual([]);
    if (Object.keys(broken).length > 0) expect(problems).toBeGreaterThan(15);
    if (how !== 'disk') return;
    // Started again in the same folder, the server begins from the memo the first one kept (.catalogcache).
    // The memo is written once the first run is done: with a clean catalog, nothing was published to wait for before.
    await client.until(() => existsSync(path.join(client.root, '.catalogcache')), 20_000, 'the memo .catalogcache');
    const again = new LspClient(client.root, ['--no-base']);
    clients.push(again);
    await again.initialize();
    const differing = () => files.filter((f) => JSON.stringify(shown(again.of(f))) !== JSON.stringify(expected.get(f) ?? []));
    await again.until(() => differing().length === 0, 20_000, `the same problems from the memo (still differing: ${differing().join(', ')})`);
  });
});

describe('in the editor', () => {
  it('a file gets its diagnostics when opened, an empty list included', async () => {
    const found = await validated(bundled);
    const clean = Object.keys(bundled).find((name) => !found.has(name))!;
    const client = await serverIn(bundled);
    await client.open(clean, bundled[clean]);
    await client.until(() => client.of(clean) !== undefined);
    expect(client.of(clean)).toEqual([]);
  });

  it('cross-file diagnostics follow an unsaved edit of a policy list, and go when it is undone', async () => {
    const client = await serverIn(bundled);
    const list = 'catalog/policies/fatf-call-for-action.yaml';
    await client.open(list, fatf);
    await client.change(list, fatf.replace(/countries: \[/, 'countries: [ FR, '));
    const onFrance = () => client.of('catalog/countries/FR.yaml') ?? [];
    await client.until(() => onFrance().some((d) => d.code === 'country-policy'));
    expect(onFrance().find((d) => d.code === 'country-policy')?.message).toMatch(/fatf-call-for-action/);
    await client.change(list, fatf);
    await client.until(() => onFrance().length === 0);
  });

  it('each diagnostic carries its rule as code, with a link to its section of the rules documentation', async () => {
    const client = await serverIn(bundled, ['--no-base', '--docs-url', 'https://docs.example/rules.md']);
    await client.open('catalog/rails/FR-sepa.yaml', BROKEN['catalog/rails/FR-sepa.yaml']);
    await client.until(() => (client.of('catalog/rails/FR-sepa.yaml') ?? []).some((x) => x.code === 'iso-currency'));
    const d = client.of('catalog/rails/FR-sepa.yaml')!.find((x) => x.code === 'iso-currency')!;
    expect(d.codeDescription?.href).toBe('https://docs.example/rules.md#iso-currency');
    expect(d.data?.messageId).toBe('unknown-code');
  });

  it('a safe fix is a quick fix, and fmt is document formatting', async () => {
    const client = await serverIn(bundled);
    const name = 'catalog/countries/BR.yaml';
    const text = BROKEN[name];
    await client.open(name, text);
    await client.until(() => (client.of(name) ?? []).some((d) => /\bbr\b/.test(d.message)));
    const actions = await client.request<Array<{ title: string; edit: { changes: Record<string, Array<{ newText: string }>> } }>>('textDocument/codeAction', {
      textDocument: { uri: client.uri(name) },
      range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } },
      context: { diagnostics: client.of(name) },
    });
    expect(actions.map((a) => a.edit.changes[client.uri(name)][0].newText)).toContain('BR');
    const messy = bundled[name].replace(/^name: (.*)$/m, 'name:    $1');
    await client.change(name, messy);
    const edits = await client.request<Array<{ newText: string }>>('textDocument/formatting', {
      textDocument: { uri: client.uri(name) },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(edits[0].newText).toBe(bundled[name]);
  });

  it('hover says what a key means and what an ISO code names; completion offers codes; definition opens the country', async () => {
    const client = await serverIn(bundled);
    const name = 'catalog/rails/FR-sepa.yaml';
    await client.open(name, sepa);
    const lines = sepa.split('\n');
    const at = (re: RegExp, offset = 0) => ({ line: lines.findIndex((l) => re.test(l)), character: offset });
    const hoverOn = async (position: { line: number; character: number }) =>
      (await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: client.uri(name) }, position }))?.contents
        .value;
    expect(await hoverOn(at(/^currency:/, 2))).toMatch(/ISO 4217 code of the currency paid out/);
    expect(await hoverOn(at(/^currency:/, 11))).toMatch(/EUR: Euro, ISO 4217, 2 minor unit/);
    const countries = at(/^countries:/);
    const fr = lines[countries.line].indexOf('FR') + 1;
    expect(await hoverOn({ line: countries.line, character: fr })).toMatch(/FR: France/);
    await client.change(name, sepa.replace(/^currency: EUR$/m, 'currency: '));
    const items = await client.request<Array<{ label: string; detail: string }>>('textDocument/completion', {
      textDocument: { uri: client.uri(name) },
      position: { line: at(/^currency:/).line, character: 10 },
    });
    expect(items.find((i) => i.label === 'EUR')?.detail).toBe('Euro');
    await client.change(name, sepa);
    const location = await client.request<{ uri: string }>('textDocument/definition', {
      textDocument: { uri: client.uri(name) },
      position: { line: countries.line, character: fr },
    });
    expect(location.uri).toBe(client.uri('catalog/countries/FR.yaml'));
  });

  it('bad input never stops the server: a file that does not parse, a binary file, a 10 MB file', async () => {
    const client = await serverIn(bundled);
    const cases: Array<[string, string, RegExp]> = [
      ['catalog/rails/FR-sepa.yaml', 'id: [FR-sepa\n', /./],
      ['catalog/rails/BIN-x.yaml', '\u0000\u0001\u0002PNG\u0000', /./],
      ['catalog/rails/BIG-x.yaml', `id: BIG-x\n${'# '.padEnd(99, 'x')}\n`.repeat(100_000), /256 KB|too large|larger/],
    ];
    for (const [name, text, message] of cases) {
      await client.open(name, text);
      await client.until(() => (client.of(name) ?? []).some((d) => message.test(d.message)), 20_000, name);
    }
    const hover = await client.request('textDocument/hover', {
      textDocument: { uri: client.uri('catalog/rails/BIN-x.yaml') },
      position: { line: 0, character: 0 },
    });
    expect(hover === null || typeof hover === 'object').toBe(true);
  });

  it('history checks follow a branch switch', async () => {
    const root = await writeCatalog(bundled);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=a@b.c', '-c', 'user.name=a', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-qm', 'catalog');
    const client = new LspClient(root);
    clients.push(client);
    await client.initialize();
    git('checkout', '-q', '-b', 'change');
    const name = 'catalog/rails/FR-sepa.yaml';
    // A limit changed without a new verifiedAt: unverified-change, against HEAD.
    writeFileSync(path.join(client.root, name), sepa.replace(/^ {2}maxMinor: .*$/m, '  maxMinor: 200000000'));
    await client.until(() => (client.of(name) ?? []).some((d) => d.code === 'unverified-change'), 20_000, 'unverified-change');
    git('commit', '-qam', 'limit');
    await client.until(() => !(client.of(name) ?? []).some((d) => d.code === 'unverified-change'), 20_000, 'the warning gone after the commit');
    // An unsaved edit is compared with the base too.
    await client.open(name, sepa.replace(/^ {2}maxMinor: .*$/m, '  maxMinor: 300000000'));
    await client.until(() => (client.of(name) ?? []).some((d) => d.code === 'unverified-change'), 20_000, 'unverified-change on unsaved text');
    await client.change(name, sepa.replace(/^ {2}maxMinor: .*$/m, '  maxMinor: 200000000'));
    await client.until(() => !(client.of(name) ?? []).some((d) => d.code === 'unverified-change'), 20_000, 'the warning gone after the commit');
  });
});
