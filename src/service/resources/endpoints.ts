import { schemaValidators, type JsonSchema } from '../../model/schemas.js';
import type { SeedAsset, SeedCountry, SeedRail } from '../../generated/types.js';
import { currencyStatus, isCountryCode, nearCurrencyCodes, suggestCountryCode } from '../../domain/iso.js';

/** The seed schema, whose definitions are what the responses contain. */
export function seedSchema(): JsonSchema {
  return schemaValidators().schemas.seed;
}

/** Follows a JSON pointer in the seed schema; throws when the schema lost what the service reads from it. */
export function at(pointer: string): JsonSchema {
  let node: any = seedSchema();
  for (const seg of pointer.split('/').filter(Boolean)) node = node?.[seg];
  if (!node) throw new Error(`the seed schema has nothing at #${pointer}`);
  return node;
}

/** A filter parameter of a list endpoint; its allowed values or shape are read from the seed schema. */
export interface FilterDef {
  name: string;
  /** code: a well-formed code (case-insensitive, normalised to uppercase); enum: one of the schema's values, exactly. */
  kind: 'code' | 'enum';
  /** Pattern of a code, from the schema (^[A-Z]{2}$). */
  pattern?: RegExp;
  /** Values of an enum, from the schema. */
  allowed?: readonly string[];
  /** What a code is, for messages and the OpenAPI document. */
  what: string;
  example: string;
  description: string;
  /** The values of an item this filter matches. */
  valuesOf(item: any): readonly string[];
  /** A code: whether the standard assigns it (the validator's idea of a code), and the one meant by one it does not. */
  assigned?: (code: string) => boolean;
  nearest?: (code: string) => string | undefined;
  /** An enum: the value meant by a word that is not one (closed: never). */
  meant?: Readonly<Record<string, string>>;
}

export type EndpointName = 'rails' | 'assets' | 'countries';

/** A list endpoint: its path, the seed array and definition it serves, its key and its filters. */
export interface EndpointDef {
  name: EndpointName;
  path: string;
  /** Name of the seed schema definition of an item. */
  definition: 'rail' | 'asset' | 'country';
  /** Property the list is ordered by (code-unit order) and the cursor's keyset position. */
  key: 'id' | 'code';
  summary: string;
  filters: FilterDef[];
}

function codeFilter(
  name: string,
  pointer: string,
  what: string,
  example: string,
  valuesOf: (item: any) => readonly string[],
  description: string,
  standard: Pick<FilterDef, 'assigned' | 'nearest'>,
): FilterDef {
  return { name, kind: 'code', pattern: new RegExp(at(pointer).pattern), what, example, description, valuesOf, ...standard };
}

function enumFilter(name: string, pointer: string, valuesOf: (item: any) => readonly string[], description: string, meant?: Record<string, string>): FilterDef {
  const allowed = at(pointer).enum as string[];
  return { name, kind: 'enum', allowed, what: `one of ${allowed.join(', ')}`, example: allowed[0], description, valuesOf, meant };
}

/** Codes as the validator reads them (src/domain/iso.ts): assigned ISO 3166-1 countries, ISO 4217 payout currencies. */
const COUNTRY_STANDARD = { assigned: isCountryCode, nearest: (code: string) => suggestCountryCode(code) };
const CURRENCY_STANDARD = {
  assigned: (code: string) => currencyStatus(code).kind === 'currency',
  nearest: (code: string) => {
    const status = currencyStatus(code);
    if (status.kind === 'fund') return status.currency;
    const near = nearCurrencyCodes(code);
    return near.length > 0 ? near.slice(0, 3).join(' or currency=') : undefined;
  },
};

let cached: Record<EndpointName, EndpointDef> | undefined;

/** The three list endpoints, built from the seed schema (data beats code: enums and patterns are read from there). */
export function endpoints(): Record<EndpointName, EndpointDef> {
  if (cached) return cached;
  cached = {
    rails: {
      name: 'rails',
      path: '/api/v1/rails',
      definition: 'rail',
      key: 'id',
      summary: 'Lists payout rails, ordered by id.',
      filters: [
        codeFilter(
          'country',
          '/definitions/countryCode',
          'an ISO 3166-1 alpha-2 country code (two letters)',
          'FR',
          (r: SeedRail) => r.countries,
          'Only rails serving this country (ISO 3166-1 alpha-2, any case).',
          COUNTRY_STANDARD,
        ),
        codeFilter(
          'currency',
          '/definitions/currencyCode',
          'an ISO 4217 currency code (three letters)',
          'EUR',
          (r: SeedRail) => [r.currency],
          'Only rails paying out in this currency (ISO 4217, any case).',
          CURRENCY_STANDARD,
        ),
        enumFilter('phase', '/definitions/phase', (r: SeedRail) => [r.phase], 'Only rails in this phase (a closed rail is in phase never).', {
          closed: 'never',
        }),
      ],
    },
    assets: {
      name: 'assets',
      path: '/api/v1/assets',
      definition: 'asset',
      key: 'id',
      summary: 'Lists assets accepted for deposit, ordered by id.',
      filters: [enumFilter('network', '/definitions/asset/properties/networks/items', (a: SeedAsset) => a.networks, 'Only assets available on this network.')],
    },
    countries: {
      name: 'countries',
      path: '/api/v1/countries',
      definition: 'country',
      key: 'code',
      summary: 'Lists served countries, countries in preparation and refused countries, ordered by code.',
      filters: [enumFilter('status', '/definitions/countryStatus', (c: SeedCountry) => [c.status], 'Only countries with this status.')],
    },
  };
  return cached;
}

/** Page size rules (contract 4.1). */
export const LIMIT = { default: 50, max: 100 } as const;
