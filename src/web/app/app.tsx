import { CurrencyProvider } from '../features/currency/currency-context';
import { ErrorBoundary } from './shell/error-boundary';
import { Layout } from './shell/layout';
import { ToasterHost } from './shell/toaster-host';

export function App() {
  return (
    <ErrorBoundary>
      <CurrencyProvider>
        <Layout />
        <ToasterHost />
      </CurrencyProvider>
    </ErrorBoundary>
  );
}
