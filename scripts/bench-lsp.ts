/**
 * The language server's rows of `npm run bench`, on the generated catalog, with yaml-language-server on the same edits
 * beside them. The server runs as docs/editor.md starts it: `catalog lsp --stdio` in a git checkout, comparing with the
 * base revision, the checkout holding dozens of uncommitted changes (prepareCheckout), driven by a protocol client
 * (test/lsp/client.ts). Each edit toggles a problem, so that every keystroke is answered by a publication: the time
 * from the change sent to the diagnostics received is what the analyst waits.
 * - first diagnostics: from `initialize` sent to the complete diagnostics of a changed rail opened at once (its
 *   warning against the base included), from the memo an earlier `validate --cache` kept (the analyst's case) and cold
 *   (--no-cache: every file judged);
 * - an edit inside one entry (a negative amount, judged by the entry alone), p95;
 * - an edit that changes what catalog-wide rules read (a rail's id made another's, then back), p95;
 * - a country added to a policy list and removed (the error lands in the country's file), p95;
 * - the server's resident memory after those edits (VmRSS of /proc), at least 100 of them.
 * yaml-language-server holds only the open buffers and checks them against the schemas; this server holds the whole
 * catalog and runs every rule across files and against the base: the rows say so.
 *
 * Run alone (to profile: CATALOG_LSP_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' is handed to the server):
 *   npx tsx scripts/bench-lsp.ts [--rails 10000] [--edits 40] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LspClient, type ServerCommand } from '../test/lsp/client.js';
import { BUNDLED_TODAY } from '../test/helpers/bundled.js';
import { generateCatalog, railId } from '../test/helpers/generated-catalog.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(root, 'bin/catalog.js');

/** One row: what was measured, its figure, the server's CPU time for it, the target, and the load average then. */
export interface LspRow {
  label: string;
  value: number;
  unit: 'ms' | 'MB';
  /** The server's own CPU time (user and system): for a keystroke, its mean over the series. */
  cpu?: number;
  target: string;
  /** Whether the target is met (none: a reference row). */
  ok?: boolean;
  /** The 1-minute load average when the row was measured: the machine is shared. */
  load: number;
}

/** A policy list of the benchmark's own: adding a country to it puts an error into that country's file. */
const BENCH_POLICY =
  'id: bench-list\nname: A list for the benchmark\npublisher: Nobody\nurl: https://example.org/list\nasOf: "2026-01-01"\nscope: Test.\neffect:\n  status: restricted\n  reason: international_sanctions\ncountries: [ ]\n';

/** How many rails differ from the base revision in the checkout: dozens of uncommitted changes, as in a working day. */
const CHANGED_RAILS = 36;

/** The files the rows edit, relative to the checkout. */
export interface BenchFiles {
  /** A rail changed since the base (its limit raised without a new verifiedAt: a warning against the base). */
  rail: string;
  /** Another rail, whose id the catalog-wide edit borrows. */
  other: string;
  list: string;
  country: string;
}

