/**
 * What the server knows of the schemas and of the catalog, as an editor asks for it over the protocol: completion of
 * keys at any depth and of values (enums, booleans, ISO codes), hover on keys and enum values, the outline, the links,
 * go to definition and references. One server on a copy of the bundled catalog; each case types a text with a cursor
 * (‸) into a document and asks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeCatalog } from '../helpers/catalog.js';
import { LspClient } from './client.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CATALOG = path.join(ROOT, 'catalog');
const bundled: Record<string, string> = Object.fromEntries(
  readdirSync(CATALOG, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => [`catalog/${f.split(path.sep).join('/')}`, readFileSync(path.join(CATALOG, f), 'utf8')]),
);
const schema = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'schemas', `${name}.schema.json`), 'utf8'));
const rail = schema('rail');
const common = schema('common');
const SEPA = 'catalog/rails/FR-sepa.yaml';
const sepa = bundled[SEPA];

let client: LspClient;
beforeAll(async () => {
  client = new LspClient(await writeCatalog(bundled), ['--no-base']);
  await client.initialize();
  await client.open(SEPA, sepa);
  await client.until(() => client.of(SEPA) !== undefined);
}, 60_000);
afterAll(() => client.close());

/** The text without its cursor mark (‸), and the cursor's position. */
function cursor(marked: string): { text: string; position: { line: number; character: number } } {
  const at = marked.indexOf('‸');
  const before = marked.slice(0, at).split('\n');
  return { text: marked.replace('‸', ''), position: { line: before.length - 1, character: before.at(-1)!.length } };
}

type Item = { label: string; detail?: string; sortText?: string; documentation?: { value: string } };

/** Types `marked` into `name` (opening it the first time) and asks for completion at the cursor. */
async function complete(name: string, marked: string): Promise<Item[]> {
  const { text, position } = cursor(marked);
  if (client.of(name) === undefined && !opened.has(name)) {
    opened.add(name);
    await client.open(name, text);
  } else await client.change(name, text);
  const answer = await client.request<Item[] | { items: Item[] }>('textDocument/completion', { textDocument: { uri: client.uri(name) }, position });
  return Array.isArray(answer) ? answer : answer.items;
}
const opened = new Set<string>([SEPA]);

const labels = (items: Item[]) => items.map((i) => i.label);
/** The lines of a rail up to (not including) the first line matching `re`. */
const upTo = (text: string, re: RegExp) => text.slice(0, text.search(re));

describe('completion of keys, at any depth, from the schema', () => {
  const fieldKeys = Object.keys(rail.definitions.field.properties);
  it.each([
    {
      where: 'the top of a rail: the keys not written yet, in the schema order',
      text: `${upTo(sepa, /^phase:/m)}‸`,
      offered: ['phase', 'settlement', 'limits', 'fees', 'fields', 'verifiedAt', 'sources', 'currencyReason', 'reason'],
      absent: ['id', 'countries'],
    },
    {
      where: 'inside limits',
      text: `${upTo(sepa, /^ {2}maxMinor:/m)}  ‸\nfees:\n  fixedMinor: 20\n  bps: 0\n`,
      offered: ['maxMinor', 'decimals'],
      absent: ['minMinor', 'bps', 'id'],
    },
    {
      where: 'inside settlement.cutoff, written as a block',
      text: `${upTo(sepa, /^ {2}cutoff:/m)}  cutoff:\n    time: "14:00"\n    ‸\n`,
      offered: ['timeZone'],
      absent: ['time', 'calendar'],
    },
    {
      where: 'inside a field (a list item), below its name',
      text: `${upTo(sepa, /^ {4}label: \{ fr: IBAN/m)}    ‸\n`,
      offered: fieldKeys.filter((k) => k !== 'name'),
      absent: ['name', 'id', 'settlement'],
    },
    {
      where: 'a new field of the list',
      text: `${upTo(sepa, /^verifiedAt:/m)}  - ‸\n`,
      offered: fieldKeys,
      absent: ['id'],
    },
    {
      where: 'a new source, its first key typed halfway',
      text: sepa.replace(/^sources:\n/m, 'sources:\n  - ur‸\n'),
      offered: ['url', 'title', 'checked'],
      absent: ['name'],
    },
  ])('$where', async ({ text, offered, absent }) => {
    const items = await complete(SEPA, text);
    expect(labels(items)).toEqual(expect.arrayContaining(offered));
    for (const key of absent) expect(labels(items)).not.toContain(key);
    const first = items.find((i) => i.label === offered[0])!;
    expect(first.documentation?.value).toMatch(/\S/);
  });

  it('a key says what it means (its description) and whether it is required', async () => {
    const items = await complete(SEPA, `${upTo(sepa, /^phase:/m)}‸`);
    const settlement = items.find((i) => i.label === 'settlement')!;
    expect(settlement.documentation?.value).toContain(rail.properties.settlement.description);
    expect(settlement.detail).toBe('required, a mapping');
    expect(items.find((i) => i.label === 'sources')!.detail).toBe('optional, a list');
  });
});

