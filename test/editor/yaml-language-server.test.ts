/**
 * End to end: the schemas in schemas/ as the analysts' editor sees them.
 *
 * VS Code's YAML extension runs yaml-language-server. This test drives that package's own language
 * service (the one its server wraps) on the real catalog files, with the real editor mapping read
 * from .vscode/settings.json, and with the modeline every catalog file starts with. It proves that
 * the editor validates, completes and hovers, and that the cross-file `$ref`s
 * (common.schema.json#/definitions/...) resolve to the files in schemas/ and never to the network:
 * the schema loader below reads file:// URIs from disk and fails the test on anything else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { afterEach, describe, expect, it } from 'vitest';
import { getLanguageService, SchemaPriority, type LanguageService, type SchemasSettings } from 'yaml-language-server';
// The server's own pieces, so that paths resolve as in the editor and not as this test would guess:
// how a relative `$ref` or `$id` is resolved against its schema's URI (new URL(ref, base)) ...
import { workspaceContext } from 'yaml-language-server/out/server/src/languageservice/services/schemaRequestHandler.js';
// ... and how a relative key of `yaml.schemas` becomes a URI in the workspace.
import { isRelativePath, relativeToAbsolutePath } from 'yaml-language-server/out/server/src/languageservice/utils/paths.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMAS_DIR = path.join(ROOT, 'schemas');
const fileUri = (p: string) => pathToFileURL(p).href;

/** LSP DiagnosticSeverity: yaml-language-server reports schema problems as warnings (yellow), YAML syntax as errors. */
const ERROR = 1;
const WARNING = 2;

// ---- The schema loader the service gets: disk only. ------------------------------------------------

/** Any URI asked for that is not a file in schemas/, by any service of this file: must stay empty. */
const refused: string[] = [];

/** A schema loader that records what it is asked for and refuses anything but a file in schemas/. */
function diskOnlyLoader(requested: string[]) {
  return async (uri: string): Promise<string> => {
    requested.push(uri);
    const url = new URL(uri);
    if (url.protocol !== 'file:' || path.dirname(fileURLToPath(url)) !== SCHEMAS_DIR) {
      refused.push(uri);
      throw new Error(`yaml-language-server asked for ${uri}: a schema of this catalog must resolve to a file in schemas/`);
    }
    return readFile(fileURLToPath(url), 'utf8');
  };
}

afterEach(() => {
  expect(refused.splice(0), 'schema URIs that would have been fetched from the network or outside schemas/').toEqual([]);
});

// ---- The editor's configuration: .vscode/settings.json as the server reads it. ---------------------

const vscodeSettings = JSON.parse(readFileSync(path.join(ROOT, '.vscode/settings.json'), 'utf8')) as {
  'yaml.schemas': Record<string, string | string[]>;
  'yaml.customTags'?: string[];
};

/** `yaml.schemas` turned into the service's settings the way the server's settings handler does it. */
function schemasFromVscodeSettings(): SchemasSettings[] {
  const workspaceFolders = [{ uri: fileUri(ROOT), name: path.basename(ROOT) }];
  return Object.entries(vscodeSettings['yaml.schemas']).map(([key, glob]) => ({
    uri: isRelativePath(key) ? relativeToAbsolutePath(workspaceFolders, URI.file(ROOT), key) : key,
    fileMatch: Array.isArray(glob) ? glob : [glob],
    priority: SchemaPriority.Settings,
  }));
}

function newService(schemas: SchemasSettings[], requested: string[] = []): LanguageService {
  const service = getLanguageService({ schemaRequestService: diskOnlyLoader(requested), workspaceContext });
  service.configure({
    validate: true,
    completion: true,
    hover: true,
    customTags: vscodeSettings['yaml.customTags'] ?? [],
    yamlVersion: '1.2', // the extension's default, and what the catalog is read as
    schemas,
  });
  return service;
}

const MODELINE = /^# yaml-language-server: \$schema=.*$/m;

/**
 * Three ways the editor finds a file's schema. Each setup gets its own service (own schema cache).
 * The modeline is replaced by a plain comment, not deleted, so that line numbers stay the same.
 */
