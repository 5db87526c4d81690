/** Splits a JSON pointer (RFC 6901) into its unescaped segments. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '' ? [] : [''];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Builds a JSON pointer from segments, escaping ~ and /. */
export function toPointer(segments: Array<string | number>): string {
  let pointer = '';
  for (const segment of segments) {
    const s = String(segment);
    pointer += '/' + (s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s);
  }
  return pointer;
}
