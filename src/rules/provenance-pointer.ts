import { didYouMean } from '../domain/suggest.js';
import { factPointers, resolveNamed } from '../model/provenance.js';
import { defineRule } from './define.js';

/** The rail's values besides its facts that a source may state: what it is, where and whether it pays out. */
const OTHER_VALUES = ['/name', '/kind', '/countries', '/phase', '/reason'];

export default defineRule({
  id: 'provenance-pointer',
  severity: 'error',
  scope: 'entry',
  description:
    "Every pointer of a source's supports and of a rail's decisions names a value the rail has (/limits/maxMinor, /fields/pixKey/pattern: a field by its name), and never the sources, the decisions or verifiedAt.",
  messages: {
    'missing-value': 'A support or decision names a value the rail does not have.',
    'missing-field': 'A support or decision names a field the rail does not have.',
    'not-a-fact': 'A support or decision names the sources, the decisions or verifiedAt.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      const known = [...factPointers(rail.data), ...OTHER_VALUES];
      const judge = (pointer: string, at: string) => {
        const resolution = resolveNamed(rail.data, pointer);
        if ('pointer' in resolution) return;
        const suggestion = didYouMean(pointer, known);
        const instead = suggestion ? `: did you mean ${suggestion}?` : `: write the pointer of a value of this rail (${known.slice(0, 4).join(', ')}, …)`;
        if (resolution.missing === '')
          report(
            rail,
            at,
            `${pointer} names no fact of the rail: a pointer names a value such as /limits/maxMinor or /fields/<name>/pattern, never /sources, /decisions or /verifiedAt`,
            {
              messageId: 'not-a-fact',
            },
          );
        else if (resolution.fieldNames)
          report(
            rail,
            at,
            `${pointer} names a field this rail does not have: a field is named by its name, one of ${resolution.fieldNames.join(', ')}${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
            { messageId: 'missing-field' },
          );
        else
          report(rail, at, `${pointer} names a value this rail does not have (${resolution.missing || 'the rail'} has nothing there)${instead}`, {
            messageId: 'missing-value',
          });
      };
      for (const [i, source] of (rail.data.sources ?? []).entries())
        for (const [j, support] of (source.supports ?? []).entries()) judge(support.pointer, `/sources/${i}/supports/${j}/pointer`);
      for (const [j, decision] of (rail.data.decisions ?? []).entries()) judge(decision.pointer, `/decisions/${j}/pointer`);
    }
  },
});
