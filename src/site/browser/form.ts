/// <reference lib="dom" />
/**
 * The payout form's script, bundled for the browser (static/form.js). It enhances a form that reads without it: it
 * adds the check button and the example buttons, and checks each value with src/beneficiary's checkFieldOf, the code
 * the validator and the service run, against the field as it stands for the choices made (field-rules.ts's
 * currentField: a dependent field takes the format of the option chosen in its select, and is hidden when it does not
 * apply). A value is judged once its field is left (or the form checked), and live from then on; a valid value is
 * acknowledged as it is typed. An error says the service's own words, rendered from the message catalog of the page's
 * language.
 */
import { checkFieldOf, type BeneficiaryError } from '../../beneficiary/index.js';
import { render } from '../../beneficiary/messages/index.js';
import { saidOf, type ValueCheck } from '../../beneficiary/validate.js';
import { currentField, helpText, rulesText, typedMaxLength, type FieldNow } from '../field-rules.js';
import type { FormData } from '../form.js';

type Control = HTMLInputElement | HTMLSelectElement;

/** What the user did with a field: typed or chose (edited), left it after that or checked the form (touched). */
interface FieldState {
  edited: boolean;
  touched: boolean;
  /** The rules last shown for the field, to redraw them only when they change. */
  shownRules: string;
}

/** The form on the page and what the script knows of it. */
interface Form {
  data: FormData;
  controls: (Control | null)[];
  states: FieldState[];
  /** True once the form has been checked: the status line follows every change from then on. */
  checked: boolean;
}

const dataElement = document.getElementById('form-data');
const formElement = document.querySelector<HTMLFormElement>('form.beneficiary');
if (dataElement && formElement) setUp(JSON.parse(dataElement.textContent ?? '{}') as FormData, formElement);

function setUp(data: FormData, element: HTMLFormElement): void {
  const controls = data.fields.map((_, i) => document.getElementById(`field-${i}`) as Control | null);
  const form: Form = { data, controls, states: controls.map(() => ({ edited: false, touched: false, shownRules: '' })), checked: false };
  refreshRules(form, -1);
  controls.forEach((control, i) => {
    if (!control) return;
    control.addEventListener('input', () => {
      form.states[i].edited = true;
      // Choosing an option is a finished answer: judge it at once.
      if (control instanceof HTMLSelectElement) form.states[i].touched = true;
      update(form, i);
    });
    control.addEventListener('blur', () => {
      // Tabbing through an empty field is not an answer: only a field typed in (or holding a value) is judged on leaving.
      if (form.states[i].edited || control.value !== '') form.states[i].touched = true;
      update(form, i);
    });
    // A value the browser restored (back navigation) is judged at once.
    if (control.value !== '') {
      form.states[i] = { ...form.states[i], edited: true, touched: true };
      update(form, i);
    }
  });
  element.addEventListener('click', (event) => fillFromButton(form, event));
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    checkAll(form);
  });
  const actions = element.querySelector<HTMLElement>('.actions');
  const button = actions?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (actions && button) {
    button.disabled = false;
    actions.hidden = false;
  }
}

/** The form's current values by field name. */
function valuesOf(form: Form): Record<string, string> {
  return Object.fromEntries(form.data.fields.map((field, i) => [field.name, form.controls[i]?.value ?? '']));
}

/** The values the form would send: an empty field is left out, as a client leaves out what was not filled in. */
function filledValues(form: Form): Record<string, string> {
  return Object.fromEntries(Object.entries(valuesOf(form)).filter(([, value]) => value !== ''));
}

/**
 * The verdict on field i for the form's values, as the service gives it (checkFieldOf: a format chosen in another field
 * is named in the message); a field that does not apply is hidden and not checked: its value (kept for when the choice
 * comes back) is not sent.
 */
function checkNow(form: Form, i: number, now: FieldNow): ValueCheck {
  return now.applies ? checkFieldOf(form.data.fields, form.data.fields[i], filledValues(form)) : { value: undefined };
}

