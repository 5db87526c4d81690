/** A field's pattern compiled as the service runs it: an ECMAScript regular expression with the u flag. */
export type CompiledPattern = { ok: true; regexp: RegExp } | { ok: false; reason: string };

const cache = new Map<string, CompiledPattern>();
// Patterns come from the catalog, so the cache stays small; the bound only protects a client that feeds it arbitrary rails.
const CACHE_LIMIT = 10_000;

/**
 * Compiles a pattern with the u flag, once per pattern string; never throws. On failure, `reason` is the engine's
 * own reason ("Lone quantifier brackets", "Invalid escape", ...), without the pattern it quotes.
 */
export function compilePattern(source: string): CompiledPattern {
  let compiled = cache.get(source);
  if (compiled) return compiled;
  try {
    compiled = { ok: true, regexp: new RegExp(source, 'u') };
  } catch (error) {
    compiled = { ok: false, reason: engineReason(error) };
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

/** V8 says "Invalid regular expression: /<source>/u: <reason>": keep the reason. */
function engineReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const match = /: ([^:]+)$/.exec(message);
  return match ? match[1] : message;
}
