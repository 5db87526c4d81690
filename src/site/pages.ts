import type { SeedAsset, SeedCountry } from '../generated/types.js';
import { countryName, formatBps, formatDate, formatMinutes, formatMoney, formatQuantity, localCountryName, reviewState, sortByName } from './format.js';
import { renderForm } from './form.js';
import { html, segment, type Html } from './html.js';
import { CATALOG_LANG, LANGS, texts, type Lang } from './i18n.js';
import type { SiteData, SiteRail } from './model.js';
import { provenanceSection } from './provenance.js';
import { CATALOG_FEED, railFeed, renderFeeds } from './feeds.js';

/** The site's pages and static files, by path relative to the site's root ("en/rails/FR-sepa.html"). */
export type SiteFiles = Map<string, string>;

/** Where the stylesheet and the form script live, relative to the site's root. */
export const STYLESHEET = 'static/site.css';
export const FORM_SCRIPT = 'static/form.js';

/** A page of one language: its path inside the language folder and its content. */
interface Page {
  /** Path inside the language folder: "index.html", "rails/FR-sepa.html". */
  path: string;
  title: string;
  body: (up: string) => Html;
}

const other = (lang: Lang): Lang => (lang === 'en' ? 'fr' : 'en');

/** The path of the page of a rail, asset or country inside a language folder. */
const railPath = (id: string) => `rails/${segment(id)}.html`;
const assetPath = (id: string) => `assets/${segment(id)}.html`;
const countryPath = (code: string) => `countries/${segment(code)}.html`;

/** Renders every page of the site in both languages, plus the root page that offers the two. Pure. */
export function renderPages(data: SiteData): SiteFiles {
  const files: SiteFiles = new Map();
  files.set('index.html', rootPage(data));
  for (const lang of LANGS) {
    const pages: Page[] = [
      indexPage(data, lang),
      ...data.rails.map((r) => railPage(r, data, lang)),
      ...data.assets.map((a) => assetPage(a, lang)),
      ...data.countries.map((c) => countryPage(c, data, lang)),
    ];
    for (const page of pages) files.set(`${lang}/${page.path}`, layout(page, lang, data).text);
  }
  for (const [file, xml] of renderFeeds(data)) files.set(file, xml);
  return files;
}

function layout(page: Page, lang: Lang, data: SiteData): Html {
  const t = texts[lang];
  const depth = page.path.split('/').length; // en/index.html → 1, en/rails/x.html → 2
  const up = '../'.repeat(depth);
  const inLang = '../'.repeat(depth - 1);
  const switchHref = `${up}${other(lang)}/${page.path}`;
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · ${t.siteTitle}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${up}${STYLESHEET}">
<link rel="alternate" hreflang="${other(lang)}" href="${switchHref}">
<link rel="alternate" type="application/atom+xml" title="${t.catalogFeed}" href="${up}${CATALOG_FEED}">
</head>
<body>
<a class="skip" href="#main">${t.skip}</a>
<header class="site">
<p class="brand"><a href="${inLang}index.html">${t.siteTitle}</a></p>
<nav aria-label="${t.navLabel}"><ul>
<li><a href="${inLang}index.html#countries">${t.countries}</a></li>
<li><a href="${inLang}index.html#rails">${t.rails}</a></li>
<li><a href="${inLang}index.html#assets">${t.assets}</a></li>
</ul></nav>
<p class="lang-switch"><a href="${switchHref}" hreflang="${other(lang)}" lang="${other(lang)}">${texts[other(lang)].langName}</a></p>
</header>
<main id="main" tabindex="-1">
${page.body(up)}
</main>
<footer class="site"><p>${t.version(data.version)}</p></footer>
</body>
</html>
`;
}

/** The root page: a plain choice of language (no redirect, no script). */
function rootPage(data: SiteData): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${texts.en.siteTitle} · ${texts.fr.siteTitle}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STYLESHEET}">
</head>
<body>
<main id="main">
<h1>${texts.en.siteTitle} · <span lang="fr">${texts.fr.siteTitle}</span></h1>
<ul class="choices">
<li><a href="en/index.html" hreflang="en">English</a></li>
<li><a href="fr/index.html" hreflang="fr" lang="fr">Français</a></li>
</ul>
</main>
<footer class="site"><p>${texts.en.version(data.version)}</p></footer>
</body>
</html>
`.text;
}

