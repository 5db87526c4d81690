/** Edit distance between two strings (Levenshtein), for did-you-mean suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** The closest allowed value to what was written, when it is close enough to be a likely typo. */
export function didYouMean(written: string, allowed: readonly string[]): string | undefined {
  const w = written.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of allowed) {
    const c = candidate.toLowerCase();
    if (c === w) return candidate;
    // A word of the allowed value written alone ("sanctions" for international_sanctions) is as near as a prefix.
    const score = c.startsWith(w) || w.startsWith(c) || (w.length >= 4 && c.includes(w)) ? 1 : editDistance(w, c);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return bestScore <= Math.max(2, Math.floor(written.length / 3)) ? best : undefined;
}

/** ", did you mean "x"?" or nothing. */
export function didYouMeanText(written: string, allowed: readonly string[]): string {
  const s = didYouMean(written, allowed);
  return s === undefined ? '' : `; did you mean ${JSON.stringify(s)}?`;
}

/**
 * What follows "X is not an allowed …": the nearest allowed value when one is close, then the list, punctuated as a
 * sentence: `; did you mean "x"? Write one of: a, b` or `. Write one of: a, b`.
 */
export function writeOneOfText(written: string, allowed: readonly string[]): string {
  const near = didYouMeanText(written, allowed);
  return `${near || '.'} Write one of: ${allowed.join(', ')}`;
}
