/**
 * npm run bench: the performance targets of the CLI, each measured in fresh processes as a user runs them and printed
 * beside its target, with the machine and Node version (docs/performance.md quotes one run):
 * - 10,000 generated rails (plus their countries): full `catalog validate` (locations and every rule) beside ajv-cli
 *   validating the same rail files against the same schemas (schema only), alternating runs; time ratio and peak memory.
 * - `catalog validate --cache` after one file changed in that catalog (the analyst's loop), and with nothing changed;
 *   and after one file changed in the same catalog committed in a git repository (validate then reads the base, HEAD).
 * - a cold `catalog validate` of the bundled catalog; `catalog --version`; `catalog rules`; node starting an empty file.
 * - the README's everyday command exactly as the README writes it (README_COMMAND), typed in a shell in the repository
 *   on the bundled catalog with nothing changed: what an analyst waits for on every save.
 * - when NODE_EXTRA_CA_CERTS is set (node 20 reads that certificate file at every start), the short commands again
 *   without it, in the same rounds.
 * Then it times adversarial single files (many keys, deep nesting, long lines, many aliases, many problems) at about
 * 100 KB and 1 MB, in process (the 1 MB ones are over the 256 KB a catalog accepts, so the size cap is lifted for
 * them), and prints the time per KB of each: the cost must grow linearly, so per-KB times stay within 2x.
 * Options: --rails N (default 10000), --runs N (default 5, medians are reported), --keep (keep the folder),
 * --shapes-only (only the adversarial files). To add a timed command: an entry in `short` (timed both ways, with its
 * target), or one more `time(...)` in the rounds and one more `row(...)`.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadTexts } from '../src/parse/load.js';
import { checkSchemas } from '../src/check/schema.js';
import { runRules } from '../src/check/rules.js';
import { COUNTRY_CODES } from '../src/domain/iso.js';
import { RAIL_BR_PIX } from '../test/helpers/catalog.js';
import { generateCatalog, railId } from '../test/helpers/generated-catalog.js';
import { benchLsp, lspNote, prepareCheckout, printLspRows } from './bench-lsp.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { values } = parseArgs({
  options: {
    rails: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    'shapes-only': { type: 'boolean', default: false },
  },
});
const railCount = Number(values.rails);
const runs = Number(values.runs);

/** One timed process: wall time, exit status, and peak memory (maxRSS, reported by a preloaded module at exit). */
interface Timed {
  ms: number;
  status: number | null;
  rssMb: number;
}

/** The README's everyday command, as written there (test/project/everyday-command.test.ts holds the two together). */
const README_COMMAND = 'node bin/catalog.js validate --cache';

