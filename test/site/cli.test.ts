/** catalog site and catalog preview, run as a user would: `node bin/catalog.js ...` in a catalog folder. */
import { execFile, spawn } from 'node:child_process';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { BIN, runCatalog } from '../helpers/cli.js';
import { describe, expect, it } from 'vitest';
import { RAIL_BR_PIX, VALID, writeCatalog } from '../helpers/catalog.js';

const catalog = runCatalog;

/** The form's data on a rail page: the JSON the form's script reads. */
function formData(page: string): { fields: unknown[] } {
  const json = /<script type="application\/json" id="form-data">(.*?)<\/script>/s.exec(page)?.[1];
  if (!json) throw new Error('no form data on the page');
  return JSON.parse(json) as { fields: unknown[] };
}

const BROKEN = { ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('currency: BRL', 'currency: brl') };

describe('catalog site', () => {
  it('builds the site from the catalog, with the fields and their examples', async () => {
    const dir = await writeCatalog(VALID);
    const result = await catalog(['site', '--dir', '.', '--out', 'out/site', '--today', '2026-11-22'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^wrote out\/site: 9 pages \(1 rails, 1 assets, 1 countries, in en and fr\), version [0-9a-f]+\n$/);
    const en = await readFile(path.join(dir, 'out/site/en/rails/BR-pix.html'), 'utf8');
    expect(en).toContain('name="pixKey"');
    // Examples are text on the page (buttons only once the script runs, from the form data).
    expect(en).toContain('<code>+5511987654321</code>');
    const fields = formData(en).fields as { name: string; examples?: string[]; counterexamples?: string[] }[];
    expect(fields.find((f) => f.name === 'pixKey')).toMatchObject({ examples: ['+5511987654321'], counterexamples: ['not a key!'] });
    expect(await readFile(path.join(dir, 'out/site/fr/rails/BR-pix.html'), 'utf8')).toContain('<label for="field-0">Clé Pix');
    const script = await readFile(path.join(dir, 'out/site/static/form.js'), 'utf8');
    expect(script).not.toMatch(/require\(|node:/);
    expect((await readdir(path.join(dir, 'out'))).sort()).toEqual(['site']);
  });

  it('refuses a catalog with errors and leaves the previous site untouched', async () => {
    const dir = await writeCatalog(BROKEN);
    await mkdir(path.join(dir, 'out/site'), { recursive: true });
    await writeFile(path.join(dir, 'out/site/index.html'), 'previous');
    const result = await catalog(['site', '--dir', '.', '--out', 'out/site', '--today', '2026-11-22'], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/rails\/BR-pix\.yaml:5:11/);
    expect(result.stderr).toMatch(/catalog site: refused, the catalog has \d+ error\(s\); out\/site was not written/);
    expect(await readFile(path.join(dir, 'out/site/index.html'), 'utf8')).toBe('previous');
    expect(await readdir(path.join(dir, 'out'))).toEqual(['site']);
  });

  it('builds from a seed with --seed (no examples: the seed has none)', async () => {
    const dir = await writeCatalog(VALID);
    expect((await catalog(['build', '--dir', '.', '--out', 'seed.json', '--today', '2026-11-22'], dir)).code).toBe(0);
    const result = await catalog(['site', '--seed', 'seed.json', '--out', 'web', '--today', '2026-11-22'], dir);
    expect(result.code, result.stderr).toBe(0);
    const en = await readFile(path.join(dir, 'web/en/rails/BR-pix.html'), 'utf8');
    expect(en).toContain('name="pixKey"');
    expect(en).not.toContain('class="examples"');
    for (const field of formData(en).fields as object[]) expect(field).not.toHaveProperty('examples');
  });

  it.each([
    [['--seed', 'missing.json'], /--seed missing\.json cannot be read \(ENOENT\): run catalog build first/],
    [['--today', '2026-02-30'], /--today must be a real date/],
    [['--outt', 'x'], /unknown flag --outt; did you mean --out/],
  ])('exits 2 with a usage error on %j', async (args, message) => {
    const dir = await writeCatalog(VALID);
    const result = await catalog(['site', '--dir', '.', ...args], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
  });
});

/** Fetches `url` until `accept` holds for its text (the preview rebuilds after a debounce); fails after `ms`. */
async function eventually(url: string, accept: (text: string) => boolean, ms = 20_000): Promise<string> {
  const deadline = Date.now() + ms;
  let last = '';
  while (Date.now() < deadline) {
    try {
      last = await (await fetch(url)).text();
      if (accept(last)) return last;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never matched; last text:\n${last.slice(0, 2000)}`);
}

/** A running `catalog preview` of `dir`: its address, its stderr so far, and stop (SIGTERM) resolving with the exit code. */
interface Preview {
  origin: string;
  stderr: () => string;
  stop: () => Promise<number | null>;
}

async function startPreview(dir: string): Promise<Preview> {
  const child = spawn(process.execPath, [BIN, 'preview', '--dir', '.', '--port', '0', '--today', '2026-11-22'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address printed; stderr: ${stderr}`)), 30_000);
      child.stdout.on('data', () => {
        const m = /serving \. on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    return { origin, stderr: () => stderr, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The number of builds the preview has made, from the endpoint its pages poll. */
async function generation(origin: string): Promise<number> {
  return Number(await (await fetch(`${origin}/__preview/generation`)).text());
}

/**
 * Saves `file` by writing the new text to a temporary file and renaming it over the original, as editors, `sed -i` and
 * atomic-write libraries do. The temporary file is beside the catalog folder, not in it (as with a temporary folder on
 * the same disk): a watcher learns of the save only from the rename, not from a new file it could list in the folder.
 */
function saveByRename(catalogDir: string, file: string, text: string): void {
  const temporary = `${catalogDir}.save.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Runs git in `cwd`, with an identity of its own (no user configuration needed). */
function git(cwd: string, ...args: string[]): Promise<unknown> {
  return promisify(execFile)('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd });
}

describe('catalog preview', () => {
  it('serves the site from the working tree, rebuilds on save, and shows validation errors on the page', async () => {
    const dir = await writeCatalog(VALID);
    const preview = await startPreview(dir);
    try {
      const { origin } = preview;
      const page = `${origin}/en/rails/BR-pix.html`;
      expect(await eventually(page, (t) => t.includes('Pix key'))).toContain('name="pixKey"');
      expect(await (await fetch(`${origin}/static/form.js`)).text()).toContain('aria-invalid');

      const file = path.join(dir, 'rails/BR-pix.yaml');
      await writeFile(file, RAIL_BR_PIX.replace('en: Pix key', 'en: Pix key of the payee'));
      await eventually(page, (t) => t.includes('Pix key of the payee'));

      await writeFile(file, RAIL_BR_PIX.replace('currency: BRL', 'currency: brl'));
      const broken = await eventually(page, (t) => t.includes('The catalog does not validate'));
      expect(broken).toMatch(/rails\/BR-pix\.yaml:5:11/);

      await writeFile(file, RAIL_BR_PIX);
      await eventually(page, (t) => t.includes('name="pixKey"'));
      expect((await fetch(`${origin}/en/rails/nope.html`)).status).toBe(404);
      expect((await fetch(`${origin}/../../etc/passwd`)).status).toBe(404);
    } finally {
      expect(await preview.stop()).toBe(0);
    }
  }, 90_000);

  it('rebuilds once for each save made by renaming a temporary file over the catalog file, three saves in a row', async () => {
    const dir = await writeCatalog(VALID);
    const preview = await startPreview(dir);
    try {
      const page = `${preview.origin}/en/rails/BR-pix.html`;
      await eventually(page, (t) => t.includes('name="pixKey"'));
      const first = await generation(preview.origin);
      const file = path.join(dir, 'rails/BR-pix.yaml');
      for (const n of [1, 2, 3]) {
        saveByRename(dir, file, RAIL_BR_PIX.replace('en: Pix key', `en: Pix key save ${n}`));
        await eventually(page, (t) => t.includes(`Pix key save ${n}`));
      }
      // One build per save: the watcher saw each rename, and an editor's save is not counted twice.
      expect(await generation(preview.origin)).toBe(first + 3);
      expect(preview.stderr()).not.toMatch(/watching .* failed/);
    } finally {
      expect(await preview.stop()).toBe(0);
    }
  }, 90_000);

  it('rebuilds when git checks out another branch of the catalog, and again on the way back', async () => {
    const dir = await writeCatalog(VALID);
    await git(dir, 'init', '-q');
    await git(dir, 'add', '.');
    await git(dir, 'commit', '-q', '-m', 'catalog');
    await git(dir, 'checkout', '-q', '-b', 'renamed');
    await writeFile(path.join(dir, 'rails/BR-pix.yaml'), RAIL_BR_PIX.replace('en: Pix key', 'en: Pix key on the branch'));
    await git(dir, 'commit', '-q', '-am', 'label');
    await git(dir, 'checkout', '-q', 'main');
    const preview = await startPreview(dir);
    try {
      const page = `${preview.origin}/en/rails/BR-pix.html`;
      expect(await eventually(page, (t) => t.includes('name="pixKey"'))).not.toContain('Pix key on the branch');
      await git(dir, 'checkout', '-q', 'renamed');
      await eventually(page, (t) => t.includes('Pix key on the branch'));
      await git(dir, 'checkout', '-q', 'main');
      await eventually(page, (t) => t.includes('name="pixKey"') && !t.includes('Pix key on the branch'));
    } finally {
      expect(await preview.stop()).toBe(0);
    }
  }, 90_000);
});
