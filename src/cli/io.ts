import type { AtomicFs } from '../util/write-atomic.js';

/** Everything a command may touch of the outside world, injected so that tests run the CLI in-process. */
export interface CliIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  /** The clock; only used when --today is not given. */
  now: () => Date;
  /** The file-system calls of atomic writes (the seed); node:fs when absent. Tests pass one that fails on purpose. */
  fs?: AtomicFs;
}

/** A usage error: wrong flag, missing value, unreadable folder. Exit code 2. */
export class UsageError extends Error {}

/** Exit codes: 0 clean, 1 problems found (or build refused), 2 usage or internal error. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;
