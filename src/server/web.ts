import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/**
 * Serves the built web app: hashed assets cached for a year, everything else
 * revalidated, and any non-API path answered with index.html (client routing).
 */
export function registerWebApp(app: Hono<AppEnv>, distDir: string) {
  const root = path.resolve(distDir);
  const indexPath = path.join(root, 'index.html');
  let indexHtml: string | undefined;
  const readIndex = () => {
    if (indexHtml === undefined && existsSync(indexPath)) indexHtml = readFileSync(indexPath, 'utf8');
    return indexHtml;
  };

  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (filePath, c) => {
        // The service worker and its manifest must never be stale.
        c.header('Cache-Control', filePath.endsWith('.html') || filePath.endsWith('sw.js') ? 'no-cache' : 'public, max-age=3600');
      },
    }),
  );
  app.get('*', (c) => {
    const html = readIndex();
    if (!html) return c.text('The web app has not been built yet. Run: npm run build', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
