import type { ErrorObject } from 'ajv';
import { addEntry, type Catalog, type RawEntry } from '../model/catalog.js';
import type { Problem } from '../model/problem.js';
import { schemaErrors } from '../model/schemas.js';
import type { Loaded } from '../parse/load.js';
import { locateAll } from '../parse/source.js';
import { integerLiteralProblems, type IntegerLiteralProblem } from './integers.js';
import { schemaProblems } from './schema-problems.js';
import { didYouMean } from '../domain/suggest.js';

/** An entry the schema refused, with the pointers of its broken parts. */
export interface InvalidEntry {
  entry: RawEntry;
  /** Pointers the schema found wrong (for a missing property, where it should be). */
  broken: string[];
}

/**
 * The pointers a schema error is about: the property itself for a missing or unknown property, and for an unknown one
 * that is a misspelling of an allowed property, that property too (its value is written under the wrong name).
 */
function brokenPointers(e: ErrorObject): string[] {
  const params = e.params as { missingProperty?: string; additionalProperty?: string; i?: number };
  // A duplicated list item breaks that item, not the list: the other items' problems are still reported.
  if (e.keyword === 'uniqueItems' && typeof params.i === 'number') return [`${e.instancePath}/${params.i}`];
  const child = params.missingProperty ?? params.additionalProperty;
  if (child === undefined) return [e.instancePath];
  const pointerTo = (key: string) => `${e.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const meant =
    params.additionalProperty === undefined ? undefined : didYouMean(child, Object.keys((e.parentSchema as { properties?: object })?.properties ?? {}));
  return meant === undefined ? [pointerTo(child)] : [pointerTo(child), pointerTo(meant)];
}

/** What the schemas say of an entry: its refused integer literals and Ajv's other errors. */
function schemaVerdict(entry: RawEntry): { literals: IntegerLiteralProblem[]; errors: ErrorObject[] } {
  // Integer fields written as 100.00, 1e2, 0x64...: reported instead of what the schema says about the same value.
  const literals = integerLiteralProblems(entry);
  const refused = new Set(literals.map((l) => l.pointer));
  const errors = schemaErrors(entry.kind, entry.data).filter((e) => !refused.has(e.instancePath));
  return { literals, errors };
}

/** Checks the shapes of loaded entries against their schemas; returns the catalog of valid entries and the problems. */
export function checkSchemas(loaded: Loaded): { catalog: Catalog; problems: Problem[]; invalid: InvalidEntry[] } {
  const catalog: Catalog = { rails: [], assets: [], countries: [], policies: [], raw: loaded.entries };
  const problems: Problem[] = [];
  const invalid: InvalidEntry[] = [];
  for (const entry of loaded.entries) {
    const { literals, errors } = schemaVerdict(entry);
    if (errors.length || literals.length) {
      problems.push(...schemaProblems(entry, errors));
      for (const l of literals)
        for (const at of locateAll(entry.file, l.pointer, l.message))
          problems.push({ file: entry.file.path, ...at, severity: 'error', rule: 'schema', messageId: l.messageId, pointer: l.pointer });
      invalid.push({ entry, broken: [...new Set([...errors.flatMap(brokenPointers), ...literals.map((l) => l.pointer)])] });
      continue;
    }
    addEntry(catalog, entry.kind, { kind: entry.kind, file: entry.file, data: entry.data });
  }
  return { catalog, problems, invalid };
}
