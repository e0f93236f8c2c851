import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToasterHost } from '../app/shell/toaster-host';
import { CurrencyProvider } from '../lib/currency-context';

/**
 * Renders a screen or feature as the app shell hosts it (currency context, toasts), so a test
 * reads what the traveller reads, toasts included.
 * @example renderScreen(<PaymentPage />); await screen.findByText('Payment failed. Please try again.')
 */
export function renderScreen(ui: ReactNode) {
  return render(
    <CurrencyProvider>
      {ui}
      <ToasterHost />
    </CurrencyProvider>,
  );
}
