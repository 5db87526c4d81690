/** Runs the real CLI as a user would: `node bin/catalog.js ...` in a working directory, with its exit code and output. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const BIN = path.resolve(__dirname, '../../bin/catalog.js');
const run = promisify(execFile);

/** The exit code, stdout and stderr of one CLI run; `env` is added to the process's environment (NO_COLOR empty by default). */
export async function runCatalog(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
