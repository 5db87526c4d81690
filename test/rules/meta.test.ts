import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRuleMeta, coreRules, rules } from '../../src/rules/index.js';

const root = path.resolve(__dirname, '../..');

describe('rule registry', () => {
  const files = readdirSync(path.join(root, 'src/rules'))
    .filter((f) => f.endsWith('.ts') && !['define.ts', 'index.ts'].includes(f))
    .map((f) => f.replace(/\.ts$/, ''));

  it.each(files)('rule file %s is registered under its file name', (id) => {
    expect(Object.keys(rules)).toContain(id);
    expect(rules[id as keyof typeof rules].id).toBe(id);
  });

  it.each([...Object.keys(rules), ...Object.keys(coreRules)])('rule %s has a test file and a description', (id) => {
    expect(existsSync(path.join(root, 'test/rules', `${id}.test.ts`)), `test/rules/${id}.test.ts`).toBe(true);
    const meta = (rules as Record<string, { description: string }>)[id] ?? (coreRules as Record<string, { description: string }>)[id];
    expect(meta.description.length).toBeGreaterThan(20);
  });
});

/** The rule table of docs/rules.md: rule id → [severity, what it checks]. */
function documentedRules(): Map<string, [string, string]> {
  const text = readFileSync(path.join(root, 'docs/rules.md'), 'utf8');
  const rows = [...text.matchAll(/^\| `([a-z-]+)` \| (error|warning) \| (.*) \|$/gm)];
  return new Map(rows.map(([, id, severity, checks]) => [id, [severity, checks]]));
}

describe('allRuleMeta (what `catalog rules` lists)', () => {
  it('lists the core checks first, then every registered rule once', () => {
    const listed = allRuleMeta();
    expect(listed.map((m) => m.id)).toEqual(['yaml-syntax', 'characters', 'schema', ...Object.keys(rules)]);
  });

  it("gives each rule the severity of docs/rules.md's table, which lists no other rule", () => {
    const listed = allRuleMeta();
    const documented = documentedRules();
    expect(Object.fromEntries(listed.map((m) => [m.id, m.severity]))).toEqual(Object.fromEntries([...documented].map(([id, [severity]]) => [id, severity])));
  });

  it('gives each registered rule its own description and messages, and nothing of its check or scope', () => {
    const listed = allRuleMeta();
    for (const meta of listed.slice(3)) {
      const rule = rules[meta.id as keyof typeof rules];
      expect(meta).toEqual({ id: rule.id, severity: rule.severity, description: rule.description, messages: rule.messages });
    }
  });

  it('marks as fixable the checks whose row in docs/rules.md says they have safe fixes, and those only', () => {
    const listed = allRuleMeta();
    const documented = documentedRules();
    const saysFixes = [...documented].filter(([, [, checks]]) => checks.includes('Has safe fixes')).map(([id]) => id);
    expect(saysFixes).toEqual(['schema']);
    expect(listed.filter((m) => m.fixable).map((m) => m.id)).toEqual(saysFixes);
  });
});
