import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { EntryKind } from './catalog.js';

/** Folder holding the JSON Schemas, the single source of truth for the shape of an entry. */
const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas');

/**
 * The validators of the schemas, precompiled by scripts/compile.mjs (Ajv's standalone code, same options as Ajv at run
 * time: allErrors, verbose, strict): a run neither loads Ajv nor compiles a schema. Two folders up from src/model and
 * from compiled/cli. test/build/compiled.test.ts fails when it was not made from the current schemas, and
 * test/build/validators.test.ts checks that its errors are Ajv's, object for object.
 */
export const VALIDATORS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../compiled/validators');

export type JsonSchema = Record<string, any>;

/** Reads one schema file of schemas/. */
export function readSchema(name: string): JsonSchema {
  return JSON.parse(readFileSync(path.join(SCHEMA_DIR, name), 'utf8'));
}

/** Every schema file, by file name. */
export const SCHEMA_FILES = {
  common: 'common.schema.json',
  rail: 'rail.schema.json',
  asset: 'asset.schema.json',
  country: 'country.schema.json',
  policy: 'policy.schema.json',
  seed: 'seed.schema.json',
} as const;

let files: Record<string, JsonSchema> | undefined;
/** Every schema as JSON, read once. */
function schemaJson(): Record<string, JsonSchema> {
  files ??= Object.fromEntries(Object.entries(SCHEMA_FILES).map(([key, file]) => [key, readSchema(file)]));
  return files;
}

/** Every schema as JSON, by key of SCHEMA_FILES (read once; the validators are validatorOf's). */
export function schemaValidators(): { schemas: Record<string, JsonSchema> } {
  return { schemas: schemaJson() };
}

/**
 * The schema an absolute `$ref` names: a schema's $id (common.schema.json) and an optional JSON pointer fragment
 * (#/definitions/date). Undefined when there is none.
 */
export function schemaAtRef(ref: string): JsonSchema | undefined {
  const [file, fragment = ''] = ref.split('#');
  let node: any = Object.values(schemaJson()).find((s) => s.$id === file);
  for (const raw of fragment.split('/').slice(1)) {
    node = node?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node && typeof node === 'object' ? node : undefined;
}

/** The precompiled validators loaded so far (the entries' file, the seed's: see VALIDATOR_FILES in scripts/compile.mjs). */
const validators = new Map<string, Record<string, ValidateFunction>>();

/** Each validator once found (validatorOf runs once per entry: 10,000 path joins cost 5 to 20 ms). */
const byKind = new Map<EntryKind | 'seed', ValidateFunction>();

/** The precompiled validator of an entry schema or of the seed schema. */
export function validatorOf(kind: EntryKind | 'seed'): ValidateFunction {
  return byKind.get(kind) ?? findValidator(kind);
}

function findValidator(kind: EntryKind | 'seed'): ValidateFunction {
  const file = path.join(VALIDATORS_DIR, kind === 'seed' ? 'seed.cjs' : 'entries.cjs');
  let loaded = validators.get(file);
  if (!loaded) {
    try {
      loaded = createRequire(import.meta.url)(file) as Record<string, ValidateFunction>;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
      throw new Error(`the precompiled schema validators are missing (${file}): run \`npm run compile\` (or \`npm ci\`) in the project folder`);
    }
    validators.set(file, loaded);
  }
  const validate = loaded[kind];
  if (typeof validate !== 'function') throw new Error(`no precompiled validator for ${kind}: run \`npm run compile\``);
  byKind.set(kind, validate);
  return validate;
}

/**
 * Loads the entries' validators before their first use, for a caller with time to fill (validate, while git reads the
 * base revision). A failure is left to that first use, which reports it as always.
 */
export function preloadEntryValidators(): void {
  try {
    validatorOf('rail');
  } catch {
    // reported by schemaErrors
  }
}

/** Validates a value against an entry schema (or the seed schema); returns Ajv's errors, none when valid. */
export function schemaErrors(kind: EntryKind | 'seed', value: unknown): ErrorObject[] {
  const validate = validatorOf(kind);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Allowed values of an enum in the schemas, read from there so that code never repeats a vocabulary. */
export function schemaEnum(schemaKey: keyof typeof SCHEMA_FILES, pointer: string): readonly string[] {
  let node: any = schemaJson()[schemaKey];
  for (const seg of pointer.split('/').filter(Boolean)) node = node?.[seg];
  if (!node || !Array.isArray(node.enum)) throw new Error(`no enum at ${schemaKey}#${pointer}`);
  return node.enum;
}
