import v8 from 'node:v8';
import vm from 'node:vm';

/** V8's collector, exposed once (as jest's leak detector does); null where the engine refuses. */
let collect: (() => void) | null | undefined;
/** The heap in use after the last full collection: what the server holds. */
let heldAfterCollection = 0;

/** How much garbage the heap may gather over what the server holds before it is collected: a few dozen keystrokes. */
const SLACK_BYTES = 24 * 1024 * 1024;

/**
 * A full garbage collection, now: after the catalog is first read (ten thousand texts read, parsed and dropped) and after
 * a buffer over the size cap is closed, V8 would keep the pages it grew into until its own heuristics run, and the
 * editor's long-lived server would hold two or three times the memory it uses. Costs a few tens of milliseconds, at
 * moments when the analyst waits for nothing.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
  heldAfterCollection = v8.getHeapStatistics().used_heap_size;
}

/**
 * Collects when the garbage of the checks made since the last collection outgrows the slack. Each check leaves the
 * catalog's lists of the run before (a few megabytes that lived long enough to reach V8's old generation): left to V8,
 * the heap of a server typing into a catalog of 10,000 rails grows to three times what it holds before V8 collects it.
 */
export function collectWhenGrown(): void {
  if (v8.getHeapStatistics().used_heap_size > heldAfterCollection + SLACK_BYTES) collectGarbage();
}
