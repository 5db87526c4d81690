import { normalize } from '../beneficiary/normalize.js';
import { defineRule } from './define.js';

export default defineRule({
  id: 'field-options',
  severity: 'error',
  scope: 'entry',
  description: 'A select field has options, with distinct values that its normalization leaves unchanged; a field of another type has none.',
  messages: {
    'options-not-select': 'A field that is not a select has options.',
    'select-without-options': 'A select field has no options.',
    'duplicate-option': 'Two options of a field have the same value.',
    'unreachable-option': "An option value that the field's normalize turns into another value, so it can never be chosen.",
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        if (field.type !== 'select') {
          if (field.options !== undefined)
            report(
              rail,
              `/fields/${i}/options`,
              `field ${field.name} has type ${field.type}, and only select fields have options: remove options, or set type: select`,
              { messageId: 'options-not-select' },
            );
          return;
        }
        if (!field.options?.length) {
          report(
            rail,
            `/fields/${i}/type`,
            `select field ${field.name} has no options: add options: [{ value: ..., label: { fr: ..., en: ... } }], one per choice`,
            { messageId: 'select-without-options' },
          );
          return;
        }
        const first = new Map<string, number>();
        field.options.forEach((option, k) => {
          const pointer = `/fields/${i}/options/${k}/value`;
          const j = first.get(option.value);
          if (j !== undefined) {
            report(
              rail,
              pointer,
              `option value ${JSON.stringify(option.value)} is already used by option ${j} of field ${field.name}: give each option its own value, or remove this one`,
              { messageId: 'duplicate-option' },
            );
            return;
          }
          first.set(option.value, k);
          // The value sent is normalized before it is compared with the options: an option normalization changes can never be chosen.
          const normalized = normalize(option.value, field.normalize);
          if (normalized !== option.value)
            report(
              rail,
              pointer,
              `option value ${JSON.stringify(option.value)} can never be chosen: the field's normalize: ${field.normalize} turns every value into ${JSON.stringify(normalized)} before comparing; write value: ${JSON.stringify(normalized)}`,
              { messageId: 'unreachable-option' },
            );
        });
      });
    }
  },
});
