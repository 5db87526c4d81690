import { applyFormat, formatsOf, type FieldFormat } from '../beneficiary/dependent.js';
import { checkValue } from '../beneficiary/validate.js';
import { didYouMeanText } from '../domain/suggest.js';
import type { RailField } from '../generated/types.js';
import { defineRule } from './define.js';
import { fieldFindings, quote } from './pattern-examples.js';

/** One problem of a dependent field, relative to the field (`/dependsOn/field`, `/dependsOn/variants/0/when/1`...). */
interface Finding {
  at: string;
  messageId: keyof typeof messages;
  message: string;
}

/** A format as the catalog holds it: a variant (with `when`) or the fallback, with its test vectors. */
type SourceFormat = FieldFormat & { when?: unknown; examples?: string[]; counterexamples?: string[] };

const list = (values: string[]) => values.map((v) => JSON.stringify(v)).join(', ');

/**
 * The controlling field of a dependent field, or why it cannot control it: it must exist, be a select, come before,
 * and depend on no other field (one level only: a client resolves every field with one lookup, and no chain can loop).
 */
function controllerFindings(fields: RailField[], i: number): { controller?: RailField; found: Finding[] } {
  const field = fields[i];
  const name = field.dependsOn!.field;
  const at = '/dependsOn/field';
  const selects = fields
    .slice(0, i)
    .filter((f) => f.type === 'select' && f.dependsOn === undefined)
    .map((f) => f.name);
  const write = selects.length
    ? `write the name of a select field written before it (${selects.join(', ')})`
    : 'add a select field before it, with one option per format';
  if (name === field.name)
    return {
      found: [
        {
          at,
          messageId: 'self-dependency',
          message: `field ${field.name} depends on itself: a field's format can only depend on another field's choice; ${write}`,
        },
      ],
    };
  const j = fields.findIndex((f) => f.name === name);
  if (j < 0)
    return {
      found: [
        {
          at,
          messageId: 'unknown-field',
          message: `field ${field.name} depends on ${quote(name)}, which is not a field of this rail: ${write}${didYouMeanText(name, selects)}`,
        },
      ],
    };
  const controller = fields[j];
  if (controller.type !== 'select')
    return {
      found: [
        {
          at,
          messageId: 'controller-not-select',
          message: `field ${field.name} depends on ${name}, a field of type ${controller.type}: only a select field's choice can decide a format (its options are the cases); ${write}`,
        },
      ],
    };
  const found: Finding[] = [];
  if (controller.dependsOn !== undefined) {
    const loop = controller.dependsOn.field === field.name;
    found.push({
      at,
      messageId: loop ? 'circular-dependency' : 'chained-dependency',
      message: loop
        ? `fields ${field.name} and ${name} depend on each other (a circular dependency): make ${name} a plain select (remove its dependsOn) and let ${field.name} depend on it`
        : `field ${field.name} depends on ${name}, which itself depends on ${controller.dependsOn.field}: dependencies are one level deep, so that a client resolves each field with one lookup; make ${field.name} depend on a select that depends on nothing`,
    });
  }
  if (j > i)
    found.push({
      at,
      messageId: 'controller-after',
      message: `field ${field.name} depends on ${name}, which comes after it: move ${name} before ${field.name}, so that a form shows the choice before the field it decides`,
    });
  return { controller: found.length ? undefined : controller, found };
}

