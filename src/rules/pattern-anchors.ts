import { patternsOf } from '../beneficiary/dependent.js';
import { compilePattern } from '../beneficiary/pattern.js';
import { defineRule } from './define.js';
import { quotePattern } from './pattern-syntax.js';

/** The top-level alternatives of a pattern (one when it has no top-level |), skipping escapes, classes and groups. */
export function topLevelAlternatives(source: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      alternatives.push(source.slice(start, i));
      start = i + 1;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

/** Whether a text ends with a $ that is not escaped (an even number of backslashes before it). */
function endsAnchored(text: string): boolean {
  const trailingBackslashes = /(\\*)\$$/.exec(text)?.[1].length;
  return trailingBackslashes !== undefined && trailingBackslashes % 2 === 0;
}

/** Whether an alternative starts with ^ and ends with a $ that is not escaped. */
function anchored(alternative: string): boolean {
  return alternative.startsWith('^') && endsAnchored(alternative);
}

/** An alternative without its own ^ and $ anchors. */
function unanchored(alternative: string): string {
  return alternative.slice(alternative.startsWith('^') ? 1 : 0, endsAnchored(alternative) ? -1 : undefined);
}

/** What to say about a pattern that is not anchored around every alternative; '' for one that is. */
function anchorMessage(pattern: string): string {
  const alternatives = topLevelAlternatives(pattern);
  if (alternatives.every(anchored)) return '';
  const inner = alternatives.map(unanchored);
  const fix = inner.length > 1 ? `^(?:${inner.join('|')})$` : `^${inner[0]}$`;
  return `pattern ${quotePattern(pattern)} is not anchored at both ends${alternatives.length > 1 ? ' of every alternative' : ''}, so it accepts any value that merely contains a match (a valid value with extra characters around it): write ${quotePattern(fix)}`;
}

export default defineRule({
  id: 'pattern-anchors',
  severity: 'warning',
  scope: 'entry',
  description:
    "A field's pattern (and each variant's of a dependent field) is anchored with ^ and $ around every alternative: the service tests the whole value, and an unanchored pattern accepts any value that merely contains a match.",
  messages: {
    unanchored: 'A pattern is not anchored with ^ and $ around every alternative.',
  },
  check({ catalog, report }) {
    // The message is a function of the pattern alone: each distinct pattern is read once ('' for an anchored one).
    const memo = new Map<string, string>();
    for (const rail of catalog.rails) {
      rail.data.fields.forEach((field, i) => {
        for (const { at, pattern } of patternsOf(field)) {
          if (!compilePattern(pattern).ok) continue; // pattern-syntax reports it
          let message = memo.get(pattern);
          // Stryker disable next-line ConditionalExpression: the memo only saves time (the message is computed again, the same)
          if (message === undefined) memo.set(pattern, (message = anchorMessage(pattern)));
          if (message) report(rail, `/fields/${i}${at}`, message, { messageId: 'unanchored' });
        }
      });
    }
  },
});
