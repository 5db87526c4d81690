/**
 * The values the form is held to the service on: for each field of a rail, the catalog's own counterexamples (the
 * field's, and each format's with its option chosen) and a few generic bad values (empty where required, one character
 * too long, characters no identifier has).
 */
import type { SiteField, SiteRail } from '../../src/site/model.js';

/** One value typed in one field, with the option chosen in the select the field depends on, if any. */
export interface FormCase {
  field: string;
  value: string;
  /** The option to choose first in the field's controlling select ('' : "Choose…", nothing chosen). */
  choice?: { select: string; option: string };
  /** Where the value comes from, for the failure message. */
  why: string;
}

/** Characters that no beneficiary identifier holds (markup, a currency sign, a semicolon). */
const WRONG_CHARACTERS = '<€;>';
/** The longest value the check looks at without a maxLength of its own (MAX_VALUE_LENGTH). */
const CAP = 1024;

/** Every case of a rail, field by field in the rail's order. */
export function formCorpus(rail: SiteRail): FormCase[] {
  return rail.fields.flatMap((field) => [...ownCases(field), ...formatCases(field)]);
}

/** The field as written (nothing chosen in the select it depends on). */
function ownCases(field: SiteField): FormCase[] {
  const choice = field.dependsOn ? { choice: { select: field.dependsOn.field, option: '' } } : {};
  const cases: FormCase[] = [];
  if (field.required) cases.push({ field: field.name, value: '', why: 'empty, required', ...choice });
  if (field.type === 'select') return cases;
  for (const value of field.counterexamples ?? []) cases.push({ field: field.name, value, why: 'counterexample', ...choice });
  cases.push({ field: field.name, value: 'A'.repeat(Math.min(field.maxLength ?? CAP, CAP) + 1), why: 'one character too long', ...choice });
  cases.push({ field: field.name, value: WRONG_CHARACTERS, why: 'wrong characters', ...choice });
  return cases;
}

/** Each format of a dependent field, its option chosen: its counterexamples, and empty when it makes the field required. */
function formatCases(field: SiteField): FormCase[] {
  const dependency = field.dependsOn;
  if (!dependency) return [];
  return dependency.variants.flatMap((variant) => {
    const choice = { select: dependency.field, option: variant.when[0] };
    const why = `with ${dependency.field} ${choice.option}`;
    const empty = variant.required && variant.applies !== false ? [{ field: field.name, value: '', why: `${why}, empty`, choice }] : [];
    const counter = (variant.counterexamples ?? []).map((value) => ({ field: field.name, value, why: `${why}, counterexample`, choice }));
    return [...empty, ...counter];
  });
}
