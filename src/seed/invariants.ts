import { characterName, refusedInValue } from '../domain/characters.js';

/**
 * The seed's own guarantee, whatever the checks before it let through: no text of it holds a control character, a
 * bidirectional control, an invisible character or a lone surrogate. Each place that breaks it, as a JSON path and
 * the characters found (at most `limit`); none for a sound seed.
 */
export function unsafeTexts(seed: unknown, limit = 20): string[] {
  const found: string[] = [];
  const visit = (value: unknown, at: string): void => {
    if (found.length >= limit) return;
    if (typeof value === 'string') {
      const codes = refusedInValue(value);
      if (codes.length) found.push(`${at || '/'} holds ${codes.map(characterName).join(', ')}`);
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${at}/${i}`));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        visit(k, `${at}/${k} (the key)`);
        visit(v, `${at}/${k}`);
      }
  };
  visit(seed, '');
  return found;
}
