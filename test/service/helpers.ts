/** Test helpers of the service: a fixture catalog built into seeds, apps over them, authenticated requests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildSeed } from '../../src/seed/build.js';
import type { Seed } from '../../src/generated/types.js';
import type { Catalog } from '../../src/model/catalog.js';
import { buildApp, type AppOptions } from '../../src/service/app.js';
import { digestOf, KeyRing } from '../../src/service/access/auth.js';
import { snapshotOf } from '../../src/service/representation/snapshot.js';
import { SnapshotStore, type StoreOptions } from '../../src/service/operations/store.js';
import { ASSET_USDC, COUNTRY_BR, RAIL_BR_PIX, validateFiles } from '../helpers/catalog.js';

export const KEY = 'test-key-0123456789abcdef';
export const OTHER_KEY = 'other-key-0123456789abcdef';
export const SECRET = 'cursor-secret-for-tests-0123456789abcdef';
export const AUTH = { authorization: `Bearer ${KEY}` };

interface RailSpec {
  id: string;
  kind?: string;
  currency: string;
  countries: string[];
  phase: string;
  reason?: string;
  decimals?: number;
}

function railYaml(r: RailSpec): string {
  const slug = r.id.slice(3).replace(/_/g, '-');
  return `id: ${r.id}
slug: ${slug}
name: ${r.id} transfer
kind: ${r.kind ?? 'bank_transfer'}
currency: ${r.currency}
countries: [${r.countries.join(', ')}]
phase: ${r.phase}
${r.reason ? `reason: ${r.reason}\n` : ''}settlement:
  p50Minutes: 60
  p95Minutes: 1440
  businessDaysOnly: true
limits:
  minMinor: 100
  maxMinor: 1000000
  decimals: ${r.decimals ?? 2}
fees:
  fixedMinor: 25
  bps: 10
fields:
  - name: accountName
    type: text
    required: true
    maxLength: 140
    help: { fr: Nom du titulaire, en: Account holder name }
verifiedAt: "2026-09-15"
`;
}

function countryYaml(code: string, name: string, currency: string | null, status: string, reason?: string): string {
  return `code: ${code}\nname: ${name}\ncurrency: ${currency ?? 'null'}\nstatus: ${status}\n${reason ? `reason: ${reason}\n` : ''}`;
}

function assetYaml(id: string, networks: string[], phase = 'live', reason?: string): string {
  return `id: ${id}\nticker: ${id.toUpperCase()}\nname: ${id} coin\ndecimals: 8\nnetworks: [${networks.join(', ')}]\nstablecoin: false\nquoteLockSeconds: 30\nminDepositBase: "1000"\nphase: ${phase}\n${reason ? `reason: ${reason}\n` : ''}`;
}

const RAILS: RailSpec[] = [
  { id: 'BR-doc', currency: 'BRL', countries: ['BR'], phase: 'never', reason: 'scheme_retired' },
  { id: 'BR-ted', currency: 'BRL', countries: ['BR'], phase: 'beta' },
  { id: 'FR-sepa', currency: 'EUR', countries: ['FR', 'DE', 'ES', 'IT'], phase: 'live' },
  { id: 'FR-sepa_instant', kind: 'instant_bank', currency: 'EUR', countries: ['FR', 'DE', 'ES', 'IT'], phase: 'live' },
  { id: 'DE-giropay', kind: 'wallet', currency: 'EUR', countries: ['DE'], phase: 'never', reason: 'partner_discontinued' },
  { id: 'ES-bizum', kind: 'wallet', currency: 'EUR', countries: ['ES'], phase: 'planned' },
  { id: 'IT-bonifico', currency: 'EUR', countries: ['IT'], phase: 'beta' },
  { id: 'GB-bacs', currency: 'GBP', countries: ['GB'], phase: 'live' },
  { id: 'GB-faster_payments', kind: 'instant_bank', currency: 'GBP', countries: ['GB'], phase: 'live' },
  { id: 'US-ach', currency: 'USD', countries: ['US'], phase: 'live' },
  { id: 'US-rtp', kind: 'instant_bank', currency: 'USD', countries: ['US'], phase: 'beta' },
  { id: 'US-wire', currency: 'USD', countries: ['US'], phase: 'planned' },
  { id: 'MX-spei', kind: 'instant_bank', currency: 'MXN', countries: ['MX'], phase: 'live' },
  { id: 'MX-cash_pickup', kind: 'cash_pickup', currency: 'MXN', countries: ['MX'], phase: 'planned' },
  { id: 'JP-zengin', currency: 'JPY', countries: ['JP'], phase: 'planned', decimals: 0 },
  { id: 'CA-eft', currency: 'CAD', countries: ['CA'], phase: 'planned' },
  { id: 'EC-usd_transfer', currency: 'USD', countries: ['EC'], phase: 'beta' },
];

/** The fixture catalog: the helpers' VALID entries plus rails, countries and assets covering every filter value. */
function fixtureFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'rails/BR-pix.yaml': RAIL_BR_PIX,
    'countries/BR.yaml': COUNTRY_BR,
    'assets/usdc.yaml': ASSET_USDC,
    'countries/FR.yaml': countryYaml('FR', 'France', 'EUR', 'open'),
    'countries/DE.yaml': countryYaml('DE', 'Germany', 'EUR', 'open'),
    'countries/ES.yaml': countryYaml('ES', 'Spain', 'EUR', 'open'),
    'countries/IT.yaml': countryYaml('IT', 'Italy', 'EUR', 'open'),
    'countries/GB.yaml': countryYaml('GB', 'United Kingdom', 'GBP', 'open'),
    'countries/US.yaml': countryYaml('US', 'United States', 'USD', 'open'),
    'countries/MX.yaml': countryYaml('MX', 'Mexico', 'MXN', 'open'),
    'countries/JP.yaml': countryYaml('JP', 'Japan', 'JPY', 'coming'),
    'countries/CA.yaml': countryYaml('CA', 'Canada', 'CAD', 'coming'),
    'countries/EC.yaml': countryYaml('EC', 'Ecuador', 'USD', 'open'),
    'countries/KP.yaml': countryYaml('KP', 'North Korea', null, 'restricted', 'international_sanctions'),
    'countries/IR.yaml': countryYaml('IR', 'Iran', null, 'restricted', 'money_laundering_risk'),
    'assets/usdt.yaml': assetYaml('usdt', ['ethereum', 'tron', 'solana']),
    'assets/btc.yaml': assetYaml('btc', ['bitcoin', 'lightning']),
    'assets/eth.yaml': assetYaml('eth', ['ethereum', 'arbitrum', 'optimism', 'base']),
    'assets/sol.yaml': assetYaml('sol', ['solana'], 'beta'),
    'assets/dai.yaml': assetYaml('dai', ['ethereum', 'polygon'], 'never', 'regulatory'),
    'assets/xlm.yaml': assetYaml('xlm', ['stellar'], 'planned'),
  };
  for (const r of RAILS) files[`rails/${r.id}.yaml`] = railYaml(r);
  return files;
}

