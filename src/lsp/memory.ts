import v8 from 'node:v8';
import vm from 'node:vm';

/** V8's collector, exposed once (as jest's leak detector does); null where the engine refuses. */
let collect: (() => void) | null | undefined;

/**
 * A full garbage collection, now: after the catalog is first read (ten thousand texts read, parsed and dropped) and after
 * a buffer over the size cap is closed, V8 would keep the pages it grew into until its own idle-time heuristics run,
 * and the editor's long-lived server would hold two or three times the memory it uses. Costs a few tens of
 * milliseconds, at moments when the analyst waits for nothing.
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
}
