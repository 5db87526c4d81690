#!/usr/bin/env node
/**
 * After `stryker run` (npm run test:mutation): the score of each mutated file and of each folder from Stryker's JSON
 * report (reports/mutation/mutation.json), as a table; exits 1 when a file is under 70 % (Stryker's own
 * `thresholds.break` holds the whole to 85 %). Score = detected (killed + timed out) / (detected + survived + no
 * coverage), as Stryker counts it; ignored and disabled mutants (`// Stryker disable ...: reason`) are left out, and
 * so are static mutants (the `static` column), whatever Stryker made of them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FILE_FLOOR = 70;
const reportFile = process.argv[2] ?? 'reports/mutation/mutation.json';
if (!existsSync(reportFile)) {
  console.error(`${reportFile} is missing: the run stopped before its end (Stryker's error is above), so there is no score.`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const tally = () => ({ detected: 0, undetected: 0, disabled: 0, static: 0 });
const files = new Map();
const folders = new Map();
for (const [file, { mutants }] of Object.entries(report.files)) {
  const t = tally();
  for (const m of mutants) {
    // Static mutants are left out (stryker.config.mjs, ignoreStatic). Stryker still runs those a test also covers, with
    // that test only, after their module was loaded: they cannot act there, so their result says nothing.
    if (m.static && m.status !== 'Ignored') t.static++;
    else if (m.status === 'Killed' || m.status === 'Timeout') t.detected++;
    else if (m.status === 'Survived' || m.status === 'NoCoverage') t.undetected++;
    else if (m.status === 'Ignored') t.disabled++;
  }
  files.set(file, t);
  const folder = path.dirname(file);
  const f = folders.get(folder) ?? tally();
  for (const k of Object.keys(t)) f[k] += t[k];
  folders.set(folder, f);
}
const score = (t) => (t.detected + t.undetected === 0 ? 100 : (100 * t.detected) / (t.detected + t.undetected));
const line = (name, t) =>
  `${name.padEnd(40)} ${score(t).toFixed(1).padStart(6)} %  ${String(t.detected).padStart(5)} detected  ${String(t.undetected).padStart(4)} undetected  ${String(t.disabled).padStart(3)} disabled  ${String(t.static).padStart(4)} static`;
const all = tally();
for (const t of files.values()) for (const k of Object.keys(t)) all[k] += t[k];
console.log(
  [...folders]
    .sort()
    .map(([f, t]) => line(f, t))
    .join('\n'),
);
console.log(line('all', all));
const low = [...files].filter(([, t]) => score(t) < FILE_FLOOR).sort(([a], [b]) => (a < b ? -1 : 1));
if (low.length) {
  console.log(`\nfiles under ${FILE_FLOOR} %:\n${low.map(([f, t]) => line(f, t)).join('\n')}`);
  process.exitCode = 1;
} else console.log(`\nevery file at ${FILE_FLOOR} % or more`);
