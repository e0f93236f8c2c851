import './styles/base.css';
import './styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchInstallOffer } from './features/pwa/pwa-state';
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
    // The service worker registers after load, so it never competes with the first paint.
    void import('./features/pwa/register-sw').then((m) => m.registerServiceWorker()).catch(() => {});
  },
  { once: true },
);
