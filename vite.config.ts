import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_INIT_SCRIPT } from './src/core/theme-init';

// Names the build in index.html (<meta name="safar-build">): a new build is a new index.html,
// so the service worker's precache changes and travellers are offered the update.
const buildId = process.env.SAFAR_BUILD_ID ?? new Date().toISOString();

// The theme runs inline before the first paint (its hash is allowed by the server's CSP).
function themeInit(): Plugin {
  return {
    name: 'safar-theme-init',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_INIT_SCRIPT, injectTo: 'head-prepend' }],
  };
}

function buildMeta(): Plugin {
  return {
    name: 'safar-build-meta',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'safar-build', content: buildId }, injectTo: 'head' }],
  };
}

// Inter's Latin file is fetched beside the stylesheet rather than after the first layout, so the
// first paint draws text in Inter and the app's later render of the same text is not a new, larger
// paint (a fallback font is wider).
function preloadFont(): Plugin {
  return {
    name: 'safar-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const file = Object.keys(ctx.bundle ?? {}).find((name) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(name));
        return file ? [{ tag: 'link', attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }] : [];
      },
    },
  };
}

// The web app lives in src/web; the API server (src/server) serves dist/web in production
// and is proxied under /api during `npm run dev`.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/web/lib/use-sync-external-store-shim.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    themeInit(),
    buildMeta(),
    preloadFont(),
    // Manifest and service worker (decision 0022). The worker's source is src/web/sw/sw.ts;
    // the page registers it itself after load (src/web/lib/pwa/register-sw.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
        globIgnores: ['**/*.map', 'assets/inter-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2', 'icons/icon-{48,72,128,144,152,256,384}.png', 'icons/shortcut-*.png', 'icons/maskable-*.png'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Safar — flights with honest prices',
        short_name: 'Safar',
        description: 'Search, book and track flights across India and the world. Tickets and boarding passes work offline.',
        lang: 'en-IN',
        dir: 'ltr',
        start_url: '/?source=pwa',
        scope: '/',
        display: 'standalone',
        display_override: ['standalone', 'minimal-ui'],
        orientation: 'any',
        theme_color: '#0b5cad',
        background_color: '#f6f7f9',
        categories: ['travel'],
        prefer_related_applications: false,
        icons: [
          ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
        shortcuts: [
          { name: 'Search flights', short_name: 'Search', url: '/home?source=pwa-shortcut', icons: [{ src: '/icons/shortcut-search-96.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'My trips', short_name: 'My trips', url: '/profile?source=pwa-shortcut', icons: [{ src: '/icons/shortcut-trips-96.png', sizes: '96x96', type: 'image/png' }] },
        ],
      },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
});
