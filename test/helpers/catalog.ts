/** Test helpers: write a small catalog into a temporary folder and validate it as the CLI would. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Problem } from '../../src/model/problem.js';
import { checkSchemas } from '../../src/check/schema.js';
import { validateCatalog, type ValidateOptions, type Validation } from '../../src/pipeline/validate.js';
import { validateCached } from '../../src/cache/validate-cached.js';
import type { BaseDelta } from '../../src/history/delta.js';
import { loadTexts } from '../../src/parse/load.js';
import { cmp } from '../../src/model/problem.js';
import { defineRule, type Rule } from '../../src/rules/define.js';
import { rules as registry } from '../../src/rules/index.js';

/** The date every test judges the catalog on: tests never depend on the real date. */
export const TODAY = '2026-11-22';

/** A valid rail. Line numbers matter to the tests: keep them stable (line 1 is `id`). */
export const RAIL_BR_PIX = `id: BR-pix
slug: pix
name: Pix
kind: instant_bank
currency: BRL
countries: [BR]
phase: live
settlement:
  p50Minutes: 1
  p95Minutes: 10
  businessDaysOnly: false
limits:
  minMinor: 100
  maxMinor: 100000000
  decimals: 2
fees:
  fixedMinor: 0
  bps: 50
fields:
  - name: pixKey
    label: { fr: Clé Pix, en: Pix key }
    type: text
    required: true
    pattern: ^[A-Za-z0-9@.+_-]{1,77}$
    maxLength: 77
    help: { fr: Clé Pix du bénéficiaire, en: The beneficiary's Pix key }
    examples: ["+5511987654321"]
    counterexamples: ["not a key!"]
verifiedAt: "2026-10-01"
sources:
  - url: https://www.bcb.gov.br/estabilidadefinanceira/pix
    title: Pix, Banco Central do Brasil
    checked: "2026-10-01"
decisions:
  - pointer: /currency
    reason: The Brazilian real, the currency Pix pays in.
  - pointer: /settlement
    reason: Our delays for an instant payment.
  - pointer: /limits
    reason: Our per-payout minimum and cap.
  - pointer: /fees
    reason: Our own price per payout.
  - pointer: /fields/pixKey
    reason: The Pix key as the fixture writes it.
`;

/**
 * RAIL_BR_PIX whose pixKey depends on a key type (written after it: the pattern rules do not mind) with one variant of
 * the given pattern at line 33 and examples at line 34 (lines 1-28 unchanged).
 */
export function railWithVariantPattern(pattern: string, examples: string[] = ['1234']): string {
  const dependent = [
    '    dependsOn:', // 29
    '      field: keyType', // 30
    '      variants:', // 31
    '        - when: [a]', // 32
    `          pattern: '${pattern.replace(/'/g, "''")}'`, // 33
    `          examples: ${JSON.stringify(examples)}`, // 34
    '      otherwise: {}', // 35
    '  - name: keyType',
    '    type: select',
    '    required: true',
    '    options: [{ value: a, label: { fr: A, en: A } }, { value: b, label: { fr: B, en: B } }]',
  ];
  return RAIL_BR_PIX.replace('verifiedAt:', () => `${dependent.join('\n')}\nverifiedAt:`);
}

/** A valid open country served by BR-pix. */
export const COUNTRY_BR = `code: BR
name: Brazil
currency: BRL
status: open
`;

/** A valid asset. */
export const ASSET_USDC = `id: usdc
ticker: USDC
name: USD Coin
decimals: 6
networks: [ethereum, solana]
stablecoin: true
quoteLockSeconds: 30
minDepositBase: "10000000"
phase: live
`;

/** The smallest valid catalog: one rail, its country, one asset. Tests add or replace files. */
export const VALID: Record<string, string> = {
  'rails/BR-pix.yaml': RAIL_BR_PIX,
  'countries/BR.yaml': COUNTRY_BR,
  'assets/usdc.yaml': ASSET_USDC,
};

/**
 * A base revision read whole (files: name → text, as git would give them): every file counts as changed, so the base's
 * catalog is made of these texts alone, whatever the working tree holds. The catalog folder is `dir`, shown from `cwd`
 * (by default the folder itself, so that display paths are the names, rails/BR-pix.yaml, as in writeCatalog's folders).
 */
export function wholeBase(files: Record<string, string>, dir = '/base', cwd = dir): BaseDelta {
  const texts = Object.entries(files).map(([name, text]) => ({ name, text }));
  const names = new Set(texts.map((t) => t.name).sort(cmp));
  return { dir, names, changed: new Set(names), own: checkSchemas(loadTexts(dir, texts, cwd)).catalog };
}