function badge(kind: string, value: string, text: string): Html {
  return html`<span class="badge ${kind}-${value}">${text}</span>`;
}

/** ` lang="en"` on an element holding the catalog's untranslated text, on a page of another language; nothing otherwise. */
function textLang(textIn: Lang, page: Lang): Html | '' {
  return textIn === page ? '' : html` lang="${textIn}"`;
}

/** The catalog's untranslated text (a rail's or an asset's name, a source's title), marked with its language where needed. */
function catalogText(text: string, lang: Lang): Html {
  return lang === CATALOG_LANG ? html`${text}` : html`<span lang="${CATALOG_LANG}">${text}</span>`;
}

/** A country's name in the page's language, linked to its page (the catalog's name, marked, when Intl has none). */
function countryLink(code: string, fallback: string, lang: Lang, prefix: string): Html {
  const { name, lang: nameLang } = localCountryName(code, fallback, lang);
  return html`<a href="${prefix}${countryPath(code)}"${textLang(nameLang, lang)}>${name}</a>`;
}

/** One row of an index table: its header cell (the item's name), then one value per column ('' when none). */
interface TableRow {
  header: Html;
  cells: (Html | string)[];
}

/**
 * An index table. On a wide screen, a table in a region of its own that scrolls sideways if it must (the page itself
 * never does): the region is focusable, so that a keyboard can scroll it, and named by the section's heading. On a
 * narrow screen (site.css) each row stacks into a block whose cells say their column's name; that name is aria-hidden,
 * since a screen reader already announces the column header.
 */
function indexTable(labelledBy: string, head: string[], rows: TableRow[], lang: Lang): Html {
  const colon = texts[lang].colon;
  return html`<div class="table-scroll" role="region" aria-labelledby="${labelledBy}" tabindex="0"><table class="stack"><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>
${rows.map(
  (
    row,
  ) => html`<tr><th scope="row">${row.header}</th>${row.cells.map((cell, k) => html`<td>${cell === '' ? '' : html`<span class="cell-label" aria-hidden="true">${head[k + 1]}${colon}</span>${cell}`}</td>`)}</tr>
`,
)}</tbody></table></div>`;
}

function indexPage(data: SiteData, lang: Lang): Page {
  const t = texts[lang];
  const railsById = new Map(data.rails.map((r) => [r.id, r]));
  const countries = sortByName(data.countries, (c) => countryName(c.code, c.name, lang), lang);
  const phase = (value: string) => badge('phase', value, t.phases[value] ?? value);
  return {
    path: 'index.html',
    title: t.home,
    body: () => html`<h1>${t.siteTitle}</h1>
<p>${t.indexIntro}</p>
<section><h2 id="countries">${t.countries}</h2>
${indexTable(
  'countries',
  [t.name, t.status, t.reason, t.rails],
  countries.map((c) => ({
    header: html`${countryLink(c.code, c.name, lang, '')} <span class="code">${c.code}</span>`,
    cells: [
      badge('status', c.status, t.statuses[c.status] ?? c.status),
      c.reason ? (t.reasons[c.reason] ?? c.reason) : '',
      c.rails?.length ? railLinks(c.rails, railsById, '', lang) : '',
    ],
  })),
  lang,
)}</section>
<section><h2 id="rails">${t.rails}</h2>
${indexTable(
  'rails',
  [t.name, t.kind, t.phase, t.currency],
  sortByName(data.rails, (r) => r.name, lang).map((r) => ({
    header: html`<a href="${railPath(r.id)}"${textLang(CATALOG_LANG, lang)}>${r.name}</a> <span class="code">${r.id}</span>`,
    cells: [t.kinds[r.kind] ?? r.kind, phase(r.phase), r.currency],
  })),
  lang,
)}</section>
<section><h2 id="assets">${t.assets}</h2>
${indexTable(
  'assets',
  [t.name, t.phase, t.networks, t.minDeposit],
  sortByName(data.assets, (a) => a.name, lang).map((a) => ({
    header: html`<a href="${assetPath(a.id)}"${textLang(CATALOG_LANG, lang)}>${a.name}</a> <span class="code">${a.ticker}</span>`,
    cells: [phase(a.phase), a.networks.join(', '), `${formatQuantity(a.minDepositBase, a.decimals, lang)} ${a.ticker}`],
  })),
  lang,
)}</section>`,
  };
}

