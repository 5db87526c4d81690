import type { SeedField } from '../generated/types.js';
import { html, jsonScript, type Html } from './html.js';
import { texts, type Lang } from './i18n.js';
import type { SiteRail } from './model.js';

/** Normalizations that can shorten a value: the raw input may be longer than maxLength (IBANs are typed in groups). */
const SHORTENING = new Set(['trim', 'remove_spaces', 'upper_remove_spaces', 'remove_separators']);

/** What the form's script reads from the page: the published fields and the messages in the page's language. */
export interface FormData {
  fields: SeedField[];
  messages: {
    errors: Record<string, string>;
    willBeSentAs: string;
    valid: string;
    allValid: string;
    someInvalidOne: string;
    someInvalidMany: string;
  };
}

/** The id of a field's control on the page (by position: names are the catalog's, ids must stay simple). */
export const fieldId = (index: number) => `field-${index}`;

/**
 * The beneficiary form of a rail: one control per field (name = the field's name), its label and help in the page's
 * language, select options, maxlength, examples and counterexamples as buttons that fill the field; the script
 * (static/form.js, the bundled src/beneficiary) checks values as the user types.
 */
export function renderForm(rail: SiteRail, lang: Lang, scriptHref: string): Html {
  const t = texts[lang];
  if (rail.fields.length === 0) return html`<section aria-labelledby="form-title"><h2 id="form-title">${t.form}</h2><p>${t.noFields}</p></section>`;
  const published: SeedField[] = rail.fields.map(({ examples: _e, counterexamples: _c, ...field }) => field);
  const data: FormData = {
    fields: published,
    messages: {
      errors: { ...t.errors } as Record<string, string>,
      willBeSentAs: t.willBeSentAs,
      valid: t.valid,
      allValid: t.allValid,
      someInvalidOne: t.someInvalid(1),
      someInvalidMany: t.someInvalid(2).replace('2', '{n}'),
    },
  };
  return html`<section aria-labelledby="form-title" class="form-section">
<h2 id="form-title">${t.form}</h2>
<p>${t.formIntro}</p>
<form class="beneficiary" novalidate aria-labelledby="form-title">
${rail.fields.map((field, i) => renderField(field, i, lang))}
<div class="actions"><button type="submit">${t.check}</button> <p id="form-status" role="status" aria-live="polite"></p></div>
</form>
<noscript><p>${t.noScript}</p></noscript>
${jsonScript('form-data', data)}
<script src="${scriptHref}" defer></script>
</section>
`;
}

function renderField(field: SeedField & { examples?: string[]; counterexamples?: string[] }, index: number, lang: Lang): Html {
  const t = texts[lang];
  const id = fieldId(index);
  const label = field.label?.[lang] ?? field.name;
  const help = field.help?.[lang];
  const rules: string[] = [];
  if (typeof field.maxLength === 'number')
    rules.push(field.normalize && SHORTENING.has(field.normalize) ? t.maxCharsNormalized(field.maxLength) : t.maxChars(field.maxLength));
  if (field.normalize) rules.push(t.normalizations[field.normalize] ?? '');
  const describedBy = [help ? `${id}-help` : '', rules.length ? `${id}-rules` : ''].filter(Boolean).join(' ');
  // maxlength only where the typed value cannot be longer than the sent one: "062-000" is a valid 6-digit BSB.
  const maxlength = typeof field.maxLength === 'number' && !(field.normalize && SHORTENING.has(field.normalize)) ? field.maxLength : undefined;
  const inputmode = { email: 'email', phone: 'tel', aba_routing: 'numeric', clabe: 'numeric' }[field.type as string];
  const common = html`id="${id}" name="${field.name}"${field.required ? html` required aria-required="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}`;
  const control =
    field.type === 'select'
      ? html`<select ${common}><option value="">${t.choose}</option>${(field.options ?? []).map((o) => html`<option value="${o.value}">${o.label?.[lang] ?? o.value}</option>`)}</select>`
      : html`<input ${common} type="text" autocomplete="off" autocapitalize="off" spellcheck="false"${maxlength !== undefined ? html` maxlength="${maxlength}"` : ''}${inputmode ? html` inputmode="${inputmode}"` : ''}>`;
  return html`<div class="field" data-field="${field.name}">
<label for="${id}">${label} <span class="req">(${field.required ? t.required : t.optional})</span></label>
${control}
<p class="error" id="${id}-error" hidden></p>
${help ? html`<p class="help" id="${id}-help">${help}</p>` : ''}
${rules.length ? html`<p class="rules" id="${id}-rules">${rules.join(' ')}</p>` : ''}
<p class="normalized" id="${id}-normalized" hidden></p>
${tryButtons(id, 'examples', t.examples, field.examples, lang)}${tryButtons(id, 'counterexamples', t.counterexamples, field.counterexamples, lang)}</div>
`;
}

function tryButtons(id: string, kind: 'examples' | 'counterexamples', title: string, values: string[] | undefined, lang: Lang): Html | '' {
  if (!values?.length) return '';
  const t = texts[lang];
  return html`<div class="try ${kind}" role="group" aria-labelledby="${id}-${kind}"><span id="${id}-${kind}">${title}</span> ${values.map(
    (v) =>
      html`<button type="button" class="fill" data-target="${id}" data-value="${v}" aria-label="${t.fillWith(JSON.stringify(v))}"><code>${v === '' ? '""' : v}</code></button> `,
  )}</div>
`;
}
