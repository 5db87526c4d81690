import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CatalogEngine } from '../../src/pipeline/engine.js';
import { loadTexts } from '../../src/parse/load.js';
import { validateLoaded } from '../../src/pipeline/validate.js';
import { rules as registry } from '../../src/rules/index.js';
import type { Problem } from '../../src/model/problem.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';
import { countedNameRule } from '../helpers/catalog.js';
import type { Rule } from '../../src/rules/define.js';

const CATALOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../catalog');
const bundled = Object.fromEntries(
  readdirSync(CATALOG, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => [f.split(path.sep).join('/'), readFileSync(path.join(CATALOG, f), 'utf8')]),
);
const DIR = '/work/catalog';
const shown = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.rule} ${p.message}`);

/** What a fresh run over the same texts reports: what the engine must report after any sequence of edits. */
function fromScratch(texts: Record<string, string>, today: string, rules: Record<string, Rule> = registry): string[] {
  const loaded = loadTexts(
    DIR,
    Object.entries(texts).map(([name, text]) => ({ name, text })),
    '/work',
  );
  return shown(validateLoaded(loaded, { today, rules }).report.problems);
}

const sepa = bundled['rails/FR-sepa.yaml'];
const fatf = bundled['policies/fatf-call-for-action.yaml'];
/** Edits, each a set of texts (null: the file is removed), applied one after another. */
const EDITS: Array<[string, Record<string, string | null>]> = [
  ['an edit inside one entry', { 'rails/FR-sepa.yaml': sepa.replace(/^name: .*$/m, 'name: SEPA Credit Transfer (edited)') }],
  ['an unknown currency', { 'rails/FR-sepa.yaml': sepa.replace(/^currency: .*$/m, 'currency: EUX') }],
  ['an id another rail has', { 'rails/FR-sepa.yaml': sepa.replace(/^id: .*$/m, 'id: BR-pix') }],
  [
    'a country added to a policy list (the error lands in the country file)',
    { 'policies/fatf-call-for-action.yaml': fatf.replace(/countries: \[/, 'countries: [ FR, ') },
  ],
  ['the policy list edit undone', { 'policies/fatf-call-for-action.yaml': fatf }],
  ['a file that no longer parses', { 'rails/FR-sepa.yaml': 'id: [FR-sepa\n' }],
  ['a file removed', { 'rails/FR-sepa.yaml': null }],
  ['the file back as it was', { 'rails/FR-sepa.yaml': sepa }],
];

describe('the engine checks again only what an edit touched, and reports what a fresh run reports', () => {
  const engine = new CatalogEngine({ dir: DIR, cwd: '/work' });
  const texts: Record<string, string> = { ...bundled };
  engine.set(Object.entries(texts).map(([name, text]) => ({ name, text })));

  it('the bundled catalog', () => {
    expect(shown(engine.run(BUNDLED_TODAY).report.problems)).toEqual(fromScratch(texts, BUNDLED_TODAY));
  });
  it.each(EDITS.map(([name, edit]) => ({ name, edit })))('$name', ({ edit }) => {
    for (const [name, text] of Object.entries(edit)) {
      if (text === null) {
        engine.remove([name]);
        delete texts[name];
      } else {
        engine.set([{ name, text }]);
        texts[name] = text;
      }
    }
    const now = shown(engine.run(BUNDLED_TODAY).report.problems);
    expect(now).toEqual(fromScratch(texts, BUNDLED_TODAY));
  });
  it('another date judges every file again', () => {
    expect(shown(engine.run('2099-12-31').report.problems)).toEqual(fromScratch(texts, '2099-12-31'));
  });
});

describe('a catalog-wide rule runs again only when a file changed what it reads', () => {
  const { counter, rules } = countedNameRule();
  // FR-sepa named Pix: the rule reports in its file.
  const pix = sepa.replace(/^name: .*$/m, 'name: Pix');
  const start = { ...bundled, 'rails/FR-sepa.yaml': pix };
  const other = 'rails/AU-npp.yaml';
  const CASES: Array<[string, Record<string, string>, boolean]> = [
    ['nothing changed', {}, false],
    ['a property the rule does not read', { [other]: bundled[other].replace(/^verifiedAt: .*$/m, 'verifiedAt: "2026-01-05"') }, false],
    ['a property the rule reads', { [other]: bundled[other].replace(/^name: .*$/m, 'name: Pix') }, true],
    ['a comment in the file of one of its problems (its line moves)', { 'rails/FR-sepa.yaml': `# note\n${pix}` }, true],
  ];
  it.each(CASES.map(([name, edit, runsAgain]) => [name, runsAgain, edit] as const))('%s: runs again %s', (_, runsAgain, edit) => {
    const engine = new CatalogEngine({ dir: DIR, cwd: '/work', rules });
    engine.set(Object.entries(start).map(([name, text]) => ({ name, text })));
    expect(engine.run(BUNDLED_TODAY).report.problems.some((p) => p.rule === 'counted')).toBe(true);
    counter.runs = 0;
    engine.set(Object.entries(edit).map(([name, text]) => ({ name, text })));
    const problems = shown(engine.run(BUNDLED_TODAY).report.problems);
    expect(counter.runs > 0).toBe(runsAgain);
    expect(problems).toEqual(fromScratch({ ...start, ...edit }, BUNDLED_TODAY, rules));
  });
});
