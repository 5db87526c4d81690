import type { Release, ReleaseEntry } from '../release/changelog.js';
import { escapeHtml, segment } from './html.js';
import type { SiteData } from './model.js';

/** Where the feeds are, from the site's root: one for the whole catalog, one per rail. */
export const CATALOG_FEED = 'feeds/catalog.atom';
export const railFeed = (id: string) => `feeds/rails/${segment(id)}.atom`;

const x = escapeHtml;
/** An Atom date: the release's day at midnight UTC (a release has a day, not a time). */
const atomDate = (day: string) => `${day}T00:00:00Z`;

/** One entry's changes as the HTML of an Atom entry's content (escaped once more by the XML text). */
function changesHtml(entries: readonly ReleaseEntry[]): string {
  const items = entries.map((e) => {
    const head = `${e.kind} ${e.catalog.replace(/s$/, '').replace(/ie$/, 'y')} ${e.id}${e.breaking ? ' (breaking)' : ''}`;
    return `<li>${x(head)}${e.lines.length ? `<ul>${e.lines.map((l) => `<li>${x(l)}</li>`).join('')}</ul>` : ''}</li>`;
  });
  return items.length ? `<ul>${items.join('')}</ul>` : '<p>No entry changed.</p>';
}

/** One release as an Atom entry; `about` narrows it to one rail (its id in the entry's id and title). */
function entry(release: Release, entries: readonly ReleaseEntry[], about?: string): string {
  const id = `urn:payout-catalog:data:${release.version}${about ? `:rail:${about}` : ''}`;
  const title = about
    ? `${about} in @payout-catalog/data ${release.version}`
    : `@payout-catalog/data ${release.version}${release.bump ? ` (${release.bump})` : ' (first release)'}`;
  const summary = about ? '' : `<p>Seed version ${x(release.seedVersion)}.</p>`;
  return `<entry>
<id>${x(id)}</id>
<title>${x(title)}</title>
<updated>${atomDate(release.date)}</updated>
<content type="html">${x(summary + changesHtml(entries))}</content>
</entry>
`;
}

/** An Atom feed: its id, title, self link, the page it is about, and its entries (the newest first). */
function feed(options: { id: string; title: string; self: string; page: string; updated: string; entries: string[] }): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${x(options.id)}</id>
<title>${x(options.title)}</title>
<updated>${atomDate(options.updated)}</updated>
<author><name>Payout reference catalog</name></author>
<link rel="self" type="application/atom+xml" href="${x(options.self)}"/>
<link rel="alternate" type="text/html" href="${x(options.page)}"/>
${options.entries.join('')}</feed>
`;
}

/**
 * The site's Atom feeds, from the releases of the data package (newest first): the whole catalog's, one entry per
 * release; and each rail's, one entry per release that changed it. Links are relative to each feed; a feed with no
 * release yet is a valid feed with no entry, updated on the day the site was built.
 */
export function renderFeeds(data: SiteData): Map<string, string> {
  const releases = data.releases ?? [];
  const files = new Map<string, string>();
  const latest = releases[0]?.date ?? data.today;
  files.set(
    CATALOG_FEED,
    feed({
      id: 'urn:payout-catalog:feed:catalog',
      title: 'Payout reference catalog: releases',
      self: 'catalog.atom',
      page: '../en/index.html',
      updated: latest,
      entries: releases.map((r) => entry(r, r.entries)),
    }),
  );
  for (const rail of data.rails) {
    const about = releases.map((r) => [r, r.entries.filter((e) => e.catalog === 'rails' && e.id === rail.id)] as const).filter(([, e]) => e.length > 0);
    files.set(
      railFeed(rail.id),
      feed({
        id: `urn:payout-catalog:feed:rail:${rail.id}`,
        title: `${rail.name} (${rail.id}): changes`,
        self: `${segment(rail.id)}.atom`,
        page: `../../en/rails/${segment(rail.id)}.html`,
        updated: about[0]?.[0].date ?? latest,
        entries: about.map(([r, e]) => entry(r, e, rail.id)),
      }),
    );
  }
  return files;
}
