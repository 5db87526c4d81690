import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTexts } from '../../src/parse/load.js';
import type { Problem } from '../../src/model/problem.js';
import { validateLoaded } from '../../src/pipeline/validate.js';
import { rulesByScope } from '../../src/check/rules.js';
import { checkRules } from '../../src/check/catalog.js';
import { checkSchemas } from '../../src/check/schema.js';
import type { Catalog } from '../../src/model/catalog.js';
import { rules } from '../../src/rules/index.js';
import type { Rule } from '../../src/rules/define.js';
import { RAIL_BR_PIX, TODAY, setLine } from '../helpers/catalog.js';

/**
 * A rule of scope 'entry' promises that what it reports on an entry depends on that entry alone (validate --cache keeps
 * those problems with the file): run on the whole catalog, it must report exactly what it reports on each entry alone.
 * The catalog: the bundled one, plus entries that break every rule, some of them clashing with bundled entries.
 */
const root = path.resolve(__dirname, '../..');
const bundled = ['rails', 'assets', 'countries', 'policies'].flatMap((folder) =>
  readdirSync(path.join(root, 'catalog', folder))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => ({ name: `${folder}/${f}`, text: readFileSync(path.join(root, 'catalog', folder, f), 'utf8') })),
);
const broken = [
  // A copy of Pix under another id: same name and countries (duplicate-name), slug of another rail, stale, no sources.
  {
    name: 'rails/BR-pix_copy.yaml',
    text: setLine(setLine(RAIL_BR_PIX, 'id', 'id: BR-pix_copy'), 'verifiedAt', 'verifiedAt: "2024-01-01"').replace(/sources:[\s\S]*$/, ''),
  },
  // A second file with Pix's id (duplicate-id, file-name), serving a country without a file (reference), a bad currency.
  { name: 'rails/BR-pix2.yaml', text: setLine(setLine(RAIL_BR_PIX, 'currency', 'currency: XXX'), 'countries', 'countries: [BR, ZZ, QQ]') },
  // A restricted country with an open status elsewhere, a reason where none belongs, a country code that is not ISO.
  { name: 'countries/UK.yaml', text: 'code: UK\nname: United Kingdom\ncurrency: GBP\nstatus: open\nreason: international_sanctions\n' },
  // A rail that breaks the rules about one rail: amounts, settlement, patterns, fields, sources, placeholders.
  {
    name: 'rails/BR-ted.yaml',
    text: `id: BR-ted
slug: ted
name: TED
kind: bank_transfer
currency: BRL
countries: [BR]
phase: live
settlement:
  p50Minutes: 60
  p95Minutes: 10
  businessDaysOnly: true
limits:
  minMinor: 100
  maxMinor: 100000000
  decimals: 3
fees:
  fixedMinor: 0
  bps: 50
fields:
  - name: account
    label: { fr: Compte, en: Account }
    type: text
    required: true
    pattern: "[0-9]{4,12}"
    examples: ["12a"]
  - name: account
    label: { fr: Agence, en: Branch }
    type: text
    required: true
    pattern: ^(?<=x)[0-9]{4}$
    examples: ["1234"]
  - name: kind
    label: { fr: Type, en: Type }
    type: select
    required: true
  - name: bad
    label: { fr: TODO, en: Bad }
    type: text
    required: false
    pattern: ^([a-z]+$
  - name: slow
    label: { fr: Lent, en: Slow }
    type: text
    required: false
    pattern: ^(a+)+$
    examples: ["aaa"]
  - name: dependent
    label: { fr: Dépendant, en: Dependent }
    type: text
    required: false
    dependsOn: { field: nowhere, variants: [{ when: [x] }] }
verifiedAt: "2026-10-01"
sources:
  - url: https://www.bcb.gov.br/
    title: TED, Banco Central do Brasil
    checked: "2026-09-01"
`,
  },
  // A list that holds an open country, dated in the future.
  {
    name: 'policies/test-list.yaml',
    text: 'id: test-list\nname: A test list\npublisher: Nobody\nurl: https://example.org/list\nasOf: "2099-01-01"\nscope: Test.\neffect:\n  status: restricted\n  reason: international_sanctions\ncountries: [ FR ]\n',
  },
  // A rail in a currency none of its countries pays out in (rail-currency).
  { name: 'rails/FR-usd.yaml', text: setLine(setLine(setLine(RAIL_BR_PIX, 'id', 'id: FR-usd'), 'countries', 'countries: [FR]'), 'currency', 'currency: USD') },
  // An open country without a currency.
  { name: 'countries/AR.yaml', text: 'code: AR\nname: Argentina\ncurrency: null\nstatus: open\n' },
  // A restricted country known by its code only (its file name is no code), served by a live rail.
  { name: 'countries/ZM-old.yaml', text: 'code: ZM\nname: Zambia\ncurrency: null\nstatus: restricted\nreason: international_sanctions\n' },
  { name: 'rails/ZM-live.yaml', text: setLine(setLine(RAIL_BR_PIX, 'id', 'id: ZM-live'), 'countries', 'countries: [ZM]') },
  // A decision naming a field the rail does not have (provenance-pointer).
  {
    name: 'rails/FR-ptr.yaml',
    text: `${setLine(RAIL_BR_PIX, 'id', 'id: FR-ptr')}  - pointer: /fields/iban/pattern\n    reason: A field this rail does not have.\n`,
  },
  // An entry the schema refuses (rules still look at its other parts).
  { name: 'rails/FR-broken.yaml', text: setLine(setLine(RAIL_BR_PIX, 'id', 'id: FR-broken'), 'kind', 'kind: teleport') },
];

