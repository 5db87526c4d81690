/**
 * `validate --cache` lists the catalog folder and stats its files with GNU find and sort in processes of their own
 * (src/read/find-run.ts, find-walk.ts). The listing must be scanCatalog's, path for path; the stats must tell every
 * change the cache must see; anything find cannot give exactly falls back to node's walk.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCatalog, findKeyMtimeMs, listingOf } from '../../src/read/find-walk.js';
import { startFind } from '../../src/read/find-run.js';
import { ListingRules, scanCatalog } from '../../src/read/folder.js';
import { validateCatalog } from '../../src/pipeline/validate.js';
import { startWalk } from '../../src/cli/quick.js';
import { runCatalog } from '../helpers/cli.js';
import { RAIL_BR_PIX, COUNTRY_BR, setLine, TODAY } from '../helpers/catalog.js';

const gnuFind = process.platform === 'linux' && spawnSync('find', ['--version'], { encoding: 'utf8' }).stdout?.includes('GNU findutils');
const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'find-walk-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Writes files (name -> text) under dir, making their folders. */
function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

describe.skipIf(!gnuFind)('find lists the folder as scanCatalog does', () => {
  it.each([
    ['a plain catalog', () => ({ files: { 'rails/BR-pix.yaml': RAIL_BR_PIX, 'countries/BR.yaml': COUNTRY_BR, 'rails/FR-sepa.yaml': 'x' } })],
    [
      'folders empty, nested, of no kind, and a kind folder with nothing in it',
      (dir: string) => {
        for (const d of ['assets', 'rails/old/empty', 'misc', 'countries/sub']) mkdirSync(path.join(dir, d), { recursive: true });
        return { files: { 'rails/a.yaml': 'a', 'countries/sub/x.yaml': 'x', 'notes/readme.txt': 'n' } };
      },
    ],
    [
      'links to a file and to a folder, a named pipe',
      (dir: string) => {
        write(dir, { 'rails/a.yaml': 'a', 'elsewhere/b.yaml': 'b' });
        symlinkSync(path.join(dir, 'rails/a.yaml'), path.join(dir, 'rails/link.yaml'));
        symlinkSync(path.join(dir, 'elsewhere'), path.join(dir, 'rails/linked-folder'));
        execFileSync('mkfifo', [path.join(dir, 'rails/pipe.yaml')]);
        return { files: {} };
      },
    ],
    [
      "the repository's .git at the root (left out), a .git deeper down (listed), dot files",
      () => ({ files: { '.git/HEAD': 'ref: x', '.git/objects/ab/cd': 'o', 'rails/.git/config': 'c', 'rails/.hidden.yaml': 'h', '.editorconfig': 'e' } }),
    ],
    [
      "the tool's own cache file, at the top and in a folder of its own",
      () => ({ files: { 'rails/a.yaml': 'a', '.catalogcache': 'cache', 'cache/index': 'cache' }, own: ['.catalogcache', 'cache/index'] }),
    ],
    [
      'names with spaces, accents, a newline, prefixes of each other and characters below the slash',
      () => ({ files: { 'rails/a b.yaml': '1', 'rails/é.yaml': '2', 'rails/a.yaml': '3', 'rails/a.yaml.bak': '4', 'rails/a-b.yaml': '5', 'rails/a!.yaml': '6', 'rails-old/x.yaml': '7', 'rails/a\nb.yaml': '8' } }),
    ],
  ] as Array<[string, (dir: string) => { files: Record<string, string>; own?: string[] }]>)('%s', async (_name, make) => {
    const dir = temp();
    const { files, own = [] } = make(dir);
    write(dir, files);
    const ownPaths = own.map((f) => path.join(dir, f));
    const found = await findCatalog(dir, dir, ownPaths);
    expect(found, 'find gave no listing').toBeDefined();
    const scanned = scanCatalog(dir, dir, ownPaths);
    expect(found!.files).toEqual(scanned.files);
    expect(found!.refused).toEqual(scanned.refused);
    expect(found!.stats).toHaveLength(scanned.files.length);
  });

  it.each([
    // sort orders bytes; scanCatalog orders UTF-16 code units: they differ between U+E000..U+FFFF and astral characters.
    ['names whose byte order is not their code-unit order', { 'rails/\u{1F600}.yaml': '1', 'rails/\uFF21.yaml': '2' }],
    ['a name with a tab, which sorts before its own prefix', { 'rails/a.yaml': '1', 'rails/a.yaml\tb': '2' }],
  ])('%s: no listing from find (node lists the folder)', async (_name, files) => {
    const dir = temp();
    write(dir, files);
    expect(await findCatalog(dir, dir)).toBeUndefined();
  });

  it('gives a key that changes with the modification time, to the nanosecond, and with the size', async () => {
    const dir = temp();
    write(dir, { 'rails/a.yaml': 'aaaa', 'rails/b.yaml': 'bbbb' });
    const at = new Date('2026-11-22T10:00:00.000Z');
    utimesSync(path.join(dir, 'rails/a.yaml'), at, at);
    const before = (await findCatalog(dir, dir))!;
    utimesSync(path.join(dir, 'rails/a.yaml'), at, new Date(at.getTime() + 1)); // a millisecond later
    const later = (await findCatalog(dir, dir))!;
    writeFileSync(path.join(dir, 'rails/b.yaml'), 'bbbbb');
    const grown = (await findCatalog(dir, dir))!;
    expect(later.stats![0]).not.toBe(before.stats![0]);
    expect(findKeyMtimeMs(before.stats![0])).toBe(at.getTime());
    expect(findKeyMtimeMs(later.stats![0])).toBeCloseTo(at.getTime() + 1, 2); // utimes takes seconds as a double
    expect(later.stats![1]).toBe(before.stats![1]);
    expect(grown.stats![1]).not.toBe(later.stats![1]);
    expect(findKeyMtimeMs('12 x')).toBeNaN();
  });

  it('reads a cache filled from node\'s stats, and node reads one filled from find\'s: the same reports as without the cache', async () => {
    const dir = temp();
    const catalog = path.join(dir, 'catalog');
    write(catalog, { 'rails/BR-pix.yaml': RAIL_BR_PIX, 'countries/BR.yaml': COUNTRY_BR });
    const old = new Date('2026-11-01T00:00:00Z');
    const age = (...names: string[]) => names.forEach((n) => utimesSync(path.join(catalog, n), old, old));
    age('rails/BR-pix.yaml', 'countries/BR.yaml');
    const plain = async () => JSON.stringify((await validateCatalog({ dir: 'catalog', cwd: dir, today: TODAY })).report);
    const cached = async (withFind: boolean) => {
      const cacheFile = path.join(dir, '.catalogcache');
      const listing = withFind ? findCatalog(catalog, 'catalog', [cacheFile]) : undefined;
      if (withFind) expect(await listing).toBeDefined();
      return JSON.stringify((await validateCatalog({ dir: 'catalog', cwd: dir, today: TODAY, cacheFile: '.catalogcache', listing })).report);
    };
    const steps: Array<[string, () => void]> = [
      ['first run', () => {}],
      ['a currency in lower case', () => writeFileSync(path.join(catalog, 'rails/BR-pix.yaml'), setLine(RAIL_BR_PIX, 'currency', 'currency: brl'))],
      ['the same size, another time', () => writeFileSync(path.join(catalog, 'rails/BR-pix.yaml'), setLine(RAIL_BR_PIX, 'currency', 'currency: BRX'))],
      ['a comment', () => appendFileSync(path.join(catalog, 'countries/BR.yaml'), '# checked\n')],
      ['a country removed', () => rmSync(path.join(catalog, 'countries/BR.yaml'))],
    ];
    for (const [what, change] of steps) {
      change();
      for (const withFind of [true, false, true, true, false, false]) expect(await cached(withFind), `${what}, ${withFind ? 'find' : 'node'}`).toBe(await plain());
    }
  });

  it('leaves no file behind, and tells a failure (a folder gone) by no listing', async () => {
    const dir = temp();
    write(dir, { 'rails/a.yaml': 'a' });
    const before = new Set(readdirNames(tmpdir()));
    const run = startFind(dir)!;
    expect(await run.output).toContain('rails/a.yaml\tf\t1 ');
    expect(readdirNames(tmpdir()).filter((n) => n.startsWith('catalog-walk-') && !before.has(n))).toEqual([]);
    expect(await startFind(path.join(dir, 'gone'))!.output).toBeUndefined();
  });
});