const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'pipe' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${run.stderr}`);
};

/**
 * A git checkout of the catalog in `checkout` (with the schemas, which yaml-language-server reads through the modeline
 * of each rail), the base committed, then dozens of uncommitted changes: rails whose limit was raised, two rails added,
 * two removed. Then `validate --cache` once, which keeps the memo the server starts from.
 */
export function prepareCheckout(catalogDir: string, checkout: string, railCount: number): BenchFiles {
  cpSync(catalogDir, path.join(checkout, 'catalog'), { recursive: true });
  cpSync(path.join(root, 'schemas'), path.join(checkout, 'schemas'), { recursive: true });
  mkdirSync(path.join(checkout, 'catalog/policies'), { recursive: true });
  writeFileSync(path.join(checkout, 'catalog/policies/bench-list.yaml'), BENCH_POLICY);
  git(checkout, 'init', '-q', '-b', 'main');
  git(checkout, 'add', '-A');
  git(checkout, 'commit', '-q', '-m', 'catalog');
  const railFile = (i: number) => path.join(checkout, 'catalog/rails', `${railId(i)}.yaml`);
  for (let k = 0; k < CHANGED_RAILS; k++) {
    const file = railFile(2 + k * Math.floor(railCount / CHANGED_RAILS));
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^ {2}maxMinor: (\d+)$/m, (_, n) => `  maxMinor: ${Number(n) + 1}`),
    );
  }
  for (const i of [3, 5]) unlinkSync(railFile(i));
  for (const i of [railCount, railCount + 1]) {
    const text = readFileSync(railFile(7), 'utf8')
      .replaceAll(railId(7), railId(i))
      .replace(/^slug: .*$/m, `slug: added${i}`);
    writeFileSync(railFile(i), text);
  }
  appendFileSync(path.join(checkout, '.gitignore'), '.catalogcache\n');
  const memo = spawnSync(process.execPath, [BIN, 'validate', '--cache', '--today', BUNDLED_TODAY, '--format', 'json'], { cwd: checkout, stdio: 'ignore' });
  if (memo.status !== 0 && memo.status !== 1) throw new Error(`validate --cache failed in ${checkout}`);
  return {
    rail: `catalog/rails/${railId(2)}.yaml`,
    other: `catalog/rails/${railId(1)}.yaml`,
    list: 'catalog/policies/bench-list.yaml',
    country: `catalog/countries/${railId(0).slice(0, 2)}.yaml`,
  };
}

/** The CPU time a process has used (user and system, from /proc; 10 ms ticks), in ms: what a busy machine blurs less. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** Keystrokes typed before each timed series. */
const WARM_UP = 4;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

/** yaml-language-server as an editor starts it, with the schema store off (it would fetch its list from the network). */
function yamlLanguageServer(): ServerCommand {
  const bin = createRequire(import.meta.url).resolve('yaml-language-server/bin/yaml-language-server');
  return {
    command: [process.execPath, bin, '--stdio'],
    settings: { yaml: { schemaStore: { enable: false }, validate: true }, http: {}, '[yaml]': {}, editor: {} },
  };
}

/** The catalog server as the docs start it, with what the profile asks for. */
function catalogServer(args: string[]): ServerCommand {
  const flags = process.env.CATALOG_LSP_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  return { command: [process.execPath, ...flags, BIN, 'lsp', '--stdio', '--today', BUNDLED_TODAY, ...args] };
}

/** The same keystrokes, timed against one server: each from the change sent to the next publication of `watched`. */
async function keystrokes(
  client: LspClient,
  files: BenchFiles,
  edits: number,
  otherId: string,
): Promise<{ inside: number[]; wide: number[]; policy: number[]; cpuPerEdit: number[] }> {
  const cpuPerEdit: number[] = [];
  const rail = readFileSync(path.join(client.root, files.rail), 'utf8');
  const list = readFileSync(path.join(client.root, files.list), 'utf8');
  const typed = async (name: string, watched: string, texts: [string, string]): Promise<number[]> => {
    const times: number[] = [];
    let cpu = 0;
    // The first keystrokes of a series, not timed: V8 compiles the code they run, once (WARM_UP, an even number, keeps
    // the toggles in step).
    for (let i = -WARM_UP; i < edits; i++) {
      if (i === 0) cpu = cpuMs(client.process.pid!);
      const before = client.publications.get(client.uri(watched)) ?? 0;
      const t = performance.now();
      await client.change(name, texts[(i + WARM_UP) % 2]);
      await client.until(() => (client.publications.get(client.uri(watched)) ?? 0) > before, 10_000, `keystroke ${i} on ${name}`);
      if (i >= 0) times.push(performance.now() - t);
    }
    cpuPerEdit.push((cpuMs(client.process.pid!) - cpu) / edits);
    return times;
  };
  const inside = await typed(files.rail, files.rail, [rail.replace(/^ {2}maxMinor: .*$/m, '  maxMinor: -5'), rail]);
  const wide = await typed(files.rail, files.rail, [rail.replace(/^id: .*$/m, `id: ${otherId}`), rail]);
  await client.open(files.list, list);
  await client.until(() => client.of(files.list) !== undefined, 10_000, 'the list opened');
  const code = path.basename(files.country, '.yaml');
  // yaml-language-server says nothing of the country's file: its row waits for the list's own publication.
  const watched = client.process.spawnargs.some((a) => a.includes('yaml-language-server')) ? files.list : files.country;
  const policy = await typed(files.list, watched, [list.replace(/countries: \[/, `countries: [ ${code}, `), list]);
  return { inside, wide, policy, cpuPerEdit };
}

/** From `initialize` sent to the moment `ready` holds of the published diagnostics, in a server then shut down. */
async function firstDiagnostics(checkout: string, file: string, server: ServerCommand, ready: (c: LspClient) => boolean): Promise<{ ms: number; cpu: number }> {
  const client = new LspClient(checkout, [], server);
  try {
    const started = performance.now();
    await client.initialize();
    await client.open(file, readFileSync(path.join(checkout, file), 'utf8'));
    await client.until(() => ready(client), 60_000, 'first diagnostics');
    return { ms: performance.now() - started, cpu: cpuMs(client.process.pid!) };
  } finally {
    await client.close();
  }
}

/** Every row, ours then yaml-language-server's, on the checkout `prepareCheckout` made. */
export async function benchLsp(checkout: string, files: BenchFiles, edits = 40): Promise<LspRow[]> {
  const load = () => os.loadavg()[0];
  const warned = (c: LspClient) => (c.of(files.rail) ?? []).some((d) => d.code === 'unverified-change');
  const cold = { ...(await firstDiagnostics(checkout, files.rail, catalogServer(['--no-cache']), warned)), load: load() };
  const memo = { ...(await firstDiagnostics(checkout, files.rail, catalogServer([]), warned)), load: load() };
  const otherId = /^id: (.*)$/m.exec(readFileSync(path.join(checkout, files.other), 'utf8'))![1];
  const measure = async (server: ServerCommand) => {
    const client = new LspClient(checkout, [], server);
    try {
      await client.initialize();
      await client.open(files.rail, readFileSync(path.join(checkout, files.rail), 'utf8'));
      await client.until(() => client.of(files.rail) !== undefined, 60_000, 'first diagnostics');
      const times = await keystrokes(client, files, edits, otherId);
      return { ...times, rss: rssMb(client.process.pid!), load: load() };
    } finally {
      await client.close();
    }
  };
  const ours = await measure(catalogServer([]));
  const yamlls = await measure(yamlLanguageServer());
  const theirFirst = { ...(await firstDiagnostics(checkout, files.rail, yamlLanguageServer(), (c) => c.of(files.rail) !== undefined)), load: load() };
  const count = 3 * (edits + WARM_UP);
  const theirs = (label: string, value: number, cpu: number | undefined, at: number, unit: LspRow['unit'] = 'ms'): LspRow => ({
    label: `  yaml-language-server: ${label}`,
    value,
    unit,
    cpu,
    target: '(reference)',
    load: at,
  });
  const keystroke = (label: string, times: number[], cpu: number, target: number): LspRow => ({
    label: `lsp: keystroke ${label}, p95 of ${edits}`,
    value: p95(times),
    unit: 'ms',
    cpu,
    target: `p95 < ${target} ms`,
    ok: p95(times) < target,
    load: ours.load,
  });
  return [
    { label: 'lsp: first diagnostics, from the memo', value: memo.ms, unit: 'ms', cpu: memo.cpu, target: '< 1000 ms', ok: memo.ms < 1000, load: memo.load },
    { label: 'lsp: first diagnostics, cold (--no-cache)', value: cold.ms, unit: 'ms', cpu: cold.cpu, target: '< 2000 ms', ok: cold.ms < 2000, load: cold.load },
    theirs('first diagnostics (the open file only)', theirFirst.ms, theirFirst.cpu, theirFirst.load),
    keystroke('inside one entry', ours.inside, ours.cpuPerEdit[0], 100),
    theirs(`the same keystrokes, p95 of ${edits}`, p95(yamlls.inside), yamlls.cpuPerEdit[0], yamlls.load),
    keystroke("on a rail's id", ours.wide, ours.cpuPerEdit[1], 300),
    theirs(`the same keystrokes, p95 of ${edits}`, p95(yamlls.wide), yamlls.cpuPerEdit[1], yamlls.load),
    keystroke('on a policy list', ours.policy, ours.cpuPerEdit[2], 300),
    theirs(`the same keystrokes, p95 of ${edits}`, p95(yamlls.policy), yamlls.cpuPerEdit[2], yamlls.load),
    { label: `lsp: the server's RSS after ${count} edits`, value: ours.rss, unit: 'MB', target: '< 150 MB', ok: ours.rss < 150, load: ours.load },
    theirs(`RSS after the same ${count} edits`, yamlls.rss, undefined, yamlls.load, 'MB'),
  ];
}

