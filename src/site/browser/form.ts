/// <reference lib="dom" />
/**
 * The payout form's script, bundled for the browser (static/form.js): it checks each value as it is typed with
 * src/beneficiary's checkFieldOf, the code the validator and the service run (a dependent field against the format of
 * the option chosen in its select), and shows the verdict accessibly.
 */
import { checkFieldOf, dependentsOf } from '../../beneficiary/index.js';
import type { FormData } from '../form.js';

type Control = HTMLInputElement | HTMLSelectElement;

const dataElement = document.getElementById('form-data');
const form = document.querySelector<HTMLFormElement>('form.beneficiary');
if (dataElement && form) setUp(JSON.parse(dataElement.textContent ?? '{}') as FormData, form);

function setUp(data: FormData, form: HTMLFormElement): void {
  const controls = data.fields.map((_, i) => document.getElementById(`field-${i}`) as Control | null);
  const baseDescribedBy = controls.map((c) => c?.getAttribute('aria-describedby') ?? '');

  /** Checks field i; `strict` also reports an empty required field (on submit, not while typing). Returns validity. */
  const update = (i: number, strict: boolean): boolean => {
    const control = controls[i];
    if (!control) return true;
    const raw = control.value;
    const given = raw === '' ? undefined : raw;
    // A dependent field is checked against the format of the option chosen in its select (src/beneficiary/dependent.ts).
    const values = Object.fromEntries(controls.map((c, k) => [data.fields[k].name, c && c.value !== '' ? c.value : undefined]));
    const { value, error } = checkFieldOf(data.fields, data.fields[i], values);
    const id = control.id;
    const errorElement = document.getElementById(`${id}-error`)!;
    const normalized = document.getElementById(`${id}-normalized`)!;
    const wrapper = control.closest('.field');
    if (error && (given !== undefined || strict)) {
      control.setAttribute('aria-invalid', 'true');
      errorElement.textContent = data.messages.errors[error.code] ?? error.message;
      errorElement.hidden = false;
      control.setAttribute('aria-describedby', [`${id}-error`, baseDescribedBy[i]].filter(Boolean).join(' '));
      wrapper?.setAttribute('data-state', 'invalid');
    } else {
      control.removeAttribute('aria-invalid');
      errorElement.textContent = '';
      errorElement.hidden = true;
      if (baseDescribedBy[i]) control.setAttribute('aria-describedby', baseDescribedBy[i]);
      else control.removeAttribute('aria-describedby');
      wrapper?.setAttribute('data-state', given === undefined ? '' : 'valid');
    }
    // Normalization shown whenever it changes what was typed, so that the user sees what the service receives.
    if (given !== undefined && value !== undefined && value !== raw) {
      normalized.textContent = `${error ? '' : `${data.messages.valid} `}${data.messages.willBeSentAs} `;
      const code = document.createElement('code');
      code.textContent = value;
      normalized.append(code);
      normalized.hidden = false;
    } else if (given !== undefined && !error) {
      normalized.textContent = data.messages.valid;
      normalized.hidden = false;
    } else {
      normalized.textContent = '';
      normalized.hidden = true;
    }
    return !error;
  };

  /** Checks field i, then again the fields whose format depends on its choice (those that hold a value). */
  const updateWithDependents = (i: number): void => {
    update(i, false);
    for (const name of dependentsOf(data.fields, data.fields[i].name)) {
      const k = data.fields.findIndex((f) => f.name === name);
      if (controls[k]?.value || controls[k]?.getAttribute('aria-invalid') === 'true') update(k, false);
    }
  };

  controls.forEach((control, i) => {
    if (!control) return;
    control.addEventListener('input', () => updateWithDependents(i));
    control.addEventListener('change', () => updateWithDependents(i));
    // A value the browser restored (back navigation) is checked at once.
    if (control.value !== '') update(i, false);
  });

  form.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button.fill');
    if (!button) return;
    const control = document.getElementById(button.dataset.target ?? '') as Control | null;
    const i = controls.indexOf(control);
    if (!control || i < 0) return;
    control.value = button.dataset.value ?? '';
    updateWithDependents(i);
    control.focus();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const invalid = controls.map((_, i) => update(i, true)).filter((ok) => !ok).length;
    const status = document.getElementById('form-status');
    if (status)
      status.textContent =
        invalid === 0 ? data.messages.allValid : invalid === 1 ? data.messages.someInvalidOne : data.messages.someInvalidMany.replace('{n}', String(invalid));
    if (invalid) controls.find((c) => c?.getAttribute('aria-invalid') === 'true')?.focus();
  });
}
