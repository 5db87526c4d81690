import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog, loadTexts } from '../../src/core/load.js';
import { COUNTRY_BR, RAIL_BR_PIX, writeCatalog } from '../helpers/catalog.js';

// validate in a git checkout reads the base revision first; the working tree's files with the same text take the
// base's parse instead of being parsed again (parsing is a function of a file's name and text).
describe('parses shared with another load (Loaded.parses)', () => {
  const base = loadTexts('/base', [
    { name: 'rails/BR-pix.yaml', text: RAIL_BR_PIX },
    { name: 'countries/BR.yaml', text: COUNTRY_BR },
    { name: 'countries/FR.yaml', text: 'code: FR\nname: France\ncurrency: EUR\nstatus: open\n' },
    { name: 'countries/PT.yaml', text: 'code: PT\n\uFFFD', badUtf8: { offset: 9, byte: 0xff } },
  ]);

  it('keeps the parses of clean texts only', () => {
    expect([...base.parses!.keys()].sort()).toEqual(['countries/BR.yaml', 'countries/FR.yaml', 'rails/BR-pix.yaml']);
  });

  it.each([
    { name: 'rails/BR-pix.yaml', now: RAIL_BR_PIX, shared: true },
    { name: 'countries/BR.yaml', now: COUNTRY_BR.replace('Brazil', 'Brasil'), shared: false },
    { name: 'countries/FR.yaml', now: 'code: FR\nname: France\ncurrency: EUR\nstatus: open\n# edited\n', shared: false },
  ])('$name: shared when the text is the same ($shared)', async ({ name, now, shared }) => {
    const dir = await writeCatalog({ [name]: now });
    const loaded = await loadCatalog('.', dir, { known: base.parses });
    const entry = loaded.entries.find((e) => e.file.path === name);
    const before = base.entries.find((e) => e.file.absolute === path.join('/base', name));
    expect(entry, name).toBeDefined();
    expect(entry!.data === before?.data).toBe(shared);
    // The same data either way, and the problems of the file as a fresh parse finds them.
    const fresh = await loadCatalog('.', dir);
    expect(loaded.entries.map((e) => e.data)).toEqual(fresh.entries.map((e) => e.data));
    expect(loaded.problems).toEqual(fresh.problems);
  });

  it('does not share a file that is not valid UTF-8 now, even when it decodes to the same text', async () => {
    const bytes = Buffer.concat([Buffer.from('code: FR\nname: France\ncurrency: EUR\nstatus: open\n# '), Buffer.from([0xff]), Buffer.from('\n')]);
    const known = loadTexts('/base', [{ name: 'countries/FR.yaml', text: bytes.toString('utf8') }]).parses!;
    const cat = await writeCatalog({ 'countries/FR.yaml': '' });
    writeFileSync(path.join(cat, 'countries/FR.yaml'), bytes);
    const loaded = await loadCatalog('.', cat, { known });
    expect(loaded.problems.map((p) => p.rule)).toEqual(['characters']);
  });
});
