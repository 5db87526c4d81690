/**
 * The language server's rows of `npm run bench`, on the generated catalog: `catalog lsp --stdio` started as an editor
 * starts it, driven by a protocol client (test/lsp/client.ts). Each edit toggles a problem, so that every keystroke is
 * answered by a publication: the time from the change sent to the diagnostics received is what the analyst waits.
 * - first diagnostics: from `initialize` sent to the diagnostics of a file opened at once (the folder read and checked),
 *   cold (--no-cache: every file judged) and from the memo an earlier `validate --cache` kept (the analyst's case);
 * - an edit inside one entry (a negative amount, judged by the entry alone), p95 of `edits` keystrokes;
 * - an edit that changes what catalog-wide rules read (a rail's id made another's, then back), p95;
 * - a country added to a policy list and removed (the error lands in the country's file), p95;
 * - the server's resident memory after those edits (VmRSS of /proc).
 */
import { readFileSync } from 'node:fs';
import { LspClient } from '../test/lsp/client.js';

/** One row: label, the times measured, the target and whether it is met. */
export interface LspRow {
  label: string;
  ms: number[];
  target: string;
  ok: boolean;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

/** Measures the server on the catalog folder `root`/catalog; `rail` and `other` are two rail files, `list` a policy list. */
export async function benchLsp(root: string, files: { rail: string; other: string; list: string; country: string }, edits = 40): Promise<LspRow[]> {
  const cold = await firstDiagnostics(root, files.rail, ['--no-base', '--no-cache']);
  await firstDiagnostics(root, files.rail, ['--no-base']); // keeps the memo, as `validate --cache` would have
  const client = new LspClient(root, ['--no-base']);
  const rail = readFileSync(`${root}/${files.rail}`, 'utf8');
  const otherId = /^id: (.*)$/m.exec(readFileSync(`${root}/${files.other}`, 'utf8'))![1];
  const list = readFileSync(`${root}/${files.list}`, 'utf8');
  try {
    const started = performance.now();
    await client.initialize();
    await client.open(files.rail, rail);
    await client.until(() => client.of(files.rail) !== undefined, 60_000, 'first diagnostics');
    const first = performance.now() - started;
    const keystrokes = async (name: string, watched: string, texts: [string, string], done: (n: number) => boolean): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < edits; i++) {
        const before = client.diagnostics.get(client.uri(watched));
        const t = performance.now();
        await client.change(name, texts[i % 2]);
        await client.until(() => client.diagnostics.get(client.uri(watched)) !== before && done(i), 10_000, `keystroke ${i}`);
        times.push(performance.now() - t);
      }
      return times;
    };
    const has = (name: string, code: string) => (client.of(name) ?? []).some((d) => d.code === code);
    // Each keystroke adds a problem, the next takes it away: the file's list grows, then is back to what it was.
    const toggles = (name: string) => {
      const clean = (client.of(name) ?? []).length;
      return (i: number) => (client.of(name) ?? []).length > clean === (i % 2 === 0);
    };
    const negative = rail.replace(/^ {2}maxMinor: .*$/m, '  maxMinor: -5');
    const inside = await keystrokes(files.rail, files.rail, [negative, rail], toggles(files.rail));
    const duplicate = rail.replace(/^id: .*$/m, `id: ${otherId}`);
    const wide = await keystrokes(files.rail, files.rail, [duplicate, rail], toggles(files.rail));
    await client.open(files.list, list);
    const code = files.country.replace(/^.*\/(\w+)\.yaml$/, '$1');
    const listed = list.replace(/countries: \[/, `countries: [ ${code}, `);
    const policy = await keystrokes(files.list, files.country, [listed, list], (i) => has(files.country, 'country-policy') === (i % 2 === 0));
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${client.process.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
    return [
      { label: 'lsp: first diagnostics, cold (--no-cache)', ms: [cold], target: '(no target)', ok: true },
      { label: 'lsp: first diagnostics after the workspace opens', ms: [first], target: '< 2000 ms', ok: first < 2000 },
      { label: `lsp: keystroke inside one entry, p95 of ${edits}`, ms: [p95(inside)], target: 'p95 < 50 ms', ok: p95(inside) < 50 },
      { label: `lsp: keystroke on a rail's id, p95 of ${edits}`, ms: [p95(wide)], target: 'p95 < 300 ms', ok: p95(wide) < 300 },
      { label: `lsp: keystroke on a policy list, p95 of ${edits}`, ms: [p95(policy)], target: 'p95 < 300 ms', ok: p95(policy) < 300 },
      { label: "lsp: the server's RSS after those edits (MB)", ms: [rss], target: '< 300 MB', ok: rss < 300 },
    ];
  } finally {
    await client.close();
  }
}

/** From `initialize` sent to the diagnostics of a file opened at once, in a server that is then shut down. */
async function firstDiagnostics(root: string, file: string, args: string[]): Promise<number> {
  const client = new LspClient(root, args);
  try {
    const started = performance.now();
    await client.initialize();
    await client.open(file, readFileSync(`${root}/${file}`, 'utf8'));
    await client.until(() => client.of(file) !== undefined, 60_000, 'first diagnostics');
    return performance.now() - started;
  } finally {
    await client.close();
  }
}