/** Links to rails by id, sorted by their names. */
function railLinks(ids: string[], railsById: Map<string, SiteRail>, prefix: string, lang: Lang): Html {
  const sorted = sortByName(ids, (id) => railsById.get(id)?.name ?? id, lang);
  return html`${sorted.map((id, i) => html`${i ? ', ' : ''}<a href="${prefix}${railPath(id)}"${textLang(CATALOG_LANG, lang)}>${railsById.get(id)?.name ?? id}</a>`)}`;
}

function row(label: string, value: unknown): Html {
  return html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
}

function time(date: string, lang: Lang): Html {
  return html`<time datetime="${date}">${formatDate(date, lang)}</time>`;
}

function railPage(rail: SiteRail, data: SiteData, lang: Lang): Page {
  const t = texts[lang];
  const { limits, fees, settlement } = rail;
  const money = (minor: number) => formatMoney(minor, limits.decimals, rail.currency, lang);
  const review = reviewState(rail.verifiedAt, data.today);
  const sorted = sortByName(rail.countries, (code) => countryName(code, code, lang), lang);
  const countries = html`${sorted.map((code, i) => html`${i ? ', ' : ''}${countryLink(code, code, lang, '../')}`)}`;
  return {
    path: railPath(rail.id),
    title: rail.name,
    body: (up) => html`<h1>${catalogText(rail.name, lang)} <span class="code">${rail.id}</span></h1>
<dl class="facts">
${row(t.kind, t.kinds[rail.kind] ?? rail.kind)}
${row(t.phase, badge('phase', rail.phase, t.phases[rail.phase] ?? rail.phase))}
${rail.reason ? row(t.reason, t.reasons[rail.reason] ?? rail.reason) : ''}
${row(t.currency, rail.currency)}
${row(t.countries, countries)}
</dl>
<section aria-labelledby="limits"><h2 id="limits">${t.limits}</h2>
<dl class="facts">${row(t.minimum, money(limits.minMinor))}${row(t.maximum, money(limits.maxMinor))}</dl></section>
<section aria-labelledby="fees"><h2 id="fees">${t.fees}</h2>
<dl class="facts">${row(t.fixedFee, money(fees.fixedMinor))}${row(t.proportionalFee, formatBps(fees.bps, lang))}</dl></section>
<section aria-labelledby="settlement"><h2 id="settlement">${t.settlement}</h2>
<dl class="facts">
${row(t.median, formatMinutes(settlement.p50Minutes, lang))}
${row(t.p95, formatMinutes(settlement.p95Minutes, lang))}
${row(t.businessDaysOnly, settlement.businessDaysOnly ? t.yes : t.no)}
${settlement.cutoff ? row(t.cutoff, html`<time datetime="${settlement.cutoff.time}">${t.cutoffText(settlement.cutoff.time, settlement.cutoff.timeZone)}</time>`) : ''}
${settlement.calendar ? row(t.calendar, settlement.calendar) : ''}
</dl></section>
<section aria-labelledby="verification"><h2 id="verification">${t.verification}</h2>
<dl class="facts">
${row(t.verifiedOn, time(rail.verifiedAt, lang))}
${row(t.status, html`<span class="review ${review.stale ? 'stale' : 'fresh'}">${review.stale ? t.reviewOverdue(formatDate(review.due, lang)) : t.reviewDue(formatDate(review.due, lang))}</span> <span class="muted">${t.judgedOn(formatDate(data.today, lang))}</span>`)}
</dl></section>
${
  rail.sources?.length
    ? html`<section aria-labelledby="sources"><h2 id="sources">${t.sources}</h2><ul class="sources">
${rail.sources.map(
  (
    s,
  ) => html`<li>${/^https:\/\//i.test(s.url) ? html`<a href="${s.url}"${textLang(CATALOG_LANG, lang)}>${s.title}</a>` : catalogText(s.title, lang)}${s.checked ? html` <span class="muted">(${t.checkedOn(formatDate(s.checked, lang))})</span>` : ''}</li>
`,
)}</ul></section>`
    : ''
}
${provenanceSection(rail, lang)}
<p class="feed"><a href="${up}${railFeed(rail.id)}" type="application/atom+xml">${t.railFeed}</a></p>
${renderForm(rail, lang, `${up}static/form.js`)}`,
  };
}

