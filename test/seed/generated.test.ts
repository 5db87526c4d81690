import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generated } from '../../scripts/generate.js';

describe('generated files', () => {
  it('schemas/seed.schema.json and src/generated/types.ts are what `npm run generate` writes from the entry schemas', async () => {
    const root = path.resolve(__dirname, '../..');
    for (const [file, text] of Object.entries(await generated())) {
      expect(readFileSync(path.join(root, file), 'utf8'), `${file} is out of date: run npm run generate`).toBe(text);
    }
  });
});