function readdirNames(dir: string): string[] {
  return execFileSync('ls', ['-A', dir], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe("listingOf refuses output that is not find's", () => {
  const rules = new ListingRules('/c', []);
  it.each([
    ['ends without NUL', 'rails/a.yaml\tf\t1 2.0s 2.0s 3'],
    ['a type of two letters', 'rails/a.yaml\tff\t1 2.0s 2.0s 3\0'],
    ['no type', 'rails/a.yaml\t1 2.0s 2.0s 3\0'],
    ['out of order', 'rails/b.yaml\tf\t1 2.0s 2.0s 3\0rails/a.yaml\tf\t1 2.0s 2.0s 3\0'],
    ['the same name twice', 'rails/a.yaml\tf\t1 2.0s 2.0s 3\0rails/a.yaml\tf\t1 2.0s 2.0s 3\0'],
    ['a path find could not stat', 'rails/a.yaml\t?\t\0'],
    ['a type find does not know', 'rails/a.yaml\tU\t1 2.0s 2.0s 3\0'],
  ])('%s', (_name, out) => {
    expect(listingOf(out, rules)).toBeUndefined();
  });

  it('reads a good one', () => {
    expect(listingOf('rails\td\t4096 1.0s 1.0s 2\0rails/a\tb.yaml\tf\t1 2.5s 2.5s 3\0rails/c.yaml\tl\t9 2.0s 2.0s 4\0', rules)).toEqual({
      files: ['rails/a\tb.yaml'],
      refused: [rules.link('rails/c.yaml')],
      stats: ['1 2.5s 2.5s 3'],
    });
  });
});

describe('bin/catalog.js starts the walk before it loads the CLI', () => {
  it.each([
    [['validate', '--cache'], 'catalog'],
    [['validate', '--dir', 'other', '--cache'], 'other'],
    [['validate', '--cache', '--dir=other'], 'other'],
    [['validate'], undefined],
    [['validate', '--cache', '--dir'], undefined],
    [['build', '--cache'], undefined],
    [['validate', '--cache', '--dir', 'missing'], 'missing'], // started; find fails, the command reports the folder
  ] as Array<[string[], string | undefined]>)('%j: %s', async (argv, folder) => {
    const dir = temp();
    write(dir, { 'catalog/rails/a.yaml': 'a', 'other/rails/b.yaml': 'b' });
    const run = process.platform === 'linux' ? startWalk(argv, dir) : undefined;
    if (process.platform !== 'linux') return;
    expect(run?.dir).toBe(folder === undefined ? undefined : path.join(dir, folder));
    await run?.output;
  });

  it.skipIf(!gnuFind)('validates the same without find on the PATH (node lists the folder), and with it', async () => {
    const dir = temp();
    write(dir, { 'catalog/rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'currency', 'currency: brl'), 'catalog/countries/BR.yaml': COUNTRY_BR });
    const args = ['validate', '--cache', '--no-base', '--today', TODAY, '--format', 'json'];
    // Older than the racy window, so that each run records the stat its walk saw.
    const old = new Date('2026-11-01T00:00:00Z');
    for (const f of ['catalog/rails/BR-pix.yaml', 'catalog/countries/BR.yaml']) utimesSync(path.join(dir, f), old, old);
    const noFind = temp(); // a PATH with nothing on it: no find, no sort, no git (node is started by its path)
    const expected = (await runCatalog(['validate', '--no-base', '--today', TODAY, '--format', 'json'], dir)).stdout;
    expect(JSON.parse(expected).summary.errors).toBeGreaterThan(0);
    for (const withFind of [true, false, true, true, false]) {
      const { code, stdout } = await runCatalog(args, dir, withFind ? {} : { PATH: noFind });
      expect(code).toBe(1);
      expect(stdout).toBe(expected);
      // The last record of BR-pix has the stat of the walk that ran: find's times end in `s`.
      const records = readFileSync(path.join(dir, '.catalogcache'), 'utf8').split('\n').filter((l) => l.startsWith('F\tcatalog/rails/BR-pix.yaml\t') || l.startsWith('F\trails/BR-pix.yaml\t'));
      expect(/s \d+$/.test(records.at(-1)!.split('\t')[2])).toBe(withFind);
    }
  }, 60_000);
});
