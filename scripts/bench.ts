/**
 * npm run bench: generates a catalog of 10,000 rails (plus their countries) in a temporary folder, then times
 * `catalog validate` on it (full validation: locations and every rule, a fresh process as a user runs it) beside
 * ajv-cli validating the same rail files against the same rail schema (schema only, one process).
 * Prints both wall times and their ratio; the target is a ratio <= 1.0.
 *
 * It also times `catalog validate --cache` when no file changed since the previous run (the analyst's loop).
 * Options: --rails N (default 10000), --runs N (default 3, the median is reported), --keep (keep the folder).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COUNTRY_CODES } from '../src/core/iso.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { values } = parseArgs({ options: { rails: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' }, keep: { type: 'boolean', default: false } } });
const railCount = Number(values.rails);
const runs = Number(values.runs);

/** A realistic rail: a SEPA-like transfer with a patterned IBAN field, a BIC and a select. */
function railYaml(id: string, cc: string, i: number): string {
  return `# yaml-language-server: $schema=../../schemas/rail.schema.json
id: ${id}
slug: m${i}
name: Generated rail ${i}
kind: ${i % 2 ? 'bank_transfer' : 'instant_bank'}
currency: EUR
countries: [${cc}]
phase: ${['live', 'beta', 'planned', 'live'][i % 4]}
settlement:
  p50Minutes: ${1 + (i % 30)}
  p95Minutes: ${60 + (i % 30)}
  businessDaysOnly: ${i % 2 ? 'true' : 'false'}
  cutoff: { time: "16:00", timeZone: Europe/Paris }
  calendar: TARGET2
limits:
  minMinor: 100
  maxMinor: ${10_000_000 + i}
  decimals: 2
fees:
  fixedMinor: ${i % 100}
  bps: ${i % 50}
fields:
  - name: iban
    label: { fr: IBAN du bénéficiaire, en: Beneficiary IBAN }
    type: iban
    required: true
    pattern: ^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$
    maxLength: 34
    normalize: upper_remove_spaces
    help: { fr: "IBAN, espaces autorisés", en: "IBAN, spaces allowed" }
    examples: ["FR14 2004 1010 0505 0001 3M02 606", "DE89370400440532013000"]
    counterexamples: ["FR14 2004 1010 0505 0001 3M02 607"]
  - name: bic
    label: { fr: BIC, en: BIC }
    type: text
    required: false
    pattern: ^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$
    normalize: upper
    help: { fr: 8 ou 11 caractères, en: 8 or 11 characters }
    examples: [BNPAFRPP, DEUTDEFF500]
    counterexamples: [BNPAFRP]
  - name: accountType
    label: { fr: Type de compte, en: Account type }
    type: select
    required: true
    options:
      - { value: personal, label: { fr: Personnel, en: Personal } }
      - { value: business, label: { fr: Professionnel, en: Business } }
verifiedAt: "2026-10-0${1 + (i % 9)}"
`;
}

function generate(dir: string): void {
  const codes = [...COUNTRY_CODES].sort();
  for (const sub of ['rails', 'assets', 'countries']) mkdirSync(path.join(dir, sub), { recursive: true });
  for (const cc of codes) writeFileSync(path.join(dir, 'countries', `${cc}.yaml`), `code: ${cc}\nname: Country ${cc}\ncurrency: EUR\nstatus: open\n`);
  for (let i = 0; i < railCount; i++) {
    const cc = codes[i % codes.length];
    const id = `${cc}-m${i}`;
    writeFileSync(path.join(dir, 'rails', `${id}.yaml`), railYaml(id, cc, i));
  }
}

function time(label: string, cmd: string, args: string[]): { ms: number; status: number | null } {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${label} failed (${r.status}): ${r.stderr}`);
  return { ms, status: r.status };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const dir = mkdtempSync(path.join(tmpdir(), 'catalog-bench-'));
try {
  const t0 = Date.now();
  generate(dir);
  console.log(`generated ${railCount} rails and ${COUNTRY_CODES.length} countries in ${dir} (${Date.now() - t0} ms)`);

  const ajvCli = require.resolve('ajv-cli/dist/index.js');
  const cacheFile = path.join(dir, '.parse-cache.json');
  const validate = (extra: string[]) => [path.join(root, 'bin/catalog.js'), 'validate', '--dir', dir, '--today', '2026-11-22', '--format', 'json', ...extra];
  const cold: number[] = [];
  const warm: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const a = time('catalog validate', process.execPath, validate([]));
    if (a.status !== 0) throw new Error('the generated catalog should be valid: run with --keep and inspect it');
    cold.push(a.ms);
    rmSync(cacheFile, { force: true });
    time('catalog validate --cache (fills the cache)', process.execPath, validate(['--cache', '--cache-location', cacheFile]));
    warm.push(time('catalog validate --cache', process.execPath, validate(['--cache', '--cache-location', cacheFile])).ms);
    const b = time('ajv-cli', process.execPath, [ajvCli, 'validate', '--spec=draft7', '-c', 'ajv-formats', '-s', path.join(root, 'schemas/rail.schema.json'), '-r', path.join(root, 'schemas/common.schema.json'), '-d', path.join(dir, 'rails/*.yaml')]);
    theirs.push(b.ms);
  }
  const a = median(cold);
  const w = median(warm);
  const b = median(theirs);
  const runsOf = (xs: number[]) => `[runs: ${xs.map((x) => x.toFixed(0)).join(', ')}]`;
  console.log(`ajv-cli, rail schema only, one process:                      ${b.toFixed(0).padStart(6)} ms  ${runsOf(theirs)}`);
  console.log(`catalog validate, full (locations + every rule), no cache:   ${a.toFixed(0).padStart(6)} ms  ${runsOf(cold)}  ratio ${(a / b).toFixed(2)}`);
  console.log(`catalog validate --cache, nothing changed since the last run: ${w.toFixed(0).padStart(6)} ms  ${runsOf(warm)}  ratio ${(w / b).toFixed(2)}`);
  console.log('target: ratio <= 1.00');

  const bundled: number[] = [];
  for (let r = 0; r < runs; r++) bundled.push(time('bundled', process.execPath, [path.join(root, 'bin/catalog.js'), 'validate', '--dir', path.join(root, 'catalog'), '--today', '2026-11-22', '--format', 'json']).ms);
  console.log(`catalog validate on the bundled catalog, new process each time: ${median(bundled).toFixed(0)} ms ${runsOf(bundled)} (target < 1000 ms)`);
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
