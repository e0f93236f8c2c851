import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { resultsFirstFrame } from '../core/results-first-frame';
import { draftFromSearch, queryFromDraft, returnDateOf, type SearchDraft, searchApiPath } from '../core/search-draft';
import type { AppEnv } from './context';

/**
 * The Results screen's search request, started by the browser while it still downloads the
 * screen's JavaScript: the same URL the screen fetches (same-origin, so `crossorigin` matches
 * fetch's own credentials mode and the screen's request takes the preloaded answer).
 * @example searchPreload(draftFromSearch('?from=DEL&to=BOM&date=2026-12-24')) // '</api/search?from=DEL&to=BOM&date=2026-12-24&cabin=economy&adults=1&children=0&infants=0>; rel=preload; as=fetch; crossorigin'
 */
function searchPreload(draft: SearchDraft): string {
  return `<${searchApiPath(draft)}>; rel=preload; as=fetch; crossorigin`;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, precompressed copies where the browser accepts them, and any non-API path
 * answered with index.html (client routing).
 */
export function registerWebApp(app: Hono<AppEnv>, distDir: string) {
  const root = path.resolve(distDir);
  const indexPath = path.join(root, 'index.html');
  let indexHtml: string | undefined;
  const readIndex = () => {
    if (indexHtml === undefined && existsSync(indexPath)) indexHtml = readFileSync(indexPath, 'utf8');
    return indexHtml;
  };
  // A results page paints its heading and search before the script runs: the server puts them
  // into <main> in place of the generic skeleton.
  const MAIN = /(<main id="main">)[\s\S]*?(<\/main>)/;

  // Cache headers are set after the file is served (serveStatic's onFound runs too late to add them).
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || c.res.status !== 200 || c.req.path.startsWith('/api/')) return;
    const p = c.req.path;
    const header = p.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : p === '/' || p.endsWith('.html') || p.endsWith('sw.js') || p.endsWith('.webmanifest') || !p.includes('.')
        ? 'no-cache'
        : 'public, max-age=3600';
    c.res.headers.set('Cache-Control', header);
  });
  // Files carry Brotli and gzip copies made at build time (scripts/precompress-web.mjs): the
  // browser gets the smallest it accepts, and nothing is compressed per request.
  app.use('/assets/*', serveStatic({ root, precompressed: true }));
  // A missing hashed asset is a 404, never index.html: a stale tab asking for an old chunk must
  // fail loudly (and be retried by a reload) rather than parse HTML as JavaScript.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    const html = readIndex();
    if (!html) return c.text('The web app has not been built yet. Run: npm run build', 503);
    // A URL without a search asks for nothing; one the screen cannot draw keeps the generic skeleton.
    const draft = c.req.path === '/result' ? draftFromSearch(new URL(c.req.url).search) : null;
    if (!draft) return c.html(html);
    c.header('Link', searchPreload(draft));
    const query = queryFromDraft(draft);
    return c.html(query ? html.replace(MAIN, (_, open: string, close: string) => open + resultsFirstFrame(query, returnDateOf(draft)) + close) : html);
  });
}
