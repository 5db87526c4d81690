import { defineRule } from './define.js';

export default defineRule({
  id: 'duplicate-field',
  severity: 'error',
  scope: 'entry',
  description:
    'The fields of a rail have distinct names: a beneficiary value is sent under its field name, so a second field with that name could never be filled.',
  messages: {
    'duplicate-name': 'Two fields of one rail have the same name.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const first = new Map<string, number>();
      rail.data.fields.forEach((field, i) => {
        const j = first.get(field.name);
        if (j === undefined) first.set(field.name, i);
        else
          report(
            rail,
            `/fields/${i}/name`,
            `field name ${field.name} is already used by the field at /fields/${j}: give this field another name, or merge the two fields`,
            { messageId: 'duplicate-name' },
          );
      });
    }
  },
});
