import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BaseDelta } from '../../src/history/delta.js';
import { validateCatalog, type Validation } from '../../src/pipeline/validate.js';
import { baseAsRead, COUNTRY_BR, editCatalog, RAIL_BR_PIX, TODAY, setLine, writeCatalog } from '../helpers/catalog.js';
import { runCatalog } from '../helpers/cli.js';

/**
 * validate --cache checks again only what changed; its report must be the report of a run without the cache, byte for
 * byte. Each case starts from the bundled catalog, runs once with the cache (which fills it), edits files, then
 * compares a cached run with an uncached one, and runs the cache once more with nothing changed.
 */
const root = path.resolve(__dirname, '../..');
const bundled: Record<string, string> = Object.fromEntries(
  ['rails', 'assets', 'countries', 'policies'].flatMap((folder) =>
    readdirSync(path.join(root, 'catalog', folder))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => [`${folder}/${f}`, readFileSync(path.join(root, 'catalog', folder, f), 'utf8')]),
  ),
);
const pix = bundled['rails/BR-pix.yaml'];

/** Edits: a file's new text, or null to delete it. */
type Edits = Record<string, string | null>;

/** `shows`: a problem the case must produce (file and rule), so that each case tests what its name says. */
const CASES: Array<{ name: string; edits: Edits; before?: Edits; today?: string; base?: boolean; shows?: string }> = [
  // `before`: edits made before the run that fills the cache (the files it then keeps differ from the base revision).
  { name: 'nothing changed', edits: {} },
  { name: 'a comment added', edits: { 'rails/BR-pix.yaml': pix + '# checked again\n' } },
  { name: 'a new rail with the name of an unchanged rail (reported on the new file)', edits: { 'rails/BR-pix_two.yaml': setLine(setLine(pix, 'id', 'id: BR-pix_two'), 'slug', 'slug: pix_two') } },
  // BR-aa comes before BR-pix: duplicate-name reports on BR-pix, a file the cached run did not read.
  { name: 'a rail renamed to the name of an unchanged one (reported on the unchanged file)', edits: { 'rails/BR-doc.yaml': null, 'rails/BR-aa.yaml': setLine(setLine(pix, 'id', 'id: BR-aa'), 'slug', 'slug: aa') }, shows: 'catalog/rails/BR-pix.yaml duplicate-name' },
  { name: 'a country deleted that unchanged rails serve', edits: { 'countries/BR.yaml': null }, shows: 'catalog/rails/BR-doc.yaml reference' },
  { name: 'a country restricted that unchanged rails serve', edits: { 'countries/BR.yaml': setLine(setLine(bundled['countries/BR.yaml'], 'status', 'status: restricted\nreason: international_sanctions'), 'currency', 'currency: null') }, shows: 'catalog/rails/BR-pix.yaml reference' },
  { name: 'a YAML syntax error', edits: { 'rails/BR-pix.yaml': pix.replace('phase: live', 'phase: [live') } },
  { name: 'an entry the schema refuses', edits: { 'rails/BR-pix.yaml': setLine(pix, 'kind', 'kind: teleport') }, shows: 'catalog/rails/BR-pix.yaml schema' },
  { name: 'a second file with an unchanged id', edits: { 'rails/BR-pix2.yaml': pix }, shows: 'catalog/rails/BR-pix2.yaml duplicate-id' },
  { name: 'an invisible character (the line says only that)', edits: { 'rails/BR-pix.yaml': pix.replace('name: Pix', 'name: Pi\u200bx') } },
  { name: 'a stray file and a misplaced entry', edits: { 'rails/notes.txt': 'x', 'BR-pix.yaml': pix } },
  // The catalog-wide rules' problems of the last run are reused when nothing they can have seen changed.
  {
    name: 'a nested value changed while an unchanged file has a catalog-wide problem (reused)',
    before: { 'rails/BR-aa.yaml': setLine(setLine(pix, 'id', 'id: BR-aa'), 'slug', 'slug: aa') },
    edits: { 'rails/BR-doc.yaml': bundled['rails/BR-doc.yaml'].replace(/bps: \d+/, 'bps: 3') },
    shows: 'catalog/rails/BR-pix.yaml duplicate-name',
  },
  {
    name: 'the changed file holds the catalog-wide problem and its lines moved',
    before: { 'rails/BR-aa.yaml': setLine(setLine(pix, 'id', 'id: BR-aa'), 'slug', 'slug: aa') },
    edits: { 'rails/BR-pix.yaml': '# moved down by a comment\n' + pix },
    shows: 'catalog/rails/BR-pix.yaml duplicate-name',
  },
  {
    name: "a policy's effect changed (a rule reads it beyond the entry's scalars: the rules run again)",
    edits: { 'policies/eu-restrictive-measures.yaml': bundled['policies/eu-restrictive-measures.yaml'].replace('reason: restrictive_measures', 'reason: international_sanctions') },
    shows: 'catalog/countries/RU.yaml country-policy',
  },
  { name: 'another day (stale verifications)', edits: {}, today: '2028-06-01', shows: 'catalog/rails/BR-doc.yaml stale-verification' },
  { name: 'with a base revision that had one more rail', edits: { 'rails/BR-pix.yaml': null }, base: true, shows: 'catalog/rails/BR-pix.yaml removed-entry' },
  {
    name: 'with a base revision, an unchanged file whose rail was renamed (the rule compares whole entries)',
    before: { 'rails/BR-doc.yaml': null, 'rails/BR-doc_x.yaml': bundled['rails/BR-doc.yaml'].replace('id: BR-doc', 'id: BR-doc_x') },
    edits: { 'rails/BR-pix.yaml': pix + '# checked again\n' },
    base: true,
    shows: 'catalog/rails/BR-doc_x.yaml removed-entry',
  },
  { name: 'with a base revision, a rail changed without a new verifiedAt', edits: { 'rails/BR-pix.yaml': pix.replace(/bps: \d+/, 'bps: 77') }, base: true, shows: 'catalog/rails/BR-pix.yaml unverified-change' },
];

