import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientTypes, TYPES_FILE } from '../../scripts/generate-client-types.js';

describe('the SDK types', () => {
  it('packages/client/src/types.gen.ts is what the OpenAPI document generates (run npm run generate:client)', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await clientTypes());
  });
});
