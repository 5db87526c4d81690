import type { Diagnostics } from 'recheck';
import { patternsOf } from '../beneficiary/dependent.js';
import { compilePattern } from '../beneficiary/pattern.js';
import { redosDiagnostics } from '../domain/redos.js';
import { defineRule } from './define.js';
import { quotePattern } from './pattern-syntax.js';

/** The parts of the pattern where backtracking piles up ("a+", "\d+"), from recheck's hot spots. */
function hotSpots(source: string, result: Extract<Diagnostics, { status: 'vulnerable' }>): string {
  const spots = [...new Set(result.hotspot.filter((h) => h.temperature === 'heat').map((h) => source.slice(h.start, h.end)))];
  return spots.length ? ` around ${spots.slice(0, 3).join(' and ')}` : '';
}

function shorten(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What to say of a pattern that may backtrack catastrophically; undefined for a safe one. */
function redosMessage(pattern: string): { messageId: 'vulnerable' | 'unproven'; message: string } | undefined {
  const result = redosDiagnostics(pattern);
  if (result.status === 'vulnerable') {
    const complexity = result.complexity.type === 'exponential' ? 'exponential' : `polynomial (degree ${result.complexity.degree})`;
    const message =
      `pattern ${quotePattern(pattern)} is vulnerable to catastrophic backtracking: ${complexity} time${hotSpots(pattern, result)} on an input such as ${shorten(result.attack.pattern)}, and the service runs it on user input; ` +
      'remove nested quantifiers ((a+)+ → a+), make alternatives and neighbouring repeats disjoint ((a|ab)* → (ab?)*, \\d+\\d+ → \\d{2,}), bound repeats ({1,34}) and anchor with ^...$';
    return { messageId: 'vulnerable', message };
  }
  if (result.status === 'unknown') {
    const why = 'message' in result.error ? `${result.error.kind}: ${result.error.message}` : result.error.kind;
    return {
      messageId: 'unproven',
      message: `pattern ${quotePattern(pattern)} could not be proven free of catastrophic backtracking (recheck ${why}); simplify it (plain character classes, bounded repeats, no back-references or lookarounds)`,
    };
  }
  return undefined;
}

export default defineRule({
  id: 'pattern-redos',
  severity: 'error',
  scope: 'entry',
  description:
    "A field's pattern (and each variant's of a dependent field) is not vulnerable to catastrophic backtracking (ReDoS), checked with recheck: the service runs these patterns on user input.",
  messages: {
    vulnerable: 'A pattern is vulnerable to catastrophic backtracking.',
    unproven: 'A pattern could not be proven free of catastrophic backtracking.',
  },
  check({ catalog, report }) {
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        // The field's own pattern and its variants' (a dependent field): the service runs each of them on user input.
        for (const { at, pattern } of patternsOf(field)) {
          if (!compilePattern(pattern).ok) continue; // pattern-syntax reports it
          const found = redosMessage(pattern);
          if (found) report(rail, `/fields/${i}${at}`, found.message, { messageId: found.messageId });
        }
      });
    }
  },
});
