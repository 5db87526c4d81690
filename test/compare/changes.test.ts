/** The comparison behind `catalog diff` and the review summary's Markdown, on catalogs given as texts (no git). */
import { describe, expect, it } from 'vitest';
import { loadTexts } from '../../src/parse/load.js';
import { checkSchemas } from '../../src/check/schema.js';
import { formatBps, formatMinutes, formatUnits } from '../../src/compare/amounts.js';
import { diffToJson, type CatalogDiff } from '../../src/compare/changes.js';
import { cell, renderDiffMarkdown, showValue } from '../../src/compare/markdown.js';
import { minorUnit } from '../../src/domain/iso.js';
import { diffCatalogs } from '../../src/git/diff.js';
import type { Catalog } from '../../src/model/catalog.js';
import { ASSET_USDC, COUNTRY_BR, RAIL_BR_PIX, setLine } from '../helpers/catalog.js';
import { RAIL_FR_SEPA, START } from '../git/repo.js';

function catalogOf(files: Record<string, string | null> = {}): Catalog {
  const texts = Object.entries({ ...START, ...files }).flatMap(([name, text]) => (text === null ? [] : [{ name, text }]));
  return checkSchemas(loadTexts('/c', texts, '/c')).catalog;
}

function diffOf(files: Record<string, string | null>, base: Record<string, string | null> = {}): CatalogDiff {
  return diffCatalogs(catalogOf(base), catalogOf(files));
}

const OPTIONAL_FIELD = `  - name: reference
    label: { fr: Référence, en: Reference }
    type: text
    required: false
    maxLength: 35
`;
const addField = (rail: string, field: string) => rail.replace(/^verifiedAt:/m, `${field}verifiedAt:`);
const REQUIRED_FIELD = OPTIONAL_FIELD.replace('name: reference', 'name: purpose').replace('required: false', 'required: true');

describe('diffCatalogs: breaking changes', () => {
  it.each([
    { name: 'a new required field', rail: addField(RAIL_FR_SEPA, REQUIRED_FIELD), reason: 'new required field purpose' },
    { name: 'an optional field made required', rail: RAIL_FR_SEPA.replace('required: false', 'required: true'), reason: 'field accountType is now required' },
    {
      name: 'a removed select option',
      rail: RAIL_FR_SEPA.replace('      - { value: business, label: { fr: Entreprise, en: Business } }\n', ''),
      reason: 'field accountType: option business removed',
    },
    { name: 'a currency change', rail: setLine(RAIL_FR_SEPA, 'currency', 'currency: XOF'), reason: 'currency EUR -> XOF' },
    {
      name: 'a pattern that rejects an earlier example',
      rail: setLine(RAIL_FR_SEPA, 'pattern', 'pattern: ^FR[0-9]{25}$'),
      reason: 'field iban now rejects "FR1420041010050500013M02606", an example valid before (pattern)',
    },
    {
      name: 'a lower maxLength',
      rail: RAIL_FR_SEPA.replace('maxLength: 27', 'maxLength: 34'),
      base: RAIL_FR_SEPA.replace('maxLength: 27', 'maxLength: 40'),
      reason: 'field iban: maxLength 40 -> 34',
    },
    { name: 'a removed field', rail: RAIL_FR_SEPA.replace(/ {2}- name: accountType[\s\S]*(?=verifiedAt)/, ''), reason: 'field accountType removed' },
    { name: 'a changed field type', rail: RAIL_FR_SEPA.replace('type: iban', 'type: text'), reason: 'field iban: type iban -> text' },
    {
      name: 'a new dependency of a field on a select',
      rail: addField(RAIL_FR_SEPA, `${OPTIONAL_FIELD}    dependsOn: { field: accountType, variants: [{ when: [business], required: true }], otherwise: {} }\n`),
      base: addField(RAIL_FR_SEPA, OPTIONAL_FIELD),
      reason: 'field reference: its format for each accountType is new: values it accepted before may be refused for some choices',
    },
  ])('flags $name', ({ rail, base, reason }) => {
    const diff = diffOf({ 'rails/FR-sepa_instant.yaml': rail }, base ? { 'rails/FR-sepa_instant.yaml': base } : {});
    expect(diff.rails.changed).toHaveLength(1);
    expect(diff.rails.changed[0].breaking).toBe(true);
    expect(diff.rails.changed[0].breakingReasons.join('\n')).toContain(reason);
  });

  it.each([
    { name: 'a new optional field', rail: addField(RAIL_FR_SEPA, OPTIONAL_FIELD) },
    {
      name: 'a new select option',
      rail: RAIL_FR_SEPA.replace('      - { value: business', '      - { value: joint, label: { fr: Joint, en: Joint } }\n      - { value: business'),
    },
    { name: 'a pattern that still accepts every earlier example', rail: setLine(RAIL_FR_SEPA, 'pattern', 'pattern: ^FR[0-9A-Z]{25}$') },
    { name: 'a higher maxLength', rail: RAIL_FR_SEPA.replace('maxLength: 27', 'maxLength: 34') },
    { name: 'a phase change and a limit change', rail: setLine(setLine(RAIL_FR_SEPA, 'phase', 'phase: live'), 'maxMinor', 'maxMinor: 1500000') },
  ])('does not flag $name', ({ rail }) => {
    const diff = diffOf({ 'rails/FR-sepa_instant.yaml': rail });
    expect(diff.rails.changed).toHaveLength(1);
    expect(diff.rails.changed[0]).toMatchObject({ breaking: false, breakingReasons: [] });
  });

  it('flags a removed network and changed decimals of an asset, and a changed country currency', () => {
    const diff = diffOf({
      'assets/usdc.yaml': setLine(setLine(ASSET_USDC, 'networks', 'networks: [ethereum]'), 'decimals', 'decimals: 18'),
      'countries/BR.yaml': setLine(COUNTRY_BR, 'currency', 'currency: USD'),
    });
    expect(diff.assets.changed[0].breakingReasons).toEqual([
      'decimals 6 -> 18: base units now mean another amount',
      'network solana removed: deposits there are no longer accepted',
    ]);
    expect(diff.countries.changed[0].breakingReasons).toEqual(['currency BRL -> USD']);
  });
});

