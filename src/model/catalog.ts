import type { SourceFile } from '../parse/source.js';
import type { Literal } from '../parse/yaml-data.js';
import type { Asset, Country, Policy, Rail } from '../generated/types.js';

/** The catalogs and the folder each lives in (policies: the written country policy, checked but not published). */
export const ENTRY_KINDS = { rails: 'rail', assets: 'asset', countries: 'country', policies: 'policy' } as const;
export type Folder = keyof typeof ENTRY_KINDS;
export type EntryKind = (typeof ENTRY_KINDS)[Folder];

/** An entry read from a file: one YAML mapping, before any schema check. */
export interface RawEntry {
  kind: EntryKind;
  file: SourceFile;
  /** The mapping as plain data (YAML 1.2 core schema). */
  data: Record<string, unknown>;
  /** Number-like plain scalars that are not plain decimal integers (see ParsedText.literals). */
  literals?: Literal[];
}

/** An entry whose shape the schema accepted: its data can be trusted to have the schema's types. */
export interface Entry<T> {
  kind: RawEntry['kind'];
  file: SourceFile;
  data: T;
}

/** The whole loaded catalog, as rules, the build and the diff see it. Cross-file rules are ordinary rules. */
export interface Catalog {
  /** Schema-valid entries of each catalog, in file order. */
  rails: Entry<Rail>[];
  assets: Entry<Asset>[];
  countries: Entry<Country>[];
  /** Lists of the written country policy (catalog/policies): read by rules, never published in the seed. */
  policies: Entry<Policy>[];
  /** Every entry that parsed into a mapping, schema-valid or not (for rules that only need an id, such as file names). */
  raw: RawEntry[];
}

/** Adds a schema-valid entry to the list of its kind. */
export function addEntry(catalog: Catalog, kind: RawEntry['kind'], entry: Entry<unknown>): void {
  if (kind === 'rail') catalog.rails.push(entry as Entry<Rail>);
  else if (kind === 'asset') catalog.assets.push(entry as Entry<Asset>);
  else if (kind === 'policy') catalog.policies.push(entry as Entry<Policy>);
  else catalog.countries.push(entry as Entry<Country>);
}

/** The key that names an entry: id for rails, assets and policies, code for countries. */
export function idKey(kind: string): 'id' | 'code' {
  return kind === 'country' ? 'code' : 'id';
}