async function run(dir: string, options: { today?: string; base?: BaseDelta; cache: boolean }): Promise<Validation> {
  return validateCatalog({ dir: 'catalog', cwd: dir, today: options.today ?? TODAY, base: options.base, cacheFile: options.cache ? '.catalogcache' : undefined });
}

/**
 * The bundled catalog as a base revision of the catalog in `dir`: as the CLI reads it (only the files whose text the
 * working tree no longer has are the base's own; the others' entries are the working tree's), or read whole.
 */
function bundledBase(dir: string, whole: boolean): BaseDelta {
  return baseAsRead(path.join(dir, 'catalog'), dir, bundled, whole);
}

const edit = (dir: string, edits: Edits) => editCatalog(path.join(dir, 'catalog'), edits);

const shown = (v: Validation) => JSON.stringify(v.report, null, 1);

describe('validate --cache gives the report of a run without it', () => {
  it.each(CASES)('$name', async ({ edits, before, today, base: withBase, shows }) => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    edit(dir, before ?? {});
    await run(dir, { cache: true });
    edit(dir, edits);
    const base = withBase ? bundledBase(dir, false) : undefined;
    const cached = await run(dir, { today, base, cache: true });
    const plain = await run(dir, { today, base, cache: false });
    expect(shown(cached)).toBe(shown(plain));
    // The base made of the working tree's entries for the files the change did not touch gives the report of the base
    // read whole.
    if (withBase) expect(shown(plain)).toBe(shown(await run(dir, { today, base: bundledBase(dir, true), cache: false })));
    if (shows) expect(plain.report.problems.map((p) => `${p.file} ${p.rule}`)).toContain(shows);
    // Fixes are kept too (validate --fix applies them; the JSON format leaves them out).
    expect(cached.report.problems.map((p) => p.fix ?? null)).toEqual(plain.report.problems.map((p) => p.fix ?? null));
    expect(shown(await run(dir, { today, base, cache: true }))).toBe(shown(plain));
  }, 60_000);

  it('finds a file changed to the same size, even when its times are set back', async () => {
    const dir = await writeCatalog({ 'catalog/rails/BR-pix.yaml': RAIL_BR_PIX, 'catalog/countries/BR.yaml': COUNTRY_BR });
    const file = path.join(dir, 'catalog/rails/BR-pix.yaml');
    const old = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, old, old);
    await run(dir, { cache: true });
    writeFileSync(file, RAIL_BR_PIX.replace('bps: 50', 'bps: -5'));
    utimesSync(file, old, old);
    const cached = await run(dir, { cache: true });
    expect(cached.report.problems.map((p) => `${p.file}:${p.line} ${p.rule}`)).toEqual(['catalog/rails/BR-pix.yaml:18 minor-units']);
  });

  it('ignores a cache it cannot read, and one written by other checks', async () => {
    const dir = await writeCatalog({ 'catalog/rails/BR-pix.yaml': RAIL_BR_PIX.replace('bps: 50', 'bps: -5'), 'catalog/countries/BR.yaml': COUNTRY_BR });
    for (const junk of ['{"format": 12, "files": [', JSON.stringify({ format: 'payout-catalog-validate/6', key: 'other checks', shapes: [], files: { 'rails/BR-pix.yaml': [0, 0, 0, 0, '', 0, [], null, -1, [], null] } })]) {
      writeFileSync(path.join(dir, '.catalogcache'), junk);
      const v = await run(dir, { cache: true });
      expect(v.report.summary).toEqual({ files: 2, errors: 1, warnings: 0 });
    }
  });

  it('keeps the cache inside the catalog folder out of the catalog', async () => {
    const dir = await writeCatalog({ 'rails/BR-pix.yaml': RAIL_BR_PIX, 'countries/BR.yaml': COUNTRY_BR });
    for (let i = 0; i < 2; i++) {
      const v = await validateCatalog({ dir: '.', cwd: dir, today: TODAY, cacheFile: 'rails/.catalogcache' });
      expect(v.report.problems).toEqual([]);
    }
  });

  it('reports a symbolic link in the catalog on every run', async () => {
    const dir = await writeCatalog({ 'catalog/rails/BR-pix.yaml': RAIL_BR_PIX, 'catalog/countries/BR.yaml': COUNTRY_BR });
    symlinkSync(path.join(dir, 'catalog/countries/BR.yaml'), path.join(dir, 'catalog/countries/PT.yaml'));
    for (let i = 0; i < 2; i++) expect((await run(dir, { cache: true })).report.problems.map((p) => p.rule)).toEqual(['file-name']);
  });
});

