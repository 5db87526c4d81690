import { currentField, helpText, rulesText, typedMaxLength, variantNotes, type RuleWords, type SiteField } from './field-rules.js';
import { html, jsonScript, type Html } from './html.js';
import { texts, type Lang } from './i18n.js';
import type { SiteRail } from './model.js';

/** What the form's script reads from the page: the fields with their examples, and the words in the page's language. */
export interface FormData {
  lang: Lang;
  fields: SiteField[];
  messages: {
    required: string;
    optional: string;
    willBeSentAs: string;
    valid: string;
    allValid: string;
    someInvalidOne: string;
    /** {n} stands for the number of fields. */
    someInvalidMany: string;
    examples: string;
    counterexamples: string;
    /** {value} stands for the value, quoted. */
    fillWith: string;
    rules: RuleWords;
  };
}

/** The id of a field's control on the page (by position: names are the catalog's, ids must stay simple). */
const fieldId = (index: number) => `field-${index}`;

/** The words a field's rules are said with in a language (the page and the script say them alike). */
export function ruleWords(lang: Lang): RuleWords {
  const t = texts[lang];
  return { maxChars: t.maxChars, maxCharsNormalized: t.maxCharsNormalized, normalizations: t.normalizations };
}

/**
 * The beneficiary form of a rail: one control per field (name = the field's name), its label, help, rules and examples
 * in the page's language, all readable without JavaScript. The script (static/form.js, the bundled src/beneficiary)
 * adds what only works with it: the check button, the example buttons and the verdicts. Without it the form has no
 * enabled submit button, so that pressing Enter in a field does not reload the page and wipe the values.
 */
export function renderForm(rail: SiteRail, lang: Lang, scriptHref: string): Html {
  const t = texts[lang];
  if (rail.fields.length === 0) return html`<section aria-labelledby="form-title"><h2 id="form-title">${t.form}</h2><p>${t.noFields}</p></section>`;
  const data: FormData = {
    lang,
    fields: rail.fields,
    messages: {
      required: t.required,
      optional: t.optional,
      willBeSentAs: t.willBeSentAs,
      valid: t.valid,
      allValid: t.allValid,
      someInvalidOne: t.someInvalid(1),
      someInvalidMany: t.someInvalid(2).replace('2', '{n}'),
      examples: t.examples,
      counterexamples: t.counterexamples,
      fillWith: t.fillWith('{value}'),
      rules: ruleWords(lang),
    },
  };
  return html`<section aria-labelledby="form-title" class="form-section">
<h2 id="form-title">${t.form}</h2>
<p>${t.formIntro}</p>
<form class="beneficiary" novalidate aria-labelledby="form-title">
${rail.fields.map((_, i) => renderField(rail.fields, i, lang))}
<div class="actions" hidden><button type="submit" disabled>${t.check}</button> <p id="form-status" role="status" aria-live="polite"></p></div>
</form>
<noscript><p class="noscript">${t.noScript}</p></noscript>
${jsonScript('form-data', data)}
<script src="${scriptHref}" defer></script>
</section>
`;
}

/**
 * One field: label, control, help, rules and examples as the field stands before anything is chosen (what a page without
 * JavaScript shows), and for a dependent field what each choice changes, since such a page cannot change with it.
 */
function renderField(fields: SiteField[], index: number, lang: Lang): Html {
  const t = texts[lang];
  const id = fieldId(index);
  const { field } = currentField(fields, fields[index], {});
  const label = field.label?.[lang] ?? field.name;
  const help = helpText(field, lang);
  const rules = rulesText(field, ruleWords(lang));
  const variants = renderVariants(fields, field, id, lang);
  const describedBy = [help ? `${id}-help` : '', rules ? `${id}-rules` : '', variants ? `${id}-variants` : ''].filter(Boolean).join(' ');
  const maxlength = typedMaxLength(field);
  const inputmode = { email: 'email', phone: 'tel', aba_routing: 'numeric', clabe: 'numeric' }[field.type as string];
  const common = html`id="${id}" name="${field.name}"${field.required ? html` required aria-required="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}`;
  const control =
    field.type === 'select'
      ? html`<select ${common}><option value="">${t.choose}</option>${(field.options ?? []).map((o) => html`<option value="${o.value}">${o.label?.[lang] ?? o.value}</option>`)}</select>`
      : html`<input ${common} type="text" autocomplete="off" autocapitalize="off" spellcheck="false"${maxlength !== undefined ? html` maxlength="${maxlength}"` : ''}${inputmode ? html` inputmode="${inputmode}"` : ''}>`;
  return html`<div class="field" data-field="${field.name}">
<label for="${id}">${label} <span class="req" id="${id}-req">(${field.required ? t.required : t.optional})</span></label>
${control}
<p class="error" id="${id}-error" hidden></p>
<p class="help" id="${id}-help"${help ? '' : html` hidden`}>${help}</p>
<p class="rules" id="${id}-rules"${rules ? '' : html` hidden`}>${rules}</p>
${variants}
<p class="normalized" id="${id}-normalized" hidden></p>
<div class="tries" id="${id}-tries">${field.examples?.length ? html`<p class="examples">${t.examples} ${field.examples.map((v, i) => html`${i ? ', ' : ''}<code>${v === '' ? '""' : v}</code>`)}</p>` : ''}</div>
</div>
`;
}

/** The formats of a dependent field, by option of the select it depends on ('' for a field without dependsOn). */
function renderVariants(fields: SiteField[], field: SiteField, id: string, lang: Lang): Html | '' {
  const notes = variantNotes(fields, field, lang);
  if (!notes.length) return '';
  const t = texts[lang];
  const controller = fields.find((f) => f.name === field.dependsOn?.field);
  const by = controller?.label?.[lang] ?? controller?.name ?? '';
  const says = (note: (typeof notes)[number]) =>
    note.applies ? [note.required ? t.variantRequired : '', note.help].filter(Boolean).join(' ') : t.variantNotApplicable;
  return html`<div class="variants" id="${id}-variants"><p>${t.dependsOn(by)}</p><ul>${notes.map(
    (note) => html`<li><span class="option">${note.options.length ? note.options.join(', ') : t.otherOptions}</span>${t.colon}${says(note)}</li>`,
  )}</ul></div>`;
}
