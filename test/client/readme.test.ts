import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as sdk from '../../packages/client/src/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT = path.join(ROOT, 'packages/client');
const run = promisify(execFile);

describe('the SDK package README', () => {
  it('is in the tarball npm pack makes', async () => {
    // --ignore-scripts: the list of files, without building dist first.
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: CLIENT });
    const files = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path);
    expect(files).toContain('README.md');
  });

  it.each(['## Install', '## List rails', '## Check a beneficiary', '## Errors', '## Retries'])('has a section %s', async (heading) => {
    expect(await readFile(path.join(CLIENT, 'README.md'), 'utf8')).toContain(`\n${heading}`);
  });

  it('names every error class the package exports', async () => {
    const readme = await readFile(path.join(CLIENT, 'README.md'), 'utf8');
    const errors = Object.keys(sdk).filter((name) => /Error$/.test(name));
    expect(errors.length).toBeGreaterThan(5);
    for (const name of errors) expect(readme, name).toContain(`\`${name}\``);
  });

  it('the tarball npm pack writes is ignored by git', async () => {
    const { stdout } = await run('git', ['check-ignore', '--no-index', 'packages/client/payout-catalog-client-0.1.0.tgz'], { cwd: ROOT });
    expect(stdout.trim()).toBe('packages/client/payout-catalog-client-0.1.0.tgz');
  });
});
