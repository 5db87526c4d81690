/**
 * The analyst's workbench, run as a user would: catalog new, close, restrict, fmt, validate <files> --fix, the
 * pre-commit hook in a real temporary git repository, and catalog/ found from a subfolder.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleGit } from 'simple-git';
import { afterAll, describe, expect, it } from 'vitest';
import { runCatalog } from '../helpers/cli.js';
import { ASSET_USDC, COUNTRY_BR, RAIL_BR_PIX, TODAY, VALID, writeCatalog } from '../helpers/catalog.js';
import { cleanup, cli, tempDir } from '../git/repo.js';

const ROOT = path.resolve(__dirname, '../..');

const node = (args: string[], cwd: string) => runCatalog(args, cwd, { NO_COLOR: '1' });

/** A folder holding catalog/ with the small valid catalog (not a git checkout). */
async function project(files: Record<string, string> = VALID): Promise<string> {
  const root = await tempDir('workbench-');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'catalog', name)), { recursive: true });
    await writeFile(path.join(root, 'catalog', name), text);
  }
  return root;
}

afterAll(cleanup);

describe('catalog new', () => {
  it('writes a skeleton that fails with "fill in" until filled, from a subfolder', { timeout: 60_000 }, async () => {
    const root = await project();
    await mkdir(path.join(root, 'docs/deep'), { recursive: true });
    const made = await node(['new', 'rail', 'BR-boleto'], path.join(root, 'docs/deep'));
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('../../catalog/rails/BR-boleto.yaml');
    const text = await readFile(path.join(root, 'catalog/rails/BR-boleto.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/rail.schema.json');
    const keys = text
      .split('\n')
      .filter((l) => /^[a-zA-Z]+:/.test(l))
      .map((l) => l.split(':')[0]);
    expect(keys).toEqual(['id', 'slug', 'name', 'kind', 'currency', 'countries', 'phase', 'settlement', 'limits', 'fees', 'fields', 'verifiedAt', 'sources']);
    expect(text).toContain('currency: BRL'); // from countries/BR.yaml
    const run = await cli(['validate', '--dir', 'catalog', '--no-base', '--format', 'json', 'catalog/rails/BR-boleto.yaml'], root);
    expect(run.code).toBe(1);
    const problems = JSON.parse(run.stdout).problems as Array<{ file: string; message: string; pointer: string }>;
    expect(problems.length).toBeGreaterThan(10);
    for (const p of problems) {
      expect(p.file).toBe('catalog/rails/BR-boleto.yaml');
      expect(p.message, p.pointer).toMatch(/is still TODO: fill in /);
    }
    expect(problems.find((p) => p.pointer === '/kind')!.message).toContain('instant_bank');
    expect(problems.find((p) => p.pointer === '/name')!.message).toContain('Display name');
  });

  it.each([
    { args: ['new', 'rail', 'BR-pix'], code: 1, err: /exists already/ },
    { args: ['new', 'asset', 'USDC'], code: 2, err: /not a valid asset id/ },
    { args: ['new', 'rial', 'BR-x'], code: 2, err: /did you mean "rail"/ },
    { args: ['new', 'rail'], code: 2, err: /give what to create/ },
  ])('refuses $args', async ({ args, code, err }) => {
    const root = await project();
    const run = await cli(args, root);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(err);
  });

  it('fills in a new country name and quotes NO', async () => {
    const root = await project();
    expect((await cli(['new', 'country', 'NO'], root)).code).toBe(0);
    const text = await readFile(path.join(root, 'catalog/countries/NO.yaml'), 'utf8');
    expect(text).toContain('code: "NO"');
    expect(text).toContain('name: Norway');
  });
});

describe('catalog close and restrict', () => {
  const COMMENTED = `# yaml-language-server: $schema=../../schemas/rail.schema.json\n# A comment that stays.\n${RAIL_BR_PIX.replace('phase: live', 'phase: live  # launched 2020')}`;
  const NOTICE = 'https://www.bcb.gov.br/detalhenoticia/1/nota';
  /** A list of the provider's own that restricts BR (the policy a restriction follows). */
  const POLICY = `id: provider-decisions\nname: Provider decisions\npublisher: The provider\nurl: https://provider.example/policies/countries\nasOf: "2026-11-01"\nscope: Countries the provider refuses of its own decision.\neffect:\n  status: restricted\n  reason: international_sanctions\ncountries: [ BR ]\n`;

  it('closes a rail in place, keeping comments and layout, with the page the closure was verified against', async () => {
    const root = await project({ ...VALID, 'rails/BR-pix.yaml': COMMENTED });
    const run = await cli(
      ['close', 'BR-pix', '--reason', 'scheme_retired', '--today', '2026-12-01', '--source', NOTICE, '--title', 'Nota: Pix retired, Banco Central do Brasil'],
      root,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      `closed rail BR-pix in catalog/rails/BR-pix.yaml: phase: never, reason: scheme_retired, verifiedAt: 2026-12-01; source ${NOTICE} added, checked: 2026-12-01\n`,
    );
    const after = await readFile(path.join(root, 'catalog/rails/BR-pix.yaml'), 'utf8');
    // The new source ends the list of sources, before the decisions.
    const expected = COMMENTED.replace('phase: live  # launched 2020', 'phase: never  # launched 2020\nreason: scheme_retired')
      .replace('verifiedAt: "2026-10-01"', 'verifiedAt: "2026-12-01"')
      .replace('decisions:\n', `  - url: ${NOTICE}\n    title: "Nota: Pix retired, Banco Central do Brasil"\n    checked: "2026-12-01"\ndecisions:\n`);
    expect(after).toBe(expected);
    const check = await cli(['validate', '--dir', 'catalog', '--no-base', '--today', '2026-12-01', '--format', 'json'], root);
    expect(check.code).toBe(0);
    expect((JSON.parse(check.stdout).problems as Array<{ rule: string }>).map((p) => p.rule)).not.toContain('source-age');
  });

  it('closes an asset (no verifiedAt, no sources in its schema) and restricts a country as its list requires', async () => {
    const root = await project({ ...VALID, 'policies/provider-decisions.yaml': POLICY });
    expect((await cli(['close', 'usdc', '--reason', 'regulatory'], root)).code).toBe(0);
    expect(await readFile(path.join(root, 'catalog/assets/usdc.yaml'), 'utf8')).toBe(ASSET_USDC.replace('phase: live', 'phase: never\nreason: regulatory'));
    const run = await cli(['restrict', 'BR'], root);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      'restricted BR in catalog/countries/BR.yaml: status: restricted, reason: international_sanctions, currency: null (provider-decisions)\n' +
        'BR-pix is live and serves BR alone: close it (catalog close BR-pix --reason international_sanctions --source https://provider.example/policies/countries --title "Provider decisions, The provider"), or make it planned\n',
    );
    expect(await readFile(path.join(root, 'catalog/countries/BR.yaml'), 'utf8')).toBe(
      COUNTRY_BR.replace('currency: BRL', 'currency: null').replace('status: open', 'status: restricted\nreason: international_sanctions'),
    );
  });

  it.each([
    {
      args: ['close', 'BR-pix', '--reason', 'partner_discontinue', '--source', NOTICE],
      err: /did you mean "partner_discontinued"\?.*Write one of: international_sanctions/,
    },
    // A word of the allowed reason written alone is near enough: close --help promises the nearest.
    {
      args: ['close', 'BR-pix', '--reason', 'sanctions', '--source', NOTICE],
      err: /"sanctions" is not a reason for a rail; did you mean "international_sanctions"\? Write one of: international_sanctions/,
    },
    // Nothing near: the list, after a full stop.
    {
      args: ['close', 'BR-pix', '--reason', 'whatever', '--source', NOTICE],
      err: /"whatever" is not a reason for a rail\. Write one of: international_sanctions/,
    },
    { args: ['close', 'BR-pixx', '--reason', 'technical'], err: /no rail or asset "BR-pixx".*did you mean "BR-pix"/ },
    { args: ['close', 'BR-pix', '--source', NOTICE], err: /--reason is required/ },
    { args: ['close', 'BR-pix', '--reason', 'technical'], err: /--source is required: the address of the page you verified the closure against/ },
    { args: ['close', 'BR-pix', '--reason', 'technical', '--source', NOTICE], err: /is not a source of BR-pix yet: give its title with --title/ },
    { args: ['close', 'BR-pix', '--reason', 'technical', '--source', 'https://www.bcb.gov.br/'], err: /is a site's home page/ },
    { args: ['close', 'BR-pix', '--reason', 'technical', '--source', 'http://www.bcb.gov.br/nota'], err: /plain http/ },
    { args: ['close', 'usdc', '--reason', 'technical', '--source', NOTICE], err: /an asset has no sources/ },
    {
      args: ['restrict', 'BR', '--reason', 'international_sanctions'],
      err: /BR is in no list of catalog\/policies.*add BR to the list that justifies the restriction/,
    },
  ])('refuses $args with exit 2', async ({ args, err }) => {
    const root = await project();
    const run = await cli(args, root);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(err);
    expect(await readFile(path.join(root, 'catalog/rails/BR-pix.yaml'), 'utf8')).toBe(RAIL_BR_PIX);
    expect(await readFile(path.join(root, 'catalog/assets/usdc.yaml'), 'utf8')).toBe(ASSET_USDC);
    expect(await readFile(path.join(root, 'catalog/countries/BR.yaml'), 'utf8')).toBe(COUNTRY_BR);
  });

  it('refuses a reason that is not the one of the list holding the country', async () => {
    const root = await project({ ...VALID, 'policies/provider-decisions.yaml': POLICY });
    const run = await cli(['restrict', 'BR', '--reason', 'money_laundering_risk'], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /provider-decisions \(The provider, as of 2026-11-01\), which gives reason international_sanctions, not money_laundering_risk: write --reason international_sanctions/,
    );
  });
});

describe('catalog fmt', () => {
  const MESSY = `# title comment\nslug: pix\nid: BR-pix\nname: 'Pix'\nkind: instant_bank\ncurrency: BRL\ncountries: [BR]\nphase: live\n\nsettlement:\n    businessDaysOnly: false\n    p50Minutes: 1\n    p95Minutes: 10\nlimits: {minMinor: 100, maxMinor: 100000000, decimals: 2}\nfees:\n  fixedMinor: 0\n  bps: 50\nfields:\n- name: pixKey\n  type: text\n  label: { fr: Clé Pix, en: Pix key }\n  required: true\n  pattern: "^[A-Za-z0-9@.+_-]{1,77}$"\n  examples: ['+5511987654321']\nverifiedAt: 2026-10-01\n`;

  it('--check fails on an unformatted file, fmt fixes it, then --check passes; the data is unchanged', async () => {
    const root = await project({ ...VALID, 'rails/BR-pix.yaml': MESSY });
    const check = await cli(['fmt', '--check', 'catalog/rails/BR-pix.yaml'], root);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe('catalog/rails/BR-pix.yaml: not formatted\n');
    expect(check.stderr).toBe('catalog fmt --check: 1 of 1 file is not formatted: run catalog fmt\n');
    const fmt = await cli(['fmt', 'catalog/rails/*.yaml'], root);
    expect(fmt.code).toBe(0);
    expect(fmt.stderr).toBe('catalog fmt: formatted 1 file, 0 already formatted\n');
    const text = await readFile(path.join(root, 'catalog/rails/BR-pix.yaml'), 'utf8');
    expect(text.split('\n').slice(0, 5)).toEqual([
      '# yaml-language-server: $schema=../../schemas/rail.schema.json',
      '# title comment',
      'id: BR-pix',
      'slug: pix',
      'name: Pix',
    ]);
    expect(text).toContain('\n\nsettlement:\n  p50Minutes: 1\n  p95Minutes: 10\n  businessDaysOnly: false\n');
    expect(text).toContain(
      `  - name: pixKey\n    label: { fr: Clé Pix, en: Pix key }\n    type: text\n    required: true\n    pattern: '^[A-Za-z0-9@.+_-]{1,77}$'\n    examples: [ "+5511987654321" ]\n`,
    );
    expect(text).toContain('verifiedAt: "2026-10-01"');
    const clean = await cli(['fmt', '--check', 'catalog/rails/*.yaml'], root);
    expect(clean.code).toBe(0);
    // Nothing was rewritten, and it reads so.
    expect(clean.stderr).toBe('catalog fmt --check: 1 file already formatted, nothing to change\n');
  });

  it('refuses a file with YAML errors, and a path outside the catalog', async () => {
    const root = await project({ ...VALID, 'rails/BR-pix.yaml': 'id: [BR-pix\n' });
    const run = await cli(['fmt'], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/catalog\/rails\/BR-pix\.yaml: not formatted: the YAML has errors/);
    expect((await cli(['fmt', 'package.json'], root)).code).toBe(2);
  });
});

describe('catalog validate <files> --fix', () => {
  it('fixes what is safe, says what was fixed and what remains', async () => {
    const broken = RAIL_BR_PIX.replace('currency: BRL', 'currency: brl')
      .replace('businessDaysOnly: false', 'businessDaysOnly: no')
      .replace('minMinor: 100', 'minMinor: "100"')
      .replace('kind: instant_bank', 'kind: instant');
    const root = await project({ ...VALID, 'rails/BR-pix.yaml': broken });
    const run = await cli(['validate', '--dir', 'catalog', '--no-base', '--fix', '--format', 'json', 'catalog/rails/BR-pix.yaml'], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('3 problem(s) fixed; 1 error(s) and 0 warning(s) remain');
    const after = await readFile(path.join(root, 'catalog/rails/BR-pix.yaml'), 'utf8');
    expect(after).toBe(
      broken.replace('currency: brl', 'currency: BRL').replace('businessDaysOnly: no', 'businessDaysOnly: false').replace('minMinor: "100"', 'minMinor: 100'),
    );
    expect(JSON.parse(run.stdout).problems.map((p: { pointer: string }) => p.pointer)).toEqual(['/kind']);
  });

  it('reports the named files only, with the whole catalog as context', async () => {
    const root = await project({ ...VALID, 'assets/usdc.yaml': ASSET_USDC.replace('ticker: USDC', 'ticker: usd c') });
    const rail = await cli(['validate', '--dir', 'catalog', '--no-base', 'catalog/rails/*.yaml'], root);
    expect(rail.code, rail.stdout).toBe(0); // its country (another file) is found; the broken asset is not reported
    expect((await cli(['validate', '--dir', 'catalog', '--no-base', 'catalog/assets'], root)).code).toBe(1);
    expect((await cli(['validate', '--dir', 'catalog', '--no-base', 'nowhere.yaml'], root)).code).toBe(2);
  });
});

describe('pre-commit hook', () => {
  it('refuses a commit with a broken staged file and accepts a good one', { timeout: 120_000 }, async () => {
    const root = await project();
    // Plain git (simple-git refuses to set core.hooksPath): the hook runs as it would for an analyst.
    const run = promisify(execFile);
    const git = { raw: async (args: string[]) => (await run('git', args, { cwd: root })).stdout };
    await git.raw(['init', '-q', '-b', 'main']);
    for (const [k, v] of [
      ['user.name', 'T'],
      ['user.email', 't@example.com'],
      ['commit.gpgsign', 'false'],
      ['core.hooksPath', path.join(ROOT, 'hooks')],
    ])
      await git.raw(['config', k, v]);
    await chmod(path.join(ROOT, 'hooks/pre-commit'), 0o755);
    await git.raw(['add', '-A']);
    await git.raw(['commit', '-q', '-m', 'start']); // the first commit: checked without a base

    await writeFile(path.join(root, 'catalog/rails/BR-pix.yaml'), RAIL_BR_PIX.replace('currency: BRL', 'currency: BRX'));
    await writeFile(path.join(root, 'catalog/assets/usdc.yaml'), 'id: broken-but-not-staged\n');
    await git.raw(['add', 'catalog/rails/BR-pix.yaml']);
    const refused = await git.raw(['commit', '-q', '-m', 'broken']).then(
      () => undefined,
      (e: { stderr: string }) => e.stderr,
    );
    expect(refused).toMatch(/BRX/);
    expect(refused).toMatch(/commit refused/);

    await writeFile(path.join(root, 'catalog/rails/BR-pix.yaml'), RAIL_BR_PIX.replace('bps: 50', 'bps: 40').replace('2026-10-01', '2026-11-20'));
    await git.raw(['add', 'catalog/rails/BR-pix.yaml']);
    await git.raw(['commit', '-q', '-m', 'fine']); // the unstaged broken asset is not checked

    await git.raw(['rm', '-q', 'catalog/rails/BR-pix.yaml']);
    const deletion = await git.raw(['commit', '-q', '-m', 'delete']).then(
      () => undefined,
      (e: { stderr: string; stdout: string }) => e.stdout + e.stderr,
    );
    expect(deletion).toMatch(/removed-entry|BR-pix was removed/);
  });
});

describe('catalog validate without --base', () => {
  it('in a checkout, compares with HEAD and says so: a deleted rail does not pass; --no-base turns it off', async () => {
    const root = await project();
    const git = simpleGit({ baseDir: root });
    await git.raw(['init', '-q', '-b', 'main']);
    for (const [k, v] of [
      ['user.name', 'T'],
      ['user.email', 't@example.com'],
      ['commit.gpgsign', 'false'],
    ])
      await git.addConfig(k, v);
    await git.raw(['add', '-A']);
    await git.raw(['commit', '-q', '-m', 'start']);
    await rm(path.join(root, 'catalog/rails/BR-pix.yaml'));
    const sub = path.join(root, 'catalog/countries');
    const plain = await cli(['validate', '--today', TODAY], sub);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^catalog validate: compared with HEAD \([0-9a-f]{7}\)/);
    expect(plain.stdout).toContain('../rails/BR-pix.yaml'); // relative to the working directory
    const off = await cli(['validate', '--today', TODAY, '--no-base'], sub);
    expect(off.code, off.stdout).toBe(0);
  });

  it('with an upstream, compares with its merge base', async () => {
    const upstream = await project();
    const git = simpleGit({ baseDir: upstream });
    await git.raw(['init', '-q', '-b', 'main']);
    for (const [k, v] of [
      ['user.name', 'T'],
      ['user.email', 't@example.com'],
      ['commit.gpgsign', 'false'],
    ])
      await git.addConfig(k, v);
    await git.raw(['add', '-A']);
    await git.raw(['commit', '-q', '-m', 'start']);
    const clone = path.join(await tempDir('workbench-clone-'), 'c');
    await simpleGit().raw(['clone', '-q', upstream, clone]);
    const c = simpleGit({ baseDir: clone });
    for (const [k, v] of [
      ['user.name', 'T'],
      ['user.email', 't@example.com'],
      ['commit.gpgsign', 'false'],
    ])
      await c.addConfig(k, v);
    await c.raw(['rm', '-q', 'catalog/rails/BR-pix.yaml']);
    await c.raw(['commit', '-q', '-m', 'delete']); // committed: HEAD alone would not see it
    const run = await cli(['validate', '--today', TODAY, '--format', 'json'], clone);
    expect(run.stderr).toMatch(/compared with the merge base of origin\/main and HEAD/);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).problems.map((p: { rule: string }) => p.rule)).toContain('removed-entry');
  });

  it('outside a checkout, says deletions are not checked', async () => {
    const dir = await writeCatalog(VALID);
    const run = await cli(['validate', '--dir', '.', '--today', TODAY], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/not in a git checkout, so deleted entries are not checked/);
  });
});

