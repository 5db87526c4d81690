/**
 * Runs the two linters clients use on the service's generated OpenAPI document: Redocly CLI (its recommended ruleset,
 * redocly.yaml) and Spectral (spectral:oas, .spectral.yaml), both from this package's devDependencies. Used by
 * test/service/openapi-lint.test.ts and `npm run lint:openapi`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../../src/service/document/openapi.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What one linter found: counts, the problems as it reports them, and its exit code. */
export interface LintResult {
  tool: string;
  errors: number;
  warnings: number;
  /** Hints and infos (Spectral), ignored problems (Redocly). */
  others: number;
  problems: string[];
  exitCode: number;
}

function run(bin: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin', bin),
      args,
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function redocly(file: string): Promise<LintResult> {
  const { code, stdout, stderr } = await run('redocly', ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json']);
  const json = stdout.slice(stdout.indexOf('{'));
  let report: {
    totals: { errors: number; warnings: number; ignored: number };
    problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
  };
  try {
    report = JSON.parse(json);
  } catch {
    throw new Error(`redocly lint did not answer JSON (exit ${code}): ${stderr.slice(0, 2000)}`);
  }
  const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`);
  return {
    tool: 'redocly lint (recommended)',
    errors: report.totals.errors,
    warnings: report.totals.warnings,
    others: report.totals.ignored,
    problems,
    exitCode: code,
  };
}

async function spectral(file: string): Promise<LintResult> {
  const { code, stdout, stderr } = await run('spectral', [
    'lint',
    file,
    '--ruleset',
    path.join(ROOT, '.spectral.yaml'),
    '--format',
    'json',
    '--fail-severity',
    'hint',
    '--quiet',
  ]);
  let results: Array<{ code: string; severity: number; message: string; path: string[] }>;
  try {
    results = JSON.parse(stdout.trim() === '' ? '[]' : stdout);
  } catch {
    throw new Error(`spectral lint did not answer JSON (exit ${code}): ${stdout.slice(0, 500)} ${stderr.slice(0, 2000)}`);
  }
  // Spectral's severities: 0 error, 1 warning, 2 info, 3 hint.
  const problems = results.map((r) => `${['error', 'warning', 'info', 'hint'][r.severity]} ${r.code} ${r.path.join('.')}: ${r.message}`);
  const count = (severity: number) => results.filter((r) => r.severity === severity).length;
  return { tool: 'spectral lint (spectral:oas)', errors: count(0), warnings: count(1), others: count(2) + count(3), problems, exitCode: code };
}

/** Writes the generated document to a temporary file and lints it with both tools (side by side). */
export async function lintOpenApi(): Promise<LintResult[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(openApiDocument(), null, 2));
    return await Promise.all([redocly(file), spectral(file)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
