import { createServer, type Server } from 'node:http';
import { escapeHtml } from './html.js';
import type { SiteFiles } from './pages.js';

/** What the server serves: the site's files, or the reason the last build failed; `generation` counts builds. */
export type SiteState = { files: SiteFiles; generation: number; error?: undefined } | { error: string; generation: number; files?: SiteFiles };

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

/** The script preview adds to each page: it reloads the page when a new build is served. Same origin only. */
const RELOAD_SCRIPT = `(() => { let seen; const poll = async () => { try { const r = await fetch('/__preview/generation', { cache: 'no-store' }); const g = await r.text(); if (seen !== undefined && g !== seen) location.reload(); seen = g; } catch {} setTimeout(poll, 1000); }; poll(); })();`;

/** The page shown instead of the site while the catalog does not validate. */
function errorPage(report: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Catalog problems · preview</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/static/site.css"></head>
<body><main id="main"><h1>The catalog does not validate</h1>
<p>Fix these problems and save: the preview rebuilds on its own.</p>
<pre class="problems">${escapeHtml(report)}</pre></main></body>
</html>
`;
}

/**
 * An HTTP server for the site, from memory: paths are looked up in the built files (never on disk, so no path escapes
 * the site). With `live`, HTML pages get a script that reloads them after a rebuild, and while the catalog does not
 * validate every page shows its problems.
 */
export function createSiteServer(state: () => SiteState, options: { live?: boolean } = {}): Server {
  return createServer((req, res) => {
    const current = state();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      pathname = '/';
    }
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'method not allowed\n');
    if (options.live && pathname === '/__preview/generation') return send(200, 'text/plain; charset=utf-8', String(current.generation));
    if (options.live && pathname === '/__preview/reload.js') return send(200, TYPES.js, RELOAD_SCRIPT);
    let file = pathname.replace(/^\/+/, '');
    if (file === '' || file.endsWith('/')) file += 'index.html';
    const ext = /\.([a-z]+)$/.exec(file)?.[1] ?? '';
    const live = (page: string) => (options.live ? page.replace('</body>', '<script src="/__preview/reload.js"></script>\n</body>') : page);
    if (current.error !== undefined && ext === 'html') return send(200, TYPES.html, live(errorPage(current.error)));
    const body = current.files?.get(file);
    if (body === undefined)
      return send(
        404,
        TYPES.html,
        live(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title><link rel="icon" href="data:,"></head><body><main><h1>Not found</h1><p><a href="/">Home</a></p></main></body></html>`,
        ),
      );
    return send(200, TYPES[ext] ?? 'application/octet-stream', ext === 'html' ? live(body) : body);
  });
}
