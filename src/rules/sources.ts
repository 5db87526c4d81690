import { PLACEHOLDER } from '../domain/placeholder.js';
import { defineRule } from './define.js';

/**
 * Link shorteners and redirectors: a source must name the publisher's own page, which a reviewer can judge by its
 * address. Hosts are compared without a leading www.
 */
const SHORTENERS: ReadonlySet<string> = new Set([
  'bit.ly',
  'bitly.com',
  't.co',
  'tinyurl.com',
  'goo.gl',
  'ow.ly',
  'buff.ly',
  'is.gd',
  'v.gd',
  'lnkd.in',
  'rebrand.ly',
  't.ly',
  'cutt.ly',
  'shorturl.at',
  'rb.gy',
  'tiny.cc',
  'bl.ink',
  's.id',
  'shorte.st',
  'adf.ly',
  'youtu.be',
  'amzn.to',
]);

/** What is wrong with a source address: its message id (of the sources rule) and message. */
type UrlFinding = { messageId: 'not-a-url' | 'plain-http' | 'not-https' | 'credentials' | 'redirector' | 'shortener'; message: string };

/** Why a source address cannot stand, with what to write instead; undefined when it can. */
export function urlProblem(url: string): string | undefined {
  return urlFinding(url)?.message;
}

/** Why a source address cannot stand, with its message id; undefined when it can. */
function urlFinding(url: string): UrlFinding | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { messageId: 'not-a-url', message: `${JSON.stringify(url)} is not a web address: write the full address of the page, starting with https://` };
  }
  if (parsed.protocol === 'http:')
    return {
      messageId: 'plain-http',
      message: `${url} is served over plain http: write the https:// address of the same page (${url.replace(/^http:/i, 'https:')}), or another source that has one`,
    };
  if (parsed.protocol !== 'https:')
    return { messageId: 'not-https', message: `${url} is not a web page (${parsed.protocol}): a source is an https:// address a reviewer can open` };
  if (parsed.username || parsed.password)
    return { messageId: 'credentials', message: `${parsed.host} carries a user name or password in the address: remove it, a source is a public page` };
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  // Redirectors of search engines and social networks: the page they lead to is in a parameter.
  if ((/^google\.[a-z.]+$/.test(host) && parsed.pathname === '/url') || host === 'l.facebook.com' || host === 'lm.facebook.com' || host === 'out.reddit.com')
    return {
      messageId: 'redirector',
      message: `${host}${parsed.pathname} is a redirector, not the page: open the link and write the address of the page it leads to`,
    };
  if (SHORTENERS.has(host))
    return {
      messageId: 'shortener',
      message: `${host} is a link shortener, which hides where the link goes and can be redirected later: open the link and write the address of the page it leads to`,
    };
  return undefined;
}

export default defineRule({
  id: 'sources',
  severity: 'error',
  scope: 'entry',
  description:
    'Every rail names at least one source of its facts (sources: url, title, checked): https only, no link shortener, each address once, checked no later than today.',
  messages: {
    'no-source': 'A rail names no source.',
    'not-a-url': 'A source address is not a web address.',
    'plain-http': 'A source is served over plain http.',
    'not-https': 'A source address is not an https:// page (another protocol).',
    credentials: 'A source address carries a user name or password.',
    redirector: "A source address is a search engine's or social network's redirector.",
    shortener: 'A source address is a link shortener.',
    'duplicate-source': 'A rail names the same source address twice.',
    'future-checked': "A source's checked date is after today.",
  },
  check({ catalog, today, report }) {
    // Rails share their sources' addresses: each address is judged once.
    const problems = new Map<string, UrlFinding | undefined>();
    for (const rail of catalog.rails) {
      const { sources } = rail.data;
      if (!sources || sources.length === 0) {
        report(
          rail,
          '/sources',
          `${rail.data.id} names no source: add sources: with at least one { url: https://..., title: ..., checked: "${today}" } naming the scheme's, regulator's or partner's own page that supports its formats and limits`,
          { messageId: 'no-source' },
        );
        continue;
      }
      const seen = new Set<string>();
      sources.forEach((source, i) => {
        if (source.url === PLACEHOLDER) return; // left by catalog new: the placeholder rule says what to fill in
        // Stryker disable next-line ConditionalExpression: judging an address again gives the same answer (a cache)
        if (!problems.has(source.url)) problems.set(source.url, urlFinding(source.url));
        const problem = problems.get(source.url);
        if (problem) report(rail, `/sources/${i}/url`, problem.message, { messageId: problem.messageId });
        else if (seen.has(source.url))
          report(rail, `/sources/${i}/url`, `${source.url} is already a source of this rail: remove the second one`, { messageId: 'duplicate-source' });
        seen.add(source.url);
        if (source.checked > today)
          report(
            rail,
            `/sources/${i}/checked`,
            `checked ${source.checked} is in the future (today is ${today}): write the date the page was actually read, ${today} at the latest`,
            { messageId: 'future-checked' },
          );
      });
    }
  },
});
