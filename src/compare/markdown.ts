import { parsePointer } from '../model/pointer.js';
import { visible } from '../report/visible.js';
import { formatBps, formatMinutes, formatUnits } from './amounts.js';
import { CATALOG_NAMES, type CatalogChanges, type CatalogDiff, type CatalogName, type Change, type ChangedEntry } from './changes.js';

/** GitHub's limit for one step's summary ($GITHUB_STEP_SUMMARY), the largest place the review summary goes to. */
const MARKDOWN_LIMIT = 1024 * 1024;

/** The minor unit of a currency (ISO 4217), when known: domain/iso's minorUnit in Node; without it, limits.decimals. */
export type MinorUnitOf = (currency: string) => number | undefined;

/** How to render: the size limit and the currency table (passed in, so that this module stays free of Node-only code). */
export interface RenderOptions {
  maxBytes?: number;
  minorUnit?: MinorUnitOf;
}

/** Where the comparison comes from, for the headline. */
export interface DiffOrigin {
  /** The base ref as given (origin/main). */
  ref: string;
  /** The merge base commit compared with. */
  commit: string;
  /** The catalog folder as given (catalog). */
  dir: string;
}

const NOUN: Record<CatalogName, [string, string]> = { rails: ['rail', 'Rail'], assets: ['asset', 'Asset'], countries: ['country', 'Country'] };
const TRANSITION_POINTERS = new Set(['/phase', '/status']);

/**
 * Escapes catalog text for Markdown (a table cell, a list item): no `|` or line break can end the cell; no HTML
 * (`<img src=x>` stays text), code span, emphasis or link is made; an `@mention` pings nobody (a zero-width space,
 * written `&#8203;`, follows the `@`, as Dependabot does); hidden characters are shown as escapes (`\u202e`).
 */
export function cell(text: string): string {
  return visible(text.replace(/\r\n?/g, '\n'), { lineBreaks: 'keep' })
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(/@/g, '@&#8203;')
    .replace(/\n/g, '<br>');
}

/**
 * Text in a code span (ids, paths, field names, patterns): nothing in a code span is markup or a mention. GitHub tables
 * need `|` escaped even inside a code span; text with a backtick or a line break is escaped as plain text instead;
 * hidden characters are shown as escapes.
 */
