import type { RawEntry } from '../model/catalog.js';
import { schemaEnum } from '../model/schemas.js';
import { equal } from '../compare/changes.js';
import { defineRule } from './define.js';
import { idKey } from '../model/catalog.js';

/** Share of the other top-level fields that must be equal for a new entry to count as a base entry under a new id. */
const RENAME_SIMILARITY = 0.75;

function idOf(entry: RawEntry): string | undefined {
  const id = entry.data[idKey(entry.kind)];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** How much of two entries is the same, the id aside: equal top-level fields over all fields of either. */
function similarity(a: RawEntry, b: RawEntry): number {
  const key = idKey(a.kind);
  const keys = new Set([...Object.keys(a.data), ...Object.keys(b.data)].filter((k) => k !== key));
  if (keys.size === 0) return 0;
  let same = 0;
  for (const k of keys) if (equal(a.data[k], b.data[k])) same++;
  return same / keys.size;
}

/** What to write instead of removing an entry of this kind. */
function keepAdvice(kind: RawEntry['kind']): string {
  if (kind === 'country') return `set status: restricted with a reason (${schemaEnum('common', '/definitions/countryReason').join(', ')})`;
  return `set phase: never with a reason (${schemaEnum('common', '/definitions/closedReason').join(', ')})`;
}

export default defineRule({
  id: 'removed-entry',
  severity: 'error',
  description:
    'With --base: every rail, asset and country of the base revision is still in the catalog. Closed rails, assets not offered and refused countries stay in the published lists with phase never or status restricted and a reason; deleting a file or changing an id removes them.',
  // Only what the change touched can remove an entry: every other entry is still there (HistoryContext).
  messages: {
    'id-changed': "An entry's id (code for countries) differs from the base revision's, which removes the old id from the published list.",
    removed: 'An entry of the base revision has no entry with its id now.',
  },
  history({ catalog, base, report }) {
    const present = new Set(catalog.raw.map((e) => `${e.kind}:${idOf(e)}`));
    const baseIds = new Set(base.raw.map((e) => `${e.kind}:${idOf(e)}`));
    // Entries with an id the base does not have: where a renamed entry would be now. Each explains one removal.
    const unclaimed = catalog.raw.filter((e) => idOf(e) !== undefined && !baseIds.has(`${e.kind}:${idOf(e)}`));
    const reported = new Set<string>();

    for (const old of base.raw) {
      if (old.kind === 'policy') continue; // a policy list is not published: the provider may stop applying it
      const id = idOf(old);
      if (id === undefined || present.has(`${old.kind}:${id}`) || reported.has(`${old.kind}:${id}`)) continue;
      reported.add(`${old.kind}:${id}`);
      const key = idKey(old.kind);

      // A rename: the same file with another id, or an entry that is the same apart from its id (a moved file).
      let renamed = unclaimed.find((e) => e.file.path === old.file.path); // one path, one folder, one kind
      if (!renamed) {
        let best = RENAME_SIMILARITY;
        for (const e of unclaimed) {
          if (e.kind !== old.kind) continue;
          const score = similarity(old, e);
          if (score >= best && (!renamed || score > best)) {
            renamed = e;
            best = score;
          }
        }
      }
      if (renamed) {
        unclaimed.splice(unclaimed.indexOf(renamed), 1);
        const now = idOf(renamed)!;
        report(
          renamed,
          `/${key}`,
          `the ${key} was ${id} at the base revision (${old.file.path}): changing it removes ${old.kind} ${id} from the published list, where clients keep it. ` +
            `Keep ${id} in a file of its own (${keepAdvice(old.kind)} if it is closed) and add ${now} as a new entry`,
          { messageId: 'id-changed' },
        );
      } else {
        report(
          old,
          `/${key}`,
          `${old.kind} ${id} was removed: it is in ${old.file.path} at the base revision and no entry has this ${key} now. ` +
            `An entry never disappears from the published list: keep the file (restore it if it was deleted) and ${keepAdvice(old.kind)}`,
          { messageId: 'removed' },
        );
      }
    }
  },
});