describe('diffCatalogs: what counts as a change', () => {
  it('ignores toolkit-only examples, comments and key order', () => {
    const diff = diffOf({
      'rails/BR-pix.yaml': `# a comment\n${RAIL_BR_PIX.replace('["+5511987654321"]', '["+5511987654321", "a@b.co"]').replace('slug: pix\nname: Pix\n', 'name: Pix\nslug: pix\n')}`,
    });
    expect(JSON.parse(diffToJson(diff)).rails).toEqual({ added: [], removed: [], changed: [] });
  });

  it('matches beneficiary fields by name: an inserted field is one change', () => {
    const rail = RAIL_FR_SEPA.replace('fields:\n', `fields:\n${OPTIONAL_FIELD}`);
    const [changed] = diffOf({ 'rails/FR-sepa_instant.yaml': rail }).rails.changed;
    expect(changed.changes.map((c) => [c.pointer, c.label, c.before])).toEqual([['/fields/0', 'fields[reference]', null]]);
  });

  it('reports fields put in another order as one change of /fields', () => {
    const iban = / {2}- name: iban[\s\S]*?(?= {2}- name: accountType)/.exec(RAIL_FR_SEPA)![0];
    const rail = RAIL_FR_SEPA.replace(iban, '').replace(/^verifiedAt:/m, `${iban}verifiedAt:`);
    const [changed] = diffOf({ 'rails/FR-sepa_instant.yaml': rail }).rails.changed;
    expect(changed.changes).toEqual([{ pointer: '/fields', label: 'fields (order)', before: ['iban', 'accountType'], after: ['accountType', 'iban'] }]);
    expect(changed.breaking).toBe(false);
  });

  it('points a removed field at its index at the base, with null after', () => {
    const rail = RAIL_FR_SEPA.replace(/ {2}- name: iban[\s\S]*(?= {2}- name: accountType)/, '');
    const [changed] = diffOf({ 'rails/FR-sepa_instant.yaml': rail }).rails.changed;
    expect(changed.changes).toHaveLength(1);
    expect(changed.changes[0]).toMatchObject({ pointer: '/fields/0', label: 'fields[iban]', after: null });
  });

  it('leaves out entries that fail their schema on one side, instead of calling them removed', () => {
    const diff = diffOf({ 'rails/BR-pix.yaml': RAIL_BR_PIX.replace('currency: BRL', 'currency: brl') });
    expect(diff.rails).toMatchObject({ added: [], removed: [], changed: [], skipped: ['BR-pix'] });
  });

  it('sorts ids in code-unit order, whatever the file order', () => {
    const added = ['b', 'a_1', 'a1', 'a'].map((id) => [`assets/${id}.yaml`, ASSET_USDC.replace('id: usdc', `id: ${id}`)]);
    expect(diffOf(Object.fromEntries(added)).assets.added).toEqual(['a', 'a1', 'a_1', 'b']);
  });
});

