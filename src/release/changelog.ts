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

const isProvenance = (pointer: string) => /^\/(?:sources|decisions)(?:\/|$)/.test(pointer);

/** How much provenance an entry records: its sources, their supports, its decisions. */
function provenanceCounts(entry: Record<string, unknown> | undefined): [number, number, number] {
  const sources = Array.isArray(entry?.sources) ? (entry.sources as Array<{ supports?: unknown[] }>) : [];
  const decisions = Array.isArray(entry?.decisions) ? entry.decisions.length : 0;
  return [sources.length, sources.reduce((n, s) => n + (Array.isArray(s.supports) ? s.supports.length : 0), 0), decisions];
}

/** One line for every change of where the facts come from (sources, supports, decisions): counts, not the lists. */
function provenanceLine(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): string {
  const [s0, q0, d0] = provenanceCounts(before);
  const [s1, q1, d1] = provenanceCounts(after);
  return `provenance: sources ${s0} → ${s1}, supports ${q0} → ${q1}, decisions ${d0} → ${d1}`;
}

/**
 * The entries of a release, from the diff with the previous one: added, removed, changed, each catalog in order. A
 * changed value is a line with its before and after; the sources and decisions, whose lists would bury them, are one
 * line of counts.
 */
export function releaseEntries(diff: CatalogDiff): ReleaseEntry[] {
  const out: ReleaseEntry[] = [];
  for (const catalog of CATALOG_NAMES) {
    const c = diff[catalog];
    for (const id of c.added) out.push({ catalog, id, kind: 'added', breaking: false, lines: [] });
    for (const id of c.removed) out.push({ catalog, id, kind: 'removed', breaking: true, lines: [] });
    for (const e of c.changed) {
      const values = e.changes.filter((x) => !isProvenance(x.pointer)).map((x) => `${x.label}: ${shown(x.before)} → ${shown(x.after)}`);
      const provenance = e.changes.some((x) => isProvenance(x.pointer)) ? [provenanceLine(c.before.get(e.id), c.after.get(e.id))] : [];
      out.push({
        catalog,
        id: e.id,
        kind: 'changed',
        breaking: e.breaking,
        lines: [...e.breakingReasons.map((r) => `breaking: ${r}`), ...values, ...provenance],
      });
    }
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
