/**
 * `npm ci` prints no install-scripts warning: every locked package with an install script is decided by `allowScripts`
 * (package.json), by name as npm writes it, and docs/development.md says why for each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
};
const guide = readFileSync(path.join(root, 'docs/development.md'), 'utf8');

/** The locked packages whose install scripts npm would run: name and version. */
const withScripts = Object.entries(lock.packages)
  .filter(([where, p]) => where !== '' && p.hasInstallScript)
  .map(([where, p]) => ({ name: where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), version: p.version }));

describe('install scripts', () => {
  it('the lockfile has packages with install scripts (the test below reads it right)', () => {
    expect(withScripts.map((p) => p.name)).toContain('esbuild');
  });

  it.each(withScripts)('$name@$version is decided by allowScripts, and docs/development.md says why', ({ name, version }) => {
    const scripts = pkg.allowScripts ?? {};
    expect(typeof scripts[name], `${name}@${version}: add "${name}": true or false to allowScripts`).toBe('boolean');
    expect(guide).toMatch(new RegExp(`^\\| \`${name.replace(/[/@.-]/g, '\\$&')}\` \\|`, 'm'));
  });

  it('decides no package the lockfile does not hold', () => {
    const names = new Set(withScripts.map((p) => p.name));
    expect(Object.keys(pkg.allowScripts ?? {}).filter((k) => !names.has(k))).toEqual([]);
  });
});