describe('completion of values', () => {
  it.each([
    { key: 'kind', name: SEPA, text: sepa.replace(/^kind: .*$/m, 'kind: ‸'), values: rail.properties.kind.enum },
    { key: 'phase', name: SEPA, text: sepa.replace(/^phase: .*$/m, 'phase: ‸'), values: common.definitions.phase.enum },
    { key: 'a field type', name: SEPA, text: sepa.replace(/^ {4}type: iban$/m, '    type: ‸'), values: rail.definitions.field.properties.type.enum },
    {
      key: 'normalize',
      name: SEPA,
      text: sepa.replace(/^ {4}normalize: upper_remove_spaces$/m, '    normalize: ‸'),
      values: rail.definitions.field.properties.normalize.enum,
    },
    { key: 'businessDaysOnly', name: SEPA, text: sepa.replace(/businessDaysOnly: true/, 'businessDaysOnly: ‸'), values: ['true', 'false'] },
    {
      key: "a country's status",
      name: 'catalog/countries/FR.yaml',
      text: bundled['catalog/countries/FR.yaml'].replace(/^status: open$/m, 'status: ‸'),
      values: common.definitions.countryStatus.enum,
    },
  ])('$key: every value the schema allows', async ({ name, text, values }) => {
    expect(labels(await complete(name, text))).toEqual(values);
    await client.change(name, bundled[name]);
  });

  it('an enum value says what it means, from the schema', async () => {
    const items = await complete(SEPA, sepa.replace(/^kind: .*$/m, 'kind: ‸'));
    expect(items.find((i) => i.label === 'instant_bank')?.detail).toMatch(/^instant account-to-account transfer/);
    const normalize = await complete(SEPA, sepa.replace(/^ {4}normalize: upper_remove_spaces$/m, '    normalize: ‸'));
    expect(normalize.find((i) => i.label === 'upper_remove_spaces')?.detail).toBe('remove all white space then uppercase (IBAN, BIC)');
  });

  it('country codes: the countries that have a file in the catalog first, each with its name', async () => {
    const items = await complete(SEPA, sepa.replace(/^countries: .*$/m, 'countries: [ FR, ‸ ]'));
    const filed = new Set(Object.keys(bundled).flatMap((f) => /^catalog\/countries\/([A-Z]{2})\.yaml$/.exec(f)?.[1] ?? []));
    const order = [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).map((i) => i.label);
    expect(new Set(order.slice(0, filed.size))).toEqual(filed);
    expect(items.find((i) => i.label === 'FR')?.detail).toBe('France');
    expect(items.find((i) => i.label === 'AQ')?.detail).toMatch(/no file in the catalog/);
  });

  it("a calendar: TARGET2 first, then the countries' codes", async () => {
    const items = await complete(SEPA, sepa.replace(/calendar: TARGET2/, 'calendar: ‸'));
    const order = [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).map((i) => i.label);
    expect(order[0]).toBe('TARGET2');
    expect(order).toContain('US');
  });

  it("currency codes: the catalog's countries' currencies first", async () => {
    const items = await complete(SEPA, sepa.replace(/^currency: EUR$/m, 'currency: ‸'));
    const used = new Set(Object.entries(bundled).flatMap(([f, text]) => (f.startsWith('catalog/countries/') ? [parse(text).currency ?? []].flat() : [])));
    expect(new Set(items.filter((i) => i.sortText?.startsWith('1')).map((i) => i.label))).toEqual(used);
    expect(items.length).toBeGreaterThan(used.size);
    expect(items.find((i) => i.label === 'EUR')?.detail).toBe('Euro');
  });
  afterAll(() => client.change(SEPA, sepa));
});

/** The hover text at the first match of `re` in the file (at `offset` characters into the match). */
async function hoverAt(name: string, text: string, re: RegExp, offset = 0): Promise<string | undefined> {
  const index = text.search(re) + offset;
  const before = text.slice(0, index).split('\n');
  const position = { line: before.length - 1, character: before.at(-1)!.length };
  const answer = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: client.uri(name) }, position });
  return answer?.contents.value;
}