function assetPage(asset: SeedAsset, lang: Lang): Page {
  const t = texts[lang];
  return {
    path: assetPath(asset.id),
    title: asset.name,
    body: () => html`<h1>${catalogText(asset.name, lang)} <span class="code">${asset.ticker}</span></h1>
<dl class="facts">
${row(t.ticker, asset.ticker)}
${row(t.phase, badge('phase', asset.phase, t.phases[asset.phase] ?? asset.phase))}
${asset.reason ? row(t.reason, t.reasons[asset.reason] ?? asset.reason) : ''}
${row(t.minDeposit, `${formatQuantity(asset.minDepositBase, asset.decimals, lang)} ${asset.ticker}`)}
${row(t.networks, html`<ul class="inline">${asset.networks.map((n) => html`<li>${n}</li>`)}</ul>`)}
${row(t.stablecoin, asset.stablecoin ? t.yes : t.no)}
${row(t.decimals, asset.decimals)}
${row(t.quoteLock, t.quoteLockValue(new Intl.NumberFormat(lang).format(asset.quoteLockSeconds)))}
</dl>`,
  };
}

function countryPage(country: SeedCountry, data: SiteData, lang: Lang): Page {
  const t = texts[lang];
  const railsById = new Map(data.rails.map((r) => [r.id, r]));
  const rails = sortByName(country.rails ?? [], (id) => railsById.get(id)?.name ?? id, lang);
  const name = localCountryName(country.code, country.name, lang);
  const currency = country.currency ? currencyName(country.currency, lang) : t.none;
  return {
    path: countryPath(country.code),
    title: countryName(country.code, country.name, lang),
    body: () => html`<h1><span${textLang(name.lang, lang)}>${name.name}</span> <span class="code">${country.code}</span></h1>
<dl class="facts">
${row(t.status, badge('status', country.status, t.statuses[country.status] ?? country.status))}
${country.reason ? row(t.reason, t.reasons[country.reason] ?? country.reason) : ''}
${row(t.currency, currency)}
</dl>
${
  country.status === 'restricted'
    ? ''
    : html`<section aria-labelledby="country-rails"><h2 id="country-rails">${t.railsOf}</h2>
${rails.length ? html`<ul>${rails.map((id) => html`<li><a href="../${railPath(id)}"${textLang(CATALOG_LANG, lang)}>${railsById.get(id)?.name ?? id}</a> <span class="code">${id}</span></li>`)}</ul>` : html`<p>${t.noRails}</p>`}</section>`
}`,
  };
}

function currencyName(code: string, lang: Lang): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'currency', fallback: 'none' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
