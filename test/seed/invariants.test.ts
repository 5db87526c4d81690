import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { unsafeTexts } from '../../src/seed/invariants.js';
import { publishSeed } from '../../src/seed/store.js';
import { COUNTRY_BR, RAIL_BR_PIX, setLine, writeCatalog } from '../helpers/catalog.js';

// The checks of values are taken away in this file, as if a rule were removed: the seed's own guarantee must hold.
vi.mock('../../src/check/characters.js', async (original) => ({ ...(await original<object>()), valueCharacters: () => [] }));

/** Every character the seed never holds, as YAML writes it in a double-quoted value, and its name. */
const HOSTILE: Array<[escape: string, name: string]> = [
  ['\\0', 'U+0000 NULL'],
  ['\\e', 'U+001B ESCAPE'],
  ['\\x1b', 'U+001B ESCAPE'],
  ['\\a', 'U+0007 BELL'],
  ['\\t', 'U+0009 CHARACTER TABULATION'],
  ['\\n', 'U+000A LINE FEED'],
  ['\\u202E', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
  ['\\u2066', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
  ['\\u200B', 'U+200B ZERO WIDTH SPACE'],
  ['\\uFEFF', 'U+FEFF ZERO WIDTH NO-BREAK SPACE'],
  ['\\uD800', 'U+D800'],
];

describe('the seed holds no control, bidi, invisible character or lone surrogate', () => {
  it.each(HOSTILE)('catalog build refuses a seed whose rail name holds %s, though no check of values ran', async (written, name) => {
    const dir = await writeCatalog({ 'rails/BR-pix.yaml': setLine(RAIL_BR_PIX, 'name', `name: "Pix${written}x"`), 'countries/BR.yaml': COUNTRY_BR });
    const err: string[] = [];
    const io = { cwd: dir, env: {}, stdout: { write: () => true }, stderr: { write: (s: string) => err.push(s) }, now: () => new Date('2026-11-22T12:00:00Z') };
    const code = await main(['build', '--dir', '.', '--out', 'out/seed.json', '--today', '2026-11-22'], io);
    expect(code).toBe(2);
    expect(err.join('')).toContain(`catalog build: the seed /rails/0/name holds ${name}`);
    await expect(stat(path.join(dir, 'out/seed.json'))).rejects.toThrow();
  });

  it('builds the same catalog when the name is clean', async () => {
    const dir = await writeCatalog({ 'rails/BR-pix.yaml': RAIL_BR_PIX, 'countries/BR.yaml': COUNTRY_BR });
    const io = { cwd: dir, env: {}, stdout: { write: () => true }, stderr: { write: () => true }, now: () => new Date('2026-11-22T12:00:00Z') };
    expect(await main(['build', '--dir', '.', '--out', 'out/seed.json', '--today', '2026-11-22'], io)).toBe(0);
    expect(unsafeTexts(JSON.parse(await readFile(path.join(dir, 'out/seed.json'), 'utf8')))).toEqual([]);
  });

  it('finds them in keys and nested values, and publish refuses a seed file edited by hand', async () => {
    expect(unsafeTexts({ rails: [{ fields: [{ help: { fr: 'a\u0000b' } }] }], 'k\u202e': 1 })).toEqual([
      '/rails/0/fields/0/help/fr holds U+0000 NULL',
      '/k\u202e (the key) holds U+202E RIGHT-TO-LEFT OVERRIDE',
    ]);
    const store = await mkdtemp(path.join(tmpdir(), 'catalog-store-'));
    const seed = {
      meta: { version: '0000000000000000', counts: { rails: 1, assets: 0, countries: 0 } },
      rails: [{ id: 'BR-pix', name: 'Pix\u0007' }],
      assets: [],
      countries: [],
    };
    await expect(publishSeed(store, JSON.stringify(seed))).rejects.toThrow('the seed /rails/0/name holds U+0007 BELL, which no seed may hold');
  });
});
