import { BellRing } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useDialogButton } from '../../components/use-dialog-button';
import type { AlertPrefill } from './price-alerts-dialog';

const PriceAlertsDialog = lazy(() => import('./price-alerts-dialog').then((m) => ({ default: m.PriceAlertsDialog })));

/**
 * The results' Price Alert button: opens the Price Alerts dialog pre-filled with the route, date
 * (and a round trip's return date), passengers and current all-in price (the dialog's code loads
 * on first open). A one-way result card and the round-trip summary both show it.
 */
export function PriceAlertButton({ prefill }: { prefill: AlertPrefill }) {
  const { open, mounted, button, show, onOpenChange } = useDialogButton();
  return (
    <>
      <button ref={button} type="button" className="btn btn-small btn-ghost" aria-haspopup="dialog" onClick={show}>
        <BellRing aria-hidden="true" size={16} />
        Price Alert
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <PriceAlertsDialog open={open} onOpenChange={onOpenChange} prefill={prefill} />
        </Suspense>
      ) : null}
    </>
  );
}
