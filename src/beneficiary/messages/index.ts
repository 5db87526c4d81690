import { en } from './en.js';
import { fr } from './fr.js';
import type { Catalog, Language, Message } from './ids.js';

export type { Catalog, Language, Localized, Message } from './ids.js';
export { say } from './ids.js';

/** The catalog of each language: one text per message id. Free of Node imports: the site's form bundles it. */
export const catalogs: Record<Language, Catalog> = { en, fr };

/** A message in a language, from its id and parameters. */
export function render(language: Language, message: Message): string {
  return (catalogs[language][message.id] as (p: Message['params']) => string)(message.params);
}
