import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { checkBeneficiary } from '../../beneficiary/check.js';
import { readSchema } from '../../model/schemas.js';
import { project } from '../../seed/project.js';
import { PROJECT_ROOT } from '../project-root.js';
import { changesBetween, type VersionContent } from '../resources/history.js';

/** Examples read from the bundled catalog (catalog/ beside the code); none when it is not there. */
export interface BundledExamples {
  rail: Record<string, unknown>;
  asset: Record<string, unknown>;
  country: Record<string, unknown>;
  checkRequest: { values: Record<string, string> };
  checkValid: unknown;
  checkInvalidRequest: { values: Record<string, string> };
  checkInvalid: unknown;
  changes: unknown;
}

function published(kind: 'rail' | 'asset' | 'country', file: string): Record<string, unknown> | undefined {
  const full = path.join(PROJECT_ROOT, 'catalog', file);
  if (!existsSync(full)) return undefined;
  const seed = readSchema('seed.schema.json');
  return project(parse(readFileSync(full, 'utf8')), seed.definitions[kind], seed) as Record<string, unknown>;
}

let examples: BundledExamples | null | undefined;

/** Examples of requests and answers made from catalog/rails/BR-pix.yaml, assets/usdc.yaml and countries/BR.yaml. */
export function bundledExamples(): BundledExamples | undefined {
  if (examples !== undefined) return examples ?? undefined;
  examples = null;
  try {
    const source = path.join(PROJECT_ROOT, 'catalog/rails/BR-pix.yaml');
    if (!existsSync(source)) return undefined;
    const raw = parse(readFileSync(source, 'utf8'));
    const rail = published('rail', 'rails/BR-pix.yaml')!;
    const asset = published('asset', 'assets/usdc.yaml');
    const country = published('country', 'countries/BR.yaml');
    if (!asset || !country) return undefined;
    country.rails = ['BR-doc', 'BR-pix'];
    const values: Record<string, string> = {};
    for (const field of raw.fields) values[field.name] = field.examples?.[0] ?? field.options?.[0]?.value;
    const bad: Record<string, string> = {};
    for (const field of raw.fields) bad[field.name] = field.counterexamples?.[0] ?? 'unknown';
    bad.pixkey = values.pixKey;
    const lowered = structuredClone(rail) as any;
    lowered.limits.maxMinor = Math.floor(lowered.limits.maxMinor / 2);
    const content = (r: Record<string, unknown>, version: string): VersionContent => ({
      version,
      entries: { rails: new Map([['BR-pix', r]]), assets: new Map([['usdc', asset]]), countries: new Map([['BR', country]]) },
    });
    examples = {
      rail,
      asset,
      country,
      checkRequest: { values },
      checkValid: checkBeneficiary(rail as any, values),
      checkInvalidRequest: { values: bad },
      checkInvalid: checkBeneficiary(rail as any, bad),
      changes: { data: changesBetween(content(rail, 'a'), content(lowered, 'b')), next_cursor: null },
    };
  } catch {
    examples = null;
  }
  return examples ?? undefined;
}
