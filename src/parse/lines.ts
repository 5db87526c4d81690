/** A text and the offsets its lines start at, computed on first use (a SourceFile is one). */
export interface Lines {
  text: string;
  lineStarts?: number[];
}

/** 1-based line and column of a character offset. A line ends at LF, CRLF or a lone CR (old Mac files). */
export function linePos(lines: Lines, offset: number): { line: number; col: number } {
  if (!lines.lineStarts) {
    const starts = [0];
    const text = lines.text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
    }
    lines.lineStarts = starts;
  }
  const starts = lines.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - starts[lo] + 1 };
}
