import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type AjvModule from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type addFormatsModule from 'ajv-formats';
import type { EntryKind } from './load.js';

// ajv is loaded on the first validation, not on import: `catalog rules` and the enums read below never pay for it.
const require = createRequire(import.meta.url);
type Ajv = InstanceType<typeof AjvModule.default>;

/** Folder holding the JSON Schemas, the single source of truth for the shape of an entry. */
export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas');

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

let cache: { ajv: Ajv; schemas: Record<string, JsonSchema> } | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The Ajv instance holding every schema; each validator is compiled once per process, on first use. */
export function schemaValidators() {
  if (cache) return cache;
  // ajv and ajv-formats are CommonJS: their default export sits one level down.
  const AjvModule = require('ajv') as typeof import('ajv');
  const Ajv = AjvModule.default ?? AjvModule;
  const formats = require('ajv-formats') as typeof addFormatsModule & { default?: typeof addFormatsModule };
  const addFormats = formats.default ?? formats;
  // strictRequired is off: the seed schema says "no rails on a restricted country" as not/required.
  const ajv: Ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv, ['date']);
  const schemas = schemaJson();
  for (const key of Object.keys(SCHEMA_FILES)) ajv.addSchema(schemas[key]);
  cache = { ajv, schemas };
  return cache;
}

/** The compiled validator of an entry schema or of the seed schema. */
export function validatorOf(kind: EntryKind | 'seed'): ValidateFunction {
  let validate = compiled.get(kind);
  if (!validate) {
    const { ajv, schemas } = schemaValidators();
    validate = ajv.getSchema(schemas[kind].$id) as ValidateFunction;
    compiled.set(kind, validate);
  }
  return validate;
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
