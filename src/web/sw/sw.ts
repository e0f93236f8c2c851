/// <reference lib="webworker" />
/**
 * Safar's service worker (built by vite-plugin-pwa's injectManifest; see decision 0022).
 * - Precaches the app shell: index.html and every hashed asset of the same build, so the HTML it
 *   serves always matches the chunks it serves, online or offline.
 * - Navigations are answered with that precached index.html (the app routes on the client);
 *   `/api/*` is never cached here — personal data lives in IndexedDB, wiped at Log Out.
 * - A new build installs and waits; the page shows "A new version of Safar is available" and
 *   sends SKIP_WAITING when the traveller chooses Refresh.
 * - Web Push: shows the payload's notification and focuses or opens Safar on click.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { parsePushPayload, sameOriginPath } from './push';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event: PushEvent) => {
  const payload = parsePushPayload(event.data?.text() ?? null);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: sameOriginPath(payload.url, self.location.origin) },
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = sameOriginPath(typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : undefined, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (new URL(focused.url).pathname + new URL(focused.url).search !== url) await focused.navigate(url).catch(() => null);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
