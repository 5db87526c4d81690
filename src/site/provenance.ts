import { originsOf, type Origin } from '../model/provenance.js';
import { parsePointer } from '../model/pointer.js';
import { formatBps, formatMinutes, formatMoney } from './format.js';
import { html, type Html } from './html.js';
import { CATALOG_LANG, texts, type Lang } from './i18n.js';
import type { SiteRail } from './model.js';

/** What a fact pointer is called on the page, in the page's language, and its value as the page shows it. */
function factRow(rail: SiteRail, pointer: string, lang: Lang): { label: string; value: string } {
  const t = texts[lang];
  const money = (minor: number) => formatMoney(minor, rail.limits.decimals, rail.currency, lang);
  const [top, key, attribute] = parsePointer(pointer);
  if (top === 'fields') {
    const field = rail.fields.find((f) => f.name === key);
    const label = field?.label?.[lang] ?? key;
    return attribute === 'pattern'
      ? { label: t.fieldFormat(label), value: String(field?.pattern ?? '') }
      : { label: t.fieldMaxLength(label), value: String(field?.maxLength ?? '') };
  }
  const { settlement } = rail;
  const rows: Record<string, () => { label: string; value: string }> = {
    currency: () => ({ label: t.currency, value: rail.currency }),
    'limits/minMinor': () => ({ label: t.minimum, value: money(rail.limits.minMinor) }),
    'limits/maxMinor': () => ({ label: t.maximum, value: money(rail.limits.maxMinor) }),
    'fees/fixedMinor': () => ({ label: t.fixedFee, value: money(rail.fees.fixedMinor) }),
    'fees/bps': () => ({ label: t.proportionalFee, value: formatBps(rail.fees.bps, lang) }),
    'settlement/p50Minutes': () => ({ label: t.median, value: formatMinutes(settlement.p50Minutes, lang) }),
    'settlement/p95Minutes': () => ({ label: t.p95, value: formatMinutes(settlement.p95Minutes, lang) }),
    'settlement/businessDaysOnly': () => ({ label: t.businessDaysOnly, value: settlement.businessDaysOnly ? t.yes : t.no }),
    'settlement/cutoff': () => ({ label: t.cutoff, value: settlement.cutoff ? t.cutoffText(settlement.cutoff.time, settlement.cutoff.timeZone) : '' }),
    'settlement/calendar': () => ({ label: t.calendar, value: settlement.calendar ?? '' }),
  };
  return rows[key === undefined ? top : `${top}/${key}`]?.() ?? { label: pointer, value: '' };
}

/** One origin as the page shows it: the quote and its page, or the decision and its reason (the catalog's English). */
function originHtml(origin: Origin, lang: Lang): Html {
  const t = texts[lang];
  const english = lang === CATALOG_LANG ? '' : html` lang="${CATALOG_LANG}"`;
  if ('decision' in origin) return html`<p><strong>${t.ourDecision}</strong>: <span${english}>${origin.decision}</span></p>`;
  const link = /^https:\/\//i.test(origin.source.url)
    ? html`<a href="${origin.source.url}"${english}>${origin.source.title}</a>`
    : html`<span${english}>${origin.source.title}</span>`;
  return html`<blockquote cite="${origin.source.url}"><p>${origin.quote}</p><footer>${link}</footer></blockquote>`;
}

/**
 * The section of a rail's page that says where each number comes from: one row per fact-bearing value, with the
 * sentences of the pages that state it and the provider's decisions on it. Nothing when the rail records no provenance.
 */
export function provenanceSection(rail: SiteRail, lang: Lang): Html | '' {
  const origins = originsOf(rail);
  if (![...origins.values()].some((list) => list.length > 0)) return '';
  const t = texts[lang];
  const rows = [...origins].map(([pointer, list]) => {
    const { label, value } = factRow(rail, pointer, lang);
    return html`<tr><th scope="row">${label}<br><span class="code">${value}</span></th><td>${list.length ? list.map((o) => originHtml(o, lang)) : html`<p class="muted">${t.noOrigin}</p>`}</td></tr>
`;
  });
  return html`<section aria-labelledby="provenance"><h2 id="provenance">${t.provenance}</h2>
<p id="provenance-intro">${t.provenanceIntro}</p>
<div class="table-scroll" role="region" aria-labelledby="provenance-intro" tabindex="0"><table class="provenance"><thead><tr><th scope="col">${t.value}</th><th scope="col">${t.origin}</th></tr></thead><tbody>
${rows}</tbody></table></div></section>`;
}
