import { ChatbotMount } from '../features/chatbot/chatbot-mount';
import { CurrencyProvider } from '../features/currency/currency-context';
import { NoticesMount } from '../features/notifications/notices-mount';
import { OfflineSyncMount } from '../features/offline/offline-sync-mount';
import { PwaMount } from '../features/pwa/pwa-mount';
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
        <PwaMount />
        <OfflineSyncMount />
        <ChatbotMount />
        <ToasterHost />
      </CurrencyProvider>
    </ErrorBoundary>
  );
}
