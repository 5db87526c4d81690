/**
 * `npm ci` on Node 20 prints no engine warning: every package the lockfile installs accepts the
 * oldest Node version this project supports (package.json `engines.node`) and the Node 20 that runs the tests.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean }>;
};

describe('engines', () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;
  const versions = [...new Set([oldest, process.versions.node])];

  it.each(versions)('every locked package accepts Node %s', (version) => {
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(version, (p.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, p]) => `${name}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