/** The options of the controlling select against the variants: each named once, none unknown, every one covered or an explicit otherwise. */
function coverageFindings(field: RailField, controller: RailField): Finding[] {
  const found: Finding[] = [];
  const options = (controller.options ?? []).map((o) => o.value);
  const named = new Map<string, number>();
  field.dependsOn!.variants.forEach((variant, k) => {
    const when: unknown[] = variant !== null && typeof variant === 'object' && Array.isArray(variant.when) ? variant.when : [];
    when.forEach((value, j) => {
      if (typeof value !== 'string') return; // the schema reports it
      const at = `/dependsOn/variants/${k}/when/${j}`;
      if (!options.includes(value))
        found.push({
          at,
          messageId: 'unknown-option',
          message: `${quote(value)} is not an option of ${controller.name}: write one of ${list(options)}${didYouMeanText(value, options)}`,
        });
      else if (named.has(value))
        found.push({
          at,
          messageId: 'option-named-twice',
          message: `option ${quote(value)} of ${controller.name} is already named by variant ${named.get(value)! + 1} of field ${field.name}: name each option in one variant only`,
        });
      else named.set(value, k);
    });
  });
  const missing = options.filter((o) => !named.has(o));
  const otherwise = field.dependsOn!.otherwise;
  if (missing.length && otherwise === undefined)
    found.push({
      at: '/dependsOn',
      messageId: 'uncovered-options',
      message: `option${missing.length > 1 ? 's' : ''} ${list(missing)} of ${controller.name} ${missing.length > 1 ? 'have' : 'has'} no variant for field ${field.name}: add a variant with when: [${missing.join(', ')}], or otherwise: {} to keep the field as written for ${missing.length > 1 ? 'them' : 'it'}`,
    });
  if (!missing.length && otherwise !== undefined)
    found.push({
      at: '/dependsOn/otherwise',
      messageId: 'unused-otherwise',
      message: `every option of ${controller.name} has a variant, so otherwise is never used: remove it`,
    });
  return found;
}

/**
 * What a format may say so that the field as written stays the loosest, what a client that knows only the contract's
 * fields applies to every choice: a type only on a text field, never select; required or not applicable only on an
 * optional field; a maxLength no longer than the field's; and no format where the field does not apply.
 */
function contractFindings(field: RailField, format: SourceFormat): Finding[] {
  const found: Finding[] = [];
  if (format.applies === false) {
    const given = (['type', 'required', 'pattern', 'maxLength', 'help', 'examples', 'counterexamples'] as const).filter((k) => format[k] !== undefined);
    if (given.length)
      found.push({
        at: `/${given[0]}`,
        messageId: 'not-applicable-with-format',
        message: `this variant says the field does not apply (applies: false), so it takes no value and needs no ${given.join(', ')}: remove ${given.length > 1 ? 'them' : 'it'}`,
      });
  }
  if (field.required && (format.applies === false || format.required === false))
    found.push({
      at: format.applies === false ? '/applies' : '/required',
      messageId: 'required-field',
      message: `field ${field.name} is required: true, so a client that knows only the contract's fields demands it for every choice: write required: false on the field, and required: true on the variants that need it`,
    });
  if (format.type === 'select')
    found.push({
      at: '/type',
      messageId: 'select-variant',
      message: `a variant cannot make field ${field.name} a select (its options would depend on a choice): give it a pattern instead`,
    });
  else if (format.type !== undefined && field.type !== 'text' && format.type !== field.type)
    found.push({
      at: '/type',
      messageId: 'type-change',
      message: `field ${field.name} has type ${field.type}, whose own check a client of the contract's fields applies to every choice: a variant can change the type only of a text field; write type: text on the field (with a pattern that accepts every variant's values), or remove this type`,
    });
  if (typeof format.maxLength === 'number' && typeof field.maxLength === 'number' && format.maxLength > field.maxLength)
    found.push({
      at: '/maxLength',
      messageId: 'max-length-over',
      message: `maxLength ${format.maxLength} is more than the field's own ${field.maxLength}, which a client of the contract's fields applies to every choice: write at most ${field.maxLength}, or raise the field's`,
    });
  return found;
}

/**
 * The test vectors of a format: its examples pass it and its counterexamples fail it (pattern-examples' own checks, on
 * the field with the format applied), and its examples pass the field as written too (the union the contract's clients check).
 */