/** The note printed under the rows: what each server holds, and what the machine was doing. */
export function lspNote(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return [
    'yaml-language-server holds only the open buffers and checks each against its schema (after its own 200 ms settle delay);',
    'catalog lsp holds the whole catalog and runs every rule across files and against the base revision.',
    `load average (1, 5, 15 min): ${load}`,
  ].join('\n');
}

/** The rows as a table: the figure, the server's CPU time for it (a keystroke's: its mean), the load average then. */
export function printLspRows(rows: LspRow[]): void {
  console.log(`${'language server row'.padEnd(62)} ${'figure'.padStart(8)} ${'its CPU'.padStart(8)}  ${'target'.padEnd(14)} ${'verdict'.padEnd(7)} load`);
  for (const r of rows) {
    const cpu = r.cpu === undefined ? '' : `${r.cpu.toFixed(0)} ms`;
    const verdict = r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED';
    console.log(
      `${r.label.padEnd(62)} ${`${r.value.toFixed(0)} ${r.unit}`.padStart(8)} ${cpu.padStart(8)}  ${r.target.padEnd(14)} ${verdict.padEnd(7)} ${r.load.toFixed(2)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { rails: { type: 'string', default: '10000' }, edits: { type: 'string', default: '40' }, keep: { type: 'boolean', default: false } },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-bench-lsp-'));
  try {
    const railCount = Number(values.rails);
    generateCatalog(path.join(dir, 'catalog'), railCount);
    const files = prepareCheckout(path.join(dir, 'catalog'), path.join(dir, 'checkout'), railCount);
    console.log(`${railCount} rails in a git checkout with ${CHANGED_RAILS + 4} uncommitted changes: ${dir}/checkout`);
    printLspRows(await benchLsp(path.join(dir, 'checkout'), files, Number(values.edits)));
    console.log(lspNote());
  } finally {
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
}
