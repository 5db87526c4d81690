/** Runs every row of every `*.cases.ts` file of this folder: a hostile catalog change and where it must be reported. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateCatalog } from '../../src/pipeline/validate.js';
import { TODAY, VALID, writeCatalog } from '../helpers/catalog.js';
import type { HostileCase } from './hostile.js';

const here = path.dirname(new URL(import.meta.url).pathname);
/** The names of the `*.cases.ts` files, without the extension. */
const caseNames = readdirSync(here)
  .filter((f) => f.endsWith('.cases.ts'))
  .map((f) => f.slice(0, -'.cases.ts'.length))
  .sort();

async function run(c: HostileCase) {
  const dir = await writeCatalog(VALID);
  for (const [name, content] of Object.entries(c.files)) {
    const file = path.join(dir, name);
    if (content === null) {
      await rm(file, { force: true });
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  await c.setup?.(dir);
  return (await validateCatalog({ dir: '.', cwd: dir, today: TODAY })).report.problems;
}

for (const name of caseNames) {
  const file = `${name}.cases.ts`;
  // The extension in the static part of the path: vite turns the import into a glob of ./*.cases.ts, known at build time.
  const { cases } = (await import(`./${name}.cases.ts`)) as { cases: HostileCase[] };
  describe(file, () => {
    it.each(cases.map((c): [string, HostileCase] => [c.name, c]))('%s', async (_name, c) => {
      const problems = await run(c);
      const shown = JSON.stringify(
        problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.rule} ${p.message}`),
        null,
        1,
      );
      for (const want of c.expect) {
        const hit = problems.find(
          (p) =>
            p.rule === want.rule &&
            p.file === want.file &&
            p.line === want.line &&
            (want.column === undefined || p.column === want.column) &&
            (want.severity === undefined || p.severity === want.severity) &&
            (want.message === undefined || want.message.test(p.message)),
        );
        expect(hit, `expected ${want.rule} at ${want.file}:${want.line}:${want.column ?? '*'}; got ${shown}`).toBeDefined();
      }
      if (c.only !== false) {
        const extra = problems.filter((p) => p.severity === 'error' && !c.expect.some((w) => w.rule === p.rule && w.file === p.file && w.line === p.line));
        expect(extra, `follow-on errors: ${shown}`).toEqual([]);
      }
    });
  });
}