const SETUPS = [
  { setup: 'VS Code as configured (settings and modeline)', schemas: schemasFromVscodeSettings, keepModeline: true },
  { setup: 'the modeline alone (no settings)', schemas: () => [], keepModeline: true },
  { setup: 'the .vscode/settings.json mapping alone (modeline removed)', schemas: schemasFromVscodeSettings, keepModeline: false },
].map((s) => ({ ...s, service: newService(s.schemas()) }));

// ---- Documents: the real text from disk, edited in memory. ------------------------------------------

/** One version counter for all documents: the service caches parses by URI and version, as an editor bumps it on each edit. */
let version = 0;

function open(relative: string, text: string, keepModeline: boolean): TextDocument {
  if (!keepModeline) {
    expect(text, `${relative} starts with a modeline`).toMatch(MODELINE);
    text = text.replace(MODELINE, '# (modeline removed)');
  }
  return TextDocument.create(fileUri(path.join(ROOT, relative)), 'yaml', ++version, text);
}

const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');

/** 0-based number of the only line matching `line`; fails if the real file no longer has it. */
function lineOf(text: string, line: RegExp): number {
  const hits = text.split('\n').flatMap((l, i) => (line.test(l) ? [i] : []));
  expect(hits, `exactly one line matching ${line}`).toHaveLength(1);
  return hits[0];
}

/** Replaces the only line matching `line` (whole line) by `by`, in which `$&` stands for the line itself. */
function edit(text: string, line: RegExp, by: string): string {
  const n = lineOf(text, line);
  const lines = text.split('\n');
  lines[n] = by.replaceAll('$&', () => lines[n]);
  return lines.join('\n');
}

const RAIL = 'catalog/rails/FR-sepa_instant.yaml';
const PIX = 'catalog/rails/BR-pix.yaml';
const COUNTRY = 'catalog/countries/FR.yaml';
const ASSET = 'catalog/assets/usdc.yaml';

const railSchema = JSON.parse(read('schemas/rail.schema.json'));
const countrySchema = JSON.parse(read('schemas/country.schema.json'));

/** Hover text is Markdown: undo its backslash escapes (instant\_bank) before comparing with the schema's words. */
const unescapeMarkdown = (s: string) => s.replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1');

// ---- The tests. -----------------------------------------------------------------------------------

const catalogFiles = ['rails', 'assets', 'countries'].flatMap((dir) =>
  readdirSync(path.join(ROOT, 'catalog', dir))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => `catalog/${dir}/${f}`),
);

/**
 * One mistake per case, made on a line found in the real file (`by` replaces it; `$&` is the line itself).
 * `at` is the 0-based [start, end) column range of the flagged text, on that line or `below` lines under it;
 * `schema` is the schema file the diagnostic names as its source.
 */