/** The index file of the cache (src/cache/index-file.ts), as text. */
const indexText = (dir: string) => readFileSync(path.join(dir, '.catalogcache'), 'utf8');
/** Sets every catalog file's times back, so that no file is "racy" (modified too close to a run to trust its stat). */
function age(dir: string, names = Object.keys(bundled)): void {
  const old = new Date('2026-01-01T00:00:00Z');
  for (const name of names) utimesSync(path.join(dir, 'catalog', name), old, old);
}
/** Edits a rail so that its catalog-wide summary changes (the catalog-wide rules run again) or not (they are reused). */
const edited = (n: number, wide: boolean) => (wide ? pix.replace('name: Pix', `name: Pix ${n}`) : `${pix}# edit ${n}\n`);

describe('the cache index', () => {
  it('appends the records of the files a run checked, and the report stays that of a run without the cache', async () => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    age(dir);
    await run(dir, { cache: true });
    for (let n = 0; n < 6; n++) {
      const before = indexText(dir);
      edit(dir, { 'rails/BR-pix.yaml': edited(n, n % 2 === 1) });
      age(dir, ['rails/BR-pix.yaml']);
      const cached = await run(dir, { cache: true });
      expect(shown(cached)).toBe(shown(await run(dir, { cache: false })));
      const after = indexText(dir);
      // What was there stays byte for byte: the run appended one batch (the record, the wide problems when they changed).
      expect(after.startsWith(before)).toBe(true);
      const batch = after.slice(before.length).trimEnd().split('\n');
      expect(batch.filter((l) => l.startsWith('F\t')).map((l) => l.split('\t')[1])).toEqual(['rails/BR-pix.yaml']);
      expect(batch.at(-1)).toBe(`C\t${batch.length - 1}\t${n + 1}`); // the batch's count of lines, and its number
    }
    const still = indexText(dir);
    await run(dir, { cache: true });
    expect(indexText(dir)).toBe(still); // nothing changed: nothing written
  }, 60_000);

  it.each([
    // written: how the next run leaves the index (whole again, or the damaged record replaced by an appended one).
    ['an append cut short (the batch without its end)', (text: string) => text.slice(0, text.lastIndexOf('\nC\t') + 1)],
    ['an append cut in the middle of a record', (text: string) => text.slice(0, text.lastIndexOf('\nF\t') + 30)],
    ['a record whose rest does not parse', (text: string) => text.replace(/(\nF\trails\/BR-doc\.yaml(?:\t[^\t\n]*){5}\t)\[/, '$1{')],
    ['a record whose stat is not a number (its file is hashed, found unchanged, recorded again)', (text: string) => text.replace(/(\nF\trails\/BR-doc\.yaml\t)\d+/, '$1x'), 'appended'],
    ['the wide problems damaged (the last ones, those that count)', (text: string) => text.slice(0, text.lastIndexOf('\nW\t')) + '\nW\t[{' + text.slice(text.indexOf('\n', text.lastIndexOf('\nW\t') + 1))],
    ['a shape damaged', (text: string) => text.replace(/\nS\t[^\n]*/, '\nS\t[')],
  ] as Array<[string, (text: string) => string, ('whole' | 'appended')?]>)('%s: the run checks what it cannot trust again', async (_name, damage, written = 'whole') => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    age(dir);
    await run(dir, { cache: true });
    edit(dir, { 'rails/BR-pix.yaml': setLine(pix, 'currency', 'currency: brl') });
    age(dir, ['rails/BR-pix.yaml']);
    await run(dir, { cache: true }); // appends the record of BR-pix
    const text = indexText(dir);
    const damaged = damage(text);
    expect(damaged).not.toBe(text);
    writeFileSync(path.join(dir, '.catalogcache'), damaged);
    edit(dir, { 'rails/BR-doc.yaml': bundled['rails/BR-doc.yaml'] + '# again\n' });
    age(dir, ['rails/BR-doc.yaml']);
    const cached = await run(dir, { cache: true });
    const plain = await run(dir, { cache: false });
    expect(plain.report.summary.errors).toBeGreaterThan(0);
    expect(shown(cached)).toBe(shown(plain));
    expect(shown(await run(dir, { cache: true }))).toBe(shown(plain));
    const lines = indexText(dir).trimEnd().split('\n');
    if (written === 'whole') {
      expect(lines.at(-1)).toMatch(/^C\t\d+$/);
      expect(lines.filter((l) => l.startsWith('C\t'))).toHaveLength(1); // written whole again, then nothing appended
    } else expect(lines.filter((l) => l.startsWith('F\trails/BR-doc.yaml\t')).at(-1)).toMatch(/^F\trails\/BR-doc\.yaml\t\d+ /);
  }, 60_000);

  it('does not reuse catalog-wide problems when two runs appended on top of the same index', async () => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    const index = path.join(dir, '.catalogcache');
    age(dir);
    await run(dir, { cache: true });
    const start = indexText(dir);
    // Run A sees BR-pix given BR-doc's name (a duplicate name); run B, started from the same index, also sees BR-doc
    // renamed (no duplicate).
    edit(dir, { 'rails/BR-pix.yaml': setLine(pix, 'name', 'name: DOC (Documento de Crédito)') });
    age(dir, ['rails/BR-pix.yaml']);
    await run(dir, { cache: true });
    const a = indexText(dir).slice(start.length);
    expect(a).toContain('duplicate-name'); // A's batch holds its catalog-wide problems
    writeFileSync(index, start);
    edit(dir, { 'rails/BR-doc.yaml': setLine(bundled['rails/BR-doc.yaml'], 'name', 'name: DOC') });
    age(dir, ['rails/BR-doc.yaml']);
    await run(dir, { cache: true });
    const b = indexText(dir).slice(start.length);
    // B's batch landed first, then A's, whose catalog-wide problems were found without BR-doc's change.
    writeFileSync(index, start + b + a);
    const plain = await run(dir, { cache: false });
    expect(plain.report.problems.map((p) => p.rule)).not.toContain('duplicate-name');
    expect(shown(await run(dir, { cache: true }))).toBe(shown(plain));
  }, 60_000);

  it('writes the index whole again when appended records outnumber the live ones', async () => {
    const dir = await writeCatalog({ 'catalog/rails/BR-pix.yaml': RAIL_BR_PIX, 'catalog/countries/BR.yaml': COUNTRY_BR });
    const file = path.join(dir, 'catalog/rails/BR-pix.yaml');
    const old = new Date('2026-01-01T00:00:00Z');
    let longest = 0;
    for (let n = 0; n < 60; n++) {
      writeFileSync(file, `${RAIL_BR_PIX}# edit ${n}\n`);
      utimesSync(file, old, old);
      await run(dir, { cache: true });
      longest = Math.max(longest, indexText(dir).split('\n').length);
    }
    expect(longest).toBeLessThan(2 * 2 + 64 + 4);
    const v = await run(dir, { cache: true });
    expect(v.report.problems).toEqual([]);
  }, 60_000);
});

