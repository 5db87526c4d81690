/**
 * bin/catalog.js ends the process as soon as a command has resolved and its output is out (Command.run in
 * src/cli/main.ts), rather than waiting for node's own end. These runs check that nothing of the output is lost on the
 * way: a report far larger than a pipe's buffer, read by a reader that stops for a while, arrives whole, with the exit
 * code. That a server keeps serving until it is stopped is test/service/process.test.ts's and test/cli/workbench.test.ts's.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { RAIL_BR_PIX, setLine, TODAY, writeCatalog } from '../helpers/catalog.js';

/** Runs the CLI with its output in pipes; the reader of stdout pauses for `pauseMs` once the first chunk has come. */
function runSlowReader(args: string[], cwd: string, pauseMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let paused = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk);
      if (paused) return;
      paused = true;
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), pauseMs);
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

describe('the process ends once the output is out', () => {
  it('writes a report many times a pipe buffer to a reader that pauses, whole, with its exit code', async () => {
    // 600 rails, each with a misspelt key: well over a megabyte of JSON and of stylish text.
    const files: Record<string, string> = {};
    for (let i = 0; i < 600; i++) {
      const id = `BR-pix${i}`;
      files[`rails/${id}.yaml`] = setLine(setLine(RAIL_BR_PIX, 'id', `id: ${id}`), 'name', `name: Pix ${i}\nsetlment: instant`);
    }
    const dir = await writeCatalog(files);
    for (const format of ['json', 'stylish']) {
      const { code, stdout, stderr } = await runSlowReader(['validate', '--dir', '.', '--today', TODAY, '--no-base', '--format', format], dir, 300);
      expect(code, stderr).toBe(1);
      expect(stdout.length).toBeGreaterThan(256 * 1024);
      if (format === 'json') {
        const report = JSON.parse(stdout) as { summary: { files: number; errors: number }; problems: Array<{ file: string; rule: string }> };
        expect(report.summary.files).toBe(600);
        // Every rail's misspelt key, the last file's included.
        expect(new Set(report.problems.filter((p) => p.rule === 'schema').map((p) => p.file)).size).toBe(600);
      } else {
        // stylish ends with its summary line, after every file's block.
        expect(stdout.trimEnd()).toMatch(/\d+ problems \(\d+ errors, 0 warnings\) in 600 files checked$/);
        for (const i of [0, 299, 599]) expect(stdout).toContain(`BR-pix${i}.yaml`);
      }
    }
  }, 60_000);
});