type Broken = { name: string; file: string; line: RegExp; by: string; below?: number; message: string | RegExp; at: [number, number]; schema: string };
const BROKEN: Broken[] = [
  {
    name: 'kind outside its enum',
    file: RAIL,
    line: /^kind: /,
    by: 'kind: instant',
    message: 'Value is not accepted. Valid values: "instant_bank", "bank_transfer", "mobile_money", "wallet", "card", "cash_pickup".',
    at: [6, 13],
    schema: 'rail',
  },
  {
    name: 'currency in lowercase (pattern from common.schema.json#/definitions/currencyCode)',
    file: RAIL,
    line: /^currency: /,
    by: 'currency: eur',
    message: 'String does not match the pattern of "^[A-Z]{3}$".',
    at: [10, 13],
    schema: 'rail',
  },
  {
    name: 'a lowercase country in a list (items $ref to common.schema.json#/definitions/countryCode)',
    file: RAIL,
    line: /^countries: /,
    by: 'countries: [FR, mc]',
    message: 'String does not match the pattern of "^[A-Z]{2}$".',
    at: [16, 18],
    schema: 'common',
  },
  {
    name: 'phase outside its enum (common.schema.json#/definitions/phase)',
    file: RAIL,
    line: /^phase: /,
    by: 'phase: alive',
    message: 'Value is not accepted. Valid values: "live", "beta", "planned", "never".',
    at: [7, 12],
    schema: 'rail',
  },
  {
    name: 'a field type outside its enum (local $ref #/definitions/field)',
    file: RAIL,
    line: /^ {4}type: iban$/,
    by: '    type: ibann',
    message: /^Value is not accepted\. Valid values: "text", "select", "iban",/,
    at: [10, 15],
    schema: 'rail',
  },
  {
    name: 'verifiedAt not a date (format from common.schema.json#/definitions/date)',
    file: RAIL,
    line: /^verifiedAt: /,
    by: 'verifiedAt: "14/10/2026"',
    message: 'String is not a RFC3339 date.',
    at: [12, 24],
    schema: 'rail',
  },
  {
    name: 'an unknown property (additionalProperties: false)',
    file: RAIL,
    line: /^phase: /,
    by: '$&\nphaze: beta',
    below: 1,
    message: 'Property phaze is not allowed.',
    at: [0, 5],
    schema: 'rail',
  },
  {
    name: 'an asset ticker in lowercase',
    file: ASSET,
    line: /^ticker: /,
    by: 'ticker: usdc',
    message: 'String does not match the pattern of "^[A-Z0-9]{2,12}$".',
    at: [8, 12],
    schema: 'asset',
  },
  {
    name: 'a country status outside its enum (common.schema.json#/definitions/countryStatus)',
    file: COUNTRY,
    line: /^status: /,
    by: 'status: closed',
    message: 'Value is not accepted. Valid values: "open", "coming", "restricted".',
    at: [8, 14],
    schema: 'country',
  },
  {
    name: 'a lowercase country code (common.schema.json#/definitions/countryCode)',
    file: COUNTRY,
    line: /^code: /,
    by: 'code: fr',
    message: 'String does not match the pattern of "^[A-Z]{2}$".',
    at: [6, 8],
    schema: 'country',
  },
  {
    name: 'an unknown property in a country',
    file: COUNTRY,
    line: /^name: /,
    by: '$&\nrails: [FR-sepa]',
    below: 1,
    message: 'Property rails is not allowed.',
    at: [0, 5],
    schema: 'country',
  },
];

