/**
 * The README's everyday command runs the project's bin without npm (npm's own start alone is over the 300 ms an
 * analyst's save may wait: docs/cli.md, "The everyday form"), `npm run bench` times that very command, and
 * `npx catalog` still finds the same bin.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const bench = readFileSync(path.join(root, 'scripts/bench.ts'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };

/** The command of the README's table row for `validate --cache`. */
const everyday = /^\| `([^`]*validate --cache)` \|/m.exec(readme)?.[1];

describe("the README's everyday command", () => {
  it('is in the table, and runs the bin with node, not through npm or npx', () => {
    expect(everyday).toBe('node bin/catalog.js validate --cache');
    for (const row of readme.split('\n').filter((l) => /^\| `(npx|node bin\/catalog\.js) /.test(l) && !l.includes(' serve ')))
      expect(row, 'every catalog command of the table in the same form').toMatch(/^\| `node bin\/catalog\.js /);
  });

  it('is the command npm run bench times as written', () => {
    expect(bench).toContain(`const README_COMMAND = '${everyday}';`);
  });

  it('answers on the bundled catalog when typed in a shell at the root, as npx catalog would', () => {
    expect(pkg.bin.catalog).toBe('bin/catalog.js');
    const run = spawnSync(
      `${everyday} --format json --no-base --today ${BUNDLED_TODAY} --cache-location "${path.join(root, 'node_modules/.cache/payout-catalog/everyday-test')}"`,
      {
        cwd: root,
        shell: true,
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).summary.errors).toBe(0);
  });
});