/** What one rule reports on a set of files, as validate runs it (on entries the schema accepts and those it refuses). */
function problemsOf(texts: Array<{ name: string; text: string }>, rule: Rule): Problem[] {
  return validateLoaded(loadTexts('/catalog', texts, '/catalog'), { today: TODAY, rules: { [rule.id]: rule } }).report.problems.filter(
    (p) => p.rule === rule.id,
  );
}

const key = (p: Problem) => JSON.stringify([p.file, p.line, p.column, p.pointer, p.message]);
const whole = [...bundled, ...broken];
const split = (rule: Rule) => whole.flatMap((t) => problemsOf([t], rule));

describe('rule scope', () => {
  const { entry, catalog } = rulesByScope(rules);

  it.each(Object.keys(entry))('entry rule %s reports on the whole catalog what it reports on each entry alone', (id) => {
    const rule = entry[id];
    const found = problemsOf(whole, rule);
    expect(found.length, `the catalog gives ${id} something to report`).toBeGreaterThan(0);
    expect(found.map(key).sort()).toEqual(split(rule).map(key).sort());
  });

  // The catalog above can tell: each of these rules reads other entries, and gives another answer entry by entry.
  it.each(['duplicate-id', 'duplicate-name', 'reference', 'iso-currency', 'country-policy', 'rail-currency'])(
    'catalog rule %s would fail the test above',
    (id) => {
      const rule = catalog[id];
      expect(rule, `${id} is a catalog rule`).toBeDefined();
      expect(problemsOf(whole, rule).map(key).sort()).not.toEqual(split(rule).map(key).sort());
    },
  );

  // validate --cache keeps of an unchanged file only what the catalog rules read (their `reads`): cut to it, the
  // entries must give the same problems.
  it.each(Object.keys(catalog).filter((id) => catalog[id].check))('catalog rule %s reads only what it declares', (id) => {
    const rule = catalog[id];
    expect(rule.reads, `${id} says what it reads`).toBeDefined();
    // The schema's verdicts of the whole entries; the rule then runs on the same entries with their data cut.
    const checked = checkSchemas(loadTexts('/catalog', whole, '/catalog'));
    const cutData = new Map(checked.catalog.raw.map((e) => [e.data, Object.fromEntries(Object.entries(e.data).filter(([k]) => rule.reads!.includes(k)))]));
    const cutList = <T extends { data: unknown }>(list: T[]) => list.map((e) => ({ ...e, data: cutData.get(e.data as Record<string, unknown>) }));
    const c = checked.catalog;
    const cut = {
      rails: cutList(c.rails),
      assets: cutList(c.assets),
      countries: cutList(c.countries),
      policies: cutList(c.policies),
      raw: cutList(c.raw),
    } as unknown as Catalog;
    const cutInvalid = checked.invalid.map((i) => ({ ...i, entry: { ...i.entry, data: cutData.get(i.entry.data)! } }));
    const found = checkRules(c, checked.invalid, TODAY, { [id]: rule }, []);
    expect(found.length, `the catalog gives ${id} something to report`).toBeGreaterThan(0);
    expect(checkRules(cut, cutInvalid, TODAY, { [id]: rule }, []).map(key)).toEqual(found.map(key));
  });

  // What compares with the base revision is a rule's history check, which this test does not run (test/history/history-view.test.ts).
  it.each(['removed-entry', 'unverified-change', 'verified-at'])('rule %s compares with the base in a history check', (id) => {
    expect((rules as Record<string, Rule>)[id].history).toBeDefined();
  });
});
