import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRedosCache, redosDiagnostics, saveRedosCache } from '../../src/domain/redos.js';

describe('ReDoS verdict cache', () => {
  it('keeps final verdicts between runs and ignores a foreign or corrupt file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'redos-cache-'));
    const file = path.join(dir, 'nested', 'redos.json');
    await writeFile(path.join(dir, 'corrupt.json'), '{not json');
    expect(() => loadRedosCache(path.join(dir, 'corrupt.json'))).not.toThrow();
    const pattern = `^[A-Z]{2}[0-9]{${3 + (process.pid % 7)}}$`;
    expect(redosDiagnostics(pattern).status).toBe('safe');
    expect(redosDiagnostics('^(a|a)*$').status).toBe('vulnerable');
    await saveRedosCache(file);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.version).toMatch(/^recheck \d+\.\d+\.\d+/);
    expect(saved.verdicts[pattern].status).toBe('safe');
    expect(saved.verdicts['^(a|a)*$'].status).toBe('vulnerable');
  });
});
