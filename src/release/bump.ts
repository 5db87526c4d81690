import { CATALOG_NAMES, type CatalogDiff, type Change } from '../compare/changes.js';

/** How a release's version moves from the previous one, as the catalog diff between them decides. */
export type Bump = 'major' | 'minor' | 'patch';

/**
 * The changes that are re-verifications or wording, a patch: where a fact is checked (verifiedAt, sources and what they
 * support, decisions) and the words people read (a name, a label, a help text). Any other change is a fact that moved.
 */
const PATCH_ONLY = [
  /^\/verifiedAt$/,
  /^\/sources(?:\/|$)/,
  /^\/decisions(?:\/|$)/,
  /^\/name$/,
  /^\/fields\/\d+\/(?:label|help)(?:\/|$)/,
  /^\/fields\/\d+\/options\/\d+\/label(?:\/|$)/,
  /^\/fields\/\d+\/dependsOn\/(?:variants\/\d+|otherwise)\/help(?:\/|$)/,
];

const isPatchOnly = (change: Change) => PATCH_ONLY.some((re) => re.test(change.pointer));

/**
 * The semver bump a diff asks for: major for whatever `catalog diff` calls breaking (a removal, a narrowed limit or
 * pattern, a new required field); minor for additions (a new entry, a widened limit, a new option or optional field, a
 * phase that opens); patch for re-verifications and wording; undefined when nothing published changed.
 */
export function bumpOf(diff: CatalogDiff): Bump | undefined {
  let bump: Bump | undefined;
  for (const name of CATALOG_NAMES) {
    const c = diff[name];
    if (c.removed.length > 0 || c.changed.some((e) => e.breaking)) return 'major';
    if (c.added.length > 0 || c.changed.some((e) => !e.changes.every(isPatchOnly))) bump = 'minor';
    else if (c.changed.length > 0 && bump === undefined) bump = 'patch';
  }
  return bump;
}

/** Why the bump, in one line, for the dry run and the changelog. */
export function bumpReason(bump: Bump): string {
  return {
    major: 'a breaking change (an entry removed, a limit or pattern narrowed, a new required field)',
    minor: 'additions (new entries or facts that widen what clients can do)',
    patch: 're-verifications and wording only',
  }[bump];
}
