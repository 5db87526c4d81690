import { createRequire } from 'node:module';

/**
 * The `yaml` package, loaded on first use: a clean catalog is read by the fast path (fast-yaml.ts) and never needs it,
 * and loading it costs about 60 ms. Node resolves `yaml` to the same CommonJS file for import and require, so this is
 * the very module other files import.
 */
type Yaml = typeof import('yaml');
/** In the compiled CLI, the file of compiled/vendor/ that holds yaml (scripts/compile.mjs defines it); here, undefined. */
declare const CATALOG_YAML_MODULE: string | undefined;
/** What to require: the package, or in the compiled CLI the same bundle its other modules' imports of yaml require. */
const YAML_MODULE = typeof CATALOG_YAML_MODULE === 'string' ? CATALOG_YAML_MODULE : 'yaml';
let yaml: Yaml | undefined;
const load = (): Yaml => (yaml ??= createRequire(import.meta.url)(YAML_MODULE) as Yaml);

export const parseDocument = ((...args: Parameters<Yaml['parseDocument']>) => load().parseDocument(...args)) as Yaml['parseDocument'];
export const parseAllDocuments = ((...args: Parameters<Yaml['parseAllDocuments']>) => load().parseAllDocuments(...args)) as Yaml['parseAllDocuments'];
export const isAlias = ((node: unknown) => load().isAlias(node)) as Yaml['isAlias'];
export const isCollection = ((node: unknown) => load().isCollection(node)) as Yaml['isCollection'];
export const isMap = ((node: unknown) => load().isMap(node)) as Yaml['isMap'];
export const isPair = ((node: unknown) => load().isPair(node)) as Yaml['isPair'];
export const isScalar = ((node: unknown) => load().isScalar(node)) as Yaml['isScalar'];
export const isSeq = ((node: unknown) => load().isSeq(node)) as Yaml['isSeq'];
export const stringify = ((...args: Parameters<Yaml['stringify']>) => load().stringify(...args)) as Yaml['stringify'];
/** yaml's concrete syntax tree of a text (tokens with their offsets), for what the document no longer shows: tags as written, directives. */
export const parseTokens = (text: string) => new (load().Parser)().parse(text);
