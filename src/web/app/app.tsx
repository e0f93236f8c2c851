import { lazy, useEffect, useState } from 'react';
import { QuietLazy } from '../components/quiet-lazy';
import { CurrencyProvider } from '../lib/currency-context';
import { whenIdle } from '../lib/idle';
import { ErrorBoundary } from './shell/error-boundary';
import { Layout } from './shell/layout';
import { ToasterHost } from './shell/toaster-host';

const DeferredMounts = lazy(() => import('./shell/deferred-mounts'));

export function App() {
  // Wallet, notices, install prompts, offline sync and the chatbot wait until the page is idle.
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return (
    <ErrorBoundary>
      <CurrencyProvider>
        <Layout />
        {idle ? (
          <QuietLazy>
            <DeferredMounts />
          </QuietLazy>
        ) : null}
        <ToasterHost />
      </CurrencyProvider>
    </ErrorBoundary>
  );
}
