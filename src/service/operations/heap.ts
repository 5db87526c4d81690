import { setFlagsFromString } from 'node:v8';

/** How far V8 may grow the heap past what the last full garbage collection kept, in percent (boundHeapGrowth). */
const HEAP_GROWING_PERCENT = 50;

/**
 * Caps how far V8 lets the heap grow between two full garbage collections: HEAP_GROWING_PERCENT more than the last
 * one kept, where V8's own heuristics allow up to four times as much on a process that allocates fast. A server
 * answering thousands of requests a second makes garbage much faster than it keeps data: with V8's default, 200,000
 * distinct queries grew `catalog serve` by 90 to 130 MB of RSS while the data it held grew by 5 MB; capped, by about
 * 35 MB, at the same throughput (docs/performance.md, "Memory as the operator sees it"). V8 reads the flag at every
 * full collection, so setting it once the process runs takes effect. A value given on node's command line
 * (`node --heap-growing-percent=N bin/catalog.js serve`) is left as it is. Returns whether it set the cap.
 */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
