import { PLACEHOLDER } from '../domain/placeholder.js';
import { defineRule } from './define.js';

/**
 * The last path segment of a site's front page under another name: index.html, default.aspx (and SharePoint's
 * Pages/default.aspx), home, welcome, and the home of sites in Spanish, Portuguese, French and German.
 */
const FRONT_PAGE = /^(?:index|default|home|homepage|welcome|inicio|accueil|startseite)(?:\.(?:html?|shtml|php|aspx?|jsp|cfm))?$/i;

/**
 * Query parameters that do not choose a page: tracking (utm_*, click ids) and the language. Any other parameter may be
 * the page itself (`?page_id=42`, `?id=…`), so an address with one is not judged a home page.
 */
const NOT_A_PAGE = /^(?:utm_[a-z]+|fbclid|gclid|msclkid|ref|lang|language|locale|hl)$/i;

/**
 * Unicode's names of languages, scripts and regions, made on first use: loading them costs a run that checks no source
 * 40 ms.
 */
let names: { languages: Intl.DisplayNames; scripts: Intl.DisplayNames; regions: Intl.DisplayNames } | undefined;
const displayNames = () =>
  (names ??= {
    languages: new Intl.DisplayNames('en', { type: 'language', fallback: 'none' }),
    scripts: new Intl.DisplayNames('en', { type: 'script', fallback: 'none' }),
    regions: new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }),
  });

/**
 * A path segment that only picks the site's language: en, fr-FR, pt_br, zh-hant, es-419, eng (the three-letter code of
 * a language that has a two-letter one). Languages, scripts and regions are those Unicode's data (ICU, through Intl)
 * names: `np`, `cp` or `ach` (Acoli, which has no two-letter code) are not one, so centralbank.go.ke/np/ (national
 * payments) is a page, and so is /en-news/ or /my-home/ (News and Home are no scripts).
 */
function isLanguageSegment(segment: string): boolean {
  if (!/^[a-z]{2,3}(?:[-_](?:[a-z]{2,4}|[0-9]{3}))?$/i.test(segment)) return false;
  try {
    const [language, subtag] = Intl.getCanonicalLocales(segment.replace('_', '-'))[0].split('-');
    return language.length === 2 && displayNames().languages.of(language) !== undefined && (subtag === undefined || isKnownSubtag(subtag));
  } catch {
    return false;
  }
}

/** The part of a language tag after the language, canonical (Hant, BR, 419): a script or a region Unicode names. */
function isKnownSubtag(subtag: string): boolean {
  if (subtag.length === 4) return displayNames().scripts.of(subtag) !== undefined;
  return subtag.length === 3 ? displayNames().regions.of(subtag) !== undefined : isRegionSegment(subtag);
}

/** A two-letter segment naming a country or region (us, ke): a home page's only beside a language (/us/en/). */
function isRegionSegment(segment: string): boolean {
  return /^[a-z]{2}$/i.test(segment) && !/^zz$/i.test(segment) && displayNames().regions.of(segment.toUpperCase()) !== undefined;
}

/**
 * Whether `url` is a site's home page: no path, `/`, only a language segment, or a country and a language (`/en/`, `/us/en/`), or the
 * front page under another name (`/index.html`, `/en/home`, `/Pages/default.aspx`). An address whose query names a page
 * (`/?page_id=42`) or whose fragment is a route of a page application (`/#/main/details/26`) is not one; an anchor
 * (`/#limits`) or a tracking parameter does not make a home page a page. False for a text that is no web address
 * (the rule sources reports it).
 */
export function isHomePage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  for (const key of parsed.searchParams.keys()) if (!NOT_A_PAGE.test(key)) return false;
  if (/^#!?\/./.test(parsed.hash)) return false;
  const segments = parsed.pathname.split('/').filter((s) => s !== '');
  if (segments.length > 0 && FRONT_PAGE.test(segments[segments.length - 1])) {
    segments.pop();
    if (segments.length > 0 && segments[segments.length - 1].toLowerCase() === 'pages') segments.pop();
  }
  if (segments.length === 0) return true;
  if (segments.length === 1) return isLanguageSegment(segments[0]);
  // A country and a language, in either order (/us/en/, /en/us/): a longer path of codes is a path.
  return segments.length === 2 && segments.some(isLanguageSegment) && segments.every((s) => isLanguageSegment(s) || isRegionSegment(s));
}

export default defineRule({
  id: 'source-home-page',
  severity: 'warning',
  scope: 'entry',
  description:
    "No source of a rail is a site's home page (https://www.nacha.org/, /en/, /index.html): a source is the page that supports the rail's formats and limits, which a reviewer can open and check.",
  messages: {
    'home-page': 'A source is the home page of a site, not the page that states the facts.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      rail.data.sources?.forEach((source, i) => {
        if (source.url === PLACEHOLDER || !isHomePage(source.url)) return;
        const host = new URL(source.url).hostname;
        report(
          rail,
          `/sources/${i}/url`,
          `${source.url} is the home page of ${host}, where a reviewer cannot find the facts it is cited for: write the address of the page that states them (the rulebook, the limits or format page, the circular or notice), with its title and the date you read it`,
          { messageId: 'home-page' },
        );
      });
    }
  },
});