/**
 * `files` as the base revision of the catalog folder `catalogDir` (display paths from `cwd`), as the CLI reads it: only
 * the files whose text the folder no longer has are the base's own, the others' entries are the working tree's; or,
 * `whole`, every file the base's own (the base read whole, as a reference).
 */
export function baseAsRead(catalogDir: string, cwd: string, files: Record<string, string>, whole: boolean): BaseDelta {
  const now = (name: string) => {
    try {
      return readFileSync(path.join(catalogDir, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const names = Object.keys(files).sort(cmp);
  const touched = Object.fromEntries(names.filter((name) => whole || now(name) !== files[name]).map((name) => [name, files[name]]));
  return { ...wholeBase(touched, catalogDir, cwd), names: new Set(names) };
}

/** Edits files of a catalog folder: a name's new text, or null to delete it. */
export function editCatalog(catalogDir: string, edits: Record<string, string | null>): void {
  for (const [name, text] of Object.entries(edits)) {
    const file = path.join(catalogDir, name);
    if (text === null) rmSync(file);
    else {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }
}

/** Writes files (name → text, names relative to the catalog folder) into a new temporary folder; returns its path. */
export async function writeCatalog(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'catalog-test-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

/** Validates files as a catalog; problem paths are relative to the catalog folder (rails/BR-pix.yaml). */
export async function validateFiles(
  files: Record<string, string>,
  options: { today?: string; base?: BaseDelta; rules?: Record<string, Rule> } = {},
): Promise<Validation> {
  const dir = await writeCatalog(files);
  return validateCatalog({ dir: '.', cwd: dir, today: options.today ?? TODAY, base: options.base, rules: options.rules });
}

/** The problems of one rule (or all) for a set of files, VALID's files included unless replaced; throws if a rule crashed. */
export async function problemsOf(
  files: Record<string, string | null | undefined>,
  rule?: string,
  options: { today?: string; base?: BaseDelta } = {},
): Promise<Problem[]> {
  const merged: Record<string, string> = { ...VALID };
  for (const [name, text] of Object.entries(files)) {
    if (text === null) delete merged[name];
    else if (text !== undefined) merged[name] = text;
  }
  // Only the rule asked for runs (rules report independently of each other): a mutant of one rule is then covered by
  // that rule's tests alone, which keeps mutation testing to minutes. The checks of each file (schema, characters,
  // YAML) run as always.
  const only = rule && Object.hasOwn(registry, rule) ? { [rule]: registry[rule as keyof typeof registry] } : undefined;
  const { report, crashed } = await validateFiles(merged, { ...options, rules: only });
  // A rule that throws reports nothing: a test that expects no problem must not pass because the rule crashed.
  if (crashed.length > 0) throw new Error(`rules crashed: ${crashed.map((c) => `${c.rule}: ${c.error.message}`).join('; ')}`);
  return rule ? report.problems.filter((p) => p.rule === rule) : report.problems;
}

/** Replaces the first line starting with `key:` (after indentation) in a YAML text; keeps line numbers stable. */
export function setLine(text: string, key: string, line: string): string {
  const re = new RegExp(`^(\\s*)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:.*$`, 'm');
  if (!re.test(text)) throw new Error(`no line ${key}: in the fixture`);
  return text.replace(re, (_m, indent: string) => indent + line);
}

/** validate, with the --cache memo around the engine when a cache file is given (as the CLI chooses). */
export function validateMaybeCached(options: ValidateOptions & { cacheFile?: string }): Promise<Validation> {
  const { cacheFile } = options;
  return cacheFile ? validateCached({ ...options, cacheFile }) : validateCatalog(options);
}

/** A catalog-wide rule that reads the names of entries, counting its runs and reporting every rail named "Pix". */
export function countedNameRule(): { counter: { runs: number }; rules: Record<string, Rule> } {
  const counter = { runs: 0 };
  const rule = defineRule({
    id: 'counted',
    severity: 'warning',
    scope: 'catalog',
    reads: ['name'],
    description: 'test rule',
    messages: { 'named-pix': 'A rail is named Pix.' },
    check({ catalog, report }) {
      counter.runs++;
      for (const rail of catalog.rails) if (rail.data.name === 'Pix') report(rail, '/name', 'named Pix', { messageId: 'named-pix' });
    },
  });
  return { counter, rules: { ...registry, counted: rule } };
}