describe.each(SETUPS)('yaml-language-server with $setup', ({ service, keepModeline }) => {
  it('reports nothing on any file of the catalog', async () => {
    const problems: string[] = [];
    for (const file of catalogFiles) {
      const diagnostics = await service.doValidation(open(file, read(file), keepModeline), false);
      for (const d of diagnostics) problems.push(`${file}:${d.range.start.line + 1}: ${d.message}`);
    }
    expect(catalogFiles.length).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });

  it.each(BROKEN)('flags $name, on that line', async ({ file, line, by, below = 0, message, at, schema }) => {
    const text = read(file);
    const n = lineOf(text, line) + below;
    const diagnostics = await service.doValidation(open(file, edit(text, line, by), keepModeline), false);
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(typeof message === 'string' ? `^${escapeRegExp(message)}$` : message)]);
    const [d] = diagnostics;
    expect(d.range).toEqual({ start: { line: n, character: at[0] }, end: { line: n, character: at[1] } });
    expect([ERROR, WARNING]).toContain(d.severity); // shown in the Problems panel, not a hint
    // Named after the local schema file it came from (the folder's schema, or common.schema.json through a $ref).
    expect((d.data as { schemaUri?: string[] })?.schemaUri).toEqual([fileUri(path.join(SCHEMAS_DIR, `${schema}.schema.json`))]);
  });

  it('flags a missing required property on the first key of the file', async () => {
    const text = read(RAIL);
    const diagnostics = await service.doValidation(open(RAIL, edit(text, /^verifiedAt: /, ''), keepModeline), false);
    expect(diagnostics.map((d) => [d.range.start.line, d.message])).toEqual([[lineOf(text, /^id: /), 'Missing property "verifiedAt".']]);
  });

  it('completes a new top-level key of a rail with the properties still missing', async () => {
    // The analyst deleted the verifiedAt line and starts typing a new key on the now empty line.
    const real = read(RAIL);
    const n = lineOf(real, /^verifiedAt: /);
    const text = edit(real, /^verifiedAt: /, '');
    const completion = await service.doComplete(open(RAIL, text, keepModeline), { line: n, character: 0 }, false);
    const labels = completion.items.map((i) => i.label);
    expect(labels).toContain('verifiedAt');
    expect(labels).toContain('reason'); // optional, not yet used
    expect(labels).not.toContain('kind'); // already there
    expect(completion.items.find((i) => i.label === 'verifiedAt')?.insertText).toBe('verifiedAt: ');
  });

  it('completes and checks the variant of a dependent field (dependsOn) as it does a field', async () => {
    const text = read(PIX);
    const n = lineOf(text, /^ {10}maxLength: 11$/); // in the CPF variant of pixKey
    const completion = await service.doComplete(open(PIX, edit(text, /^ {10}maxLength: 11$/, ' '.repeat(10)), keepModeline), { line: n, character: 10 }, false);
    const labels = completion.items.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['maxLength', 'applies', 'required', 'type']));
    expect(labels).not.toContain('pattern'); // already there
    expect(labels).not.toContain('name'); // a field's, not a variant's
    const diagnostics = await service.doValidation(open(PIX, edit(text, /^ {10}maxLength: 11$/, '          maxLenght: 11'), keepModeline), false);
    expect(diagnostics.map((d) => [d.range.start.line, d.message])).toEqual([[n, 'Property maxLenght is not allowed.']]);
  });

  it.each([
    { key: 'kind', values: railSchema.properties.kind.enum as string[] },
    { key: 'phase', values: ['live', 'beta', 'planned', 'never'] }, // through common.schema.json
  ])('completes the value of $key with its enum', async ({ key, values }) => {
    const text = read(RAIL);
    const n = lineOf(text, new RegExp(`^${key}: `));
    const completion = await service.doComplete(
      open(RAIL, edit(text, new RegExp(`^${key}: `), `${key}: `), keepModeline),
      { line: n, character: key.length + 2 },
      false,
    );
    expect(completion.items.map((i) => i.label).sort()).toEqual([...values].sort());
  });

  it.each([
    { file: RAIL, key: 'kind', description: railSchema.properties.kind.description as string },
    { file: RAIL, key: 'currency', description: railSchema.properties.currency.description as string }, // description beside a $ref
    { file: COUNTRY, key: 'status', description: countrySchema.properties.status.description as string },
  ])('hovers $key in $file with its description from the schema', async ({ file, key, description }) => {
    const text = read(file);
    const n = lineOf(text, new RegExp(`^${key}: `));
    const hover = await service.doHover(open(file, text, keepModeline), { line: n, character: 1 });
    const contents = hover?.contents as { kind: string; value: string } | undefined;
    expect(contents?.kind).toBe('markdown');
    expect(unescapeMarkdown(contents?.value ?? '')).toContain(description);
  });
});

describe('what the editor loads', () => {
  it.each(SETUPS)(
    'with $setup: the schema of each folder and common.schema.json, from schemas/ on disk, and nothing else',
    async ({ schemas, keepModeline }) => {
      const requested: string[] = [];
      const service = newService(schemas(), requested);
      for (const file of [RAIL, ASSET, COUNTRY]) expect(await service.doValidation(open(file, read(file), keepModeline), false)).toEqual([]);
      const expected = ['asset', 'common', 'country', 'rail'].map((s) => fileUri(path.join(SCHEMAS_DIR, `${s}.schema.json`)));
      expect([...new Set(requested)].sort()).toEqual(expected);
    },
  );
});

describe('a known limit of the editor', () => {
  // yaml-language-server checks `format: date` by its shape only; `catalog validate` also checks that the day exists.
  // Analysts get that error from the CLI or CI, not while typing.
  it('does not check that a date exists: 2026-02-30 passes in the editor, only `catalog validate` refuses it', async () => {
    const { service } = SETUPS[0];
    const text = edit(read(RAIL), /^verifiedAt: /, 'verifiedAt: "2026-02-30"');
    expect(await service.doValidation(open(RAIL, text, true), false)).toEqual([]);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
