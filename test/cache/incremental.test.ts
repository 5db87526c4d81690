import { readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BaseDelta } from '../../src/history/delta.js';
import type { Validation } from '../../src/pipeline/validate.js';
import { baseAsRead, COUNTRY_BR, editCatalog, RAIL_BR_PIX, TODAY, setLine, validateMaybeCached, countedNameRule, writeCatalog } from '../helpers/catalog.js';
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
  { name: 'a comment added', edits: { 'rails/BR-pix.yaml': `${pix}# checked again\n` } },
  {
    name: 'a new rail with the name of an unchanged rail (reported on the new file)',
    edits: { 'rails/BR-pix_two.yaml': setLine(setLine(pix, 'id', 'id: BR-pix_two'), 'slug', 'slug: pix_two') },
  },
  // BR-aa comes before BR-pix: duplicate-name reports on BR-pix, a file the cached run did not read.
  {
    name: 'a rail renamed to the name of an unchanged one (reported on the unchanged file)',
    edits: { 'rails/BR-doc.yaml': null, 'rails/BR-aa.yaml': setLine(setLine(pix, 'id', 'id: BR-aa'), 'slug', 'slug: aa') },
    shows: 'catalog/rails/BR-pix.yaml duplicate-name',
  },
  { name: 'a country deleted that unchanged rails serve', edits: { 'countries/BR.yaml': null }, shows: 'catalog/rails/BR-doc.yaml reference' },
  {
    name: 'a country restricted that unchanged rails serve',
    edits: {
      'countries/BR.yaml': setLine(
        setLine(bundled['countries/BR.yaml'], 'status', 'status: restricted\nreason: international_sanctions'),
        'currency',
        'currency: null',
      ),
    },
    shows: 'catalog/rails/BR-pix.yaml reference',
  },
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
    edits: { 'rails/BR-pix.yaml': `# moved down by a comment\n${pix}` },
    shows: 'catalog/rails/BR-pix.yaml duplicate-name',
  },
  {
    name: "a policy's effect changed (a rule reads it beyond the entry's scalars: the rules run again)",
    edits: {
      'policies/eu-restrictive-measures.yaml': bundled['policies/eu-restrictive-measures.yaml'].replace(
        'reason: restrictive_measures',
        'reason: international_sanctions',
      ),
    },
    shows: 'catalog/countries/RU.yaml country-policy',
  },
  { name: 'another day (stale verifications)', edits: {}, today: '2028-06-01', shows: 'catalog/rails/BR-doc.yaml stale-verification' },
  { name: 'with a base revision that had one more rail', edits: { 'rails/BR-pix.yaml': null }, base: true, shows: 'catalog/rails/BR-pix.yaml removed-entry' },
  {
    name: 'with a base revision, an unchanged file whose rail was renamed (the rule compares whole entries)',
    before: { 'rails/BR-doc.yaml': null, 'rails/BR-doc_x.yaml': bundled['rails/BR-doc.yaml'].replace('id: BR-doc', 'id: BR-doc_x') },
    edits: { 'rails/BR-pix.yaml': `${pix}# checked again\n` },
    base: true,
    shows: 'catalog/rails/BR-doc_x.yaml removed-entry',
  },
  {
    name: 'with a base revision, a rail changed without a new verifiedAt',
    edits: { 'rails/BR-pix.yaml': pix.replace(/bps: \d+/, 'bps: 77') },
    base: true,
    shows: 'catalog/rails/BR-pix.yaml unverified-change',
  },
];

async function run(dir: string, options: { today?: string; base?: BaseDelta; cache: boolean }): Promise<Validation> {
  return validateMaybeCached({
    dir: 'catalog',
    cwd: dir,
    today: options.today ?? TODAY,
    base: options.base,
    cacheFile: options.cache ? '.catalogcache' : undefined,
  });
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
  it.each(CASES)(
    '$name',
    async ({ edits, before, today, base: withBase, shows }) => {
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
    },
    60_000,
  );

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
    for (const junk of [
      '{"format": 12, "files": [',
      JSON.stringify({
        format: 'payout-catalog-validate/6',
        key: 'other checks',
        shapes: [],
        files: { 'rails/BR-pix.yaml': [0, 0, 0, 0, '', 0, [], null, -1, [], null] },
      }),
    ]) {
      writeFileSync(path.join(dir, '.catalogcache'), junk);
      const v = await run(dir, { cache: true });
      expect(v.report.summary).toEqual({ files: 2, errors: 1, warnings: 0 });
    }
  });

  it('keeps the cache inside the catalog folder out of the catalog', async () => {
    const dir = await writeCatalog({ 'rails/BR-pix.yaml': RAIL_BR_PIX, 'countries/BR.yaml': COUNTRY_BR });
    for (let i = 0; i < 2; i++) {
      const v = await validateMaybeCached({ dir: '.', cwd: dir, today: TODAY, cacheFile: 'rails/.catalogcache' });
      expect(v.report.problems).toEqual([]);
    }
  });

  it('reports a symbolic link in the catalog on every run', async () => {
    const dir = await writeCatalog({ 'catalog/rails/BR-pix.yaml': RAIL_BR_PIX, 'catalog/countries/BR.yaml': COUNTRY_BR });
    symlinkSync(path.join(dir, 'catalog/countries/BR.yaml'), path.join(dir, 'catalog/countries/PT.yaml'));
    for (let i = 0; i < 2; i++) expect((await run(dir, { cache: true })).report.problems.map((p) => p.rule)).toEqual(['file-name']);
  });
});

