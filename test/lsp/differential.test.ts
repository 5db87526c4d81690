import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCatalog } from '../helpers/cli.js';
import { mutate, rng } from '../helpers/differential.js';
import { diagKey, quiet, startSession } from './client.js';

const ROOT = path.resolve(__dirname, '../..');
const TODAY = '2026-11-27';
const temp: string[] = [];
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

/** A workspace (outside any git checkout) holding a copy of the bundled catalog. */
function workspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'catalog-lsp-diff-'));
  temp.push(root);
  cpSync(path.join(ROOT, 'catalog'), path.join(root, 'catalog'), { recursive: true });
  return root;
}

/** Broken versions of bundled files: seeded mutations (the YAML differential's), and hand-made bad inputs. */
function corpus(root: string): Record<string, string | Buffer> {
  const r = rng(28);
  const names = ['rails', 'countries', 'assets', 'policies'].flatMap((f) => readdirSync(path.join(root, 'catalog', f)).map((n) => `${f}/${n}`)).sort();
  const broken: Record<string, string | Buffer> = {};
  for (let i = 0; i < 60; i++) {
    const name = names[Math.floor(r() * names.length)];
    broken[name] = mutate(readFileSync(path.join(root, 'catalog', name), 'utf8'), r);
  }
  broken['rails/XX-binary.yaml'] = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe]);
  broken['rails/XX-huge.yaml'] = `id: XX-huge\n# ${'x'.repeat(10 * 1024 * 1024)}\n`;
  broken['countries/ZZ.yaml'] = 'code: ZZ\nname: [unclosed\n';
  return broken;
}

/** The problems of `catalog validate --format json --no-base`, each in words, by file URI. */
async function validateByUri(root: string): Promise<Map<string, string[]>> {
  const { stdout } = await runCatalog(['validate', '--format', 'json', '--no-base', '--today', TODAY], root);
  const report = JSON.parse(stdout) as { problems: Array<Record<string, string | number>> };
  const byUri = new Map<string, string[]>();
  for (const p of report.problems) {
    const uri = pathToFileURL(path.resolve(root, String(p.file))).href;
    const key = `${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} ${p.rule} ${p.message}`;
    byUri.set(uri, [...(byUri.get(uri) ?? []), key]);
  }
  return byUri;
}

/** Every catalog file of a workspace, as URIs. */
function fileUris(root: string): string[] {
  const dir = path.join(root, 'catalog');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => pathToFileURL(path.join(dir, f)).href);
}

/** Compares the server's diagnostics with validate's problems; returns the differences and the counts compared. */
function compare(published: Map<string, import('./client.js').Diag[]>, expected: Map<string, string[]>, uris: string[]) {
  const differences: string[] = [];
  let problems = 0;
  for (const uri of uris) {
    const got = published.get(uri);
    if (!got) {
      differences.push(`${uri}: nothing published`);
      continue;
    }
    const a = got.map(diagKey).sort();
    const b = [...(expected.get(uri) ?? [])].sort();
    problems += b.length;
    if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${uri}:\n  server:   ${a.join('\n            ')}\n  validate: ${b.join('\n            ')}`);
  }
  return { differences, files: uris.length, problems };
}

describe('the server publishes what catalog validate reports', () => {
  it('on every bundled file and on a corpus of broken ones written to disk', async () => {
    const root = workspace();
    const clean = await startSession(root);
    await clean.until((d) => d.size >= fileUris(root).length);
    await quiet(clean);
    const first = compare(clean.diagnostics, await validateByUri(root), fileUris(root));
    await clean.close();
    for (const [name, text] of Object.entries(corpus(root))) writeFileSync(path.join(root, 'catalog', name), text);
    const broken = await startSession(root);
    await broken.until((d) => d.size >= fileUris(root).length);
    await quiet(broken);
    const second = compare(broken.diagnostics, await validateByUri(root), fileUris(root));
    await broken.close();
    console.log(
      `differential: bundled ${first.files} files, ${first.problems} problems; broken corpus ${second.files} files, ${second.problems} problems; ${first.differences.length + second.differences.length} differences`,
    );
    expect(first.differences).toEqual([]);
    expect(second.differences).toEqual([]);
    expect(second.problems).toBeGreaterThan(40);
  }, 120_000);

  it('on the same corpus given as unsaved buffers over the clean files on disk', async () => {
    const root = workspace();
    const session = await startSession(root);
    await session.until((d) => d.size >= fileUris(root).length);
    const broken = Object.entries(corpus(root)).filter(([, t]) => typeof t === 'string' && t.length < 1_000_000) as Array<[string, string]>;
    for (const [name, text] of broken)
      session.notify('textDocument/didOpen', {
        textDocument: { uri: pathToFileURL(path.join(root, 'catalog', name)).href, languageId: 'yaml', version: 1, text },
      });
    await quiet(session, 600);
    // What validate reports once the buffers are saved.
    for (const [name, text] of broken) writeFileSync(path.join(root, 'catalog', name), text);
    const expected = await validateByUri(root);
    const { differences, files, problems } = compare(session.diagnostics, expected, fileUris(root));
    await session.close();
    console.log(`differential (unsaved): ${files} files, ${problems} problems, ${differences.length} differences`);
    expect(differences).toEqual([]);
    expect(problems).toBeGreaterThan(30);
  }, 120_000);
});
