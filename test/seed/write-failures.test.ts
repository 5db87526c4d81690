/**
 * A build that cannot write its seed fails cleanly (one line naming the path and the cause, exit 2,
 * no stack trace, the old seed untouched), and a build killed mid-write leaves no temporary file behind the next one.
 */
import { spawn } from 'node:child_process';
import * as fsp from 'node:fs/promises';
import { mkdir, readdir, readFile, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFs, removeStaleTemps, writeAtomic, type AtomicFs } from '../../src/util/write-atomic.js';
import { TODAY, VALID, writeCatalog } from '../helpers/catalog.js';
import { cleanup, cli, tempDir } from '../git/repo.js';

afterAll(cleanup);

const OLD = '{"old": "seed"}\n';
type Step = 'mkdir' | 'open' | 'write' | 'sync' | 'rename';

function errno(code: string, at: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated failure, ${at}`), { code, path: at });
}

/** node:fs, except that one step fails with `code` (a write fails after half of the bytes, as a full disk does). */
function failing(step: Step, code: string): AtomicFs {
  return {
    ...nodeFs,
    mkdir: (async (p: string, o: unknown) => {
      if (step === 'mkdir') throw errno(code, p);
      return nodeFs.mkdir(p, o as never);
    }) as AtomicFs['mkdir'],
    rename: async (from, to) => {
      if (step === 'rename') throw errno(code, String(from));
      return nodeFs.rename(from, to);
    },
    open: (async (p: string, flags: string) => {
      if (step === 'open') throw errno(code, p);
      const handle = await fsp.open(p, flags);
      return {
        writeFile: async (data: string) => {
          if (step !== 'write') return handle.writeFile(data);
          await handle.writeFile(data.slice(0, data.length >> 1));
          throw errno(code, p);
        },
        sync: async () => {
          if (step === 'sync') throw errno(code, p);
          return handle.sync();
        },
        close: () => handle.close(),
      };
    }) as unknown as AtomicFs['open'],
  };
}

function build(cwd: string, out: string, fs?: AtomicFs) {
  return cli(['build', '--dir', 'catalog', '--out', out, '--today', TODAY], cwd, fs);
}

async function project(): Promise<string> {
  const root = await tempDir('catalog-write-');
  const catalog = await writeCatalog(VALID);
  await fsp.cp(catalog, path.join(root, 'catalog'), { recursive: true });
  await mkdir(path.join(root, 'dist'));
  await writeFile(path.join(root, 'dist/seed.json'), OLD);
  return root;
}

const temps = async (dir: string) => (await readdir(dir)).filter((n) => n.endsWith('.tmp'));

describe('catalog build when the seed cannot be written', () => {
  it.each([
    { name: 'a full disk while writing', step: 'write' as Step, code: 'ENOSPC', cause: /no space left on the device/ },
    { name: 'a disk quota', step: 'write' as Step, code: 'EDQUOT', cause: /quota/ },
    { name: 'a read-only file system', step: 'open' as Step, code: 'EROFS', cause: /read-only: give --out a path on a writable disk/ },
    { name: 'a folder this user cannot write in', step: 'open' as Step, code: 'EACCES', cause: /permission denied: this user cannot write in .*dist/ },
    { name: 'a replace that is not permitted', step: 'rename' as Step, code: 'EPERM', cause: /not permitted in .*dist/ },
    { name: 'a disk error on flush', step: 'sync' as Step, code: 'EIO', cause: /input\/output error/ },
    { name: 'a folder that cannot be made', step: 'mkdir' as Step, code: 'EACCES', cause: /permission denied/ },
  ])('$name: one line with the path and the cause, exit 2, the old seed untouched, no temporary file', async ({ step, code, cause }) => {
    const root = await project();
    const result = await build(root, 'dist/seed.json', failing(step, code));
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^catalog build: cannot write dist/seed\\.json: .*\\(${code}\\); the previous seed is untouched$`));
    expect(lines[0]).toMatch(cause);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(path.join(root, 'dist/seed.json'), 'utf8')).toBe(OLD);
    expect(await temps(path.join(root, 'dist'))).toEqual([]);
  });

  it('an output path that is a folder (real): EISDIR, says to name a file inside it', async () => {
    const root = await project();
    await mkdir(path.join(root, 'dist/out'));
    const result = await build(root, 'dist/out');
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd()).toMatch(
      /^catalog build: cannot write dist\/out: it is a folder, not a file: give --out the path of a file, such as .*dist\/out\/seed\.json \(EISDIR\); nothing was written$/,
    );
    expect(await readdir(path.join(root, 'dist/out'))).toEqual([]);
    expect(await temps(path.join(root, 'dist'))).toEqual([]);
  });

  it('an output folder that is a file (real): says a part of the path is a file', async () => {
    const root = await project();
    const result = await build(root, 'dist/seed.json/seed.json');
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd()).toMatch(
      /^catalog build: cannot write dist\/seed\.json\/seed\.json: a part of the path is a file, not a folder: .*\((ENOTDIR|EEXIST)\); nothing was written$/,
    );
    expect(await readFile(path.join(root, 'dist/seed.json'), 'utf8')).toBe(OLD);
  });

  // Root ignores permission bits, so a real read-only folder only refuses a non-root user (CI runs as one); the
  // injected EACCES and EROFS rows above hold everywhere.
  it.skipIf(process.getuid?.() === 0)('a real read-only folder (chmod 555): EACCES, the old seed untouched', async () => {
    const root = await project();
    await chmod(path.join(root, 'dist'), 0o555);
    try {
      const result = await build(root, 'dist/seed.json');
      expect(result.code).toBe(2);
      expect(result.stderr.trimEnd()).toMatch(
        /^catalog build: cannot write dist\/seed\.json: permission denied: .*\(EACCES\); the previous seed is untouched$/,
      );
      expect(await readFile(path.join(root, 'dist/seed.json'), 'utf8')).toBe(OLD);
    } finally {
      await chmod(path.join(root, 'dist'), 0o755);
    }
  });
});

