/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { setUpdateWaiting } from './pwa-state';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (loaded after the page's load event, off the critical path).
 * A new build installs in the background and waits; the shell then shows the refresh notice,
 * and Refresh activates it and reloads. Updates are looked for on every navigation (the browser
 * does that), hourly, and whenever the traveller comes back to the tab.
 * @example void import('./register-sw').then((m) => m.registerServiceWorker())
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      setUpdateWaiting(() => updateSW(true));
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => {});
      };
      window.setInterval(check, HOUR_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