/** The memo file of the cache (src/cache/memo.ts), as text and as data. */
const memoText = (dir: string) => readFileSync(path.join(dir, '.catalogcache'), 'utf8');
type MemoRecord = [stat: string, hash: string, racy: number, verdict: { problems: Array<Record<string, unknown>> }];
const memoOf = (dir: string) => JSON.parse(memoText(dir)) as { format: string; key: string; files: Record<string, MemoRecord> };
/** Sets every catalog file's times back, so that no file is "racy" (modified too close to a run to trust its stat). */
function age(dir: string, names = Object.keys(bundled)): void {
  const old = new Date('2026-01-01T00:00:00Z');
  for (const name of names) utimesSync(path.join(dir, 'catalog', name), old, old);
}

describe('the memo of validate --cache', () => {
  it('answers for a file by its stat, then by the hash of its text, and checks it again once its text changes', async () => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    age(dir);
    await run(dir, { cache: true });
    // A problem planted in BR-doc's verdict: reported while the memo answers for the file, gone once it is checked again.
    const memo = memoOf(dir);
    const planted = {
      file: 'catalog/rails/BR-doc.yaml',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      severity: 'error',
      rule: 'planted',
      pointer: '',
      message: 'from the memo',
    };
    memo.files['rails/BR-doc.yaml'][3].problems.push(planted);
    writeFileSync(path.join(dir, '.catalogcache'), JSON.stringify(memo));
    const rulesOf = async () => (await run(dir, { cache: true })).report.problems.map((p) => p.rule);
    expect(await rulesOf()).toContain('planted'); // same stat: not read
    const doc = path.join(dir, 'catalog/rails/BR-doc.yaml');
    writeFileSync(doc, bundled['rails/BR-doc.yaml']);
    age(dir, ['rails/BR-doc.yaml']);
    expect(await rulesOf()).toContain('planted'); // another stat, the same text: the same verdict
    writeFileSync(doc, `${bundled['rails/BR-doc.yaml']}# checked again\n`);
    expect(await rulesOf()).not.toContain('planted'); // another text: checked again
  }, 60_000);

  it('writes nothing when nothing changed, and holds one record per file of the catalog', async () => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    age(dir);
    await run(dir, { cache: true });
    for (let n = 0; n < 3; n++) {
      edit(dir, { 'rails/BR-pix.yaml': `${pix}# edit ${n}\n` });
      age(dir, ['rails/BR-pix.yaml']);
      const cached = await run(dir, { cache: true });
      expect(shown(cached)).toBe(shown(await run(dir, { cache: false })));
    }
    edit(dir, { 'rails/BR-doc.yaml': null });
    await run(dir, { cache: true });
    expect(Object.keys(memoOf(dir).files).sort()).toEqual(
      Object.keys(bundled)
        .filter((n) => n !== 'rails/BR-doc.yaml')
        .sort(),
    );
    const still = memoText(dir);
    await run(dir, { cache: true });
    expect(memoText(dir)).toBe(still); // nothing changed: nothing written
  }, 60_000);

  it.each([
    ['the file cut short', (text: string) => text.slice(0, text.length / 2)],
    ['a record of another shape', (text: string) => text.replace(/"rails\/BR-doc\.yaml":\[/, '"rails/BR-doc.yaml":[1,')],
    ['a verdict without its problems', (text: string) => text.replace(/("rails\/BR-doc\.yaml":\[[^\]]*?,\{)"problems":/, '$1"problemz":')],
    ['a format of another version', (text: string) => text.replace(/payout-catalog-validate\/\d+/, 'payout-catalog-validate/1')],
  ] as Array<[string, (text: string) => string]>)(
    '%s: the run checks what it cannot trust again',
    async (_name, damage) => {
      const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
      edit(dir, { 'rails/BR-doc.yaml': setLine(bundled['rails/BR-doc.yaml'], 'currency', 'currency: brl') });
      age(dir);
      await run(dir, { cache: true });
      const text = memoText(dir);
      const damaged = damage(text);
      expect(damaged).not.toBe(text);
      writeFileSync(path.join(dir, '.catalogcache'), damaged);
      edit(dir, { 'rails/BR-pix.yaml': `${pix}# again\n` });
      const cached = await run(dir, { cache: true });
      const plain = await run(dir, { cache: false });
      expect(plain.report.problems.map((p) => `${p.file} ${p.rule}`)).toContain('catalog/rails/BR-doc.yaml schema');
      expect(shown(cached)).toBe(shown(plain));
      expect(shown(await run(dir, { cache: true }))).toBe(shown(plain));
    },
    60_000,
  );
});

