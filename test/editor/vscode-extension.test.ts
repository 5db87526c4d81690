/**
 * The VS Code extension (packages/vscode): which catalog CLI it runs for a workspace folder, and the .vsix that CI
 * packages (one bundled file, no node_modules, only the editor's own `vscode` module left to load).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findCatalogServer, missingServerMessage } from '../../packages/vscode/src/find-server.ts';

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
    expect(missingServerMessage(folder, 'tools/nothing.js')).toContain(`names ${path.join(folder, 'tools/nothing.js')}, which does not exist`);
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

describe('the .vsix', () => {
  it('packages offline into one bundle that loads nothing but vscode and Node built-ins', () => {
    const vsix = path.join(temp, 'payout-catalog.vsix');
    execFileSync(process.execPath, [path.join(ROOT, 'packages/vscode/build.mjs')], { stdio: 'pipe' });
    const vsce = path.join(ROOT, 'node_modules/@vscode/vsce/vsce');
    const args = ['package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', vsix];
    execFileSync(process.execPath, [vsce, ...args], { cwd: path.join(ROOT, 'packages/vscode'), stdio: 'pipe', timeout: 60_000 });
    const files = unzip(readFileSync(vsix));
    expect([...files.keys()].filter((f) => f.startsWith('extension/')).sort()).toEqual([
      'extension/dist/extension.js',
      'extension/package.json',
      'extension/readme.md',
    ]);
    const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.engines.vscode).toBe('^1.82.0');
    const bundle = files.get('extension/dist/extension.js')!.toString('utf8');
    const required = [...new Set([...bundle.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]))];
    const builtins = new Set(['vscode', 'child_process', 'crypto', 'events', 'fs', 'net', 'os', 'path', 'url', 'util', 'stream']);
    expect(required.filter((m) => !builtins.has(m.replace(/^node:/, '')))).toEqual([]);
    expect(required).toContain('vscode');
    expect(bundle).toContain('lsp'); // the command it starts
  }, 120_000);
});
