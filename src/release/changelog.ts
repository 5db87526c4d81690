import { CATALOG_NAMES, type CatalogDiff, type CatalogName } from '../compare/changes.js';
import type { Bump } from './bump.js';
import { bumpReason } from './bump.js';

/** One entry's change in a release, as the changelog and the site's feeds tell it. */
export interface ReleaseEntry {
  catalog: CatalogName;
  id: string;
  kind: 'added' | 'removed' | 'changed';
  breaking: boolean;
  /** One line per change: `limits.maxMinor: 100000 → 250000`, and the reasons it breaks. */
  lines: string[];
}

/** One release: its version, day, the seed's content version, why the bump, and what changed. */
export interface Release {
  version: string;
  date: string;
  seedVersion: string;
  bump?: Bump;
  /** The number of entries of each catalog in the release's seed. */
  counts: { rails: number; assets: number; countries: number };
  entries: ReleaseEntry[];
}

const shown = (value: unknown) => (value === null || value === undefined ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value));

/** The entries of a release, from the diff with the previous one: added, removed, changed, each catalog in order. */
export function releaseEntries(diff: CatalogDiff): ReleaseEntry[] {
  const out: ReleaseEntry[] = [];
  for (const catalog of CATALOG_NAMES) {
    const c = diff[catalog];
    for (const id of c.added) out.push({ catalog, id, kind: 'added', breaking: false, lines: [] });
    for (const id of c.removed) out.push({ catalog, id, kind: 'removed', breaking: true, lines: [] });
    for (const e of c.changed)
      out.push({
        catalog,
        id: e.id,
        kind: 'changed',
        breaking: e.breaking,
        lines: [...e.breakingReasons.map((r) => `breaking: ${r}`), ...e.changes.map((x) => `${x.label}: ${shown(x.before)} → ${shown(x.after)}`)],
      });
  }
  return out;
}

const SINGULAR: Record<CatalogName, string> = { rails: 'rail', assets: 'asset', countries: 'country' };

/** One entry in Markdown: `- **Removed** rail \`BR-doc\``, then its changes indented. */
function entryMarkdown(e: ReleaseEntry): string {
  const head = `- **${e.kind === 'added' ? 'Added' : e.kind === 'removed' ? 'Removed' : 'Changed'}** ${SINGULAR[e.catalog]} \`${e.id}\`${e.breaking && e.kind === 'changed' ? ' (breaking)' : ''}`;
  return [head, ...e.lines.map((l) => `  - ${l.replace(/[\r\n]+/g, ' ')}`)].join('\n');
}

/** A release's section of CHANGELOG.md: the version and day, the bump and why, the seed's version, the entries. */
export function changelogSection(release: Release): string {
  const lines = [`## ${release.version} (${release.date})`, ''];
  if (release.bump) lines.push(`A ${release.bump} release: ${bumpReason(release.bump)}. Seed version \`${release.seedVersion}\`.`, '');
  else {
    const { rails, assets, countries } = release.counts;
    lines.push(`The first release: ${rails} rails, ${assets} assets, ${countries} countries. Seed version \`${release.seedVersion}\`.`, '');
  }
  const breaking = release.entries.filter((e) => e.breaking);
  const rest = release.entries.filter((e) => !e.breaking);
  if (breaking.length) lines.push('### Breaking', '', ...breaking.map(entryMarkdown), '');
  if (rest.length) lines.push('### Changes', '', ...rest.map(entryMarkdown), '');
  return `${lines.join('\n')}`;
}

/** CHANGELOG.md: the title, then every release, newest first. */
export function changelog(releases: readonly Release[]): string {
  return `# Changelog of @payout-catalog/data\n\nEach release's changes, from \`catalog diff\` between its tag and the previous release's (tags \`data-vX.Y.Z\`).\n\n${releases.map(changelogSection).join('\n')}`;
}
