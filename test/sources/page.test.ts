import { describe, expect, it } from 'vitest';
import { fetchPage, pageText, textHash } from '../../src/sources/page.js';

const options = { timeoutMs: 1000, maxBytes: 1000, userAgent: 'test' };

describe('pageText', () => {
  it.each([
    ['scripts with another nonce', '<p>Limit 5</p><script>var n=1</script>', '<p>Limit 5</p><script>var n=2</script>'],
    ['styles and comments', '<style>p{}</style><p>Limit 5</p>', '<p>Limit 5</p><!-- built 12:00 -->'],
    ['white space and markup', '<div><p>Limit   5</p></div>', '<section>\n  <p>Limit\n5</p>\n</section>'],
    ['a non-breaking space', '<p>Limit&nbsp;5</p>', '<p>Limit 5</p>'],
  ])('hashes two pages that differ only by %s the same', (_, a, b) => {
    expect(textHash(a)).toBe(textHash(b));
  });

  it('hashes two pages whose words differ apart', () => {
    expect(textHash('<p>Limit 5</p>')).not.toBe(textHash('<p>Limit 6</p>'));
    expect(pageText('<p>A &amp; B</p><noscript>enable scripts</noscript>')).toBe('A & B');
  });
});

describe('fetchPage', () => {
  /** A fetch that fails as node's does, with the system error as its cause. */
  const failing =
    (code: string): typeof fetch =>
    async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`getaddrinfo ${code} example.invalid`), { code }) });
    };

  it.each([
    ['ENOTFOUND', "the host's name does not resolve (ENOTFOUND)"],
    ['EAI_AGAIN', "the host's name does not resolve (EAI_AGAIN)"],
    ['ECONNRESET', 'ECONNRESET: getaddrinfo ECONNRESET example.invalid'],
  ])('calls a page whose host fails with %s unreachable, saying why', async (code, reason) => {
    expect(await fetchPage('https://example.invalid/', { ...options, fetch: failing(code) })).toEqual({ kind: 'unreachable', reason });
  });

  it('reads at most maxBytes of the body, and says it cut the page', async () => {
    const big: typeof fetch = async () => new Response('x'.repeat(5000), { status: 200 });
    const got = await fetchPage('https://example.org/', { ...options, fetch: big });
    expect(got).toMatchObject({ kind: 'answer', status: 200, truncated: true, textHash: textHash('x'.repeat(1000)) });
    const exact: typeof fetch = async () => new Response('x'.repeat(1000), { status: 200 });
    expect(await fetchPage('https://example.org/', { ...options, fetch: exact })).toMatchObject({ truncated: false });
  });
});
