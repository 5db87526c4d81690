import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, with an empty cache. */
async function freshCompilePattern() {
  vi.resetModules();
  return (await import('../../src/beneficiary/pattern.js')).compilePattern;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('compilePattern', () => {
  it('compiles with the u flag', async () => {
    const compilePattern = await freshCompilePattern();
    const compiled = compilePattern('^\\p{Lu}{2}$');
    expect(compiled.ok && compiled.regexp.flags).toBe('u');
    expect(compiled.ok && compiled.regexp.test('ÉA')).toBe(true);
    expect(compiled.ok && compiled.regexp.test('éa')).toBe(false);
  });

  it.each([
    ['^[a-z', 'Unterminated character class'],
    ['(', 'Unterminated group'],
    ['a**', 'Nothing to repeat'],
    ['\\p{Letter', 'Invalid property name'],
    ['a{2,1}', 'numbers out of order in {} quantifier'],
    ['\\-', 'Invalid escape'], // valid without u, refused with it
  ])('gives the engine reason for %j without the pattern: %s', async (source, reason) => {
    const compilePattern = await freshCompilePattern();
    expect(compilePattern(source)).toEqual({ ok: false, reason });
  });

  it("keeps a browser engine's whole message when it is not worded as V8 words it", async () => {
    const compilePattern = await freshCompilePattern();
    vi.stubGlobal(
      'RegExp',
      class {
        constructor(source: string) {
          if (source === 'thrown text') throw 'not an error object';
          throw new SyntaxError('unterminated parenthetical');
        }
      },
    );
    expect(compilePattern('(')).toEqual({ ok: false, reason: 'unterminated parenthetical' });
    expect(compilePattern('thrown text')).toEqual({ ok: false, reason: 'not an error object' });
  });

  it('compiles a pattern once: the same answer for the same text', async () => {
    const compilePattern = await freshCompilePattern();
    expect(compilePattern('^[0-9]+$')).toBe(compilePattern('^[0-9]+$'));
    expect(compilePattern('(')).toBe(compilePattern('('));
    expect(compilePattern('^[0-9]+$')).not.toBe(compilePattern('^[0-9]*$'));
  });

  it('forgets every pattern once it holds 10,000, and not before', async () => {
    const compilePattern = await freshCompilePattern();
    const first = compilePattern('^first$');
    for (let i = 1; i < 9_999; i++) compilePattern(`^${i}$`);
    expect(compilePattern('^first$')).toBe(first); // 9,999 patterns held
    compilePattern('^9999$'); // the 10,000th
    expect(compilePattern('^first$')).toBe(first);
    compilePattern('^10000$'); // the 10,001st: the cache is emptied first
    expect(compilePattern('^first$')).not.toBe(first);
  });
});
