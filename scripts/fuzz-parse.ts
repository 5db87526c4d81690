/**
 * npm run fuzz:parse -- --cases 100000 --seed 1: the differential check of the fast YAML path against the full one
 * (test/helpers/differential.ts) on as many mutated catalog files as asked. Prints each mismatch as a minimal file
 * (shrunk by removing lines, then characters), and exits 1 when there is one.
 */
import { parseArgs } from 'node:util';
import { runDifferential } from '../test/helpers/differential.js';

const { values } = parseArgs({
  options: { cases: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, max: { type: 'string', default: '5' } },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
if (!Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz:parse -- [--cases N] [--seed N] [--max mismatches to show]');
  process.exit(2);
}
const started = Date.now();
const result = runDifferential(
  cases,
  seed,
  (done) => {
    if (done % 10000 === 0) console.error(`${done} cases, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  },
  Number(values.max),
);
for (const m of result.mismatches) {
  console.log(
    `\nMISMATCH in case ${m.case} (a mutant of ${m.name}); minimal file, as a JSON string:\n${JSON.stringify(m.minimal)}\n--- minimal file:\n${m.minimal}\n---\n${m.detail}`,
  );
}
const ran = `${result.cases} cases${result.mismatches.length ? ' (stopped early)' : ''}`;
console.log(
  `\nseed ${seed}: ${ran}, fast path took ${result.fast} (${((100 * result.fast) / result.cases).toFixed(1)}%), the full path the rest; ${result.mismatches.length} mismatches; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = result.mismatches.length ? 1 : 0;
