/**
 * End to end with a language client this project did not write: Neovim's built-in one (Debian's neovim, headless),
 * started by the Neovim 0.7 set-up of docs/editor.md exactly as it is written there. A copy of the catalog with a
 * broken rail, in a folder that installs the toolkit (node_modules/payout-catalog); Neovim loads the set-up as its
 * init.lua, opens the rail, and test/editor/neovim/drive.lua records what it shows: the diagnostics, the quick fix
 * applied, the hovers. The diagnostics are held to `catalog validate --format json` on the same files (line, column,
 * message, rule). Without nvim the test is skipped with a warning, unless CATALOG_REQUIRE_NEOVIM=1 (CI), where it fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'bin/catalog.js');
/** The bundled catalog's own latest date: no source of it is then checked in the future. */
const TODAY = BUNDLED_TODAY;
const NVIM = process.env.NVIM_PATH ?? 'nvim';
const required = process.env.CATALOG_REQUIRE_NEOVIM === '1';

/** Neovim's version as [major, minor], or undefined when there is none; the script needs 0.7 (Debian 12's). */
function nvimVersion(): [number, number] | undefined {
  const run = spawnSync(NVIM, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const m = /NVIM v(\d+)\.(\d+)/.exec(run.stdout ?? '');
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}
const version = nvimVersion();
const usable = version !== undefined && (version[0] > 0 || version[1] >= 7);
const INSTALL = 'apt-get install -y neovim, or set NVIM_PATH; .ci/run installs it';

if (!usable && !required) console.warn(`test/editor/neovim.test.ts: SKIPPED, no Neovim 0.7 or later at ${NVIM} (${INSTALL})`);

describe.runIf(!usable && required)('the language server in Neovim, required here', () => {
  it('has Neovim 0.7 or later', () => {
    expect.fail(`CATALOG_REQUIRE_NEOVIM=1 but ${NVIM} is ${version ? `Neovim ${version.join('.')}` : 'missing'}: ${INSTALL}`);
  });
});

const temp = mkdtempSync(path.join(tmpdir(), 'catalog-nvim-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

type Seen = {
  failure: string | null;
  command: string[];
  clientsOutside: number;
  diagnostics: Array<{ line: number; column: number; endLine: number; endColumn: number; severity: number; message: string; code: string; href: string }>;
  diagnosticsAfterFix: Seen['diagnostics'];
  actions: string[];
  fixedLine: string;
  hovers: Array<string | null>;
};

/**
 * A copy of the catalog (not a git repository: no base, as a fresh download) with `edits` made to one rail, in a folder
 * that installs the toolkit as a catalog repository does (node_modules/payout-catalog: this project).
 */
function brokenCatalog(name: string, rail: string, edits: Array<[RegExp, string]>): { root: string; file: string } {
  const root = path.join(temp, name);
  cpSync(path.join(ROOT, 'catalog'), path.join(root, 'catalog'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(ROOT, path.join(root, 'node_modules/payout-catalog'));
  writeFileSync(path.join(root, 'notes.yaml'), 'not: a catalog file\n');
  const file = path.join(root, 'catalog/rails', `${rail}.yaml`);
  let text = readFileSync(file, 'utf8');
  for (const [line, by] of edits) {
    expect(text, `${rail} has a line matching ${line}`).toMatch(line);
    text = text.replace(line, by);
  }
  writeFileSync(file, text);
  return { root, file };
}

/** The Lua set-up of docs/editor.md for Neovim 0.7 to 0.10, as an analyst pastes it into init.lua. */
function neovimSetUp(): string {
  const guide = readFileSync(path.join(ROOT, 'docs/editor.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Neovim 0.7 to 0.10'));
  const block = /```lua\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('docs/editor.md has no Lua block under "## Neovim 0.7 to 0.10"');
  return block[1];
}

/**
 * Runs the scripted editor with the set-up as its init.lua; nvim is killed after 60 s (the script's own waits end
 * sooner). The one thing the test adds to the set-up: the date the rules judge by (the server's initialization option),
 * so that the catalog's time-based warnings do not move with the clock.
 */
function neovimSession(root: string, file: string, fixLine: number, hoverAt: Array<{ line: number; character: number }>): Seen {
  const out = path.join(root, 'seen.json');
  const init = path.join(root, 'init.lua');
  const fixedDate = `local start_client = vim.lsp.start_client\nvim.lsp.start_client = function(config)\n  config.init_options = { today = '${TODAY}' }\n  return start_client(config)\nend\n`;
  writeFileSync(init, `${fixedDate}${neovimSetUp()}`);
  const drive = { file, outside: path.join(root, 'notes.yaml'), out, waitMs: 20_000, fixLine, hoverAt };
  const run = spawnSync(NVIM, ['--headless', '-u', init, '-c', `luafile ${path.join(ROOT, 'test/editor/neovim/drive.lua')}`], {
    cwd: root,
    // The `node` the set-up runs: this one, first on PATH.
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      CATALOG_NVIM_DRIVE: JSON.stringify(drive),
      XDG_CONFIG_HOME: temp,
      XDG_DATA_HOME: temp,
    },
    encoding: 'utf8',
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
  expect(run.error, `nvim: ${run.stderr}`).toBeUndefined();
  return JSON.parse(readFileSync(out, 'utf8')) as Seen;
}

/** What `catalog validate --format json` says of the same file, in Neovim's 0-based terms. */
function validateJson(root: string, file: string) {
  const run = spawnSync(process.execPath, [CLI, 'validate', '--format', 'json', '--today', TODAY, path.relative(root, file)], { cwd: root, encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as {
    problems: Array<{ line: number; column: number; endLine: number; endColumn: number; severity: string; message: string; rule: string }>;
  };
  return report.problems.map((p) => ({
    line: p.line - 1,
    column: p.column - 1,
    endLine: p.endLine - 1,
    endColumn: p.endColumn - 1,
    severity: p.severity === 'error' ? 1 : 2,
    message: p.message,
    code: p.rule,
  }));
}

describe.skipIf(!usable)('the language server in Neovim, started by the set-up of docs/editor.md', () => {
  it('shows the diagnostics of catalog validate, applies a quick fix, and hovers a key and a country code', () => {
    // SGX is no currency (an error without a fix); sg is a country code in lowercase (a safe fix: SG).
    const { root, file } = brokenCatalog('sg-fast', 'SG-fast', [
      [/^currency: SGD$/m, 'currency: SGX'],
      [/^countries: \[ SG \]$/m, 'countries: [ sg ]'],
    ]);
    const lines = readFileSync(file, 'utf8').split('\n');
    const currencyLine = lines.indexOf('currency: SGX');
    const countriesLine = lines.indexOf('countries: [ sg ]');
    const seen = neovimSession(root, file, countriesLine, [
      { line: currencyLine, character: 2 },
      { line: countriesLine, character: 'countries: [ '.length },
    ]);
    expect(seen.failure).toBeNull();
    expect(seen.command).toEqual(['node', path.join(root, 'node_modules/payout-catalog/bin/catalog.js'), 'lsp', '--stdio']);
    expect(seen.clientsOutside).toBe(0);

    const expected = validateJson(root, file);
    expect(expected.map((p) => p.code)).toEqual(['reference', 'iso-currency', 'schema']); // the case still breaks what it means to
    expect(seen.diagnostics.map(({ href, ...d }) => d)).toEqual(expected);
    expect(seen.diagnostics.find((d) => d.code === 'iso-currency')).toMatchObject({
      line: currencyLine,
      column: 'currency: '.length,
      message: expect.stringMatching(/^SGX is not an active ISO 4217 currency code .*did you mean SGD/),
    });
    for (const d of seen.diagnostics) expect(d.href).toMatch(new RegExp(`/rules\\.md#${d.code}$`));

    expect(seen.actions).toEqual(['Fix: write SG (schema)', 'Fix all: the 1 safe fix of catalog validate --fix']);
    expect(seen.fixedLine).toBe('countries: [ SG ]');
    // The unsaved buffer, checked again: the schema problem and the id's prefix are fixed, the currency is not.
    expect(seen.diagnosticsAfterFix.map((d) => [d.line, d.code])).toEqual([[currencyLine, 'iso-currency']]);

    const railSchema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/rail.schema.json'), 'utf8'));
    expect(seen.hovers[0]).toContain(railSchema.properties.currency.description);
    expect(seen.hovers[1]).toContain('Singapore');
  });
});

// The server's command line as docs/editor.md gives it for Neovim: it exists, and says so in its usage.
it('catalog lsp --help names the --stdio transport editors pass', () => {
  expect(execFileSync(process.execPath, [CLI, 'lsp', '--help'], { encoding: 'utf8' })).toContain('--stdio');
});