/** The README's command as a user types it: through a shell, in the repository, the `node` of the PATH (no preload). */
function timeTyped(command: string): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(command, { cwd: root, shell: true, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${command} failed (${r.status}): ${String(r.stderr)}`);
  return ms;
}

/** A module preloaded into every timed process that prints its peak memory at exit (the same cost for every command). */
let rssModule = '';

function time(label: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd = root): Timed {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', rssModule, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const stderr = String(r.stderr);
  if (r.status !== 0 && r.status !== 1) throw new Error(`${label} failed (${r.status}): ${stderr}`);
  const rss = /@@maxrss (\d+)/.exec(stderr);
  return { ms, status: r.status, rssMb: rss ? Number(rss[1]) / 1024 : NaN };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Adversarial files, each generated to about `bytes` bytes: name, file name in the catalog, text. */
const SHAPES: Array<{ name: string; file: string; make: (bytes: number) => string }> = [
  {
    name: 'many unknown keys',
    file: 'countries/FR.yaml',
    make: (bytes) =>
      `code: FR\nname: France\ncurrency: EUR\nstatus: open\n${Array.from({ length: Math.ceil(bytes / 20) }, (_, i) => `unknownkey${i}: ${i}\n`).join('')}`,
  },
  {
    name: 'deep nesting (60 levels, repeated)',
    file: 'countries/FR.yaml',
    make: (bytes) => {
      const one = (k: number) => `${Array.from({ length: 60 }, (_, d) => `${'  '.repeat(d)}n${k}_${d}:`).join('\n')} leaf\n`;
      const size = one(0).length;
      return `code: FR\nname: France\ncurrency: EUR\nstatus: open\n${Array.from({ length: Math.ceil(bytes / size) }, (_, k) => one(k)).join('')}`;
    },
  },
  {
    name: 'deep flow nesting ([[[...]]])',
    file: 'countries/FR.yaml',
    make: (bytes) => `code: ${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}\n`,
  },
  {
    name: 'long lines',
    file: 'countries/FR.yaml',
    make: (bytes) => `code: FR\nname: ${'x'.repeat(bytes / 2)}\ncurrency: EUR\nstatus: open\nhelp: "${'y '.repeat(bytes / 4)}"\n`,
  },
  {
    name: 'many aliases',
    file: 'countries/FR.yaml',
    make: (bytes) =>
      `code: FR\nname: &n France\ncurrency: EUR\nstatus: open\n${Array.from({ length: Math.ceil(bytes / 12) }, (_, i) => `a${i}: *n\n`).join('')}`,
  },
  {
    name: 'many problems (fields with a bad type, a duplicate name, a broken pattern)',
    file: 'rails/BR-pix.yaml',
    make: (bytes) => {
      const field = (i: number) => `  - name: f${i % 50}\n    label: { fr: F, en: F }\n    type: texte\n    required: true\n    pattern: ^([a-z]+$\n`;
      const head = RAIL_BR_PIX.slice(0, RAIL_BR_PIX.indexOf('fields:\n') + 'fields:\n'.length);
      return `${head + Array.from({ length: Math.ceil(bytes / field(0).length) }, (_, i) => field(i)).join('')}verifiedAt: "2026-10-01"\n`;
    },
  },
];

/** Parses, schema-checks, locates and rule-checks one file (as validate does, in process); returns ms and the problem count. */
function timeShape(file: string, text: string): { ms: number; problems: number } {
  const start = process.hrtime.bigint();
  const loaded = loadTexts('/bench', [{ name: file, text }], '/bench', Number.POSITIVE_INFINITY);
  const { catalog, problems } = checkSchemas(loaded);
  problems.push(...loaded.problems, ...runRules(catalog, '2026-11-22'));
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, problems: problems.length };
}

function benchShapes(): void {
  console.log('adversarial files (in process; time per KB must stay within 2x from 100 KB to 1 MB):');
  timeShape('countries/FR.yaml', 'code: FR\n'); // load the schemas and rules outside the timings
  for (const shape of SHAPES) {
    const cells = [100 * 1024, 1024 * 1024].map((bytes) => {
      const text = shape.make(bytes);
      const times: number[] = [];
      let problems = 0;
      for (let r = 0; r < Math.max(1, runs); r++) {
        const t = timeShape(shape.file, text);
        times.push(t.ms);
        problems = t.problems;
      }
      const ms = median(times);
      return { kb: text.length / 1024, ms, perKb: ms / (text.length / 1024), problems };
    });
    const ratio = cells[1].perKb / cells[0].perKb;
    const shown = cells
      .map((c) => `${c.kb.toFixed(0).padStart(5)} KB ${c.ms.toFixed(0).padStart(6)} ms ${c.perKb.toFixed(3).padStart(7)} ms/KB (${c.problems} problems)`)
      .join('  |  ');
    console.log(`  ${shape.name.padEnd(78)} ${shown}  ratio ${ratio.toFixed(2)}${ratio > 2 ? '  OVER 2x' : ''}`);
  }
}

if (values['shapes-only']) {
  benchShapes();
  process.exit(0);
}

/** Medians of runs, and the table of results. */
const runsOf = (xs: number[]) => `[${xs.map((x) => x.toFixed(0)).join(', ')}]`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
function row(label: string, ms: number[], target: string, ok?: boolean): void {
  console.log(
    `${label.padEnd(58)} ${median(ms).toFixed(0).padStart(6)} ms  ${runsOf(ms).padEnd(34)} ${target.padEnd(24)} ${ok === undefined ? '' : verdict(ok)}`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'catalog-bench-'));
try {
  // What bin/catalog.js runs must be what src/ says.
  const compiled = spawnSync(process.execPath, [path.join(root, 'scripts/compile.mjs')], { cwd: root, stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error('npm run compile failed');
  rssModule = path.join(dir, 'maxrss.cjs');
  writeFileSync(rssModule, "process.on('exit', () => require('node:fs').writeSync(2, '\\n@@maxrss ' + process.resourceUsage().maxRSS + '\\n'));\n");

  const t0 = Date.now();
  const catalogDir = path.join(dir, 'catalog');
  generateCatalog(catalogDir, railCount);
  console.log(`generated ${railCount} rails and ${COUNTRY_CODES.length} countries in ${catalogDir} (${Date.now() - t0} ms)`);
  const cpus = os.cpus();
  console.log(
    `machine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}; node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const bin = path.join(root, 'bin/catalog.js');
  const ajvCli = require.resolve('ajv-cli/dist/index.js');
  const cacheFile = path.join(dir, 'validate-cache.json');
  const validate = (folder: string, extra: string[] = []) => [bin, 'validate', '--dir', folder, '--today', '2026-11-22', '--format', 'json', ...extra];
  const ajv = [
    ajvCli,
    'validate',
    '--spec=draft7',
    '-c',
    'ajv-formats',
    '-s',
    path.join(root, 'schemas/rail.schema.json'),
    '-r',
    path.join(root, 'schemas/common.schema.json'),
    '-d',
    path.join(catalogDir, 'rails/*.yaml'),
  ];
  const ours: Timed[] = [];
  const theirs: Timed[] = [];
  const noneChanged: number[] = [];
  const typed: number[] = [];
  // Node's own start (an empty CommonJS file, with the same preload): the floor under every command, which moves with the
  // machine; printed so that a reader can tell the tool's time from the machine's.
  const emptyFile = path.join(dir, 'empty.cjs');
  writeFileSync(emptyFile, '');
  /** Appends a comment to one generated rail of `folder`: one file changed since the last --cache run. */
  const editRail = (folder: string, i: number, note: string) => appendFileSync(path.join(folder, 'rails', `${railId(i % railCount)}.yaml`), `# ${note}\n`);
  // The same catalog committed in a git repository, as analysts keep it: validate then compares with the base
  // revision (HEAD), which it reads on every run.
  const repoDir = path.join(dir, 'repo');
  const repoCache = path.join(dir, 'repo-cache');
  cpSync(catalogDir, path.join(repoDir, 'catalog'), { recursive: true });
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'catalog'],
  ]) {
    const git = spawnSync('git', args, { cwd: repoDir, stdio: 'ignore' });
    if (git.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${repoDir}`);
  }
  const inRepo = ['validate', '--today', '2026-11-22', '--format', 'json', '--cache', '--cache-location', repoCache];
  /**
   * The short commands, each with its target: timed in every round as the machine is, and again without
   * NODE_EXTRA_CA_CERTS when it is set (this project's machine sets it): node 20 reads and parses that certificate file
   * at every start, before any script runs, tens of milliseconds on every process, ours and ajv-cli's alike. `edit`:
   * what changes before each timing (a different rail each time).
   */
  const short: Array<{ label: string; args: string[]; cwd?: string; limit?: number; edit?: (round: number, again: boolean) => void }> = [
    // One file edited since the last --cache run (the analyst's loop).
    {
      label: `catalog validate --cache: 1 file changed of ${railCount}`,
      args: validate(catalogDir, ['--cache', '--cache-location', cacheFile]),
      limit: 300,
      edit: (r, again) => editRail(catalogDir, r * 7 + (again ? 3 : 0), `edited in run ${r}${again ? ', again' : ''}`),
    },
    // The same in the git checkout: the edits pile up, as in a working session, and each run compares with HEAD.
    {
      label: 'the same in a git checkout (base HEAD): 1 file changed',
      args: [bin, ...inRepo],
      cwd: repoDir,
      limit: 300,
      edit: (r, again) => editRail(path.join(repoDir, 'catalog'), r * 7 + (again ? 3 : 0), `edited in run ${r}${again ? ', again' : ''}`),
    },
    // As an analyst runs it: the date of the day (the bundled catalog is checked on dates up to today), in the git
    // checkout, so with the default base revision.
    { label: 'catalog validate: bundled catalog, cold process', args: [bin, 'validate', '--format', 'json'], limit: 250 },
    { label: 'catalog --version', args: [bin, '--version'], limit: 100 },
    { label: 'catalog rules', args: [bin, 'rules'], limit: 100 },
    { label: 'node alone (an empty file): the floor of each row', args: [emptyFile] },
  ];
  const CA = 'NODE_EXTRA_CA_CERTS';
  const withoutCa = process.env[CA] ? Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== CA)) : undefined;
  const asIs = short.map(() => [] as number[]);
  const bare = short.map(() => [] as number[]);
  const timeShort = (into: number[][], env: NodeJS.ProcessEnv, round: number, again: boolean) =>
    short.forEach((c, i) => {
      c.edit?.(round, again);
      into[i].push(time(c.label, c.args, env, c.cwd).ms);
    });
  const shortRow = (i: number, ms: number[]) => {
    const { label, limit } = short[i];
    row(label, ms, limit === undefined ? '(machine)' : `< ${limit} ms`, limit === undefined ? undefined : median(ms) < limit);
  };
  time('catalog validate --cache (fills the cache)', validate(catalogDir, ['--cache', '--cache-location', cacheFile]));
  time('catalog validate --cache in a checkout (fills the cache)', [bin, ...inRepo], process.env, repoDir);
  timeTyped(README_COMMAND);
  // Alternating runs: a load that comes and goes weighs on every command alike.
  for (let r = 0; r < runs; r++) {
    theirs.push(time('ajv-cli', ajv));
    const full = time('catalog validate', validate(catalogDir));
    if (full.status !== 0) throw new Error('the generated catalog should be valid: run with --keep and inspect it');
    ours.push(full);
    timeShort(asIs, process.env, r, false);
    // Nothing changed since the --cache run just above (the other short commands do not touch that catalog).
    noneChanged.push(time('catalog validate --cache, nothing changed', validate(catalogDir, ['--cache', '--cache-location', cacheFile])).ms);
    if (withoutCa) timeShort(bare, withoutCa, r, true);
    typed.push(timeTyped(README_COMMAND));
  }
  const a = median(ours.map((t) => t.ms));
  const b = median(theirs.map((t) => t.ms));
  console.log(`\n${'measure (fresh process each run)'.padEnd(58)} ${'median'.padStart(9)}  ${'runs'.padEnd(34)} ${'target'.padEnd(24)} verdict`);
  row(
    `ajv-cli: ${railCount} rails, rail schema only`,
    theirs.map((t) => t.ms),
    '(reference)',
  );
  row(
    `catalog validate: ${railCount} rails, full`,
    ours.map((t) => t.ms),
    `${(a / b).toFixed(2)}x ajv-cli, <= 0.80x`,
    a / b <= 0.8,
  );
  const ra = median(ours.map((t) => t.rssMb));
  const rb = median(theirs.map((t) => t.rssMb));
  console.log(`${'peak memory (maxRSS), same runs'.padEnd(58)} catalog validate ${ra.toFixed(0)} MB, ajv-cli ${rb.toFixed(0)} MB (${(ra / rb).toFixed(2)}x)`);
  shortRow(0, asIs[0]);
  row(`catalog validate --cache: nothing changed`, noneChanged, '(no target)');
  for (let i = 1; i < short.length; i++) shortRow(i, asIs[i]);
  row(`README as typed: ${README_COMMAND}`, typed, '< 300 ms', median(typed) < 300);
  if (withoutCa) {
    console.log(`\n${CA} is set here (${process.env[CA]}): node 20 reads and parses it at every start. The same commands without it, in the same rounds:`);
    for (let i = 0; i < short.length; i++) shortRow(i, bare[i]);
  }
  // The language server as docs/editor.md starts it: the same catalog in a git checkout holding dozens of uncommitted
  // changes, the base comparison on; yaml-language-server on the same edits beside it.
  console.log(
    `\nthe language server (load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const checkout = path.join(dir, 'lsp');
  printLspRows(await benchLsp(checkout, prepareCheckout(catalogDir, checkout, railCount)));
  console.log(lspNote());
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  benchShapes();
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
