import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin/catalog.js');

/** A module preloaded into the CLI that prints, at exit, which of the heavy packages were loaded (CommonJS packages). */
const probe = path.join(mkdtempSync(path.join(tmpdir(), 'catalog-lazy-')), 'probe.cjs');
writeFileSync(
  probe,
  `process.on('exit', () => {
  // package.json files do not count: reading a version is not loading the package.
  const names = new Set(Object.keys(require.cache).filter((f) => !f.endsWith('package.json')).map((f) => /node_modules[\\\\/](fastify|simple-git|recheck|ajv|yaml)[\\\\/]/.exec(f)?.[1]).filter(Boolean));
  require('node:fs').writeSync(2, '\\n@@loaded ' + [...names].sort().join(',') + '\\n');
});\n`,
);

async function loadedBy(args: string[]): Promise<string[]> {
  const result = await promisify(execFile)(process.execPath, ['--require', probe, BIN, ...args], { cwd: ROOT }).catch((e) => e);
  const line = /@@loaded (.*)/.exec(String(result.stderr));
  expect(line, String(result.stderr)).not.toBeNull();
  return line![1] ? line![1].split(',') : [];
}

// The CLI's start-up discipline: a command loads what it uses, nothing is loaded before the command is known.
describe('what each command loads', () => {
  it.each([
    [['--version'], ['ajv', 'fastify', 'recheck', 'simple-git', 'yaml']],
    [['rules'], ['ajv', 'fastify', 'recheck', 'simple-git', 'yaml']],
    [['validate', '--today', '2026-11-22', '--format', 'json'], ['fastify', 'simple-git']],
  ])('catalog %j does not load %j', async (args, never) => {
    const loaded = await loadedBy(args);
    for (const name of never) expect(loaded, `catalog ${args.join(' ')} loaded ${name}`).not.toContain(name);
  }, 60_000);

  it('sees what a command loads: serve loads the service framework', async () => {
    const loaded = await loadedBy(['serve', '--seed', path.join(ROOT, 'no-such-seed.json'), '--port', '0']);
    expect(loaded).toContain('fastify');
  }, 60_000);
});
