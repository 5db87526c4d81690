import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath, displayPaths } from '../../src/read/paths.js';

// displayPaths skips the path arithmetic of displayPath for each file of a folder: it must give the very same paths.
describe('display paths of a folder', () => {
  const names = [
    'rails/BR-pix.yaml',
    'countries/BR.yaml',
    'rails/',
    'notes.txt',
    'rails/sub/x.yaml',
    'rails/../x.yaml',
    './rails/x.yaml',
    'rails//x.yaml',
    '..x/y.yaml',
  ];
  it.each([
    ['/work/repo/catalog', '/work/repo'],
    ['/work/repo/catalog', '/work/repo/catalog'],
    ['/work/repo/catalog', '/work/repo/catalog/rails'],
    ['/work/repo/catalog', '/work/repo/catalog/rails/deep'],
    ['/tmp/bench/catalog', '/work/repo'],
    ['/work/repo-other/catalog', '/work/repo'],
    ['/work/repo/cat', '/work/repo/catalog'],
    ['/work/repo/catalog', '/work/repo/cat'],
    ['/', '/work'],
    ['/work', '/'],
    ['/work/repo/catalog', '/work/repo/./x/..'],
  ])('folder %s seen from %s', (absDir, cwd) => {
    const shown = displayPaths(absDir, cwd);
    for (const name of names) {
      const absolute = path.join(absDir, name);
      expect(shown(absolute, name), name).toBe(displayPath(absolute, cwd));
    }
  });
});
