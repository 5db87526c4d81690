import type { JsonSchema } from '../model/schemas.js';

/** Where a description tells one value of its enum: `value: meaning;`, `value (meaning)` or `value means meaning.` */
const SHAPES = [
  (v: string) => new RegExp(`(?:^|[.;,]\\s+|\\s)${v}: ([^;]+?)(?:;|\\.$|\\. |$)`),
  (v: string) => new RegExp(`(?:^|[.;,]\\s+|\\s)${v} means ([^;.]+)`),
  (v: string) => new RegExp(`(?:^|[.;,]\\s+|\\s)${v} \\(([^)]+)\\)`),
];

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What one value of an enum means, read from the schema's description of the enum (the schemas describe their
 * vocabularies in prose: `instant_bank: instant account-to-account transfer (...)`); undefined when the description
 * says nothing of that value alone.
 */
export function meaningOf(node: JsonSchema, value: string): string | undefined {
  const description = typeof node.description === 'string' ? node.description : '';
  for (const shape of SHAPES) {
    const m = shape(literal(value)).exec(description);
    if (m) return m[1].trim();
  }
  return undefined;
}

/** The values an enum allows, as strings. */
export function enumOf(node: JsonSchema | undefined): string[] {
  return Array.isArray(node?.enum) ? (node.enum as unknown[]).map(String) : [];
}

/** The hover text of a key: its description, then what it holds (the allowed values, a type, a pattern). */
export function keyHelp(path: Array<string | number>, node: JsonSchema): string {
  const lines = [`\`${path.join('.')}\`: ${node.description ?? ''}`.trim()];
  const values = enumOf(node);
  if (values.length) lines.push(`One of: ${values.map((v) => `\`${v}\``).join(', ')}.`);
  else if (typeof node.type === 'string') lines.push(`A ${node.type}${typeof node.pattern === 'string' ? ` matching \`${node.pattern}\`` : ''}.`);
  return lines.join('\n\n');
}

/** The hover text of an enum value: what it means, and the key it belongs to. */
export function valueHelp(path: Array<string | number>, node: JsonSchema, value: string): string {
  const meaning = meaningOf(node, value);
  const key = path.filter((s) => typeof s === 'string').at(-1);
  return meaning ? `\`${value}\`: ${meaning}\n\n(${key}: ${node.description})` : `\`${value}\`, a value of ${key}: ${node.description}`;
}

/** What a pattern accepts of the ISO codes: country codes (FR), currency codes (EUR), and the words it spells out. */
export function codesOf(pattern: unknown): { countries: boolean; currencies: boolean; words: string[] } {
  if (typeof pattern !== 'string') return { countries: false, currencies: false, words: [] };
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return { countries: false, currencies: false, words: [] };
  }
  const countries = re.test('FR') && !re.test('fr') && !re.test('FRA');
  const currencies = re.test('EUR') && !re.test('eur') && !re.test('EU');
  // `^(TARGET2|[A-Z]{2})$`: the words of an alternation that the pattern accepts as they are.
  const words = [...pattern.matchAll(/[A-Z][A-Z0-9_]{3,}/g)].map((m) => m[0]).filter((w) => re.test(w));
  return { countries, currencies, words };
}