describe('catalog validate --cache --fix', () => {
  it('applies the fixes of a run that took them from the cache', async () => {
    const dir = await writeCatalog({ 'catalog/rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'currency', 'currency: brl'), 'catalog/countries/BR.yaml': COUNTRY_BR });
    const first = await runCatalog(['validate', '--dir', 'catalog', '--today', TODAY, '--no-base', '--cache'], dir);
    expect(first.code).toBe(1);
    const fixed = await runCatalog(['validate', '--dir', 'catalog', '--today', TODAY, '--no-base', '--cache', '--fix'], dir);
    expect(fixed.stderr).toContain('1 problem(s) fixed; 0 error(s)');
    expect(readFileSync(path.join(dir, 'catalog/rails/BR-pix.yaml'), 'utf8')).toContain('currency: BRL');
    // The fixed file's record has the stat of the walk every run of the command makes (find's, where GNU find is:
    // its times end in `s`), so that the next run does not hash every file again.
    const gnuFind = process.platform === 'linux' && spawnSync('find', ['--version'], { encoding: 'utf8' }).stdout?.includes('GNU findutils');
    const record = indexText(dir).split('\n').filter((l) => l.startsWith('F\trails/BR-pix.yaml\t')).at(-1)!;
    expect(/s \d+$/.test(record.split('\t')[2])).toBe(Boolean(gnuFind));
    const again = await runCatalog(['validate', '--dir', 'catalog', '--today', TODAY, '--no-base', '--cache'], dir);
    expect(again.code).toBe(0);
  }, 60_000);
});
