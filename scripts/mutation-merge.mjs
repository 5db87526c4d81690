#!/usr/bin/env node
/**
 * Merges the results of runs over a few files (`stryker run --mutate <files> --incrementalFile reports/mutation/mine.json`)
 * into the versioned results that `npm run test:mutation` starts from (reports/mutation/incremental.json): each
 * mutated file and each test file of a partial run replaces its copy; the others stay. Usage:
 * `node scripts/mutation-merge.mjs reports/mutation/mine.json [more.json ...]` (docs/development.md, "Mutation testing").
 *
 * The ids of tests and mutants are numbers per run, so the ids of each report are renumbered, and a test that the
 * merged report holds under the same file and name keeps one id.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const TARGET = 'reports/mutation/incremental.json';
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Adds `part` to `into`: its files and test files replace theirs; references to tests follow the new ids. */
function merge(into, part) {
  let nextTest = 0;
  let nextMutant = 0;
  const testIds = new Map(); // "file\0name" -> id in the merged report
  const renumber = (report, keep) => {
    const ids = new Map(); // old id -> new id
    for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
      for (const test of testFile.tests) {
        const key = `${file}\0${test.name}`;
        // A test of a file the other report replaces keeps its results only if the new copy still has it.
        if (keep(file) && !testIds.has(key)) testIds.set(key, String(nextTest++));
        if (testIds.has(key)) ids.set(test.id, testIds.get(key));
        if (keep(file)) test.id = testIds.get(key);
      }
    }
    return ids;
  };
  const fromPart = renumber(part, () => true);
  const fromInto = renumber(into, (file) => !(file in (part.testFiles ?? {})));
  const files = { ...into.files, ...part.files };
  const testFiles = { ...into.testFiles, ...part.testFiles };
  for (const [file, { mutants }] of Object.entries(files)) {
    const ids = file in part.files ? fromPart : fromInto;
    for (const mutant of mutants) {
      mutant.id = String(nextMutant++);
      for (const list of ['coveredBy', 'killedBy']) if (mutant[list]) mutant[list] = mutant[list].map((id) => ids.get(id)).filter((id) => id !== undefined);
    }
  }
  return { ...into, files, testFiles };
}

const parts = process.argv.slice(2);
if (parts.length === 0) {
  console.error('usage: node scripts/mutation-merge.mjs <results of a partial run>.json ...');
  process.exit(2);
}
let merged = existsSync(TARGET) ? read(TARGET) : { ...read(parts[0]), files: {}, testFiles: {} };
for (const part of parts) merged = merge(merged, read(part));
writeFileSync(TARGET, JSON.stringify(merged, null, 2));
console.log(`${TARGET}: ${Object.keys(merged.files).length} mutated files, ${Object.keys(merged.testFiles).length} test files`);
