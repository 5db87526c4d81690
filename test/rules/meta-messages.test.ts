import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reporter } from '../../src/check/rules.js';
import type { Problem } from '../../src/model/problem.js';
import type { Rule } from '../../src/rules/define.js';
import { allRuleMeta, coreRules, rules } from '../../src/rules/index.js';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The files of src/rules a rule file imports (a rule may report what a helper of another rule finds), itself first. */
function ruleSources(id: string): string[] {
  const files = [`src/rules/${id}.ts`];
  for (const file of files)
    for (const [, spec] of read(file).matchAll(/from '\.\/([a-z-]+)\.js'/g))
      if (!['define', 'index'].includes(spec) && !files.includes(`src/rules/${spec}.ts`)) files.push(`src/rules/${spec}.ts`);
  return files;
}

/** The message ids a source reports: every quoted id in a `messageId: ...` expression or type (a literal, a ternary, a union). */
function reportedIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const [, expression] of text.matchAll(/messageId:\s*([^,;}\n]+)/g)) for (const [, id] of expression.matchAll(/'([^']+)'/g)) ids.add(id);
  return ids;
}

/** The sources that report the core checks' problems and file-name's places (src/model/core-messages.ts declares them). */
const CORE_SOURCES = [
  'src/read/file.ts',
  'src/read/folder.ts',
  'src/git/base.ts',
  'src/parse/file.ts',
  'src/parse/yaml-data.ts',
  'src/parse/yaml-mistakes.ts',
  'src/parse/yaml-tags.ts',
  'src/domain/characters.ts',
  'src/check/schema-problems.ts',
  'src/check/integers.ts',
];

describe('message ids', () => {
  it.each(allRuleMeta().map((m) => [m.id, m] as const))('%s declares kebab-case ids, each with one sentence saying when', (_id, meta) => {
    const entries = Object.entries(meta.messages);
    expect(entries.length).toBeGreaterThan(0);
    for (const [id, when] of entries) {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(when, id).toMatch(/^[A-Z`a-z].{10,}\.$/);
      expect(when, id).not.toMatch(/[\n|]/);
    }
  });

  it.each(Object.keys(rules))('rule %s reports every message id it declares, and only those', (id) => {
    const rule = rules[id as keyof typeof rules] as Rule;
    // Of another rule's file, only its helpers (what comes before its defineRule): its own reports are its own.
    const texts = ruleSources(id).map((file, i) => (i === 0 ? read(file) : read(file).split('export default defineRule')[0]));
    const reported = new Set(texts.flatMap((text) => [...reportedIds(text)]));
    // file-name also declares what reading the catalog finds (its places): those are held below, with the core's.
    const declared = Object.keys(rule.messages).filter((m) => id !== 'file-name' || m === 'name-mismatch');
    expect([...reported].sort()).toEqual(declared.sort());
  });

  it("every core check's message id, and file-name's places, is reported by the code that reads and checks files", () => {
    const text = CORE_SOURCES.map(read).join('\n');
    const declared = [
      ...Object.values(coreRules).flatMap((m) => Object.keys(m.messages)),
      ...Object.keys(rules['file-name'].messages).filter((m) => m !== 'name-mismatch'),
    ];
    expect(declared.filter((id) => !text.includes(`'${id}'`))).toEqual([]);
  });

  it('a report with a message id its rule does not declare is refused (a rule not made by defineRule)', () => {
    const rule = { id: 'x', severity: 'error', description: 'test rule', messages: { 'a-b': 'A test.' } } satisfies Rule;
    const problems: Problem[] = [];
    const entry = { file: { path: 'catalog/rails/BR-x.yaml', absolute: '/catalog/rails/BR-x.yaml', text: 'id: BR-x\n' } };
    const report = reporter(rule, problems);
    report(entry, '', 'declared', { messageId: 'a-b' });
    expect(problems.map((p) => [p.rule, p.messageId, p.message])).toEqual([['x', 'a-b', 'declared']]);
    expect(() => report(entry, '', 'undeclared', { messageId: 'c-d' })).toThrow('rule x reports message id c-d, which it does not declare');
  });
});

/** docs/rules.md's section of each rule (`## <rule id>`, anchor #<rule id>): the message ids of its table. */
function documentedIds(): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of read('docs/rules.md').split('\n')) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading) {
      current = /^[a-z-]+$/.test(heading[1]) ? [] : undefined;
      if (current) sections.set(heading[1], current);
    } else if (current) {
      const row = /^\| `([a-z0-9-]+)` \| (.*) \|$/.exec(line);
      if (row) current.push(row[1]);
    }
  }
  return sections;
}

describe('docs/rules.md', () => {
  const documented = documentedIds();

  it('has a section for every rule and check (its heading is the rule id), and no other', () => {
    expect([...documented.keys()].sort()).toEqual(
      allRuleMeta()
        .map((m) => m.id)
        .sort(),
    );
  });

  it.each(allRuleMeta().map((m) => [m.id, m] as const))("lists %s's message ids in its section, and no other", (id, meta) => {
    expect(documented.get(id)).toEqual(Object.keys(meta.messages));
  });
});
