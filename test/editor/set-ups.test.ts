/**
 * The editor set-ups as the documentation gives them: none starts the server through npx (outside the repository npx
 * would fetch whatever package is called `catalog` from the registry and run it), and each says whether a test runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const docs = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`), 'packages/vscode/README.md', 'packages/zed/src/lib.rs'].filter(
  (f) => f.endsWith('.md') || f.endsWith('.rs'),
);

describe('the editor set-ups', () => {
  it.each(docs)('%s starts no language server through npx', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(text).not.toMatch(/npx\s+catalog\s+lsp/);
    expect(text).not.toMatch(/['"]npx['"]\s*,\s*['"]catalog['"]/);
    expect(text).not.toMatch(/command\s*=\s*"npx"/);
  });

  it('each set-up of docs/editor.md says whether a test runs it', () => {
    const guide = readFileSync(path.join(ROOT, 'docs/editor.md'), 'utf8');
    const sections = guide.split(/^## /m).filter((s) => /^(VS Code|Neovim|Helix|Zed)/.test(s));
    expect(sections.map((s) => s.split('\n')[0])).toEqual(['VS Code', 'Neovim 0.7 to 0.10', 'Neovim 0.11 and later', 'Helix', 'Zed']);
    for (const section of sections) expect(section.split('\n\n')[1], section.split('\n')[0]).toMatch(/^(Tested|Untested)\b/);
  });
});
