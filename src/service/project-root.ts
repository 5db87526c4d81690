import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (package.json, catalog/), two folders up from this file: from src/service/ in the sources, and
 * from compiled/cli/ in the bundle, where import.meta.url is the bundle's own URL whatever the module's folder.
 */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** require() as from this file: resolves the project's dependencies (node_modules) for modules in deeper folders. */
export const projectRequire = createRequire(import.meta.url);
