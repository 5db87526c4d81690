import { cmp } from '../model/problem.js';
import { defineRule } from './define.js';

/**
 * How two names compare: Unicode-normalized (NFKC), case-folded, spaces collapsed. "Pix", "PIX" and "Pix " look the
 * same to a client choosing a rail from a list.
 */
function nameKey(name: string): string {
  // NFKC leaves printable ASCII as it is: most names skip the normalization.
  return (PRINTABLE_ASCII.test(name) ? name : name.normalize('NFKC')).toLowerCase().replace(/\s+/g, ' ').trim();
}
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export default defineRule({
  id: 'duplicate-name',
  severity: 'error',
  reads: ['countries', 'id', 'name', 'slug'],
  description:
    'No two rails serving one country share a name (compared ignoring case and spaces): a client lists the rails of a country by name, and a copied rail that kept its name is a leftover.',
  messages: {
    'duplicate-name': 'Two rails serving a country have the same name.',
  },
  check({ catalog, report }) {
    // Per country, the first rail (in file order) holding each name; a later rail with the same name is reported once,
    // naming every country where the two meet.
    const first = new Map<string, (typeof catalog.rails)[number]>();
    const clashes = new Map<(typeof catalog.rails)[number], { other: (typeof catalog.rails)[number]; countries: string[] }>();
    for (const rail of catalog.rails) {
      for (const country of rail.data.countries) {
        const key = `${country}\u0000${nameKey(rail.data.name)}`;
        const seen = first.get(key);
        if (!seen) {
          first.set(key, rail);
          continue;
        }
        // One rail listing a country twice, or two files of one id (duplicate-id says it).
        if (seen.data.id === rail.data.id) continue;
        const clash = clashes.get(rail) ?? { other: seen, countries: [] };
        if (clash.other === seen) clash.countries.push(country);
        clashes.set(rail, clash);
      }
    }
    for (const [rail, { other, countries }] of clashes) {
      const where = countries.sort(cmp).join(', ');
      report(
        rail,
        '/name',
        `${rail.data.id} has the name ${JSON.stringify(rail.data.name)}, like ${other.data.id} (${other.file.path}), and both serve ${where}: ` +
          `give this rail its own name (for example ${JSON.stringify(`${rail.data.name} (${rail.data.slug})`)})`,
        { messageId: 'duplicate-name' },
      );
    }
  },
});
