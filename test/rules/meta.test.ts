import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreRules, rules } from '../../src/rules/index.js';

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