/** Field i as it stands now: its rules and whether it applies may depend on a choice made in another field. */
function fieldNow(form: Form, i: number): FieldNow {
  return currentField(form.data.fields, form.data.fields[i], valuesOf(form));
}

/** Judges field i again, then redraws the fields whose rules its value changed (and judges them), then the status line. */
function update(form: Form, i: number): void {
  showVerdict(form, i);
  refreshRules(form, i);
  updateStatus(form);
}

/**
 * Redraws the rules of every field but `except` whose rules changed, and judges it again under its new rules (the
 * verdict shows as the timing rules say: a field typed in and left, or checked, shows its error at once).
 */
function refreshRules(form: Form, except: number): void {
  form.data.fields.forEach((_, j) => {
    if (j !== except && showRules(form, j, fieldNow(form, j))) showVerdict(form, j);
  });
}

/**
 * Shows field i as it stands: hidden and disabled when it does not apply; otherwise its required mark, help, length and
 * normalization, maxlength and example buttons, and the formats of each choice only while no choice decides them.
 * Returns whether anything changed.
 */
function showRules(form: Form, i: number, now: FieldNow): boolean {
  const field = now.field;
  const shown = JSON.stringify([
    now.applies,
    now.choice?.value,
    field.required,
    field.pattern,
    field.maxLength,
    field.normalize,
    field.help,
    field.examples,
    field.counterexamples,
  ]);
  const state = form.states[i];
  if (shown === state.shownRules) return false;
  state.shownRules = shown;
  const id = `field-${i}`;
  const control = form.controls[i];
  const wrapper = control?.closest<HTMLElement>('.field');
  if (wrapper) wrapper.hidden = !now.applies;
  if (control) control.disabled = !now.applies;
  if (!now.applies) return true;
  const { messages, lang } = form.data;
  setText(`${id}-req`, `(${field.required ? messages.required : messages.optional})`);
  if (control) {
    control.required = field.required;
    if (field.required) control.setAttribute('aria-required', 'true');
    else control.removeAttribute('aria-required');
  }
  setText(`${id}-help`, helpText(field, lang));
  setText(`${id}-rules`, rulesText(field, messages.rules));
  const variants = document.getElementById(`${id}-variants`);
  if (variants) variants.hidden = now.choice !== undefined;
  if (control instanceof HTMLInputElement) {
    const maxlength = typedMaxLength(field);
    if (maxlength === undefined) control.removeAttribute('maxlength');
    else control.maxLength = maxlength;
  }
  document
    .getElementById(`${id}-tries`)
    ?.replaceChildren(
      ...tryGroup(id, 'examples', messages.examples, field.examples, messages.fillWith),
      ...tryGroup(id, 'counterexamples', messages.counterexamples, field.counterexamples, messages.fillWith),
    );
  describe(form, i);
  return true;
}

/**
 * Shows the verdict on field i: the error once the field is touched, "Valid." (and what will be sent when
 * normalization changes it) for a valid value, nothing otherwise. Returns whether the value is valid.
 */
function showVerdict(form: Form, i: number): boolean {
  const control = form.controls[i];
  if (!control) return true;
  const now = fieldNow(form, i);
  const raw = control.value;
  const { value, error } = checkNow(form, i, now);
  const id = control.id;
  const shown = error && form.states[i].touched ? messageOf(form.data, error) : undefined;
  const errorElement = document.getElementById(`${id}-error`)!;
  errorElement.textContent = shown?.text ?? '';
  errorElement.hidden = !shown;
  if (shown?.lang && shown.lang !== form.data.lang) errorElement.lang = shown.lang;
  else errorElement.removeAttribute('lang');
  if (shown) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
  const normalized = document.getElementById(`${id}-normalized`)!;
  normalized.replaceChildren();
  normalized.hidden = !now.applies || !!error || raw === '';
  if (!normalized.hidden) {
    normalized.textContent = form.data.messages.valid;
    if (value !== undefined && value !== raw) {
      const code = document.createElement('code');
      code.textContent = value;
      normalized.append(` ${form.data.messages.willBeSentAs} `, code);
    }
  }
  control.closest('.field')?.setAttribute('data-state', shown ? 'invalid' : normalized.hidden ? '' : 'valid');
  describe(form, i);
  return !error;
}