describe('amounts in words', () => {
  it.each([
    [1000000, 2, '10,000.00'],
    [1500000, 0, '1,500,000'],
    [1234, 3, '1.234'],
    [5, 2, '0.05'],
    [-250, 2, '-2.50'],
    ['123456789012345678901234', 2, '1,234,567,890,123,456,789,012.34'],
  ] as const)('%s minor units with %s decimals is %s', (units, decimals, text) => {
    expect(formatUnits(units, decimals)).toBe(text);
  });

  it('trims base units of crypto assets', () => {
    expect(formatUnits('10000000', 6, true)).toBe('10');
    expect(formatUnits('1000000000000000', 18, true)).toBe('0.001');
  });

  it('writes fees and delays', () => {
    expect(formatBps(50)).toBe('0.50 %');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(2880)).toBe('2 d');
    expect(formatMinutes(0)).toBe('0 min');
  });

  it("uses the currency's ISO 4217 decimals", () => {
    // limits.decimals is wrong on purpose: the ISO 4217 table given wins over what the rail declares.
    const jpy = { currency: 'JPY', limits: { decimals: 2 } };
    expect(showValue('rails', '/limits/maxMinor', 1500000, jpy, minorUnit)).toBe('1500000 (1,500,000 JPY)');
    expect(showValue('rails', '/limits/maxMinor', 1500000, jpy)).toBe('1500000 (15,000.00 JPY)');
    const kwd = { currency: 'KWD', limits: { decimals: 2 } };
    expect(showValue('rails', '/fees/fixedMinor', 250, kwd, minorUnit)).toBe('250 (0.250 KWD)');
    expect(showValue('assets', '/minDepositBase', '10000000', { decimals: 6, ticker: 'USDC' })).toBe('10000000 (10 USDC)');
  });
});

describe('the review summary in Markdown', () => {
  const origin = { ref: 'origin/main', commit: '0123456789abcdef0123456789abcdef01234567', dir: 'catalog' };

  it('escapes | and line breaks in cells', () => {
    expect(cell('a|b\nc')).toBe('a\\|b<br>c');
    const md = renderDiffMarkdown(diffOf({ 'countries/BR.yaml': setLine(COUNTRY_BR, 'name', 'name: "Brazil | Brasil\\nBR"') }), origin);
    const row = md.split('\n').find((l) => l.startsWith('| `BR` | `name`'));
    expect(row).toBe('| `BR` | `name` | `Brazil` | Brazil \\| Brasil<br>BR |');
  });

  it('stays under the size limit, with a note when cut', () => {
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`assets/a${i}.yaml`, ASSET_USDC.replace('id: usdc', `id: a${i}`)]));
    const full = renderDiffMarkdown(diffOf(many), origin);
    expect(full).not.toContain('cut');
    const cut = renderDiffMarkdown(diffOf(many), origin, { maxBytes: 4096 });
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(4096);
    expect(cut).toMatch(/_… \d+ more lines cut: this summary is kept under 4 KiB\. For everything, run `npx catalog diff --base origin\/main --dir catalog`/);
    expect(full.startsWith(cut.slice(0, cut.indexOf('\n_…')))).toBe(true);
  });
});