export function code(text: string): string {
  return text !== '' && !/[`\r\n]/.test(text) ? `\`${visible(text).replace(/\|/g, '\\|')}\`` : cell(text);
}

const id = code;

/**
 * The review summary in Markdown for a pull-request comment or $GITHUB_STEP_SUMMARY: a headline with the counts, the
 * breaking changes and removals called out, then per catalog the added, removed and changed entries as tables, with
 * phase and status transitions named and amounts in the currency's decimals. Cut (with a note) to stay under maxBytes.
 */
export function renderDiffMarkdown(diff: CatalogDiff, origin: DiffOrigin, options: RenderOptions = {}): string {
  const { maxBytes = MARKDOWN_LIMIT, minorUnit = () => undefined } = options;
  const lines: string[] = ['## Catalog changes', ''];
  const counts = CATALOG_NAMES.map((name) => `**${name}** ${countText(diff[name])}`);
  lines.push(`Compared with \`${origin.ref}\` at the merge base \`${origin.commit.slice(0, 12)}\` (folder \`${origin.dir}\`): ${counts.join(' · ')}.`, '');

  const nothing = CATALOG_NAMES.every((n) => !diff[n].added.length && !diff[n].removed.length && !diff[n].changed.length);
  if (nothing) lines.push('No change to the published catalog.', '');

  const breaking = CATALOG_NAMES.flatMap((name) => diff[name].changed.filter((e) => e.breaking).map((e) => [name, e] as const));
  if (breaking.length) {
    const total = breaking.reduce((n, [, e]) => n + e.breakingReasons.length, 0);
    lines.push(`> ⚠️ **${total} breaking change${total === 1 ? '' : 's'}**: clients that worked with the base may fail.`);
    for (const [, e] of breaking) for (const reason of e.breakingReasons) lines.push(`> - ${id(e.id)}: ${cell(reason)}`);
    lines.push('');
  }
  const removed = CATALOG_NAMES.flatMap((name) => diff[name].removed.map((r) => `${id(r)} (${NOUN[name][0]})`));
  if (removed.length)
    lines.push(
      `> ⛔ **Removed: ${removed.join(', ')}.** Entries never disappear from the published lists: keep the file and set` +
        ' `phase: never` (rails, assets) or `status: restricted` (countries) with a `reason` (`catalog validate --base` fails on `removed-entry`).',
      '',
    );
  const skipped = CATALOG_NAMES.flatMap((name) => diff[name].skipped);
  if (skipped.length)
    lines.push(`Not compared, because they do not pass their schema on one side (run \`npx catalog validate\`): ${skipped.map(id).join(', ')}.`, '');

  for (const name of CATALOG_NAMES) lines.push(...catalogSection(name, diff[name], minorUnit));
  return fitWithin(lines, maxBytes, origin);
}

function countText(c: CatalogChanges): string {
  const parts: string[] = [];
  if (c.added.length) parts.push(`${c.added.length} added`);
  if (c.removed.length) parts.push(`${c.removed.length} removed`);
  if (c.changed.length) {
    const breaking = c.changed.filter((e) => e.breaking).length;
    parts.push(`${c.changed.length} changed${breaking ? ` (${breaking} breaking)` : ''}`);
  }
  return parts.length ? parts.join(', ') : 'no change';
}

function catalogSection(name: CatalogName, c: CatalogChanges, minorUnit: MinorUnitOf): string[] {
  if (!c.added.length && !c.removed.length && !c.changed.length) return [];
  const [, Noun] = NOUN[name];
  const out: string[] = [`### ${name[0].toUpperCase()}${name.slice(1)}`, ''];
  for (const [title, ids, source] of [
    ['Added', c.added, c.after],
    ['Removed', c.removed, c.before],
  ] as const) {
    if (!ids.length) continue;
    out.push(
      `**${title}**`,
      '',
      ...summaryTable(
        name,
        ids.map((i) => source.get(i)!),
        minorUnit,
      ),
      '',
    );
  }

  const transitions = c.changed.flatMap((e) =>
    e.changes.filter((x) => TRANSITION_POINTERS.has(x.pointer)).map((x) => `- ${id(e.id)}: ${cell(String(x.before))} -> ${cell(String(x.after))}`),
  );
  if (transitions.length) out.push(`**${name === 'countries' ? 'Status' : 'Phase'} transitions**`, '', ...transitions, '');

  // A country whose only change is its derived rails list (a rail serving it was added, removed or moved) is listed
  // apart: the country file did not change, the rails' `countries` did.
  const derivedOnly = (e: ChangedEntry) => name === 'countries' && e.changes.every((x) => x.pointer === '/rails');
  const edited = c.changed.filter((e) => !derivedOnly(e));
  if (edited.length) {
    out.push('**Changed**', '', `| ${Noun} | Field | Before | After |`, '|---|---|---|---|');
    for (const e of edited) {
      const mark = e.breaking ? ' ⚠️' : '';
      for (const x of e.changes) {
        const before = c.before.get(e.id)!;
        const after = c.after.get(e.id)!;
        out.push(
          `| ${id(e.id)}${mark} | ${code(x.label)}${x.pointer === '/rails' ? ' (derived)' : ''} | ${show(name, x, x.before, before, minorUnit)} | ${show(name, x, x.after, after, minorUnit)} |`,
        );
      }
    }
    out.push('');
  }
  const derived = c.changed.filter(derivedOnly);
  if (derived.length) {
    out.push(
      "**Rails serving a country** (derived from the rails' `countries`; the country files did not change)",
      '',
      '| Country | Rails added | Rails removed |',
      '|---|---|---|',
    );
    for (const e of derived) {
      const x = e.changes[0];
      const was = (x.before as string[] | null) ?? [];
      const now = (x.after as string[] | null) ?? [];
      const list = (l: string[]) => (l.length ? l.map(id).join(', ') : '—');
      out.push(`| ${id(e.id)} | ${list(now.filter((r) => !was.includes(r)))} | ${list(was.filter((r) => !now.includes(r)))} |`);
    }
    out.push('');
  }
  return out;
}

function summaryTable(name: CatalogName, entries: Record<string, unknown>[], minorUnit: MinorUnitOf): string[] {
  const s = (v: unknown) => (v === undefined || v === null ? '—' : cell(Array.isArray(v) ? v.join(', ') : String(v)));
  if (name === 'rails')
    return [
      '| Rail | Name | Phase | Currency | Countries | Limits |',
      '|---|---|---|---|---|---|',
      ...entries.map((r) => {
        const limits = r.limits as { minMinor: number; maxMinor: number; decimals: number };
        const d = minorUnit(String(r.currency)) ?? limits.decimals;
        const range = `${formatUnits(limits.minMinor, d)} to ${formatUnits(limits.maxMinor, d)} ${r.currency}`;
        return `| ${id(String(r.id))} | ${s(r.name)} | ${s(r.phase)}${r.reason ? ` (${s(r.reason)})` : ''} | ${s(r.currency)} | ${s(r.countries)} | ${cell(range)} |`;
      }),
    ];
  if (name === 'assets')
    return [
      '| Asset | Name | Phase | Networks |',
      '|---|---|---|---|',
      ...entries.map((a) => `| ${id(String(a.id))} | ${s(a.name)} | ${s(a.phase)}${a.reason ? ` (${s(a.reason)})` : ''} | ${s(a.networks)} |`),
    ];
  return [
    '| Country | Name | Status | Currency |',
    '|---|---|---|---|',
    ...entries.map((c) => `| ${id(String(c.code))} | ${s(c.name)} | ${s(c.status)}${c.reason ? ` (${s(c.reason)})` : ''} | ${s(c.currency)} |`),
  ];
}

/** A value of a change, in words: amounts in the currency's decimals, fees in percent, delays in hours and days. */
export function showValue(
  name: CatalogName,
  pointer: string,
  value: unknown,
  entry: Record<string, unknown> | undefined,
  minorUnit: MinorUnitOf = () => undefined,
): string {
  if (value === null || value === undefined) return '—';
  const segments = parsePointer(pointer);
  const last = segments[segments.length - 1];
  if (name === 'rails' && entry && typeof value === 'number') {
    if ((segments[0] === 'limits' && (last === 'minMinor' || last === 'maxMinor')) || (segments[0] === 'fees' && last === 'fixedMinor')) {
      const currency = String(entry.currency);
      const decimals = minorUnit(currency) ?? (entry.limits as { decimals: number }).decimals;
      return `${value} (${formatUnits(value, decimals)} ${currency})`;
    }
    if (segments[0] === 'fees' && last === 'bps') return `${value} (${formatBps(value)})`;
    if (segments[0] === 'settlement' && (last === 'p50Minutes' || last === 'p95Minutes')) return `${value} (${formatMinutes(value)})`;
  }
  if (name === 'assets' && entry && last === 'minDepositBase' && typeof value === 'string')
    return `${value} (${formatUnits(value, Number(entry.decimals), true)} ${entry.ticker})`;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (segments[0] === 'fields' && typeof v.name === 'string' && typeof v.type === 'string')
      return `field ${v.name} (${v.type}, ${v.required ? 'required' : 'optional'}${v.pattern ? `, pattern ${v.pattern}` : ''})`;
    if (typeof v.value === 'string' && segments.includes('options')) return `option ${v.value}`;
    return shorten(JSON.stringify(value));
  }
  return shorten(String(value));
}

