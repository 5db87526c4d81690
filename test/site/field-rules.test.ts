/**
 * The form's one reading of a field's current rules (src/site/field-rules.ts): a dependent field resolves with the
 * choice made in its select (resolveField), takes that format's help, length, maxlength and test vectors, or does not
 * apply; a page without script lists what each choice changes; the site puts back each format's test vectors.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { currentField, rulesText, typedMaxLength, variantNotes, type SiteField } from '../../src/site/field-rules.js';
import { ruleWords } from '../../src/site/form.js';
import { siteFromDir } from '../../src/site/source.js';
import { BUNDLED_TODAY } from '../helpers/bundled.js';

const root = path.resolve(__dirname, '../..');

const kind: SiteField = {
  name: 'kind',
  label: { fr: 'Sorte', en: 'Kind' },
  type: 'select',
  required: true,
  options: ['short', 'none', 'needed', 'other'].map((value) => ({ value, label: { fr: `${value} (fr)`, en: `${value} (en)` } })),
};
/** A field of no normalization (so that its maxlength attribute is its maxLength), with one format per kind of choice. */
const ref: SiteField = {
  name: 'ref',
  label: { fr: 'Référence', en: 'Reference' },
  type: 'text',
  required: false,
  pattern: '^[A-Z0-9]{1,20}$',
  maxLength: 20,
  help: { fr: 'Toute référence', en: 'Any reference' },
  examples: ['ABC123456789'],
  counterexamples: ['abc'],
  dependsOn: {
    field: 'kind',
    variants: [
      {
        when: ['short'],
        pattern: '^[0-9]{5}$',
        maxLength: 5,
        help: { fr: 'Cinq chiffres', en: 'Five digits' },
        examples: ['12345'],
        counterexamples: ['1234'],
      },
      { when: ['none'], applies: false },
      { when: ['needed'], required: true },
    ],
    otherwise: { maxLength: 8 },
  },
};
const fields = [kind, ref];

describe('currentField', () => {
  it.each([
    [
      'nothing chosen',
      {},
      {
        applies: true,
        choice: undefined,
        maxLength: 20,
        maxlength: 20,
        required: false,
        help: 'Any reference',
        examples: ['ABC123456789'],
        counterexamples: ['abc'],
      },
    ],
    [
      'no option of the select',
      { kind: 'zz' },
      {
        applies: true,
        choice: undefined,
        maxLength: 20,
        maxlength: 20,
        required: false,
        help: 'Any reference',
        examples: ['ABC123456789'],
        counterexamples: ['abc'],
      },
    ],
    [
      'a format of its own',
      { kind: 'short' },
      { applies: true, choice: 'short', maxLength: 5, maxlength: 5, required: false, help: 'Five digits', examples: ['12345'], counterexamples: ['1234'] },
    ],
    [
      'a field that does not apply',
      { kind: 'none' },
      {
        applies: false,
        choice: 'none',
        maxLength: 20,
        maxlength: 20,
        required: false,
        help: 'Any reference',
        examples: ['ABC123456789'],
        counterexamples: ['abc'],
      },
    ],
    // Required only: the values that pass are the field's, so its own examples and counterexamples still hold.
    [
      'a field made required',
      { kind: 'needed' },
      {
        applies: true,
        choice: 'needed',
        maxLength: 20,
        maxlength: 20,
        required: true,
        help: 'Any reference',
        examples: ['ABC123456789'],
        counterexamples: ['abc'],
      },
    ],
    // A shorter length with no vectors of its own: the field's examples may no longer pass, so none are offered.
    [
      'the fallback',
      { kind: 'other' },
      { applies: true, choice: 'other', maxLength: 8, maxlength: 8, required: false, help: 'Any reference', examples: undefined, counterexamples: undefined },
    ],
  ])('resolves the field with %s', (_, values, expected) => {
    const now = currentField(fields, ref, values);
    expect({
      applies: now.applies,
      choice: now.choice?.value,
      maxLength: now.field.maxLength,
      maxlength: typedMaxLength(now.field),
      required: now.field.required,
      help: now.field.help?.en,
      examples: now.field.examples,
      counterexamples: now.field.counterexamples,
    }).toEqual(expected);
  });

  it("says the chosen format's length in the rules text, and names the option chosen with its label", () => {
    const now = currentField(fields, ref, { kind: 'short' });
    expect(rulesText(now.field, ruleWords('en'))).toBe('At most 5 characters.');
    expect(rulesText(currentField(fields, ref, {}).field, ruleWords('fr'))).toBe('20 caractères au plus.');
    expect(now.choice?.label).toEqual({ fr: 'short (fr)', en: 'short (en)' });
    // A field without dependsOn stands as written whatever is chosen.
    expect(currentField(fields, kind, { kind: 'short' })).toEqual({ field: kind, applies: true });
  });
});

describe('variantNotes', () => {
  it('lists, by option label, the formats that change what a page without script must say', () => {
    expect(variantNotes(fields, ref, 'fr')).toEqual([
      { options: ['short (fr)'], applies: true, required: false, help: 'Cinq chiffres' },
      { options: ['none (fr)'], applies: false, required: false, help: '' },
      { options: ['needed (fr)'], applies: true, required: true, help: '' },
      // The fallback changes only the length, which a page without script cannot follow: nothing to say.
    ]);
    expect(variantNotes(fields, kind, 'en')).toEqual([]);
  });
});

describe("the site's data", () => {
  it("puts back each format's examples and counterexamples from the catalog (the seed strips them)", async () => {
    const { data } = await siteFromDir('catalog', root, BUNDLED_TODAY);
    let formats = 0;
    for (const id of ['BR-pix', 'MX-spei', 'IN-imps']) {
      const yaml = parse(readFileSync(path.join(root, 'catalog/rails', `${id}.yaml`), 'utf8')) as { fields: SiteField[] };
      const rail = data!.rails.find((r) => r.id === id)!;
      for (const field of yaml.fields.filter((f) => f.dependsOn)) {
        const shown = rail.fields.find((f) => f.name === field.name)!.dependsOn!;
        expect(
          shown.variants.map((v) => [v.examples, v.counterexamples]),
          `${id} ${field.name}`,
        ).toEqual(field.dependsOn!.variants.map((v) => [v.examples, v.counterexamples]));
        formats += shown.variants.filter((v) => v.examples?.length).length;
      }
    }
    expect(formats).toBeGreaterThanOrEqual(8);
  });
});
