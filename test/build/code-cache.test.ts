import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { CODE_CACHE_LOADER, ENTRY } from '../../scripts/compile.mjs';
import { codeCacheFileOf, codeCacheHeader } from '../../src/cli/code-cache.js';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * A copy of the compiled CLI in a folder of its own (bin/, compiled/, schemas/, package.json, node_modules linked), whose
 * code cache is `cache`: 'as made' (the training's bytecode, with a header for the copy's bundle), 'none', 'stale' (the
 * training's bytes as they are, whose header names the original bundle's modification time), or 'damaged' (a matching
 * header on bytes that are not a cache).
 */
function copyOfCli(cache: 'as made' | 'none' | 'stale' | 'damaged'): string {
  const root = mkdtempSync(path.join(tmpdir(), 'catalog-code-cache-'));
  dirs.push(root);
  for (const part of ['bin', 'compiled', 'schemas', 'package.json']) cpSync(path.join(ROOT, part), path.join(root, part), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const bundle = path.join(root, path.relative(ROOT, ENTRY));
  // A bundle written a second later than the original: its cache's header no longer matches.
  const later = new Date(statSync(ENTRY).mtimeMs + 1000);
  utimesSync(bundle, later, later);
  const made = readFileSync(codeCacheFileOf(ENTRY));
  const payload = made.subarray(made.indexOf(10) + 1);
  const header = Buffer.from(codeCacheHeader(statSync(bundle)), 'latin1');
  const file = codeCacheFileOf(bundle);
  if (cache === 'none') rmSync(file);
  if (cache === 'as made') writeFileSync(file, Buffer.concat([header, payload]));
  if (cache === 'damaged') writeFileSync(file, Buffer.concat([header, Buffer.alloc(payload.length, 0x5a)]));
  return root;
}

/** What loadBundle says of the cache of the bundle under `root`, in a plain node (the flags the cache was made under). */
async function cacheVerdict(root: string): Promise<string> {
  const loader = path.join(root, path.relative(ROOT, CODE_CACHE_LOADER));
  const bundle = path.join(root, path.relative(ROOT, ENTRY));
  const { stdout } = await run(process.execPath, [
    '-e',
    `const l = require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(bundle)}); process.stdout.write(l.cache + ' ' + typeof l.exports.main)`,
  ]);
  return stdout;
}

/** A run of the copy's CLI, validating the bundled catalog (read from this checkout, without a base revision). */
async function validateWith(root: string): Promise<{ code: number; stdout: string }> {
  const args = [
    path.join(root, 'bin', 'catalog.js'),
    'validate',
    '--dir',
    path.join(ROOT, 'catalog'),
    '--no-base',
    '--today',
    '2031-01-01',
    '--format',
    'json',
  ];
  return run(process.execPath, args, { cwd: ROOT }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  );
}

// bin/catalog.js loads the CLI's bundle with the code cache scripts/compile.mjs trained (src/cli/code-cache.ts): used
// when it was made for this very bundle and node, ignored otherwise, and never a cause of a different answer.
describe('the code cache of the CLI bundle', () => {
  it('is made by npm run compile for the bundle it sits beside, and V8 accepts it', async () => {
    expect(await cacheVerdict(ROOT)).toBe('accepted function');
  });

  it.each([
    ['as made', 'accepted function'],
    ['none', 'none function'],
    ['stale', 'stale function'],
    ['damaged', 'rejected function'],
  ] as const)(
    'a copy of the CLI with its cache %s: %s',
    async (cache, verdict) => {
      expect(await cacheVerdict(copyOfCli(cache))).toBe(verdict);
    },
    30_000,
  );

  it('changes nothing in what the CLI answers: the same report with the cache, without it, stale or damaged', async () => {
    const runs = await Promise.all((['as made', 'none', 'stale', 'damaged'] as const).map((c) => validateWith(copyOfCli(c))));
    // Years later, every rail is due for review: a report with problems, not an empty one.
    expect(JSON.parse(runs[0].stdout).problems.length).toBeGreaterThan(0);
    for (const r of runs.slice(1)) expect(r).toEqual(runs[0]);
  }, 60_000);
});