describe('catalog validate --cache --fix', () => {
  it('applies the fixes of a run that took them from the cache', async () => {
    const dir = await writeCatalog({ 'catalog/rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'currency', 'currency: brl'), 'catalog/countries/BR.yaml': COUNTRY_BR });
    const first = await runCatalog(['validate', '--dir', 'catalog', '--today', TODAY, '--no-base', '--cache'], dir);
    expect(first.code).toBe(1);
    const fixed = await runCatalog(['validate', '--dir', 'catalog', '--today', TODAY, '--no-base', '--cache', '--fix'], dir);
    expect(fixed.stderr).toContain('1 problem(s) fixed; 0 error(s)');
    expect(readFileSync(path.join(dir, 'catalog/rails/BR-pix.yaml'), 'utf8')).toContain('currency: BRL');
    const again = await runCatalog(['validate', '--dir', 'catalog', '--today', TODAY, '--no-base', '--cache'], dir);
    expect(again.code).toBe(0);
  }, 60_000);
});

describe('validate --cache runs a catalog-wide rule again only when a file changed what it reads', () => {
  const counted = countedNameRule;
  const renamed = (name: string) => setLine(pix, 'name', `name: ${name}`);

  const CHANGES: Array<[string, Edits, boolean]> = [
    ['nothing changed', {}, false],
    ['a comment added at the end of a file', { 'rails/BR-doc.yaml': `${bundled['rails/BR-doc.yaml']}# checked\n` }, false],
    [
      'a property the rule does not read',
      { 'rails/BR-doc.yaml': bundled['rails/BR-doc.yaml'].replace(/^verifiedAt: .*$/m, 'verifiedAt: "2026-01-05"') },
      false,
    ],
    ['a property the rule reads', { 'rails/BR-doc.yaml': setLine(bundled['rails/BR-doc.yaml'], 'name', 'name: Pix') }, true],
    // the problem lies in the changed file: its line may have moved
    ['a comment above the problem it reported', { 'rails/BR-pix.yaml': `# note\n${pix}` }, true],
    ['a file added', { 'rails/BR-pix_two.yaml': setLine(setLine(renamed('Pix two'), 'id', 'id: BR-pix_two'), 'slug', 'slug: pix_two') }, true],
    ['a file removed', { 'rails/BR-doc.yaml': null }, true],
    ['an entry the schema now refuses', { 'rails/BR-doc.yaml': setLine(bundled['rails/BR-doc.yaml'], 'kind', 'kind: teleport') }, true],
    ['a file that no longer parses', { 'rails/BR-doc.yaml': bundled['rails/BR-doc.yaml'].replace('kind: bank_transfer', 'kind: [bank_transfer') }, true],
  ];

  it.each(CHANGES.map(([name, edits, runsAgain]) => [name, runsAgain, edits] as const))(
    '%s: runs again %s',
    async (_, runsAgain, edits) => {
      const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
      const { counter, rules } = counted();
      const cachedRun = () => validateMaybeCached({ dir: 'catalog', cwd: dir, today: TODAY, rules, cacheFile: '.catalogcache' });
      await cachedRun();
      expect(counter.runs).toBeGreaterThan(0);
      counter.runs = 0;
      edit(dir, edits);
      const cached = await cachedRun();
      expect(counter.runs > 0).toBe(runsAgain);
      const plain = await validateMaybeCached({ dir: 'catalog', cwd: dir, today: TODAY, rules });
      expect(shown(cached)).toBe(shown(plain));
    },
    60_000,
  );

  it('a file whose entry the memo cannot keep (YAML .inf) is new to the next run, even once its old text is back', async () => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(bundled).map(([k, v]) => [`catalog/${k}`, v])));
    const { counter, rules } = counted();
    const cachedRun = () => validateMaybeCached({ dir: 'catalog', cwd: dir, today: TODAY, rules, cacheFile: '.catalogcache' });
    await cachedRun();
    edit(dir, { 'rails/BR-doc.yaml': setLine(bundled['rails/BR-doc.yaml'], 'name', 'name: .inf') });
    await cachedRun();
    edit(dir, { 'rails/BR-doc.yaml': bundled['rails/BR-doc.yaml'] });
    counter.runs = 0;
    const cached = await cachedRun();
    expect(counter.runs).toBeGreaterThan(0);
    expect(shown(cached)).toBe(shown(await validateMaybeCached({ dir: 'catalog', cwd: dir, today: TODAY, rules })));
  }, 60_000);
});
