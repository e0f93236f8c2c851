import { setUpdateWaiting } from './pwa-state';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (loaded when the page is idle after its load event, off the
 * critical path). A new build installs in the background and waits; the shell then shows the
 * refresh notice, and Refresh tells the waiting worker to take over and reloads into it once it
 * controls the page. Updates are looked for on every navigation (the browser does that), hourly,
 * and whenever the traveller comes back to the tab.
 *
 * Written against the bare ServiceWorker API rather than workbox-window (2.5 kB gzip): Safar
 * needs only "a new version is waiting" and "activate it".
 * @example void import('./register-sw').then((m) => m.registerServiceWorker())
 */
export async function registerServiceWorker(): Promise<void> {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const registration = await sw.register('/sw.js', { scope: '/', updateViaCache: 'none' });

  // A worker waits only when another one controls the page: the very first install is not an update.
  const offer = (waiting: ServiceWorker | null) => {
    if (!waiting || !sw.controller) return;
    setUpdateWaiting(
      () =>
        new Promise<void>(() => {
          const next = registration.waiting;
          // Already taken over (from another tab): the new build is there, just load it.
          if (!next) return window.location.reload();
          sw.addEventListener('controllerchange', () => window.location.reload(), { once: true });
          next.postMessage({ type: 'SKIP_WAITING' });
        }),
    );
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });

  const check = () => {
    if (navigator.onLine) void registration.update().catch(() => {});
  };
  window.setInterval(check, HOUR_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
