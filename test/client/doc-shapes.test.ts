/**
 * The beneficiary validation results that docs/sdk.md and docs/rules.md show are what the code returns: each block
 * marked `beneficiary-result of=<sdk|core> rail=<id> values=<JSON>` is compared, key for key, with the answer of the
 * SDK's validateBeneficiary (sdk) or of src/beneficiary's (core) on that rail of the bundled catalog. A text ending
 * with "…" stands for any text that starts the same.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateBeneficiary as sdkValidate } from '../../packages/client/src/index.js';
import { validateBeneficiary as coreValidate } from '../../src/beneficiary/index.js';
import { validateCatalog } from '../../src/pipeline/validate.js';
import type { Rail } from '../../src/generated/types.js';
import { ROOT } from './bundle.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const MARKED = /<!-- beneficiary-result of=(sdk|core) rail=(\S+) values=(\{.*?\}): [^\n]*-->\n```json\n([\s\S]*?)```/g;

interface Shown {
  doc: string;
  of: 'sdk' | 'core';
  rail: string;
  values: Record<string, unknown>;
  shown: unknown;
}

function blocks(doc: string): Shown[] {
  const text = readFileSync(path.join(ROOT, 'docs', doc), 'utf8');
  return [...text.matchAll(MARKED)].map((m) => ({ doc, of: m[1] as 'sdk' | 'core', rail: m[2], values: JSON.parse(m[3]), shown: JSON.parse(m[4]) }));
}

/** The shown block as a matcher: texts cut short with "…" match any text that starts the same; the rest is exact. */
function matcher(shown: unknown): unknown {
  if (typeof shown === 'string' && shown.endsWith('…'))
    return expect.stringMatching(new RegExp(`^${shown.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  if (Array.isArray(shown)) return shown.map(matcher);
  if (typeof shown === 'object' && shown !== null) return Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, matcher(v)]));
  return shown;
}

const SHOWN = [...blocks('sdk.md'), ...blocks('rules.md')];

let rails: Map<string, Rail>;
beforeAll(async () => {
  const validation = await validateCatalog({ dir: path.join(ROOT, 'catalog'), cwd: ROOT, today: BUNDLED_TODAY });
  rails = new Map(validation.catalog.rails.map((e) => [e.data.id, e.data as Rail]));
}, 60_000);

describe('the validation results the docs show', () => {
  it("both docs show the clients' shape, and rules.md the core function's too", () => {
    expect(SHOWN.map((s) => `${s.doc} ${s.of}`)).toEqual(['sdk.md sdk', 'rules.md core', 'rules.md sdk']);
  });

  it.each(SHOWN.map((s) => [`${s.doc}: ${s.of} on ${s.rail}`, s] as const))('%s is what the code returns', (_name, { of, rail, values, shown }) => {
    const validate = of === 'sdk' ? sdkValidate : coreValidate;
    // toStrictEqual: a key the code returns that the doc leaves out (or the reverse) fails, as a differing value does.
    expect(validate(rails.get(rail)! as never, values)).toStrictEqual(matcher(shown));
  });
});
