import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const schemaFiles = readdirSync(path.join(root, 'schemas')).filter((f) => f.endsWith('.schema.json'));

/** Every property schema of a JSON Schema, with where it is. */
function properties(node: unknown, at: string, out: Array<[string, Record<string, unknown>]> = []) {
  if (Array.isArray(node)) for (const [i, n] of node.entries()) properties(n, `${at}/${i}`, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'if') continue; // a condition, not a property of the data
      if (key === 'properties' && value && typeof value === 'object')
        for (const [name, sub] of Object.entries(value)) out.push([`${at}/properties/${name}`, sub as Record<string, unknown>]);
      properties(value, `${at}/${key}`, out);
    }
  }
  return out;
}

describe('schemas', () => {
  it.each(schemaFiles)('%s is draft-07 with an $id and a description on every property', (file) => {
    const schema = JSON.parse(readFileSync(path.join(root, 'schemas', file), 'utf8'));
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    // A relative $id: references between schemas resolve to the files beside them in Ajv and in any editor, whatever
    // its rule for resolving against $id (test/editor checks yaml-language-server itself).
    expect(schema.$id).toBe(file);
    const missing = properties(schema, '#').filter(([, sub]) => typeof sub.description !== 'string' || sub.description.length < 3);
    expect(missing.map(([where]) => where)).toEqual([]);
  });

  it('maps every catalog folder to its schema for the editor, and every catalog file names its schema', () => {
    const settings = JSON.parse(readFileSync(path.join(root, '.vscode/settings.json'), 'utf8'));
    const mapped = settings['yaml.schemas'] as Record<string, string>;
    for (const [folder, schema] of [
      ['rails', 'rail'],
      ['assets', 'asset'],
      ['countries', 'country'],
    ]) {
      expect(mapped[`./schemas/${schema}.schema.json`]).toBe(`catalog/${folder}/*.yaml`);
      for (const file of readdirSync(path.join(root, 'catalog', folder))) {
        const first = readFileSync(path.join(root, 'catalog', folder, file), 'utf8').split('\n')[0];
        expect(first, `catalog/${folder}/${file}`).toBe(`# yaml-language-server: $schema=../../schemas/${schema}.schema.json`);
      }
    }
  });
});
