import './styles/base.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchInstallOffer } from './features/pwa/pwa-state';
import { whenIdle } from './lib/idle';
import { prefetchToasts } from './lib/toast';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
watchInstallOffer();
window.addEventListener(
  'load',
  () => {
    prefetchToasts();
    // The service worker registers once the loaded page is idle, so neither its code nor its
    // precache download competes with the first paint or the first answers. (No worker is built
    // for `npm run dev`.)
    if (import.meta.env.PROD) whenIdle(() => void import('./features/pwa/register-sw').then((m) => m.registerServiceWorker()).catch(() => {}));
  },
  { once: true },
);
