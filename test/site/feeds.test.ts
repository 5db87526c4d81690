/** The Atom feeds of the site: the whole catalog's, one entry per release; each rail's, one entry per release that changed it. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Release } from '../../src/release/changelog.js';
import type { SiteData, SiteRail } from '../../src/site/model.js';
import { renderPages } from '../../src/site/pages.js';

const rail = (id: string, name: string) =>
  ({
    id,
    name,
    slug: 'x',
    kind: 'instant_bank',
    currency: 'EUR',
    countries: ['FR'],
    phase: 'live',
    settlement: { p50Minutes: 1, p95Minutes: 5, businessDaysOnly: false },
    limits: { minMinor: 1, maxMinor: 100, decimals: 2 },
    fees: { fixedMinor: 0, bps: 0 },
    fields: [],
    verifiedAt: '2026-11-01',
  }) as SiteRail;

const releases: Release[] = [
  {
    version: '2.0.0',
    date: '2026-12-01',
    seedVersion: 'abcdef0123456789',
    bump: 'major',
    counts: { rails: 2, assets: 0, countries: 1 },
    entries: [
      { catalog: 'rails', id: 'FR-a', kind: 'changed', breaking: true, lines: ['breaking: limits.maxMinor lowered', 'limits.maxMinor: 200 → 100 <b>'] },
      { catalog: 'countries', id: 'FR', kind: 'changed', breaking: false, lines: ['name: France → République française'] },
    ],
  },
  { version: '1.0.0', date: '2026-11-01', seedVersion: '0123456789abcdef', counts: { rails: 2, assets: 0, countries: 1 }, entries: [] },
];

const data = (withReleases: boolean): SiteData => ({
  rails: [rail('FR-a', 'Rail A & co'), rail('FR-b', 'Rail B')],
  assets: [],
  countries: [{ code: 'FR', name: 'France', currency: 'EUR', status: 'open', rails: ['FR-a', 'FR-b'] }],
  today: '2026-12-05',
  version: 'v',
  withExamples: false,
  ...(withReleases ? { releases } : {}),
});

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' || name === 'link' }).parse(xml).feed;

describe('Atom feeds', () => {
  const files = renderPages(data(true));

  it('are well-formed XML, one for the catalog and one per rail', () => {
    for (const name of ['feeds/catalog.atom', 'feeds/rails/FR-a.atom', 'feeds/rails/FR-b.atom'])
      expect(XMLValidator.validate(files.get(name)!), name).toBe(true);
  });

  it("tell every release in the catalog's feed, newest first, with what changed, escaped", () => {
    const feed = parse(files.get('feeds/catalog.atom')!);
    expect(feed.updated).toBe('2026-12-01T00:00:00Z');
    expect(feed.entry.map((e: { id: string; title: string }) => [e.id, e.title])).toEqual([
      ['urn:payout-catalog:data:2.0.0', '@payout-catalog/data 2.0.0 (major)'],
      ['urn:payout-catalog:data:1.0.0', '@payout-catalog/data 1.0.0 (first release)'],
    ]);
    expect(feed.entry[0].content['#text']).toContain(
      '<li>changed rail FR-a (breaking)<ul><li>breaking: limits.maxMinor lowered</li><li>limits.maxMinor: 200 → 100 &lt;b&gt;</li>',
    );
  });

  it("tell in a rail's feed only the releases that changed it", () => {
    const a = parse(files.get('feeds/rails/FR-a.atom')!);
    expect(a.title).toBe('Rail A & co (FR-a): changes');
    expect(a.entry.map((e: { id: string }) => e.id)).toEqual(['urn:payout-catalog:data:2.0.0:rail:FR-a']);
    expect(a.link.map((l: Record<string, string>) => l['@_href'])).toEqual(['FR-a.atom', '../../en/rails/FR-a.html']);
    const b = parse(files.get('feeds/rails/FR-b.atom')!);
    expect(b.entry).toBeUndefined();
    expect(b.updated).toBe('2026-12-01T00:00:00Z');
  });

  it('are linked from every page (the catalog feed) and from each rail page (its own)', () => {
    expect(files.get('en/index.html')).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Releases of the catalog (Atom feed)" href="../feeds/catalog.atom">',
    );
    expect(files.get('fr/rails/FR-a.html')).toContain('<a href="../../feeds/rails/FR-a.atom" type="application/atom+xml">Suivre les changements');
  });

  it('are valid and empty before the first release, updated on the day the site was built', () => {
    const feed = parse(renderPages(data(false)).get('feeds/catalog.atom')!);
    expect(feed.entry).toBeUndefined();
    expect(feed.updated).toBe('2026-12-05T00:00:00Z');
  });
});
