/**
 * The VS Code extension (packages/vscode): which server it runs for a workspace folder (the workspace's own toolkit when
 * trusted, else its own copy, restricted), and the .vsix that CI packages: the extension in one bundled file, and the
 * server it carries, which starts and publishes diagnostics on a clone that has no node_modules, from the .vsix alone,
 * without git when the workspace is not trusted.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledScript, chooseServer, findCatalogServer, missingServerMessage } from '../../packages/vscode/src/find-server.ts';
import { BUNDLED_TODAY } from '../helpers/bundled.js';
import { LspClient } from '../lsp/client.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const temp = mkdtempSync(path.join(tmpdir(), 'catalog-vscode-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A workspace folder made of the given files (path → text; a text starting with '->' is a symlink to that path). */
function workspace(name: string, files: Record<string, string>): string {
  const folder = path.join(temp, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    if (text.startsWith('->')) symlinkSync(text.slice(2), path.join(folder, file));
    else writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

const SCRIPT = '#!/usr/bin/env node\n';
const CATALOG_PACKAGE = JSON.stringify({ name: 'payout-catalog', bin: { catalog: 'bin/catalog.js' } });

type Case = { name: string; files: Record<string, string>; found: [string, string] | undefined };

describe('the catalog CLI a workspace folder runs', () => {
  it.each<Case>([
    {
      name: 'the catalog project itself: its own bin',
      files: { 'package.json': CATALOG_PACKAGE, 'bin/catalog.js': SCRIPT },
      found: ['bin/catalog.js', 'workspace package'],
    },
    {
      name: 'a catalog repository that installs the CLI: node_modules/.bin/catalog, followed to its script',
      files: {
        'package.json': JSON.stringify({ name: 'our-catalog', devDependencies: { 'payout-catalog': '*' } }),
        'node_modules/payout-catalog/package.json': CATALOG_PACKAGE,
        'node_modules/payout-catalog/bin/catalog.js': SCRIPT,
        'node_modules/.bin/catalog': '->../payout-catalog/bin/catalog.js',
      },
      found: ['node_modules/payout-catalog/bin/catalog.js', 'node_modules'],
    },
    {
      name: 'a Windows-style install (a shim, not a symlink): the installed package.json',
      files: {
        'node_modules/payout-catalog/package.json': CATALOG_PACKAGE,
        'node_modules/payout-catalog/bin/catalog.js': SCRIPT,
        'node_modules/.bin/catalog': '#!/bin/sh\n',
      },
      found: ['node_modules/payout-catalog/bin/catalog.js', 'node_modules'],
    },
    {
      name: 'a package.json whose bin names another command: node_modules',
      files: {
        'package.json': JSON.stringify({ name: 'x', bin: { other: 'x.js' } }),
        'x.js': SCRIPT,
        'node_modules/payout-catalog/package.json': CATALOG_PACKAGE,
        'node_modules/payout-catalog/bin/catalog.js': SCRIPT,
      },
      found: ['node_modules/payout-catalog/bin/catalog.js', 'node_modules'],
    },
    { name: 'a package.json being edited (not JSON), nothing installed', files: { 'package.json': '{ "bin": ', 'catalog/rails/a.yaml': '' }, found: undefined },
    { name: 'a bin that names a missing file', files: { 'package.json': CATALOG_PACKAGE }, found: undefined },
  ])('$name', ({ name, files, found }) => {
    const folder = workspace(name.replace(/\W+/g, '-'), files);
    const server = findCatalogServer(folder);
    expect(server && [path.relative(folder, server.script), server.from]).toEqual(found);
  });

  it('the setting wins over the folder, and a setting naming no file finds nothing and says which path to fix', () => {
    const folder = workspace('setting', { 'package.json': CATALOG_PACKAGE, 'bin/catalog.js': SCRIPT, 'tools/catalog.js': SCRIPT });
    expect(findCatalogServer(folder, 'tools/catalog.js')).toEqual({ script: path.join(folder, 'tools/catalog.js'), from: 'setting' });
    expect(findCatalogServer(folder, 'tools/nothing.js')).toBeUndefined();
    expect(missingServerMessage(folder, 'tools/nothing.js')).toContain(
      `names ${path.join(folder, 'tools/nothing.js')}, which does not exist, so the extension's own copy runs`,
    );
    expect(missingServerMessage(folder)).toContain(`no catalog CLI in ${folder}`);
  });

  it('this repository runs its own bin/catalog.js', () => {
    expect(findCatalogServer(ROOT)).toEqual({ script: path.join(ROOT, 'bin/catalog.js'), from: 'workspace package' });
  });
});

/** The files of a zip archive (a .vsix is one): name → content, read from its central directory. */
function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((o) => archive.readUInt16LE(at + o));
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe('the server a folder runs, by the workspace trust', () => {
  const ext = '/ext';
  const project = () => workspace('trust-project', { 'package.json': CATALOG_PACKAGE, 'bin/catalog.js': SCRIPT });
  const bare = () => workspace('trust-bare', { 'catalog/rails/a.yaml': '' });
  it.each([
    {
      name: 'trusted, with its own toolkit: its own, comparing with the base',
      folder: project,
      trusted: true,
      args: ['bin/catalog.js', 'lsp'],
      from: 'workspace package',
    },
    {
      name: "trusted, without a toolkit: the extension's own copy, comparing with the base",
      folder: bare,
      trusted: true,
      args: ['BUNDLED', 'lsp'],
      from: 'bundled',
    },
    {
      name: "not trusted, even with a toolkit: the extension's own copy, no git, no memo",
      folder: project,
      trusted: false,
      args: ['BUNDLED', 'lsp', '--no-base', '--no-cache'],
      from: 'bundled',
    },
  ])('$name', ({ folder, trusted, args, from }) => {
    const at = folder();
    const choice = chooseServer({ folder: at, trusted, serverPath: '', runtime: '', extensionPath: ext });
    expect(choice.command).toBe('node');
    expect(choice.args.map((a) => (a === bundledScript(ext) ? 'BUNDLED' : path.isAbsolute(a) ? path.relative(at, a) : a))).toEqual(args);
    expect(choice.from).toBe(from);
  });

  it('not trusted, a server path set in the workspace is not run', () => {
    const at = workspace('trust-setting', { 'tools/catalog.js': SCRIPT });
    const choice = chooseServer({ folder: at, trusted: false, serverPath: 'tools/catalog.js', runtime: 'node', extensionPath: ext });
    expect(choice.args[0]).toBe(bundledScript(ext));
  });
});

/** A pattern recheck finds vulnerable (nested quantifiers). */
const REDOS_PATTERN = '^(a+)+$';

describe('the .vsix', () => {
  let files: Map<string, Buffer>;
  const extracted = path.join(temp, 'extracted');
  beforeAll(() => {
    const vsix = path.join(temp, 'payout-catalog.vsix');
    execFileSync(process.execPath, [path.join(ROOT, 'packages/vscode/build.mjs')], { stdio: 'pipe' });
    const vsce = path.join(ROOT, 'node_modules/@vscode/vsce/vsce');
    const args = ['package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', vsix];
    execFileSync(process.execPath, [vsce, ...args], { cwd: path.join(ROOT, 'packages/vscode'), stdio: 'pipe', timeout: 120_000 });
    files = unzip(readFileSync(vsix));
    for (const [name, data] of files) {
      mkdirSync(path.dirname(path.join(extracted, name)), { recursive: true });
      writeFileSync(path.join(extracted, name), data);
    }
    // The pattern the server is given below has no kept verdict: recheck runs, from the .vsix, without its binaries.
    const kept = path.join(extracted, 'extension/server/node_modules/.cache/payout-catalog/redos.json');
    if (existsSync(kept)) {
      const cache = JSON.parse(readFileSync(kept, 'utf8'));
      delete cache.verdicts[REDOS_PATTERN];
      writeFileSync(kept, JSON.stringify(cache));
    }
  }, 180_000);

  it('holds the extension in one bundle that loads nothing but vscode and Node built-ins', () => {
    const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.engines.vscode).toBe('^1.82.0');
    const bundle = files.get('extension/dist/extension.js')!.toString('utf8');
    const required = [...new Set([...bundle.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]))];
    const builtins = new Set(['vscode', 'child_process', 'crypto', 'events', 'fs', 'net', 'os', 'path', 'url', 'util', 'stream']);
    expect(required.filter((m) => !builtins.has(m.replace(/^node:/, '')))).toEqual([]);
    expect(required).toContain('vscode');
  });

  it('declares its commands, the trace setting and what it does in a folder that is not trusted', () => {
    const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
    expect(manifest.contributes.commands.map((c: { command: string }) => c.command).sort()).toEqual([
      'payoutCatalog.fixAll',
      'payoutCatalog.restartServer',
      'payoutCatalog.showOutput',
    ]);
    expect(manifest.contributes.configuration.properties['payoutCatalog.trace.server'].enum).toEqual(['off', 'messages', 'verbose']);
    expect(manifest.capabilities.untrustedWorkspaces).toMatchObject({
      supported: 'limited',
      restrictedConfigurations: ['payoutCatalog.runtime', 'payoutCatalog.serverPath'],
    });
    const bundle = files.get('extension/dist/extension.js')!.toString('utf8');
    for (const command of manifest.contributes.commands) expect(bundle).toContain(command.command);
  });

  it("carries the server and what it loads, without recheck's native binaries", () => {
    const names = [...files.keys()];
    for (const file of [
      'server/bin/catalog.js',
      'server/compiled/cli/main.cjs',
      'server/schemas/rail.schema.json',
      'server/node_modules/vscode-languageserver/package.json',
    ])
      expect(names).toContain(`extension/${file}`);
    expect(names.filter((n) => /recheck-(linux|macos|windows|jar)/.test(n))).toEqual([]);
    expect(names.some((n) => n.startsWith('extension/server/node_modules/recheck/lib/main.js'))).toBe(true);
  });

  /**
   * A clone of this repository with no node_modules and no compiled/ (npm ci never ran), a `git` on PATH that only
   * records that it ran, and a rail with a pattern no verdict is kept for (recheck and RE2 run, from the .vsix).
   */
  function bareClone(name: string): { root: string; env: NodeJS.ProcessEnv; gitRan: () => boolean } {
    const root = path.join(temp, name);
    execFileSync('git', ['clone', '-q', '--shared', ROOT, root]);
    expect(existsSync(path.join(root, 'node_modules'))).toBe(false);
    expect(existsSync(path.join(root, 'compiled'))).toBe(false);
    const bin = path.join(temp, `${name}-bin`);
    mkdirSync(bin);
    const marker = path.join(temp, `${name}-git-ran`);
    writeFileSync(path.join(bin, 'git'), `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
    chmodSync(path.join(bin, 'git'), 0o755);
    return { root, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, gitRan: () => existsSync(marker) };
  }

  it.each([
    ['not trusted: --no-base --no-cache, and git never runs', ['--no-base', '--no-cache'], false],
    ['trusted, no toolkit in the workspace: the base is asked of git', [], true],
  ])(
    'its server starts on a clone with no node_modules and publishes diagnostics (%s)',
    async (_, flags, gitRuns) => {
      const clone = bareClone(`clone-${gitRuns ? 'trusted' : 'restricted'}`);
      const server = path.join(extracted, 'extension/server/bin/catalog.js');
      const client = new LspClient(clone.root, [], {
        command: [process.execPath, server, 'lsp', '--stdio', '--today', BUNDLED_TODAY, ...flags],
        env: clone.env,
      });
      try {
        await client.initialize();
        const name = 'catalog/rails/FR-sepa.yaml';
        const text = readFileSync(path.join(clone.root, name), 'utf8');
        const broken = text.replace(/^currency: EUR$/m, 'currency: SGX').replace(/^ {4}maxLength: 70$/m, `    maxLength: 70\n    pattern: ${REDOS_PATTERN}`);
        await client.open(name, broken);
        await client.until(
          () => ['iso-currency', 'pattern-redos'].every((code) => (client.of(name) ?? []).some((d) => d.code === code)),
          120_000,
          'diagnostics',
        );
        expect(client.of(name)!.find((d) => d.code === 'iso-currency')?.message).toMatch(/^SGX is not an active ISO 4217 currency code/);
        expect(clone.gitRan()).toBe(gitRuns);
      } finally {
        await client.close();
      }
    },
    180_000,
  );
});
