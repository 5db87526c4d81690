/**
 * npm run fuzz:api -- --runs 100000 --seed 1: the property-based fuzz of every operation of the service
 * (test/helpers/api-fuzz.ts) for as many requests as asked. Prints the request count and the failures: the first one
 * found, shrunk to a minimal request, with what is wrong with its answer. Exits 1 when there is one.
 */
import { parseArgs } from 'node:util';
import { fuzzTarget, runApiFuzz } from '../test/helpers/api-fuzz.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' } } });
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz:api -- [--runs N] [--seed N]');
  process.exit(2);
}
const started = Date.now();
const target = await fuzzTarget();
const result = await runApiFuzz(target, runs, seed);
await target.app.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.failure) {
  console.log(`FAILURE after ${result.runs} requests (seed ${seed}, replay path ${result.failure.path}); minimal request:\n${JSON.stringify(result.failure.request, null, 2)}\n${result.failure.problems.join('\n')}`);
}
const statuses = [...result.stats.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
const missed = target.contract.operations().filter((op) => !result.stats.operations.has(op));
console.log(`answers by status: ${statuses.join(', ')}`);
console.log(`operations of the document exercised: ${result.stats.operations.size} of ${target.contract.operations().length}${missed.length ? ` (not: ${missed.join(', ')})` : ''}`);
console.log(`seed ${seed}: ${result.runs} requests, ${result.failure ? 1 : 0} failures; ${seconds} s`);
process.exitCode = result.failure ? 1 : 0;