describe('catalog from a subfolder', () => {
  it('finds catalog/ by walking up; build writes dist/ beside it; paths stay relative to the working directory', async () => {
    const root = await project({ ...VALID, 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('currency: BRL', 'currency: brl') });
    const sub = path.join(root, 'src/deep');
    await mkdir(sub, { recursive: true });
    const bad = await cli(['validate', '--today', TODAY, '--format', 'json'], sub);
    expect(JSON.parse(bad.stdout).problems.map((p: { file: string }) => p.file)).toEqual(['../../catalog/rails/BR-pix.yaml']);
    await writeFile(path.join(root, 'catalog/rails/BR-pix.yaml'), RAIL_BR_PIX);
    const build = await cli(['build', '--today', TODAY], sub);
    expect(build.code, build.stderr).toBe(0);
    expect(build.stdout).toMatch(/^wrote \.\.\/\.\.\/dist\/seed\.json: 1 rails/);
    expect(JSON.parse(await readFile(path.join(root, 'dist/seed.json'), 'utf8')).meta.counts.rails).toBe(1);
  });

  it('says where it looked when there is no catalog/ above', async () => {
    const dir = await tempDir('no-catalog-');
    const run = await cli(['validate'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no catalog\/ folder .* or any folder above it/);
  });
});

describe('catalog --version, help and did-you-mean', () => {
  it('prints the version and suggests the nearest command and flag', { timeout: 60_000 }, async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    expect((await node(['--version'], ROOT)).stdout).toBe(`${pkg.version}\n`);
    const cmd = await cli(['valdate'], ROOT);
    expect(cmd.code).toBe(2);
    expect(cmd.stderr).toContain('did you mean validate?');
    const flag = await cli(['validate', '--fromat', 'json'], ROOT);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('did you mean --format?');
  });

  it.each(['validate', 'build', 'diff', 'stale', 'serve', 'rules', 'new', 'fmt', 'close', 'restrict', 'publish'])('%s --help has an example', async (name) => {
    const run = await cli([name, '--help'], ROOT);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`\\nExample:\\n  catalog ${name}`));
  });
});