function show(name: CatalogName, change: Change, value: unknown, entry: Record<string, unknown>, minorUnit: MinorUnitOf): string {
  const text = showValue(name, change.pointer, value, entry, minorUnit);
  return typeof value === 'string' && text === value ? code(text) : cell(text);
}

function shorten(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const encoder = new TextEncoder();

/** Size in UTF-8 bytes (TextEncoder, not Buffer: this module also runs in a browser). */
function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Keeps whole lines under maxBytes, with a note saying what was cut and where to see everything. */
function fitWithin(lines: string[], maxBytes: number, origin: DiffOrigin): string {
  const text = `${lines.join('\n')}\n`;
  if (byteLength(text) <= maxBytes) return text;
  const note = (n: number) =>
    `\n_… ${n} more line${n === 1 ? '' : 's'} cut: this summary is kept under ${Math.floor(maxBytes / 1024)} KiB. For everything, run \`npx catalog diff --base ${origin.ref} --dir ${origin.dir}\`, or add \`--format json\`._\n`;
  const reserve = byteLength(note(lines.length)) + 1;
  let used = 0;
  let kept = 0;
  for (const line of lines) {
    const size = byteLength(line) + 1;
    if (used + size > maxBytes - reserve) break;
    used += size;
    kept++;
  }
  return `${lines.slice(0, kept).join('\n')}\n${note(lines.length - kept)}`;
}