/**
 * The message for an error in the page's language: the words the service answers for the same value, rendered from the
 * id and parameters the check said. Every error of the check carries them; the English message, marked `lang`, is only
 * a guard.
 */
function messageOf(data: FormData, error: BeneficiaryError): { text: string; lang?: string } {
  const said = saidOf(error);
  return said ? { text: render(data.lang, said) } : { text: error.message, lang: 'en' };
}

/** aria-describedby of field i: its error when shown, then its help and rules when they say something. */
function describe(form: Form, i: number): void {
  const control = form.controls[i];
  if (!control) return;
  const ids = ['error', 'help', 'rules', 'variants']
    .map((part) => `${control.id}-${part}`)
    .filter((id) => {
      const element = document.getElementById(id);
      return element && !element.hidden && element.textContent !== '';
    });
  if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
  else control.removeAttribute('aria-describedby');
}

/** Checks every field (empty required ones too), says how many are to correct, and focuses the first of them. */
function checkAll(form: Form): void {
  form.checked = true;
  for (const state of form.states) state.touched = true;
  const invalid = form.controls.filter((_, i) => !showVerdict(form, i));
  updateStatus(form);
  invalid[0]?.focus();
}

/** Once the form has been checked, the status line says how many fields are still to correct, or that all are valid. */
function updateStatus(form: Form): void {
  if (!form.checked) return;
  const status = document.getElementById('form-status');
  if (!status) return;
  const invalid = form.data.fields.filter((_, i) => form.controls[i] && checkNow(form, i, fieldNow(form, i)).error).length;
  const { allValid, someInvalidOne, someInvalidMany } = form.data.messages;
  const text = invalid === 0 ? allValid : invalid === 1 ? someInvalidOne : someInvalidMany.replace('{n}', String(invalid));
  // Set only when it changes: a live region repeats whatever is written into it.
  if (status.textContent !== text) status.textContent = text;
}

/** An example or counterexample button fills its field, which is then judged as a finished answer. */
function fillFromButton(form: Form, event: Event): void {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button.fill');
  if (!button) return;
  const control = document.getElementById(button.dataset.target ?? '') as Control | null;
  const i = form.controls.indexOf(control);
  if (!control || i < 0) return;
  control.value = button.dataset.value ?? '';
  form.states[i] = { ...form.states[i], edited: true, touched: true };
  update(form, i);
  control.focus();
}

/** The buttons that fill a field with each of `values`, under their title; nothing when there are none. */
function tryGroup(id: string, kind: string, title: string, values: string[] | undefined, fillWith: string): HTMLElement[] {
  if (!values?.length) return [];
  const group = document.createElement('div');
  group.className = `try ${kind}`;
  group.setAttribute('role', 'group');
  group.setAttribute('aria-labelledby', `${id}-${kind}`);
  const heading = document.createElement('span');
  heading.id = `${id}-${kind}`;
  heading.textContent = title;
  group.append(heading, ' ');
  for (const value of values) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fill';
    button.dataset.target = id;
    button.dataset.value = value;
    button.setAttribute('aria-label', fillWith.replace('{value}', JSON.stringify(value)));
    const code = document.createElement('code');
    code.textContent = value === '' ? '""' : value;
    button.append(code);
    group.append(button, ' ');
  }
  return [group];
}

/** Sets an element's text, hidden when there is none. */
function setText(id: string, text: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.textContent = text;
  element.hidden = text === '';
}
