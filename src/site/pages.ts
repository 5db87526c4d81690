import type { SeedAsset, SeedCountry } from '../generated/types.js';
import { countryName, formatBps, formatDate, formatMinutes, formatMoney, formatQuantity, reviewState } from './format.js';
import { renderForm } from './form.js';
import { html, segment, type Html } from './html.js';
import { LANGS, texts, type Lang } from './i18n.js';
import type { SiteData, SiteRail } from './model.js';

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
export const railPath = (id: string) => `rails/${segment(id)}.html`;
export const assetPath = (id: string) => `assets/${segment(id)}.html`;
export const countryPath = (code: string) => `countries/${segment(code)}.html`;

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

function indexPage(data: SiteData, lang: Lang): Page {
  const t = texts[lang];
  const railsById = new Map(data.rails.map((r) => [r.id, r]));
  return {
    path: 'index.html',
    title: t.home,
    body: () => html`<h1>${t.siteTitle}</h1>
<p>${t.indexIntro}</p>
<section aria-labelledby="countries"><h2 id="countries">${t.countries}</h2>
<table><thead><tr><th scope="col">${t.name}</th><th scope="col">${t.status}</th><th scope="col">${t.reason}</th><th scope="col">${t.rails}</th></tr></thead><tbody>
${data.countries.map(
  (
    c,
  ) => html`<tr><th scope="row"><a href="${countryPath(c.code)}">${countryName(c.code, c.name, lang)}</a> <span class="code">${c.code}</span></th><td>${badge('status', c.status, t.statuses[c.status] ?? c.status)}</td><td>${c.reason ? (t.reasons[c.reason] ?? c.reason) : ''}</td><td>${railLinks(c.rails ?? [], railsById, '')}</td></tr>
`,
)}</tbody></table></section>
<section aria-labelledby="rails"><h2 id="rails">${t.rails}</h2>
<table><thead><tr><th scope="col">${t.name}</th><th scope="col">${t.kind}</th><th scope="col">${t.phase}</th><th scope="col">${t.currency}</th></tr></thead><tbody>
${data.rails.map(
  (
    r,
  ) => html`<tr><th scope="row"><a href="${railPath(r.id)}">${r.name}</a> <span class="code">${r.id}</span></th><td>${t.kinds[r.kind] ?? r.kind}</td><td>${badge('phase', r.phase, t.phases[r.phase] ?? r.phase)}</td><td>${r.currency}</td></tr>
`,
)}</tbody></table></section>
<section aria-labelledby="assets"><h2 id="assets">${t.assets}</h2>
<table><thead><tr><th scope="col">${t.name}</th><th scope="col">${t.phase}</th><th scope="col">${t.networks}</th><th scope="col">${t.minDeposit}</th></tr></thead><tbody>
${data.assets.map(
  (
    a,
  ) => html`<tr><th scope="row"><a href="${assetPath(a.id)}">${a.name}</a> <span class="code">${a.ticker}</span></th><td>${badge('phase', a.phase, t.phases[a.phase] ?? a.phase)}</td><td>${a.networks.join(', ')}</td><td>${formatQuantity(a.minDepositBase, a.decimals, lang)} ${a.ticker}</td></tr>
`,
)}</tbody></table></section>`,
  };
}

function railLinks(ids: string[], railsById: Map<string, SiteRail>, prefix: string): Html {
  return html`${ids.map((id, i) => html`${i ? ', ' : ''}<a href="${prefix}${railPath(id)}">${railsById.get(id)?.name ?? id}</a>`)}`;
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
  const countries = html`${rail.countries.map((code, i) => html`${i ? ', ' : ''}<a href="../${countryPath(code)}">${countryName(code, code, lang)}</a>`)}`;
  return {
    path: railPath(rail.id),
    title: rail.name,
    body: (up) => html`<h1>${rail.name} <span class="code">${rail.id}</span></h1>
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
  ) => html`<li>${/^https:\/\//i.test(s.url) ? html`<a href="${s.url}">${s.title}</a>` : s.title}${s.checked ? html` <span class="muted">(${t.checkedOn(formatDate(s.checked, lang))})</span>` : ''}</li>
`,
)}</ul></section>`
    : ''
}
${renderForm(rail, lang, `${up}static/form.js`)}`,
  };
}

function assetPage(asset: SeedAsset, lang: Lang): Page {
  const t = texts[lang];
  return {
    path: assetPath(asset.id),
    title: asset.name,
    body: () => html`<h1>${asset.name} <span class="code">${asset.ticker}</span></h1>
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
  const rails = country.rails ?? [];
  const currency = country.currency ? currencyName(country.currency, lang) : t.none;
  return {
    path: countryPath(country.code),
    title: countryName(country.code, country.name, lang),
    body: () => html`<h1>${countryName(country.code, country.name, lang)} <span class="code">${country.code}</span></h1>
<dl class="facts">
${row(t.status, badge('status', country.status, t.statuses[country.status] ?? country.status))}
${country.reason ? row(t.reason, t.reasons[country.reason] ?? country.reason) : ''}
${row(t.currency, currency)}
</dl>
${
  country.status === 'restricted'
    ? ''
    : html`<section aria-labelledby="country-rails"><h2 id="country-rails">${t.railsOf}</h2>
${rails.length ? html`<ul>${rails.map((id) => html`<li><a href="../${railPath(id)}">${railsById.get(id)?.name ?? id}</a> <span class="code">${id}</span></li>`)}</ul>` : html`<p>${t.noRails}</p>`}</section>`
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