function exampleFindings(field: RailField, format: SourceFormat, what: string): Finding[] {
  const gives = format.pattern !== undefined || format.type !== undefined;
  // No format to test where the field does not apply, nor on a select variant (contractFindings reports both).
  if (format.applies === false || format.type === 'select' || (!gives && format.examples === undefined && format.counterexamples === undefined)) return [];
  const merged = { ...applyFormat(field, format), examples: format.examples, counterexamples: format.counterexamples } as RailField;
  // pattern-examples asks a patterned field for examples; a variant needs its own as soon as it gives a format.
  const found: Finding[] = fieldFindings(merged, what).filter((f) => f.at !== '');
  if (gives && !format.examples?.length) {
    const given = format.pattern !== undefined ? `a pattern` : `type ${format.type}`;
    found.unshift({
      at: '',
      messageId: 'no-examples',
      message: `${what} gives ${given} but no examples: add examples: ["..."] with at least one real value of this kind (and counterexamples: ["..."] with values it must reject)`,
    });
  }
  (format.examples ?? []).forEach((example, j) => {
    const { error } = checkValue(merged, example);
    const own = error ? undefined : checkValue(field, example).error;
    if (own)
      found.push({
        at: `/examples/${j}`,
        messageId: 'example-fails-field',
        message: `example ${quote(example)} passes ${what} but fails the field's own validation (${own.code}: ${own.message}), which a client that knows only the contract's fields applies to every choice: widen the field's own pattern, maxLength or type so that it accepts every variant's values`,
      });
  });
  return found;
}

/** Every problem of one dependent field (the i-th of its rail). */
function dependencyFindings(fields: RailField[], i: number): Finding[] {
  const field = fields[i];
  const { controller, found } = controllerFindings(fields, i);
  if (controller) found.push(...coverageFindings(field, controller));
  for (const { at, format } of formatsOf(field)) {
    const source = format as SourceFormat;
    const when = Array.isArray(source.when) ? source.when.join(', ') : 'the other options';
    const what = `field ${field.name} with ${field.dependsOn!.field} ${when}`;
    for (const f of [...contractFindings(field, source), ...exampleFindings(field, source, what)])
      found.push({ at: `${at}${f.at}`, messageId: f.messageId, message: f.message });
  }
  return found;
}

/** Message id → the situation it reports (docs/rules.md, the editor's hover). */
const messages = {
  'self-dependency': 'A field depends on itself.',
  'unknown-field': 'A field depends on a name that is no field of the rail.',
  'controller-not-select': 'A field depends on a field that is not a select.',
  'circular-dependency': 'Two fields depend on each other.',
  'chained-dependency': 'A field depends on a field that itself depends on another.',
  'controller-after': 'A field depends on a select written after it.',
  'unknown-option': 'A variant names a value that is not an option of the select.',
  'option-named-twice': 'Two variants of a field name the same option.',
  'uncovered-options': 'Options of the select have no variant and the field has no otherwise.',
  'unused-otherwise': 'Every option has a variant, so otherwise is never used.',
  'not-applicable-with-format': 'A variant that does not apply (applies: false) gives a format.',
  'required-field': 'A field that is required: true has a variant that makes it optional or not applicable.',
  'select-variant': 'A variant makes the field a select.',
  'type-change': 'A variant changes the type of a field that is not a text field.',
  'max-length-over': "A variant's maxLength is more than the field's own.",
  'no-examples': 'A variant gives a pattern or a type but no examples.',
  'example-fails': "A variant's example fails the field with the variant applied.",
  'counterexample-passes': "A variant's counterexample passes the field with the variant applied.",
  'example-fails-field': "A variant's example fails the field as written, which clients of the contract's fields apply to every choice.",
};

export default defineRule({
  id: 'dependent-fields',
  severity: 'error',
  scope: 'entry',
  description:
    "A dependent field (dependsOn) depends on a select field written before it that depends on nothing; each option of the select has one variant or an explicit otherwise, and no variant names an unknown option; each variant's examples pass it and the field as written (the union the contract's clients check), its counterexamples fail it; a variant only narrows the field (a type only on a text field, required or not applicable only on an optional field, a maxLength no longer than the field's).",
  messages,
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const fields = rail.data.fields;
      if (!Array.isArray(fields)) continue;
      fields.forEach((field, i) => {
        // Entries the schema refused reach the rules too: a dependency it could not read is left to the schema's message.
        const dependency = field?.dependsOn;
        if (!dependency || typeof dependency.field !== 'string' || !Array.isArray(dependency.variants)) return;
        for (const f of dependencyFindings(fields, i)) report(rail, `/fields/${i}${f.at}`, f.message, { messageId: f.messageId });
      });
    }
  },
});
