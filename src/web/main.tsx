import './styles/base.css';
import './styles/shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchInstallOffer } from './lib/pwa/pwa-state';
import { whenIdle } from './lib/idle';
import { prefetchToasts } from './lib/toast';

/**
 * Resolves once the page's own first frame (the header and what the server drew into <main>, its
 * text in Inter, whose file the page preloads) has had a chance to paint, and at the latest after
 * 300 ms. On a slow network the script arrives long after that and nothing waits; on a fast one the
 * app starts a frame later instead of replacing text that was never shown.
 */
function afterFirstFrame(): Promise<void> {
  const font = document.fonts ? document.fonts.load('1em "Inter Variable"').then(() => undefined, () => undefined) : Promise.resolve();
  const painted = font.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, 300))]);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The first render is a transition, so React yields to the browser between components instead
// of holding the main thread for the whole tree (the page already shows its first frame).
void afterFirstFrame().then(() => {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
watchInstallOffer();
window.addEventListener(
  'load',
  () => {
    prefetchToasts();
    // The service worker registers once the loaded page is idle, so neither its code nor its
    // precache download competes with the first paint or the first answers. (No worker is built
    // for `npm run dev`.)
    if (import.meta.env.PROD) whenIdle(() => void import('./lib/pwa/register-sw').then((m) => m.registerServiceWorker()).catch(() => {}));
  },
  { once: true },
);