describe('a write killed mid-way (kill -9)', () => {
  it('leaves a temporary file that the next build removes, and the next build writes the whole seed', async () => {
    const root = await project();
    const target = path.join(root, 'dist/seed.json');
    const script = path.join(root, 'hang.mts');
    // A child that writes through writeAtomic and stops before the rename (its flush never returns), then is killed.
    await writeFile(
      script,
      `import { nodeFs, writeAtomic } from ${JSON.stringify(path.resolve(__dirname, '../../src/util/write-atomic.ts'))};
setInterval(() => {}, 1000);
const fs = { ...nodeFs, open: async (p, f) => { const h = await nodeFs.open(p, f);
  return { writeFile: (d) => h.writeFile(d), close: () => h.close(), sync: () => { process.stdout.write('written\\n'); return new Promise(() => {}); } }; } };
await writeAtomic(${JSON.stringify(target)}, 'x'.repeat(100000), fs);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: path.resolve(__dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('written') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    const left = await temps(path.join(root, 'dist'));
    expect(left).toEqual([expect.stringMatching(new RegExp(`^\\.seed\\.json\\.${child.pid}\\.[0-9a-f]+\\.tmp$`))]);
    expect(await readFile(target, 'utf8')).toBe(OLD);

    // A temporary file of a process still running (this one) is another write in progress: it stays.
    const running = `.seed.json.${process.pid}.abcd1234.tmp`;
    await writeFile(path.join(root, 'dist', running), 'in progress');

    const result = await build(root, 'dist/seed.json');
    expect(result.code, result.stderr).toBe(0);
    expect(await temps(path.join(root, 'dist'))).toEqual([running]);
    expect(JSON.parse(await readFile(target, 'utf8')).meta.counts).toEqual({ rails: 1, assets: 1, countries: 1 });
  });

  it('removeStaleTemps removes only the temporary files of this target whose process is gone', async () => {
    const dir = await tempDir('catalog-stale-');
    const names = ['.seed.json.111.aa.tmp', '.seed.json.222.bb.tmp', '.other.json.111.cc.tmp', 'seed.json', '.seed.json.x.tmp'];
    for (const n of names) await writeFile(path.join(dir, n), '');
    const removed = await removeStaleTemps(path.join(dir, 'seed.json'), nodeFs, (pid) => pid === 222);
    expect(removed).toEqual(['.seed.json.111.aa.tmp']);
    expect((await readdir(dir)).sort()).toEqual(['.other.json.111.cc.tmp', '.seed.json.222.bb.tmp', '.seed.json.x.tmp', 'seed.json']);
  });

  it('writeAtomic rethrows the first error when the folder also refuses the clean-up', async () => {
    const dir = await tempDir('catalog-rm-');
    const fs: AtomicFs = { ...failing('rename', 'EROFS'), rm: async () => Promise.reject(errno('EROFS', dir)) };
    await expect(writeAtomic(path.join(dir, 'seed.json'), 'x', fs)).rejects.toMatchObject({ code: 'EROFS', message: expect.stringContaining('simulated') });
  });
});
