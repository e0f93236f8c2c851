import { CurrencyProvider } from '../features/currency/currency-context';
import { NoticesMount } from '../features/notifications/notices-mount';
import { WalletMount } from '../features/wallet/wallet-mount';
import { ErrorBoundary } from './shell/error-boundary';
import { Layout } from './shell/layout';
import { ToasterHost } from './shell/toaster-host';

export function App() {
  return (
    <ErrorBoundary>
      <CurrencyProvider>
        <Layout />
        <WalletMount />
        <NoticesMount />
        <ToasterHost />
      </CurrencyProvider>
    </ErrorBoundary>
  );
}
