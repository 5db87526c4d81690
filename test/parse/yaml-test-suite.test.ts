import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTexts } from '../../src/parse/load.js';

/**
 * The official YAML test suite (402 cases, test/fixtures/yaml-test-suite) read the way `catalog validate` reads a file
 * (loadTexts, the fast path with the full one behind it), each case as the text of a rail file. No case may crash; a case
 * the suite marks as an error is refused; a valid case is either refused with a message in plain words (most are not an
 * entry: a list, a single value, several documents, a tag) or accepted with the suite's value, never with another.
 */
interface SuiteCase {
  id: string;
  name: string;
  yaml: string;
  /** The suite's events give a node an explicit tag. */
  tagged?: true;
  fail?: true;
  json?: string;
}
const CASES: SuiteCase[] = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/yaml-test-suite/cases.json'), 'utf8'));

/** The value of the valid cases the suite gives no JSON for (a key JSON cannot hold, a text JSON cannot show). */
const WITHOUT_JSON: Record<string, unknown> = {
  '4ABK': { unquoted: 'separate', 'http://foo.com': null, 'omitted value': null },
  '4MUZ/01': { foo: 'bar' },
  '96NN/01': { foo: '\tbar' },
};

/** yaml's own phrases: a refusal says what to write in the analyst's words, never these. */
const PARSER_WORDS = /implicit|compact mapping|flow-seq|flow-map|token|indicator|Unresolved tag|YAML stream|plain scalar|Nested mappings|Missing closing/i;

function read(text: string) {
  const loaded = loadTexts('/catalog', [{ name: 'rails/x.yaml', text }], '/');
  return { value: loaded.entries[0]?.data, problems: loaded.problems };
}

describe('the yaml-test-suite through loadTexts', () => {
  it('holds the 402 cases of its data release', () => {
    expect(CASES).toHaveLength(402);
    expect(CASES.filter((c) => c.fail)).toHaveLength(94);
  });

  it.each(CASES.filter((c) => c.fail).map((c) => [c.id, c.name, c.yaml] as const))('%s (%s, an error) is refused', (_id, _name, yaml) => {
    const { value, problems } = read(yaml);
    expect(problems.filter((p) => p.severity === 'error').length).toBeGreaterThan(0);
    expect(value).toBeUndefined();
  });

  it.each(CASES.filter((c) => !c.fail).map((c) => [c.id, c.name, c] as const))(
    '%s (%s) is accepted as the suite reads it, or refused in plain words',
    (id, _name, c) => {
      const { value, problems } = read(c.yaml);
      if (value === undefined || problems.length > 0) {
        expect(problems.length).toBeGreaterThan(0);
        for (const p of problems) expect(p.message).not.toMatch(PARSER_WORDS);
        return;
      }
      expect(c.json !== undefined || Object.hasOwn(WITHOUT_JSON, id), `${id} is accepted: give its value in WITHOUT_JSON`).toBe(true);
      expect(value).toEqual(c.json !== undefined ? JSON.parse(c.json) : WITHOUT_JSON[id]);
    },
  );

  it('refuses every valid case that holds an explicit tag, with a problem that names a tag', () => {
    const tagged = CASES.filter((c) => c.tagged && !c.fail);
    expect(tagged).toHaveLength(37);
    for (const c of tagged) {
      const { value, problems } = read(c.yaml);
      expect(value, c.id).toBeUndefined();
      expect(
        problems.some((p) => /is a YAML tag/.test(p.message)),
        c.id,
      ).toBe(true);
    }
  });
});
