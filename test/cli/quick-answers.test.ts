import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadCommand } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { BIN, runCatalog } from '../helpers/cli.js';

const ROOT = path.resolve(__dirname, '../..');

/** What the full command prints and returns, run in process (src/cli/commands/*.ts, not main.ts's quick answers). */
async function fullCommand(name: string, argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const io: CliIO = { cwd: ROOT, env: {}, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true }, now: () => new Date() };
  const code = await (await loadCommand(name))!.run(argv, io);
  return { code, stdout };
}

/** The files of compiled/ a run of bin/catalog.js loads (each is a CommonJS module), seen in require.cache at exit. */
async function compiledModulesLoadedBy(args: string[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-quick-'));
  const probe = path.join(dir, 'probe.cjs');
  writeFileSync(probe, `process.on('exit', () => require('node:fs').writeSync(2, '\\n@@cjs ' + JSON.stringify(Object.keys(require.cache)) + '\\n'));\n`);
  const { stderr } = await promisify(execFile)(process.execPath, ['--require', probe, BIN, ...args], { cwd: ROOT });
  const line = /@@cjs (.*)/.exec(stderr);
  expect(line, stderr).not.toBeNull();
  return (JSON.parse(line![1]) as string[])
    .map((f) => /[\\/]compiled[\\/](.*)$/.exec(f)?.[1]?.split(path.sep).join('/'))
    .filter((f): f is string => Boolean(f));
}

// `catalog --version` and `catalog rules` are answered before any command loads (by bin/catalog.js from
// compiled/cli/quick.cjs, by src/cli/main.ts in process): the same bytes and exit code as the commands themselves.
describe('quick answers of bin/catalog.js', () => {
  it.each([
    { args: ['--version'], expected: async () => ({ code: 0, stdout: `${JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}\n` }) },
    { args: ['-v'], expected: async () => ({ code: 0, stdout: `${JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}\n` }) },
    { args: ['rules'], expected: () => fullCommand('rules', []) },
    // Not quick: the command itself answers, as before.
    { args: ['rules', '--help'], expected: async () => ({ code: 0, stdout: `${(await loadCommand('rules'))!.usage}\n` }) },
    { args: ['rules', '--'], expected: () => fullCommand('rules', ['--']) },
  ])('catalog $args prints what the full command prints', async ({ args, expected }) => {
    const result = await runCatalog(args, ROOT);
    const want = await expected();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(want.code);
    expect(result.stdout).toBe(want.stdout);
    expect(result.stdout.length).toBeGreaterThan(0);
  });

  it('answers an unknown flag of rules as the command does (usage error, exit 2)', async () => {
    const result = await runCatalog(['rules', '--json'], ROOT);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^catalog rules: .*--json[\s\S]*\n\nUsage: catalog rules\n/);
  });

  it.each([[['--version']], [['-v']], [['rules']]])(
    'catalog %j is answered by bin/catalog.js from compiled/cli/quick.cjs alone: the CLI bundle is not loaded',
    async (args) => {
      expect(await compiledModulesLoadedBy(args)).toEqual(['cli/quick.cjs']);
    },
    60_000,
  );

  it('loads the CLI bundle (through its code cache loader) for a command', async () => {
    expect(await compiledModulesLoadedBy(['rules', '--help'])).toEqual(['cli/quick.cjs', 'cli/code-cache.cjs', 'cli/main.cjs']);
  }, 60_000);
});