let catalog: Promise<Catalog> | undefined;

/** The fixture catalog, validated once per test file. */
export function fixtureCatalog(): Promise<Catalog> {
  catalog ??= validateFiles(fixtureFiles()).then((v) => {
    const expected = Object.keys(fixtureFiles()).length;
    const got = v.catalog.rails.length + v.catalog.assets.length + v.catalog.countries.length;
    if (got !== expected)
      throw new Error(`fixture catalog: ${expected - got} entries fail their schema: ${JSON.stringify(v.report.problems.filter((p) => p.rule === 'schema'))}`);
    return v.catalog;
  });
  return catalog;
}

/** The fixture seed, optionally with rails renamed or added (a "newer catalog"). */
export async function fixtureSeed(change?: (c: Catalog) => Catalog): Promise<Seed> {
  const c = await fixtureCatalog();
  return buildSeed(change ? change(c) : c);
}

/** A catalog with one more rail, cloned from the first one under a new id. */
export function withExtraRail(id: string): (c: Catalog) => Catalog {
  return (c) => ({ ...c, rails: [...c.rails, { ...c.rails[0], data: { ...c.rails[0].data, id, slug: 'extra' } }] });
}

export interface TestApp {
  app: FastifyInstance;
  store: SnapshotStore;
  clock: { now: number };
}

/** An app over a store holding `seed`; the store's clock is `clock.now`, moved by tests. */
export async function makeApp(seed: Seed, options: Partial<AppOptions> & { store?: StoreOptions } = {}): Promise<TestApp> {
  const clock = { now: 1_000_000 };
  const store = new SnapshotStore(snapshotOf(seed), { now: () => clock.now, ...options.store });
  const app = await buildApp(store, {
    keys: new KeyRing([digestOf(KEY), digestOf(OTHER_KEY)]),
    cursorSecret: SECRET,
    logger: false,
    ...options,
  });
  return { app, store, clock };
}

/** GET with the test key. */
export function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { ...AUTH, ...headers } });
}

/** Follows next_cursor from `url` to the end; returns every page's body. Fails on a non-200 or a runaway run. */
export async function walk(app: FastifyInstance, url: string, limits: number[] = []): Promise<Array<{ data: any[]; next_cursor: string | null }>> {
  const pages: Array<{ data: any[]; next_cursor: string | null }> = [];
  let next: string | null = null;
  const sep = url.includes('?') ? '&' : '?';
  for (let i = 0; i < 10_000; i++) {
    const limit = limits.length ? limits[i % limits.length] : undefined;
    const params = [limit !== undefined ? `limit=${limit}` : '', next ? `cursor=${next}` : ''].filter(Boolean).join('&');
    const res = await get(app, params ? `${url}${sep}${params}` : url);
    if (res.statusCode !== 200) throw new Error(`${url} page ${i}: ${res.statusCode} ${res.body}`);
    const page = res.json();
    pages.push(page);
    next = page.next_cursor;
    if (next === null) return pages;
  }
  throw new Error('the run does not end');
}