describe('hover', () => {
  it.each([
    ['a key', /^kind:/m, 0, rail.properties.kind.description],
    ['a nested key', /^ {2}maxMinor:/m, 2, rail.properties.limits.properties.maxMinor.description],
    ["a field's key", /^ {4}normalize:/m, 4, 'Normalization applied before validation'],
    ['an enum value', /bank_transfer/, 0, '`bank_transfer`: batch or deferred bank transfer (SEPA credit transfer, ACH, Zengin)'],
    ['a field type', /type: iban/, 6, '`iban`: an IBAN, checked with its mod-97 checksum'],
    ['a normalization', /upper_remove_spaces/, 0, '`upper_remove_spaces`: remove all white space then uppercase (IBAN, BIC)'],
    ['a phase, which the schema describes as a whole', /^phase: live/m, 7, '`live`, a value of phase: live, beta, planned or never'],
    ['a country code', /FR, BE/, 0, 'FR: France, ISO 3166-1 alpha-2'],
  ])('%s', async (_, re, offset, expected) => {
    expect(await hoverAt(SEPA, sepa, re, offset)).toContain(expected);
  });
});

type Symbol = { name: string; detail?: string; kind: number; children?: Symbol[]; selectionRange: { start: { line: number } } };

describe('the outline, links and navigation', () => {
  it("a rail's outline: its keys, its fields by their names, its sources by their titles", async () => {
    const symbols = await client.request<Symbol[]>('textDocument/documentSymbol', { textDocument: { uri: client.uri(SEPA) } });
    const data = parse(sepa);
    expect(symbols.map((s) => s.name)).toEqual(Object.keys(data));
    const fields = symbols.find((s) => s.name === 'fields')!;
    expect(fields.children!.map((c) => c.name)).toEqual(data.fields.map((f: { name: string }) => f.name));
    expect(fields.children![0].children!.find((c) => c.name === 'type')?.detail).toBe('iban');
    expect(symbols.find((s) => s.name === 'sources')!.children!.map((c) => c.name)).toEqual(data.sources.map((s: { title: string }) => s.title));
    expect(symbols.find((s) => s.name === 'kind')!.selectionRange.start.line).toBe(sepa.split('\n').indexOf('kind: bank_transfer'));
  });

  it("every source's url is a link", async () => {
    const links = await client.request<Array<{ target: string; range: { start: { line: number } } }>>('textDocument/documentLink', {
      textDocument: { uri: client.uri(SEPA) },
    });
    const urls = parse(sepa).sources.map((s: { url: string }) => s.url);
    expect(links.map((l) => l.target)).toEqual(urls);
    expect(links.map((l) => sepa.split('\n')[l.range.start.line])).toEqual(urls.map((u: string) => `  - url: ${u}`));
  });

  it("go to definition lands on the line of the country's code in its file", async () => {
    const lines = sepa.split('\n');
    const line = lines.findIndex((l) => l.startsWith('countries:'));
    const location = await client.request<{ uri: string; range: { start: { line: number; character: number } } }>('textDocument/definition', {
      textDocument: { uri: client.uri(SEPA) },
      position: { line, character: lines[line].indexOf('DE') + 1 },
    });
    expect(location.uri).toBe(client.uri('catalog/countries/DE.yaml'));
    expect(bundled['catalog/countries/DE.yaml'].split('\n')[location.range.start.line]).toBe('code: DE');
    expect(location.range.start.character).toBe('code: '.length);
  });

  it('references of a country: every rail that serves it and every policy list that names it, at the code', async () => {
    const name = 'catalog/countries/FR.yaml';
    await client.open(name, bundled[name]);
    opened.add(name);
    const found = await client.request<Array<{ uri: string; range: { start: { line: number; character: number }; end: { character: number } } }>>(
      'textDocument/references',
      { textDocument: { uri: client.uri(name) }, position: { line: 3, character: 0 }, context: { includeDeclaration: false } },
    );
    const naming = Object.entries(bundled)
      .filter(([f, text]) => /^catalog\/(rails|policies)\//.test(f) && (parse(text).countries ?? []).includes('FR'))
      .map(([f]) => client.uri(f));
    expect(naming.length).toBeGreaterThan(1);
    expect(found.map((l) => l.uri).sort()).toEqual(naming.sort());
    for (const l of found) {
      const text = bundled[l.uri.slice(client.uri('').length + 1)].split('\n')[l.range.start.line];
      expect(text.slice(l.range.start.character, l.range.end.character)).toBe('FR');
    }
  });
});
