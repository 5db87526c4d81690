import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog, MAX_FILE_BYTES, type LoadOptions } from '../../src/core/load.js';
import { ReadAhead } from '../../src/core/read-ahead.js';
import { COUNTRY_BR, RAIL_BR_PIX, writeCatalog } from '../helpers/catalog.js';

/**
 * A large catalog's files are read by a worker while the main thread parses (src/core/read-ahead.ts). What a load
 * gives must not depend on who read a file: every kind of file the reader meets is loaded both ways and compared.
 */
const files: Record<string, string> = {
  'rails/BR-pix.yaml': RAIL_BR_PIX,
  'countries/BR.yaml': COUNTRY_BR,
  'countries/FR.yaml': 'code: FR\nname: Fran\u00e7e\ncurrency: EUR\nstatus: open\n',
  'countries/EMPTY.yaml': '',
  'countries/PT.yaml': 'code: PT\nname: [Portugal\n',
  'rails/notes.txt': 'not an entry',
  'assets/BIG.yaml': `code: BIG\nname: ${'x'.repeat(MAX_FILE_BYTES)}\n`,
};

/** The load, as plain data: each file's path and text, each entry's data, every problem. */
async function load(dir: string, readAhead: LoadOptions['readAhead']) {
  const loaded = await loadCatalog('catalog', dir, { readAhead });
  return JSON.stringify({ files: loaded.files.map((f) => [f.path, f.text]), entries: loaded.entries.map((e) => [e.kind, e.file.path, e.data]), problems: loaded.problems });
}

describe('reading ahead on a worker', () => {
  it.each([
    ['every file but the first read by the worker', { min: 0, first: 1 }],
    ['every file read by the worker', { min: 0, first: 0 }],
  ])('%s gives the load the main thread gives', async (_name, readAhead) => {
    const dir = await writeCatalog(Object.fromEntries(Object.entries(files).map(([k, v]) => [`catalog/${k}`, v])));
    writeFileSync(path.join(dir, 'catalog/countries/DE.yaml'), Buffer.from('code: DE\nname: M\xfcnchen\n', 'latin1')); // not UTF-8
    mkdirSync(path.join(dir, 'catalog/countries/DIR.yaml')); // a folder with an entry's name
    writeFileSync(path.join(dir, 'catalog/countries/DIR.yaml/x'), 'x');
    symlinkSync(path.join(dir, 'catalog/countries/BR.yaml'), path.join(dir, 'catalog/countries/LN.yaml'));
    const plain = await load(dir, { min: Number.POSITIVE_INFINITY, first: 0 });
    expect(plain).toContain('is not valid UTF-8');
    expect(plain).toContain('so it is not read');
    expect(await load(dir, readAhead)).toBe(plain);
  });

  it('reads what the worker did not when it fails', async () => {
    const dir = await writeCatalog({ 'catalog/countries/BR.yaml': COUNTRY_BR, 'catalog/countries/FR.yaml': 'code: FR\n' });
    const reader = new ReadAhead([path.join(dir, 'catalog/countries/BR.yaml'), path.join(dir, 'catalog/countries/FR.yaml')], MAX_FILE_BYTES);
    reader.close(); // the worker stops before it has read anything, or after: either way every read is answered
    for (const [i, text] of [COUNTRY_BR, 'code: FR\n'].entries()) {
      const { raw, bytes } = await reader.read(i);
      expect('length' in raw && Buffer.from(bytes!.subarray(0, raw.length)).toString('utf8')).toBe(text);
    }
  });
});
